"""The state folder: the JSON ledger of every message handled, the lock that lets one run at a
time use it, the work folder, and the bookkeeping of a run's turn at a message (reserved before
its answer is made, tried again by later runs when it could not be delivered, then given up)."""

from __future__ import annotations

import contextlib
import email
import email.policy
import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ttools.files import fsync_folder
from ttools.mail.errors import InboxError

LEDGER_NAME = "ledger.json"
WORK_FOLDER = "work"  # inside the state folder: attachments and results while a message is answered
MAX_ATTEMPTS = 5  # runs that try a message whose answer could not be delivered, then it is given up

# what became of a message: final ones are never tried again (unless asked to for 'given up')
RESERVED, ANSWERED, NOT_ANSWERED, FAILED, GIVEN_UP = "reserved", "answered", "not answered", "failed", "given up"
REFUSED = "refused"  # its sender may not use the inbox; looked at again by every run (the list may change)
_FINAL = (ANSWERED, NOT_ANSWERED, GIVEN_UP)


def ledger_key(raw: bytes) -> str:
    """The ledger key of a message: its Message-ID and a hash of its content (the headers that
    say who, what and when, and the body), so that two different messages reusing one Message-ID
    are both answered, while the same message met twice (trace headers added on the way) is not."""
    try:
        msg = email.message_from_bytes(
            raw.split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0] + b"\n\n", policy=email.policy.compat32
        )
        message_id = re.sub(r"\s+", " ", str(msg.get("Message-ID") or "")).strip()
        head = [re.sub(r"\s+", " ", str(msg.get(h) or "")).strip() for h in ("From", "To", "Cc", "Subject", "Date")]
    except Exception:
        message_id, head = "", []
    sep = re.search(rb"\r?\n\r?\n", raw)
    body = raw[sep.end() :] if sep else b""
    h = hashlib.sha256(
        "\n".join([message_id, *head]).encode("utf-8", "surrogateescape") + b"\n\n" + body.replace(b"\r\n", b"\n")
    )
    return f"{message_id} sha256:{h.hexdigest()}" if message_id else f"sha256:{h.hexdigest()}"


def oversize_key(head: bytes, size: int) -> str:
    """The ledger key of a message too large to read whole: its headers that say who, what and
    when, and its size (what a relay adds on the way is left out of both)."""
    head = head.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    key = ledger_key(head + b"\n\n")
    trace = len(
        b"".join(
            re.findall(
                rb"(?im)^(?:received|return-path|delivered-to|x-original-to):.*\r?\n(?:[ \t].*\r?\n)*", head + b"\n"
            )
        )
    )
    return f"{key} size:{size - trace}"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Ledger:
    """Messages handled so far, by key, in one JSON file replaced atomically (and synced) at every
    step: reserved before the answer is made, answered once it is delivered."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.path = os.path.join(folder, LEDGER_NAME)
        self.messages: dict[str, dict[str, Any]] = {}
        self.sources: dict[str, str] = {}  # where a message was seen -> its key (IMAP: no second download)
        if os.path.exists(self.path):
            try:
                with open(self.path, encoding="utf-8") as fh:
                    data = json.load(fh)
                self.messages = dict(data["messages"])
                self.sources = dict(data.get("sources", {}))
            except (OSError, ValueError, KeyError, TypeError) as exc:
                # starting afresh would answer every message again
                raise InboxError(f"the ledger {self.path} is damaged ({exc}); repair it or move it away") from None

    def status(self, key: str) -> str:
        return (self.messages.get(key) or {}).get("status", "")

    def done(self, key: str, retry_failed: bool = False) -> bool:
        """Whether the message of ``key`` is settled: answered, not to be answered, or given up
        (unless ``retry_failed`` asks for one more try of those)."""
        status = self.status(key)
        if status == GIVEN_UP:
            return not retry_failed
        return status in _FINAL

    def interrupted(self, where: str) -> bool:
        """Whether a run stopped while it was answering the message last seen at ``where``."""
        return self.status(self.sources.get(where, "")) == RESERVED

    def attempts_at(self, where: str) -> int:
        """How many runs took up the message last seen at ``where``."""
        return int((self.messages.get(self.sources.get(where, "")) or {}).get("attempts", 0))

    def record(self, key: str, entry: dict[str, Any], where: str = "") -> None:
        self.messages[key] = entry
        if where:
            self.sources[where] = key
        data = json.dumps(
            {"tool": "ttools inbox", "messages": self.messages, "sources": self.sources}, ensure_ascii=False, indent=1
        )
        fd, tmp = tempfile.mkstemp(prefix=".ledger-", suffix=".json", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(data + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
            fsync_folder(self.folder)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    def work_folder(self, key: str) -> str:
        """Where the attachments of the message of ``key`` and their results are made."""
        return os.path.join(
            self.folder, WORK_FOLDER, hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        )

    def take_up(self, key: str, where: str) -> Turn:
        """This run's turn at the message of ``key``, counted among the runs that took it up."""
        previous = self.messages.get(key) or {}
        status = self.status(key)
        attempts = int(previous.get("attempts", 0)) + 1
        if status == GIVEN_UP:
            attempts = MAX_ATTEMPTS  # asked to try again: once
        return Turn(self, key, where, previous, status, attempts, {"at": _now(), "source": where, "attempts": attempts})


