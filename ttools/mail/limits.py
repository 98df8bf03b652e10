"""How much of what arrives the inbox reads and answers: the size of a message, the workbooks of
one message, the size of an answer, and the messages of one sender in one run."""

from __future__ import annotations

import re
from dataclasses import dataclass

KB, MB = 1024, 1024 * 1024
HEAD_READ = 256 * KB  # bytes read of a message too large to open, for its headers


@dataclass(frozen=True)
class Limits:
    message_size: int = 25 * MB  # a larger message is not opened; its sender is told so
    workbooks: int = 20  # workbooks of one message processed; the others are named as left out
    answer_size: int = 20 * MB  # result files beyond this are left out of the answer, which says so
    per_sender: int = 20  # messages of one sender answered in one run; the rest wait for the next


def parse_size(text: str) -> int:
    """'25MB', '500 KB', '1.5M' or a number of bytes, as bytes."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmg]?)i?b?\s*", str(text).lower())
    if not m:
        raise ValueError(f"not a size: {text!r} (say 25MB, 500KB or a number of bytes)")
    factor = {"": 1, "k": KB, "m": MB, "g": 1024 * MB}[m.group(2)]
    return int(float(m.group(1)) * factor)


def shown_size(n: int) -> str:
    """A size as people read it: 212 MB, 830 KB, 12 B."""
    if n >= MB:
        return f"{n / MB:.1f} MB".replace(".0 MB", " MB")
    return f"{n} B" if n < KB else f"{(n + KB - 1) // KB} KB"
