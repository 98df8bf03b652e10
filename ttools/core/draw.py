"""Seeded, reproducible draws: the same seed and stage give the same result on any machine.

Python's ``random`` module is stable for integer seeds today, but its algorithms are not a
documented contract across versions; a draw that decides who sits where must not depend on
that. Every draw here takes its bits from SHA-256 over (seed, stage, counter), so a seed
printed on a draw sheet reproduces the draw anywhere, forever.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

try:  # the interpreter's own SHA-256: importing hashlib first loads OpenSSL, 4 ms of every command
    from _sha256 import sha256
except ImportError:  # pragma: no cover - other interpreters and versions (3.12 names it _sha2)
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

T = TypeVar("T")


class Draw:
    """A stream of random integers bound to an event seed and the stage it draws for.

    ``stage`` names what is drawn (``"day1"``, ``"day2/nlh"``, ``"finals/r2"`` …) so that
    draws for different stages are independent, and re-drawing one stage never shifts another.
    """

    def __init__(self, seed: str | int, stage: str) -> None:
        self.seed = str(seed)
        self.stage = stage
        self._counter = 0
        self._pool = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._pool) < n:
            block = sha256(f"ttools|{self.seed}|{self.stage}|{self._counter}".encode("utf-8")).digest()
            self._counter += 1
            self._pool += block
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        nbytes = (n.bit_length() + 7) // 8 + 1
        limit = (256**nbytes // n) * n
        while True:
            x = int.from_bytes(self._bytes(nbytes), "big")
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


def derive_seed(*parts: object) -> str:
    """A stable seed from workbook content, used when the organiser left the seed empty."""
    text = "\x1f".join(str(p) for p in parts)
    return str(int.from_bytes(sha256(text.encode("utf-8")).digest()[:4], "big"))
