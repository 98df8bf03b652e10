"""Who may use the inbox, and what becomes of each message: answered (to its sender alone), not
answered (automatic mail, that would loop), or refused (a sender not on the allow-list, a From
that cannot be read, or one the mailbox's server found forged)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import Message

from ttools.mail.authentication import forged_sender
from ttools.mail.errors import InboxRefused
from ttools.mail.headers import (
    automatic_mail,
    carries_our_marks,
    from_address,
    is_address,
    one_address,
    raw_headers,
    replies_to_ours,
)
from ttools.mail.mime import Contents

_DOMAIN = re.compile(r"@(?:[^\W_](?:[\w-]*[^\W_])?\.)+[^\W\d_](?:[\w-]*[^\W_])?")
_MAX_ALLOW_FILE = 1024 * 1024  # bytes of an allow-list file read

ANSWER, AUTOMATIC, REFUSED = "answer", "automatic", "refused"
# why a message was refused: only a sender not on the list may be allowed by a later run's list
STRANGER, UNAUTHENTICATED, NO_SENDER = "stranger", "unauthenticated", "no sender"


@dataclass(frozen=True)
class AllowList:
    """Addresses and @domains allowed to use the inbox, lower case."""

    addresses: frozenset[str]
    domains: frozenset[str]

    def allows(self, address: str) -> bool:
        address = address.lower()
        return address in self.addresses or address.rpartition("@")[2] in self.domains

    def __len__(self) -> int:
        return len(self.addresses) + len(self.domains)


def _entry(text: str) -> str | None:
    """An allow-list entry in lower case (an address or '@domain'), None when it is neither."""
    text = text.strip().lower()
    if text.startswith("@"):
        return text if _DOMAIN.fullmatch(text) else None
    return text if is_address(text) else None


def _read_allow_file(path: str) -> list[str]:
    try:
        with open(path, "rb") as fh:
            data = fh.read(_MAX_ALLOW_FILE + 1)
    except OSError as exc:
        raise InboxRefused(f"--allow-file {path}: {exc.strerror or exc}") from None
    if len(data) > _MAX_ALLOW_FILE:
        raise InboxRefused(f"--allow-file {path}: larger than {_MAX_ALLOW_FILE // 1024} KB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InboxRefused(f"--allow-file {path}: not UTF-8 text") from None
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = re.split(r"(?:^|\s)#", line, maxsplit=1)[0].strip()
        if not line:
            continue
        entry = _entry(line)
        if entry is None:
            raise InboxRefused(f"{path}:{number}: not an address or @domain: {line[:80]!r}")
        entries.append(entry)
    return entries


def allow_list(allow: Iterable[str] = (), allow_files: Iterable[str] = ()) -> AllowList | None:
    """The allow-list of ``--allow`` entries and ``--allow-file`` files; None when none was given
    (then anyone is answered). A malformed entry is refused, naming it (and its file and line)."""
    allow, allow_files = list(allow or ()), list(allow_files or ())
    if not allow and not allow_files:
        return None
    entries = []
    for text in allow:
        entry = _entry(text)
        if entry is None:
            raise InboxRefused(f"--allow {text[:80]!r}: not an address or @domain")
        entries.append(entry)
    for path in allow_files:
        entries.extend(_read_allow_file(os.fspath(path)))
    return AllowList(
        frozenset(e for e in entries if not e.startswith("@")), frozenset(e[1:] for e in entries if e.startswith("@"))
    )


@dataclass(frozen=True)
class Policy:
    """What decides who is answered: the allow-list (None: anyone), the authserv-id of the
    mailbox's own server (None: its Authentication-Results are not read), the inbox's own address."""

    allow: AllowList | None = None
    authserv_id: str | None = None
    own: str = ""


@dataclass(frozen=True)
class Verdict:
    kind: str  # ANSWER, AUTOMATIC or REFUSED
    sender: str  # the From address ('' when there is none)
    reason: str = ""  # why not answered, or refused
    to: str = ""  # where the answer goes (ANSWER only)
    refusal: str = ""  # STRANGER, UNAUTHENTICATED or NO_SENDER (REFUSED only)

    @property
    def shown_sender(self) -> str:
        return self.sender or "(no sender)"


def _reply_address(msg: Message, sender: str, policy: Policy) -> str:
    """The From address, or the Reply-To when it is one address itself on the allow-list."""
    values = raw_headers(msg, "Reply-To")
    if policy.allow is None or len(values) != 1:
        return sender
    address, why = one_address(re.sub(r"\s+", " ", values[0]).strip())
    return address if not why and policy.allow.allows(address) else sender


def carries_our_answer(contents: Contents, own: str) -> bool:
    """Whether a forwarded message or quoted headers in it are one of ttools' answers (a bounce)."""
    return any(carries_our_marks(inner, own) for inner in contents.embedded)


def screen(msg: Message, contents: Contents, policy: Policy) -> Verdict:
    """What to do with a message: answer it (and where), leave it unanswered, or refuse it."""
    sender, why = from_address(msg)
    automatic = automatic_mail(msg, sender, policy.own)
    if not automatic and contents.reports:
        automatic = "delivery or read report"
    if not automatic and carries_our_answer(contents, policy.own):
        automatic = "carries one of ttools' own answers back (a bounce)"
    if not automatic and replies_to_ours(msg) and not contents.workbooks:
        automatic = "a reply to one of ttools' answers without a workbook of its own"
    if automatic:
        return Verdict(AUTOMATIC, sender, automatic)
    if not sender:
        return Verdict(REFUSED, sender, why, refusal=NO_SENDER)
    if policy.allow is not None and not policy.allow.allows(sender):
        return Verdict(REFUSED, sender, "not on the allow-list", refusal=STRANGER)
    if policy.authserv_id:
        forged = forged_sender(msg, policy.authserv_id, sender)
        if forged:
            return Verdict(REFUSED, sender, forged, refusal=UNAUTHENTICATED)
    return Verdict(ANSWER, sender, to=_reply_address(msg, sender, policy))
