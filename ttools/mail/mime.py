"""The MIME walk: the workbooks a message carries, also inside forwarded messages, down to a
bounded depth and number of parts, and a description of everything else it carries."""

from __future__ import annotations

import email
import email.policy
import hashlib
import os
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser

from ttools.mail.headers import REPORT_TYPES

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF_TYPE = "application/pdf"
XLSM_TYPE = "application/vnd.ms-excel.sheet.macroenabled.12"
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
MAX_NESTING = 100  # forwarded inside forwarded …; deeper parts are not opened (and the reply says so)
MAX_PARTS = 2000  # parts of one message looked at
MAX_QUOTED_HEADERS = 64 * 1024  # bytes of a quoted header part (text/rfc822-headers) read
_HEADER_PARTS = ("text/rfc822-headers", "message/rfc822-headers", "message/global-headers")
_MESSAGE_PARTS = ("message/rfc822", "message/global")

# what the answer tells about a file that is no workbook (the codes of its texts)
_HINTS = {".xls": "hint-xls", ".ods": "hint-ods", ".csv": "hint-csv", ".numbers": "hint-numbers"}
TOO_DEEP = (f"(parts nested deeper than {MAX_NESTING} levels)", "too-deep")
TOO_MANY = (f"(parts after the first {MAX_PARTS})", "too-many")
UNREADABLE = ("(the parts of the message)", "unreadable-parts")


@dataclass(frozen=True)
class Attachment:
    name: str  # sanitised, unique within its message
    data: bytes


@dataclass
class Contents:
    workbooks: list[Attachment] = field(default_factory=list)
    ignored: list[tuple[str, str]] = field(default_factory=list)  # (description, hint code or '')
    embedded: list[Message] = field(default_factory=list)  # forwarded messages and quoted headers in it
    reports: bool = False  # a delivery or read report is among its parts


def safe_filename(name: str | None, fallback: str = "workbook.xlsx") -> str:
    """An attachment's name made safe to write in a folder: no path, no control or reserved characters."""
    name = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if ch.isprintable() and ch not in '<>:"|?*\x00')
    name = name.strip().lstrip(".").rstrip(" .")
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    if not stem.strip():
        return fallback
    if len(name) > 120:  # file systems cap names at 255 bytes; CJK takes 3 bytes a character
        name = stem[: 110 - len(ext)].rstrip(" .") + (("." + ext) if ext else "")
    return name


def _is_workbook(part: Message, filename: str) -> bool:
    if filename.lower().endswith(WORKBOOK_SUFFIXES):
        return True
    return part.get_content_type() in (XLSX_TYPE, XLSM_TYPE)


def _is_body_text(part: Message) -> bool:
    return (
        part.get_content_maintype() == "text"
        and not part.get_filename()
        and part.get_content_disposition() != "attachment"
    )


def _size(n: int) -> str:
    return f"{n} B" if n < 1024 else f"{(n + 1023) // 1024} KB"


def _inner_parts(part: Message) -> list[Message] | None:
    """The parts inside a multipart or a forwarded message (message/rfc822); None for a leaf."""
    if part.get_content_type() not in _MESSAGE_PARTS and not part.is_multipart():
        return None
    payload = part.get_payload()
    return [sub for sub in (payload if isinstance(payload, list) else [payload]) if isinstance(sub, Message)]


