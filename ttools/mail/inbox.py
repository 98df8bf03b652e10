"""A run of the inbox: every message of the source not yet handled is screened (who sent it, is it
automatic mail), then answered once, in order, through the outboxes given; a failure in one
message never stops the others, and a fault leaves it for a later run."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser
from email.policy import default as default_policy
from typing import Any

from ttools.files import same_file
from ttools.mail.answers import answer_message, answer_too_large
from ttools.mail.delivery import MaildirOutbox, SmtpOutbox, outbox_name
from ttools.mail.errors import InboxError, InboxRefused, SourceLost, one_line
from ttools.mail.headers import DEFAULT_SENDER, address_of, header
from ttools.mail.ledger import (
    ANSWERED,
    GIVEN_UP,
    NOT_ANSWERED,
    REFUSED,
    Ledger,
    clean_state,
    exclusive,
    ledger_key,
    oversize_key,
    remove_work,
)
from ttools.mail.limits import HEAD_READ, Limits
from ttools.mail.mime import Contents, read_message
from ttools.mail.places import OLD_STATE_NAME, imap_state_folder, refuse_stray_ledger
from ttools.mail.senders import AUTOMATIC, STRANGER, Policy, Verdict, allow_list, screen
from ttools.mail.senders import REFUSED as REFUSE
from ttools.mail.sources import Incoming, imap_password, open_source

Deliver = Callable[[EmailMessage, str], None]
# told each line of the report as the run makes it: (the report's list, e.g. 'answered', the line)
Progress = Callable[[str, str], None]
OPEN_INBOX_WARNING = (
    "no allow-list: anyone who can mail this inbox gets the results of what they send "
    "(give --allow ADDRESS or --allow-file FILE)"
)


@dataclass
class InboxReport:
    answered: list[str] = field(default_factory=list)  # one line per message answered
    not_answered: list[str] = field(default_factory=list)  # automatic mail and the like
    refused: list[str] = field(default_factory=list)  # 'sender: why', senders that may not use the inbox
    failed: list[str] = field(default_factory=list)  # 'where: reason', also every message given up
    published: list[str] = field(default_factory=list)  # sites updated (--publish), or why not
    deferred: dict[str, int] = field(default_factory=dict)  # sender -> messages left for the next run (the cap)
    warnings: list[str] = field(default_factory=list)  # said once per run (no allow-list)
    already: int = 0  # handled on an earlier run

    def summary(self) -> str:
        text = (
            f"{len(self.answered)} answered, {len(self.failed)} failed, {len(self.not_answered)} not answered, "
            f"{self.already} already handled, {len(self.refused)} refused"
        )
        left = sum(self.deferred.values())
        return text + (f", {left} left for the next run" if left else "")

    def deferred_lines(self, cap: int) -> list[str]:
        return [
            f"{sender}: {n} message(s) beyond {cap} from one sender in one run wait for the next run"
            for sender, n in self.deferred.items()
        ]

    def note_answer(self, where: str, entry: dict[str, Any]) -> None:
        """What became of a message answered (or found not to be answered) and of its sites."""
        for book in entry.get("workbooks") or []:
            if book.get("site") or book.get("site_error"):
                self.published.append(f"{book['name']}: " + (book.get("site") or f"not updated ({book['site_error']})"))
        if entry["status"] == ANSWERED:
            self.answered.append(_describe(where, entry))
        else:
            self.not_answered.append(f"{where}: {entry['reason']}")


class _Told(list):
    """One of the report's lists of lines, each line also told as it is added."""

    def __init__(self, kind: str, tell: Progress) -> None:
        super().__init__()
        self.kind, self.tell = kind, tell

    def append(self, line: str) -> None:
        super().append(line)
        self.tell(self.kind, line)


def _tell_as_it_goes(report: InboxReport, progress: Progress) -> None:
    """Make ``report`` tell ``progress`` each line as the run adds it; the lines it has already
    (the run's warnings) are told now."""
    for kind in ("warnings", "answered", "not_answered", "refused", "failed", "published"):
        told = _Told(kind, progress)
        for line in getattr(report, kind):
            told.append(line)
        setattr(report, kind, told)