@dataclass
class Turn:
    """One run's turn at one message, and what the ledger says of it at each step."""

    ledger: Ledger
    key: str
    where: str
    previous: dict[str, Any]  # the ledger's entry before this run
    status: str  # and its status
    attempts: int  # runs that took it up, this one included
    base: dict[str, Any]  # what every entry of this turn says: when, where, which attempt

    def stopped_every_run(self, retry_failed: bool) -> bool:
        """Whether every run that took it up so far stopped on the way: it must not stop every run to come."""
        return self.status == RESERVED and self.attempts > MAX_ATTEMPTS and not retry_failed

    def reserve(self) -> None:
        """Noted before anything is delivered: a run killed from here on finds it and finishes it."""
        self.ledger.record(self.key, {**self.previous, **self.base, "status": RESERVED}, self.where)

    def found_answered(self) -> None:
        """Its answer was filed by a run that stopped before it could say so."""
        self.ledger.record(self.key, {**self.previous, **self.base, "status": ANSWERED}, self.where)

    def give_up_unfinished(self) -> str:
        reason = f"every run that took it up stopped before answering it ({self.attempts - 1} runs)"
        self.ledger.record(self.key, {**self.previous, **self.base, "status": GIVEN_UP, "reason": reason}, self.where)
        return reason

    def failure(self, reason: str) -> tuple[dict[str, Any], str]:
        """The entry of an answer that could not be made or delivered, and the note for the report."""
        given_up = self.attempts >= MAX_ATTEMPTS
        entry = {"status": GIVEN_UP if given_up else FAILED, "reason": reason}
        note = (
            f" (given up after {self.attempts} attempts)"
            if given_up
            else f" (attempt {self.attempts} of {MAX_ATTEMPTS}; tried again next run)"
        )
        return entry, note

    def finish(self, entry: dict[str, Any]) -> None:
        self.ledger.record(self.key, {**self.base, **entry}, self.where)


@contextlib.contextmanager
def exclusive(folder: str) -> Iterator[None]:
    """One run at a time per state folder: two overlapping runs would answer the same message twice."""
    with open(os.path.join(folder, "lock"), "a+") as fh:
        if not _try_lock(fh):
            raise InboxError(f"another 'ttools inbox' is working with {folder}")
        try:
            yield
        finally:
            _unlock(fh)


def _try_lock(fh: Any) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows: a lock on the file's first byte
        import msvcrt

        try:
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _unlock(fh: Any) -> None:
    with contextlib.suppress(Exception):
        try:
            import fcntl
        except ImportError:
            import msvcrt

            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
            return
        fcntl.flock(fh, fcntl.LOCK_UN)


def clean_state(state: str) -> None:
    """What a killed run left behind: its work folder and half-written ledgers."""
    remove_work(state)
    for n in os.listdir(state):
        if n.startswith(".ledger-"):
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(state, n))


def remove_work(state: str) -> None:
    shutil.rmtree(os.path.join(state, WORK_FOLDER), ignore_errors=True)
