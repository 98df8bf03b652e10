"""A run of the inbox: every message of the source not yet handled is answered once, in order,
through the outboxes given; a failure in one message never stops the others."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any, Callable

from ttools.files import same_file
from ttools.mail.answers import answer_message
from ttools.mail.delivery import MaildirOutbox, SmtpOutbox, outbox_name
from ttools.mail.errors import InboxError, InboxRefused, SourceLost, one_line
from ttools.mail.headers import DEFAULT_SENDER
from ttools.mail.ledger import ANSWERED, Ledger, clean_state, exclusive, ledger_key, remove_work
from ttools.mail.sources import Incoming, open_source

Deliver = Callable[[EmailMessage, str], None]


@dataclass
class InboxReport:
    answered: list[str] = field(default_factory=list)      # one line per message answered
    not_answered: list[str] = field(default_factory=list)  # automatic mail and the like
    failed: list[str] = field(default_factory=list)        # 'where: reason'
    published: list[str] = field(default_factory=list)     # sites updated (--publish), or why not
    already: int = 0                                       # handled on an earlier run

    def summary(self) -> str:
        return (f"{len(self.answered)} answered, {len(self.failed)} failed, {len(self.not_answered)} not answered, "
                f"{self.already} already handled")

    def note_answer(self, where: str, entry: dict[str, Any]) -> None:
        """What became of a message answered (or found not to be answered) and of its sites."""
        for book in entry.get("workbooks") or []:
            if book.get("site") or book.get("site_error"):
                self.published.append(f"{book['name']}: " + (book.get("site") or f"not updated ({book['site_error']})"))
        if entry["status"] == ANSWERED:
            self.answered.append(_describe(where, entry))
        else:
            self.not_answered.append(f"{where}: {entry['reason']}")


def _describe(where: str, entry: dict[str, Any]) -> str:
    books = entry.get("workbooks") or []
    what = ", ".join(f"{b['name']} {b['result']}" for b in books) or "no workbook"
    return f"{where} -> {entry.get('to', '')}: {what}"


@dataclass
class _Run:
    """What every message of one run is answered with."""

    deliver: Deliver
    sender: str
    retry_failed: bool
    publish: str | None
    maildir_out: MaildirOutbox | None   # the outbox that can tell an answer already filed


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
                raise InboxRefused(f"refused: the {what} {path} is (or holds, or lies in) the mailbox {source} that is read")
    if outbox and not _apart(outbox, state):
        raise InboxRefused(f"refused: the outbox {outbox} and the state folder {state} must be apart")
    if publish:
        for what, path in (("mailbox that is read", source), ("outbox", outbox), ("state folder", state)):
            if not _apart(publish, path):
                raise InboxRefused(f"refused: the site folder must not be, hold or lie inside the {what}")


def _outboxes(outbox: str | None, smtp: str | None, sender: str, env: dict[str, str]
              ) -> tuple[list[Deliver], MaildirOutbox | None]:
    """Where the answers go, in order, and the Maildir outbox among them (if any)."""
    outboxes: list[Deliver] = []
    maildir_out: MaildirOutbox | None = None
    if outbox:
        maildir_out = MaildirOutbox(outbox)
        outboxes.append(maildir_out.deliver)   # first: it is the one that can tell an answer already filed
    if smtp:
        outboxes.append(SmtpOutbox(smtp, sender, env).deliver)
    return outboxes, maildir_out


def process_inbox(source: str | None = None, *, imap: str | None = None, outbox: str | None = None,
                  state: str | None = None, smtp: str | None = None, sender: str = DEFAULT_SENDER,
                  retry_failed: bool = False, env: dict[str, str] | None = None,
                  publish: str | None = None) -> InboxReport:
    """Answer every message of SOURCE (a Maildir or a folder of .eml files) or of the IMAP mailbox at
    ``imap`` not yet answered; answers go to the ``outbox`` Maildir (default ``outbox/`` beside
    SOURCE) or through ``smtp`` (and also to ``outbox`` when one is given with it).

    A message whose answer could not be delivered is tried again by every later run, up to
    ``MAX_ATTEMPTS`` runs, then given up (``retry_failed`` tries those once more). The Maildir
    outbox gets each answer exactly once, whenever a run is killed; SMTP at least once, under the
    same Message-ID. With ``publish``, each workbook processed without errors updates its event's
    web site in a sub-folder of it."""
    env = os.environ if env is None else env
    if (source is None) == (imap is None):
        raise InboxError("give either a Maildir / folder of .eml files or --imap, not both")
    if source is not None:
        if not os.path.exists(source):
            raise InboxError(f"{source}: no such Maildir or folder")
        beside = os.path.dirname(os.path.abspath(source.rstrip("/\\") or source))
    else:
        beside = os.getcwd()
    state = state or os.path.join(beside, ".ttools-inbox")
    if outbox or not smtp:
        outbox = outbox or os.path.join(beside, "outbox")
    outboxes, maildir_out = _outboxes(outbox, smtp, sender, env)
    _refuse_overlaps(source, outbox, state, publish)

    def deliver(msg: EmailMessage, name: str) -> None:
        for send in outboxes:
            send(msg, name)

    run = _Run(deliver, sender, retry_failed, publish, maildir_out)
    os.makedirs(state, exist_ok=True)
    with exclusive(state):
        clean_state(state)
        if maildir_out is not None:
            maildir_out.clean()
        ledger = Ledger(state)
        report = InboxReport()
        with open_source(source, imap, env) as messages:
            _answer_all(list(messages), ledger, report, run)
        remove_work(state)
    return report


def _answer_all(listed: list[Incoming], ledger: Ledger, report: InboxReport, run: _Run) -> None:
    # a message a killed run was answering comes last: should it be what stops runs, the
    # others are answered first, and after MAX_ATTEMPTS such runs it is given up
    interrupted = {i.where for i in listed if ledger.interrupted(i.where)}
    left = [i for i in listed if i.where not in interrupted] + [i for i in listed if i.where in interrupted]
    for n, incoming in enumerate(left):
        try:
            _answer_one(incoming, ledger, report, run)
        except SourceLost as exc:
            report.failed.append(f"{exc}; {len(left) - n} message(s) wait for the next run")
            break


def _answer_one(incoming: Incoming, ledger: Ledger, report: InboxReport, run: _Run) -> None:
    where = incoming.where
    known = ledger.sources.get(where) if where.startswith("imap:") else None
    if known and ledger.done(known, run.retry_failed):
        report.already += 1
        return
    try:
        raw = incoming.load()
    except SourceLost:
        raise
    except Exception as exc:  # not recorded: a message that could not be read is tried next run
        report.failed.append(f"{where}: cannot read it ({one_line(exc)})")
        return
    key = ledger_key(raw)
    if ledger.done(key, run.retry_failed):
        report.already += 1
        return
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
        reply, entry = answer_message(raw, key, ledger.work_folder(key), run.sender, run.publish)
        if reply is not None:
            run.deliver(reply, outbox_name(key))
    except Exception as exc:  # one bad message never stops the others
        entry, note = turn.failure(one_line(exc))
        report.failed.append(f"{where}: {entry['reason']}{note}")
    else:
        report.note_answer(where, entry)
    turn.finish(entry)