def _describe(where: str, entry: dict[str, Any]) -> str:
    books = entry.get("workbooks") or []
    what = ", ".join(f"{b['name']} {b['result']}" for b in books) or "no workbook"
    if entry.get("left_out"):
        what += f" ({len(entry['left_out'])} left out)"
    return f"{where} -> {entry.get('to', '')}: {what}"


@dataclass
class _Run:
    """What every message of one run is answered with, and how many each sender had answered."""

    deliver: Deliver
    sender: str
    retry_failed: bool
    publish: str | None
    maildir_out: MaildirOutbox | None  # the outbox that can tell an answer already filed
    policy: Policy
    limits: Limits
    pdf: bool = False  # each answer for a workbook without errors also carries its PDF
    per_sender: Counter = field(default_factory=Counter)


def _inside(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or lies inside it, whatever the spelling of either."""
    if same_file(path, folder):
        return True
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real, top]) == top


def _apart(a: str | None, b: str | None) -> bool:
    return not (a and b and (_inside(a, b) or _inside(b, a)))


def _refuse_overlaps(source: str | None, outbox: str | None, state: str, publish: str | None) -> None:
    """Nothing is written into the mailbox read, and the outbox, the state folder and the site stay apart."""
    if source is not None:
        for what, path in (("outbox", outbox), ("state folder", state)):
            if not _apart(path, source):
                raise InboxRefused(
                    f"refused: the {what} {path} is (or holds, or lies in) the mailbox {source} that is read"
                )
    if outbox and not _apart(outbox, state):
        raise InboxRefused(f"refused: the outbox {outbox} and the state folder {state} must be apart")
    if publish:
        for what, path in (("mailbox that is read", source), ("outbox", outbox), ("state folder", state)):
            if not _apart(publish, path):
                raise InboxRefused(f"refused: the site folder must not be, hold or lie inside the {what}")


def _outboxes(
    outbox: str | None, smtp: str | None, sender: str, env: dict[str, str]
) -> tuple[list[Deliver], MaildirOutbox | None]:
    """Where the answers go, in order, and the Maildir outbox among them (if any)."""
    outboxes: list[Deliver] = []
    maildir_out: MaildirOutbox | None = None
    if outbox:
        maildir_out = MaildirOutbox(outbox)
        outboxes.append(maildir_out.deliver)  # first: it is the one that can tell an answer already filed
    if smtp:
        outboxes.append(SmtpOutbox(smtp, sender, env).deliver)
    return outboxes, maildir_out


def _places(
    source: str | None, imap: str | None, state: str | None, outbox: str | None, smtp: str | None, env: dict[str, str]
) -> tuple[str, str | None]:
    """The state folder and the outbox Maildir: beside SOURCE by default; for IMAP the state
    lives in the user's state folder, keyed by the mailbox, and the outbox in the working folder."""
    if (source is None) == (imap is None):
        raise InboxError("give either a Maildir / folder of .eml files or --imap, not both")
    if source is not None:
        if not os.path.exists(source):
            raise InboxError(f"{source}: no such Maildir or folder")
        beside = os.path.dirname(os.path.abspath(source.rstrip("/\\") or source))
        state = state or os.path.join(beside, OLD_STATE_NAME)
    else:
        imap_password(imap, env)  # before anything is made for the mailbox
        beside = os.getcwd()
        if not state:
            state = imap_state_folder(imap, env)
            refuse_stray_ledger(state, beside)
    if outbox or not smtp:
        outbox = outbox or os.path.join(beside, "outbox")
    return state, outbox


def process_inbox(
    source: str | None = None,
    *,
    imap: str | None = None,
    outbox: str | None = None,
    state: str | None = None,
    smtp: str | None = None,
    sender: str = DEFAULT_SENDER,
    retry_failed: bool = False,
    env: dict[str, str] | None = None,
    publish: str | None = None,
    allow: Iterable[str] = (),
    allow_files: Iterable[str] = (),
    authserv_id: str | None = None,
    limits: Limits | None = None,
    progress: Progress | None = None,
    pdf: bool = False,
) -> InboxReport:
    """Answer every message of SOURCE (a Maildir or a folder of .eml files) or of the IMAP mailbox at
    ``imap`` not yet answered; answers go to the ``outbox`` Maildir (default ``outbox/`` beside
    SOURCE) or through ``smtp`` (and also to ``outbox`` when one is given with it).

    Only senders on the allow-list (``allow``: addresses or ``@domain``; ``allow_files``: files of
    them) are answered, when one is given; the others are refused, and so is a From the mailbox's
    server (``authserv_id``) found forged. Automatic mail is never answered; a sender gets at most
    ``limits.per_sender`` answers a run. ``publish`` needs an allow-list. With ``pdf`` the answer
    for a workbook without errors also carries the PDF of its printable sheets.

    A message whose answer could not be made or delivered is tried again by every later run, up
    to ``MAX_ATTEMPTS`` runs, then given up and reported by every run (``retry_failed`` tries those
    once more). The Maildir outbox gets each answer exactly once, whenever a run is killed; SMTP
    at least once, under the same Message-ID. ``progress(kind, line)`` is told each line of the
    report as the run makes it (kind: the report's list, 'warnings', 'answered', 'failed', …)."""
    env = os.environ if env is None else env
    limits = limits or Limits()
    allowed = allow_list(allow, allow_files)
    if publish and allowed is None:
        raise InboxRefused(
            "refused: --publish needs an allow-list (--allow or --allow-file): "
            "anyone who can mail the inbox could replace an event's site"
        )
    state, outbox = _places(source, imap, state, outbox, smtp, env)
    outboxes, maildir_out = _outboxes(outbox, smtp, sender, env)
    _refuse_overlaps(source, outbox, state, publish)

    def deliver(msg: EmailMessage, name: str) -> None:
        for send in outboxes:
            send(msg, name)

    run = _Run(
        deliver,
        sender,
        retry_failed,
        publish,
        maildir_out,
        Policy(allowed, authserv_id or None, address_of(sender).lower()),
        limits,
        pdf,
    )
    report = InboxReport(warnings=[OPEN_INBOX_WARNING] if allowed is None else [])
    if progress is not None:
        _tell_as_it_goes(report, progress)
    os.makedirs(state, mode=0o700, exist_ok=True)
    with exclusive(state):
        clean_state(state)
        if maildir_out is not None:
            maildir_out.clean()
        ledger = Ledger(state)
        with open_source(source, imap, env) as messages:
            _answer_all(list(messages), ledger, report, run)
        remove_work(state)
    return report


def _answer_all(listed: list[Incoming], ledger: Ledger, report: InboxReport, run: _Run) -> None:
    # a message a killed run was answering comes last, the one that stopped most runs the very
    # last: should it be what stops runs, the others are answered first, and after MAX_ATTEMPTS
    # such runs it is given up
    interrupted = {i.where for i in listed if ledger.interrupted(i.where)}
    left = [i for i in listed if i.where not in interrupted]
    left += sorted((i for i in listed if i.where in interrupted), key=lambda i: ledger.attempts_at(i.where))
    for n, incoming in enumerate(left):
        try:
            _answer_one(incoming, ledger, report, run)
        except SourceLost as exc:
            report.failed.append(f"{exc}; {len(left) - n} message(s) wait for the next run")
            break


def _settled(key: str, ledger: Ledger, report: InboxReport, run: _Run, where: str) -> bool:
    """Whether the ledger settles the message of ``key`` for this run (and the report says how):
    handled before, given up (said by every run until it is retried), or refused and still so."""
    entry = ledger.messages.get(key) or {}
    status = entry.get("status", "")
    if status in (ANSWERED, NOT_ANSWERED):
        report.already += 1
        return True
    if status == GIVEN_UP and not run.retry_failed:
        report.failed.append(
            f"{where}: given up after {entry.get('attempts', '?')} attempts "
            f"({entry.get('reason', '')}); --retry-failed tries it again"
        )
        return True
    if status == REFUSED:
        sender = entry.get("sender", "")
        now_allowed = entry.get("refusal") == STRANGER and (run.policy.allow is None or run.policy.allow.allows(sender))
        if not now_allowed:
            report.refused.append(f"{sender or '(no sender)'}: {entry.get('reason', '')}")
            return True
    return False


@dataclass
class _Read:
    """A message as read for this run: the whole of it, or (too large) its headers only."""

    key: str
    msg: Message
    contents: Contents
    size: int
    too_large: bool


def _read(incoming: Incoming, limit: int) -> _Read:
    """Read at most ``limit`` bytes of a message (its headers alone when its size says it is larger)."""
    too_large = incoming.size is not None and incoming.size > limit
    raw = incoming.read(HEAD_READ if too_large else limit + 1)
    if len(raw) > limit:
        too_large, raw = True, raw[:HEAD_READ]
    size = incoming.size if incoming.size is not None else len(raw)
    if not too_large:
        msg, contents = read_message(raw)
        return _Read(ledger_key(raw), msg, contents, size, False)
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    return _Read(
        oversize_key(raw, size), BytesHeaderParser(policy=default_policy).parsebytes(head), Contents(), size, True
    )


def _answer_one(incoming: Incoming, ledger: Ledger, report: InboxReport, run: _Run) -> None:
    where = incoming.where
    known = ledger.sources.get(where) if where.startswith("imap:") else None
    if known and _settled(known, ledger, report, run, where):
        return
    try:
        read = _read(incoming, run.limits.message_size)
    except SourceLost:
        raise
    except Exception as exc:  # not recorded: a message that could not be read is tried next run
        report.failed.append(f"{where}: cannot read it ({one_line(exc)})")
        return
    if _settled(read.key, ledger, report, run, where):
        return
    verdict = screen(read.msg, read.contents, run.policy)
    if verdict.kind in (AUTOMATIC, REFUSE):
        _note_unanswered(read, verdict, ledger, report, where)
        return
    if run.per_sender[verdict.sender] >= run.limits.per_sender:  # not noted: the next run takes it up
        report.deferred[verdict.sender] = report.deferred.get(verdict.sender, 0) + 1
        return
    run.per_sender[verdict.sender] += 1
    _take_up(read, verdict, ledger, report, run, where)


def _note_unanswered(read: _Read, verdict: Verdict, ledger: Ledger, report: InboxReport, where: str) -> None:
    """Automatic mail is noted as not answered for good; a refused message as refused (a later
    run with a longer allow-list may answer it)."""
    entry = {
        "from": header(read.msg, "From"),
        "subject": header(read.msg, "Subject"),
        "sender": verdict.sender,
        "reason": verdict.reason,
    }
    if verdict.kind == AUTOMATIC:
        entry["status"] = NOT_ANSWERED
        report.not_answered.append(f"{where}: {verdict.reason}")
    else:
        entry.update(status=REFUSED, refusal=verdict.refusal)
        report.refused.append(f"{verdict.shown_sender}: {verdict.reason}")
    ledger.take_up(read.key, where).finish(entry)


def _take_up(read: _Read, verdict: Verdict, ledger: Ledger, report: InboxReport, run: _Run, where: str) -> None:
    """This run's turn at a message to answer: reserved, answered, delivered, noted; a fault on
    the way (full disk, SMTP down) leaves it to a later run, up to MAX_ATTEMPTS runs."""
    key = read.key
    turn = ledger.take_up(key, where)
    if turn.stopped_every_run(run.retry_failed):
        if run.maildir_out is not None and run.maildir_out.delivered(outbox_name(key)):
            turn.found_answered()
            report.already += 1
        else:
            report.failed.append(f"{where}: {turn.give_up_unfinished()} (given up)")
        return
    turn.reserve()
    try:
        if read.too_large:
            reply, entry = answer_too_large(read.msg, read.size, verdict.to, key, run.sender, run.limits)
        else:
            reply, entry = answer_message(
                read.msg,
                read.contents,
                verdict.to,
                key,
                ledger.work_folder(key),
                run.sender,
                run.publish,
                run.limits,
                run.pdf,
            )
        entry["sender"] = verdict.sender
        run.deliver(reply, outbox_name(key))
    except Exception as exc:  # one bad message never stops the others
        entry, note = turn.failure(one_line(exc))
        report.failed.append(f"{where}: {entry['reason']}{note}")
    else:
        report.note_answer(where, entry)
    turn.finish(entry)