class _Findings:
    """What the walk has found so far: each workbook's content once, each name's stem once (so
    that NAME.out.xlsx never collides), and a line for everything else."""

    def __init__(self) -> None:
        self.contents = Contents()
        self.seen: dict[str, str] = {}  # sha256 -> name, so a workbook attached twice is processed once
        self.taken: set[str] = set()  # stems in use

    def _unique(self, name: str) -> str:
        stem, ext = os.path.splitext(name)
        candidate, n = name, 1
        while candidate.lower().rsplit(".", 1)[0] in self.taken:
            n += 1
            candidate = f"{stem}-{n}{ext}"
        self.taken.add(candidate.lower().rsplit(".", 1)[0])
        return candidate

    def workbook(self, part: Message, raw_name: str, data: bytes) -> None:
        fallback = "workbook.xlsm" if part.get_content_type() == XLSM_TYPE else "workbook.xlsx"
        name = safe_filename(raw_name, fallback)
        if not name.lower().endswith(WORKBOOK_SUFFIXES):
            name += os.path.splitext(fallback)[1]
        digest = hashlib.sha256(data).hexdigest()
        if digest in self.seen:
            self.contents.ignored.append((f"{name} ({_size(len(data))})", "same-file:" + self.seen[digest]))
            return
        name = self._unique(name)
        self.seen[digest] = name
        self.contents.workbooks.append(Attachment(name, data))

    def other(self, part: Message, raw_name: str, data: bytes) -> None:
        shown = safe_filename(raw_name, "") or f"({part.get_content_type()})"
        hint = _HINTS.get(os.path.splitext(shown.lower())[1], "")
        self.contents.ignored.append((f"{shown} ({part.get_content_type()}, {_size(len(data))})", hint))


def _note_embedded(contents: Contents, part: Message) -> bool:
    """Note a report part, and the headers a part quotes; True when the part is nothing more."""
    ctype = part.get_content_type()
    if ctype in REPORT_TYPES:
        contents.reports = True
    if ctype not in _HEADER_PARTS:
        return False
    payload = part.get_payload(decode=True) or b""
    contents.embedded.append(BytesHeaderParser(policy=email.policy.default).parsebytes(payload[:MAX_QUOTED_HEADERS]))
    return True


def find_workbooks(msg: Message) -> Contents:
    """The workbooks attached to a message (also inside forwarded messages) and what else was there.
    The parts are walked with a stack, not recursion, down to ``MAX_NESTING`` levels and at most
    ``MAX_PARTS`` parts; what lies deeper or further is named in ``Contents.ignored``."""
    found = _Findings()
    stack: list[tuple[Message, int]] = [(msg, 0)]
    visited = 0
    too_deep = too_many = False
    while stack:
        part, depth = stack.pop()
        visited += 1
        if visited > MAX_PARTS:
            too_many = True
            break
        if depth > MAX_NESTING:
            too_deep = True
            continue
        if _note_embedded(found.contents, part):
            continue
        inner = _inner_parts(part)
        if part.get_content_type() in _MESSAGE_PARTS:
            found.contents.embedded.extend(inner or [])
        if inner is not None:
            stack.extend((sub, depth + 1) for sub in reversed(inner))  # popped in the order they came
            continue
        if _is_body_text(part):
            continue
        raw_name = part.get_filename() or ""
        data = part.get_payload(decode=True) or b""
        if raw_name.lower().endswith(".eml"):  # some clients forward a message as a plain file
            forwarded = parse_message(data)
            found.contents.embedded.append(forwarded)
            stack.append((forwarded, depth + 1))
        elif _is_workbook(part, raw_name):
            found.workbook(part, raw_name, data)
        else:
            found.other(part, raw_name, data)
    if too_deep:
        found.contents.ignored.append(TOO_DEEP)
    if too_many:
        found.contents.ignored.append(TOO_MANY)
    return found.contents


def parse_message(raw: bytes) -> EmailMessage:
    return email.message_from_bytes(raw, policy=email.policy.default)


def read_message(raw: bytes) -> tuple[Message, Contents]:
    """The message and what it carries; a message nested beyond what the parser can follow is read
    for its headers only, and its answer says why nothing in it was opened."""
    try:
        msg = parse_message(raw)
        return msg, find_workbooks(msg)
    except RecursionError:
        msg = BytesHeaderParser(policy=email.policy.default).parsebytes(raw)
        return msg, Contents(ignored=[TOO_DEEP])
    except Exception:  # a part the parser fails on: the message is answered for its headers alone
        msg = BytesHeaderParser(policy=email.policy.default).parsebytes(raw)
        return msg, Contents(ignored=[UNREADABLE])
