"""What stops the inbox, said in one line: the errors every part of it raises."""

from __future__ import annotations

NETWORK_TIMEOUT = 60  # seconds a mail server may stay silent before the run gives up on it


class InboxError(Exception):
    """The inbox cannot be worked at all (bad source, options, ledger or connection): one line."""


class InboxRefused(InboxError):
    """An outbox or state folder that would write into the mailbox read (exit 2)."""


class SourceLost(InboxError):
    """The mailbox read went away mid-run (IMAP connection lost): the rest waits for the next run."""


def one_line(exc: BaseException) -> str:
    """An exception as its type and the first line of its text, for a report or an answer."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__
