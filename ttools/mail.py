"""Emailed workbooks in, results out: every new message in a Maildir, a folder of .eml files or an
IMAP mailbox is answered once, with the results (or the annotated problems) of each attached workbook.

Only the standard library is used. The mailbox read is never changed: Maildir files are only
read, IMAP is opened read-only and fetched with ``BODY.PEEK[]``. A JSON ledger in the state
folder records every message handled (by Message-ID, or a hash of the raw message when it has
none) with the hashes of its workbooks; it is replaced atomically after each message.
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import hashlib
import imaplib
import json
import mailbox
import os
import re
import smtplib
import ssl
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.message import EmailMessage, Message
from email.utils import formataddr, formatdate, getaddresses, make_msgid
from typing import Any, Callable, Iterator
from urllib.parse import unquote, urlsplit

DEFAULT_SENDER = "ttools@localhost"
IMAP_PASSWORD_ENV = "TTOOLS_IMAP_PASSWORD"
SMTP_USER_ENV = "TTOOLS_SMTP_USER"
SMTP_PASSWORD_ENV = "TTOOLS_SMTP_PASSWORD"
LEDGER_NAME = "ledger.json"

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
XLSM_TYPE = "application/vnd.ms-excel.sheet.macroenabled.12"
_WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
_MAX_NESTING = 8            # forwarded inside forwarded …; deeper parts are not opened
_MAX_LISTED_WARNINGS = 5    # a clean workbook's reply shows only the first few warnings
_MAX_LISTED_PROBLEMS = 30   # the annotated copy carries the full list


class InboxError(Exception):
    """The inbox cannot be worked at all (bad source, options, ledger or connection): one line."""


# ---- what a message carries -----------------------------------------------------------------------


@dataclass(frozen=True)
class Attachment:
    name: str      # sanitised, unique within its message
    data: bytes


@dataclass
class Contents:
    workbooks: list[Attachment] = field(default_factory=list)
    ignored: list[tuple[str, str]] = field(default_factory=list)   # (description, hint code or '')


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
    if filename.lower().endswith(_WORKBOOK_SUFFIXES):
        return True
    return part.get_content_type() in (XLSX_TYPE, XLSM_TYPE)


def _is_body_text(part: Message) -> bool:
    return (part.get_content_maintype() == "text" and not part.get_filename()
            and part.get_content_disposition() != "attachment")


def _size(n: int) -> str:
    return f"{n} B" if n < 1024 else f"{(n + 1023) // 1024} KB"


_HINTS = {".xls": "hint-xls", ".ods": "hint-ods", ".csv": "hint-csv", ".numbers": "hint-numbers"}


def find_workbooks(msg: Message) -> Contents:
    """The workbooks attached to a message (also inside forwarded messages) and what else was there."""
    found = Contents()
    seen: dict[str, str] = {}     # sha256 -> name, so a workbook attached twice is processed once
    taken: set[str] = set()       # stems in use, so NAME.out.xlsx never collides

    def unique(name: str) -> str:
        stem, ext = os.path.splitext(name)
        candidate, n = name, 1
        while candidate.lower().rsplit(".", 1)[0] in taken:
            n += 1
            candidate = f"{stem}-{n}{ext}"
        taken.add(candidate.lower().rsplit(".", 1)[0])
        return candidate

    def visit(part: Message, depth: int) -> None:
        if depth > _MAX_NESTING:
            return
        if part.get_content_type() == "message/rfc822" or part.is_multipart():
            payload = part.get_payload()
            for sub in payload if isinstance(payload, list) else [payload]:
                if isinstance(sub, Message):
                    visit(sub, depth + 1)
            return
        if _is_body_text(part):
            return
        raw_name = part.get_filename() or ""
        data = part.get_payload(decode=True) or b""
        if raw_name.lower().endswith(".eml"):   # some clients forward a message as a plain file
            visit(email.message_from_bytes(data, policy=email.policy.default), depth + 1)
            return
        if _is_workbook(part, raw_name):
            fallback = "workbook.xlsm" if part.get_content_type() == XLSM_TYPE else "workbook.xlsx"
            name = safe_filename(raw_name, fallback)
            if not name.lower().endswith(_WORKBOOK_SUFFIXES):
                name += os.path.splitext(fallback)[1]
            digest = hashlib.sha256(data).hexdigest()
            if digest in seen:
                found.ignored.append((f"{name} ({_size(len(data))})", "same-file:" + seen[digest]))
                return
            name = unique(name)
            seen[digest] = name
            found.workbooks.append(Attachment(name, data))
            return
        shown = safe_filename(raw_name, "") or f"({part.get_content_type()})"
        hint = _HINTS.get(os.path.splitext(shown.lower())[1], "")
        found.ignored.append((f"{shown} ({part.get_content_type()}, {_size(len(data))})", hint))

    visit(msg, 0)
    return found


def parse_message(raw: bytes) -> EmailMessage:
    return email.message_from_bytes(raw, policy=email.policy.default)


def _header(msg: Message, name: str) -> str:
    """A header as one clean line ('' when absent or unparseable): no CR/LF can reach a reply."""
    try:
        value = msg.get(name)
    except Exception:  # a malformed header must not cost the whole message
        value = None
    return re.sub(r"\s+", " ", str(value)).strip() if value is not None else ""


def message_key(msg: Message, raw: bytes) -> str:
    """The ledger key: the Message-ID, or a hash of the raw bytes when the message has none."""
    return _header(msg, "Message-ID") or "sha256:" + hashlib.sha256(raw).hexdigest()


def reply_addresses(msg: Message) -> list[tuple[str, str]]:
    """Who gets the answer: Reply-To when given, else From, as (name, address) pairs."""
    for name in ("Reply-To", "From"):
        pairs = [(n, a) for n, a in getaddresses([_header(msg, name)]) if "@" in a]
        if pairs:
            return pairs
    return []


def _address(sender: str) -> str:
    return getaddresses([sender])[0][1] or sender


def not_to_answer(msg: Message, sender: str) -> str:
    """Why a message must get no answer ('' when it should): replies to automatic mail loop forever."""
    auto = _header(msg, "Auto-Submitted").lower()
    if auto and auto != "no":
        return f"automatic message (Auto-Submitted: {auto})"
    if _header(msg, "Precedence").lower() in ("bulk", "junk"):
        return "bulk mail (Precedence header)"
    if _header(msg, "Return-Path") == "<>":
        return "delivery report (empty Return-Path)"
    to = reply_addresses(msg)
    if not to:
        return "no sender address to answer"
    own = _address(sender).lower()
    if any(a.lower() == own for _, a in to):
        return "sent from this processor's own address"
    if any(a.lower().startswith("mailer-daemon@") for _, a in to):
        return "delivery report (MAILER-DAEMON)"
    return ""


# ---- one workbook -----------------------------------------------------------------------------------


@dataclass
class WorkbookResult:
    name: str
    sha256: str
    status: str                              # 'ok', 'problems' or 'unreadable'
    lang: str = "en"
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    reason: str = ""                         # why an unreadable file was not processed
    files: list[str] = field(default_factory=list)   # paths of the workbooks to attach
    site: str = ""                           # the web site updated from it (--publish)
    site_error: str = ""                     # why the site was not updated

    def ledger(self) -> dict[str, Any]:
        return {"name": self.name, "sha256": self.sha256, "result": self.status,
                "errors": len(self.errors), "warnings": len(self.warnings),
                **({"reason": self.reason} if self.reason else {}),
                **({"site": self.site} if self.site else {}), **({"site_error": self.site_error} if self.site_error else {})}


def _stem(name: str) -> str:
    return name[:-5] if name.lower().endswith(_WORKBOOK_SUFFIXES) else name


def process_attachment(att: Attachment, folder: str, publish: str | None = None) -> WorkbookResult:
    """Process one attached workbook inside ``folder``: results workbook, annotated copy, lines to quote;
    with ``publish``, a workbook without errors also updates its event's site in that folder."""
    from ttools import pipeline
    from ttools.problems import Unreadable
    from ttools.workbook.annotate import annotate_copy

    source = os.path.join(folder, att.name)
    with open(source, "wb") as fh:
        fh.write(att.data)
    digest = hashlib.sha256(att.data).hexdigest()
    try:
        outcome = pipeline.process_file(source)
    except Unreadable as exc:
        # the reason names the file by the path it was read from; the sender knows it by its name
        reason = str(exc).replace(source, att.name)
        if reason.startswith(att.name + ": "):
            reason = reason[len(att.name) + 2:]
        return WorkbookResult(att.name, digest, "unreadable", reason=reason)
    lang = outcome.lang
    result = WorkbookResult(att.name, digest, "ok" if outcome.ok else "problems", lang=lang,
                            errors=[p.line(lang) for p in outcome.problems if p.severity == "error"],
                            warnings=[p.line(lang) for p in outcome.problems if p.severity != "error"])
    results = os.path.join(folder, _stem(att.name) + ".out.xlsx")
    pipeline.write_output(outcome, results)
    if os.path.exists(results):
        result.files.append(results)
    if not outcome.ok:
        checked = os.path.join(folder, _stem(att.name) + ".checked.xlsx")
        annotate_copy(source, checked, outcome.problems, lang)
        result.files.append(checked)
        if publish:   # nothing computed from a broken workbook goes public
            result.site_error = "the workbook has errors; its site was left as it was"
    elif publish:
        _publish_site(outcome, publish, result)
    return result


def site_folder_name(competition: str, event_name: str) -> str:
    """One sub-folder per event: the competition, the ASCII words of the event name, and a short
    hash of the whole name so that two events never share a folder."""
    words = re.findall(r"[a-z0-9]+", event_name.lower())
    stem = "-".join(words)[:40].strip("-")
    digest = hashlib.sha256(event_name.encode("utf-8")).hexdigest()[:6]
    return "-".join(part for part in (competition, stem, digest) if part)


def _publish_site(outcome, folder: str, result: WorkbookResult) -> None:
    """Update the event's site; a failure is reported in the answer's ledger entry, never raised."""
    from ttools.publish.build import PublishError, publish, write_events_index

    target = os.path.join(folder, site_folder_name(outcome.competition, outcome.event_name))
    try:
        os.makedirs(folder, exist_ok=True)
        publish(outcome, target)
        result.site = target
        write_events_index(folder)
    except (PublishError, OSError) as exc:
        result.site_error = str(exc)


# ---- the answer -----------------------------------------------------------------------------------

_PHRASES: dict[str, dict[str, str]] = {
    "ok": {
        "en": "{name}: processed, no errors, {warnings} warning(s). Results attached: {out}.",
        "zh-Hant": "{name}：已處理，沒有錯誤，{warnings} 個警告。結果已附上：{out}。",
        "zh-Hans": "{name}：已处理，没有错误，{warnings} 个警告。结果已附上：{out}。",
    },
    "ok-nothing": {
        "en": "{name}: processed, no errors, {warnings} warning(s); there were no results to write.",
        "zh-Hant": "{name}：已處理，沒有錯誤，{warnings} 個警告；沒有可寫出的結果。",
        "zh-Hans": "{name}：已处理，没有错误，{warnings} 个警告；没有可写出的结果。",
    },
    "problems": {
        "en": ("{name}: {errors} error(s), {warnings} warning(s). Attached: {attached}. {checked} is your "
               "workbook with every problem cell highlighted: fix those cells and send the workbook again."),
        "zh-Hant": ("{name}：{errors} 個錯誤，{warnings} 個警告。附件：{attached}。{checked} 是您的工作簿，"
                    "每個有問題的儲存格都已標示：請修正後再寄一次。"),
        "zh-Hans": ("{name}：{errors} 个错误，{warnings} 个警告。附件：{attached}。{checked} 是您的工作簿，"
                    "每个有问题的单元格都已标示：请修正后再寄一次。"),
    },
    "unreadable": {
        "en": "{name}: not processed: {reason}",
        "zh-Hant": "{name}：未處理：{reason}",
        "zh-Hans": "{name}：未处理：{reason}",
    },
    "more": {
        "en": "… and {n} more (every problem is listed in the first sheet of {checked})",
        "zh-Hant": "…… 另有 {n} 項（全部列在 {checked} 的第一個工作表）",
        "zh-Hans": "…… 另有 {n} 项（全部列在 {checked} 的第一个工作表）",
    },
    "more-warnings": {
        "en": "… and {n} more warning(s)",
        "zh-Hant": "…… 另有 {n} 個警告",
        "zh-Hans": "…… 另有 {n} 个警告",
    },
    "none": {
        "en": "No Excel workbook (.xlsx or .xlsm) was attached to your message, so nothing was processed.",
        "zh-Hant": "您的郵件沒有附上 Excel 工作簿（.xlsx 或 .xlsm），所以沒有處理任何檔案。",
        "zh-Hans": "您的邮件没有附上 Excel 工作簿（.xlsx 或 .xlsm），所以没有处理任何文件。",
    },
    "ignored": {"en": "Ignored (not a workbook):", "zh-Hant": "已略過（不是工作簿）：", "zh-Hans": "已略过（不是工作簿）："},
    "no-attachments": {"en": "The message had no attachments.", "zh-Hant": "郵件沒有附件。", "zh-Hans": "邮件没有附件。"},
    "hint-xls": {"en": "old Excel 97-2003 format: save it as .xlsx and send it again",
                 "zh-Hant": "舊版 Excel 97-2003 格式：請另存為 .xlsx 再寄", "zh-Hans": "旧版 Excel 97-2003 格式：请另存为 .xlsx 再寄"},
    "hint-ods": {"en": "an OpenDocument spreadsheet: save it as .xlsx and send it again",
                 "zh-Hant": "OpenDocument 試算表：請另存為 .xlsx 再寄", "zh-Hans": "OpenDocument 电子表格：请另存为 .xlsx 再寄"},
    "hint-csv": {"en": "a CSV file: ttools reads the event's .xlsx workbook",
                 "zh-Hant": "CSV 檔：ttools 讀取的是賽事的 .xlsx 工作簿", "zh-Hans": "CSV 文件：ttools 读取的是赛事的 .xlsx 工作簿"},
    "hint-numbers": {"en": "a Numbers file: export it as .xlsx and send it again",
                     "zh-Hant": "Numbers 檔：請匯出為 .xlsx 再寄", "zh-Hans": "Numbers 文件：请导出为 .xlsx 再寄"},
    "same-file": {"en": "the same file as {other}", "zh-Hant": "與 {other} 是同一個檔案", "zh-Hans": "与 {other} 是同一个文件"},
}


def _say(lang: str, key: str, **params: Any) -> str:
    texts = _PHRASES[key]
    return (texts.get(lang) or texts["en"]).format(**params)


def _ignored_line(lang: str, description: str, hint: str) -> str:
    if hint.startswith("same-file:"):
        return f"  {description}: {_say(lang, 'same-file', other=hint.split(':', 1)[1])}"
    return f"  {description}: {_say(lang, hint)}" if hint else f"  {description}"


def reply_text(results: list[WorkbookResult], ignored: list[tuple[str, str]]) -> str:
    """The body of the answer: one paragraph per workbook, then what was ignored."""
    lang = next((r.lang for r in results if r.status != "unreadable"), "en")
    paragraphs: list[str] = []
    for r in results:
        names = [os.path.basename(f) for f in r.files]
        if r.status == "unreadable":
            paragraphs.append(_say(lang, "unreadable", name=r.name, reason=r.reason))
        elif r.status == "ok":
            head = _say(lang, "ok" if names else "ok-nothing", name=r.name, warnings=len(r.warnings),
                        out=", ".join(names))
            lines = [f"  {w}" for w in r.warnings[:_MAX_LISTED_WARNINGS]]
            if len(r.warnings) > _MAX_LISTED_WARNINGS:
                lines.append("  " + _say(lang, "more-warnings", n=len(r.warnings) - _MAX_LISTED_WARNINGS))
            paragraphs.append("\n".join([head, *lines]))
        else:
            checked = names[-1]
            head = _say(lang, "problems", name=r.name, errors=len(r.errors), warnings=len(r.warnings),
                        attached=", ".join(names), checked=checked)
            problems = r.errors + r.warnings
            lines = [f"  {p}" for p in problems[:_MAX_LISTED_PROBLEMS]]
            if len(problems) > _MAX_LISTED_PROBLEMS:
                lines.append("  " + _say(lang, "more", n=len(problems) - _MAX_LISTED_PROBLEMS, checked=checked))
            paragraphs.append("\n".join([head, *lines]))
    if not results:
        paragraphs.append(_say(lang, "none"))
        if not ignored:
            paragraphs.append(_say(lang, "no-attachments"))
    if ignored:
        paragraphs.append("\n".join([_say(lang, "ignored")] + [_ignored_line(lang, d, h) for d, h in ignored]))
    from ttools import __version__

    return "\n\n".join(paragraphs) + f"\n\n-- \nttools {__version__}\n"


def compose_reply(original: Message, results: list[WorkbookResult], ignored: list[tuple[str, str]],
                  sender: str = DEFAULT_SENDER) -> EmailMessage:
    """The answer to ``original``: threaded under it, addressed to its Reply-To or From, results attached."""
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = ", ".join(formataddr(pair) for pair in reply_addresses(original))
    subject = _header(original, "Subject")
    reply["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject or 'ttools'}"
    reply["Date"] = formatdate(localtime=True)
    domain = _address(sender).rpartition("@")[2] or "localhost"
    reply["Message-ID"] = make_msgid("ttools", domain=domain)
    original_id = _header(original, "Message-ID")
    if original_id:
        reply["In-Reply-To"] = original_id
        reply["References"] = " ".join(filter(None, [_header(original, "References"), original_id]))
    reply["Auto-Submitted"] = "auto-replied"   # RFC 3834: other robots must not answer us back
    reply.set_content(reply_text(results, ignored))
    for r in results:
        for path in r.files:
            with open(path, "rb") as fh:
                data = fh.read()
            maintype, subtype = XLSX_TYPE.split("/")
            reply.add_attachment(data, maintype=maintype, subtype=subtype, filename=os.path.basename(path))
    return reply


# ---- where messages come from -----------------------------------------------------------------------


@dataclass
class Incoming:
    """A message in the source: where it is, its Message-ID when known without reading it all, and how to read it."""

    where: str
    load: Callable[[], bytes]
    message_id: str = ""


def maildir_messages(path: str) -> Iterator[Incoming]:
    box = mailbox.Maildir(path, factory=None, create=False)   # only ever read: no flags, no moves
    for key in sorted(box.keys()):
        yield Incoming(f"maildir:{key}", lambda key=key: box.get_bytes(key))


def eml_messages(path: str) -> Iterator[Incoming]:
    if os.path.isfile(path):
        names = [os.path.basename(path)]
        path = os.path.dirname(path) or "."
    else:
        names = sorted(n for n in os.listdir(path) if n.lower().endswith(".eml") and not n.startswith("."))

    def load(full: str) -> bytes:
        with open(full, "rb") as fh:
            return fh.read()

    for name in names:
        full = os.path.join(path, name)
        if os.path.isfile(full):
            yield Incoming(f"eml:{name}", lambda full=full: load(full))


def is_maildir(path: str) -> bool:
    return all(os.path.isdir(os.path.join(path, sub)) for sub in ("cur", "new"))


@dataclass(frozen=True)
class ImapAddress:
    secure: bool
    user: str
    host: str
    port: int
    mailbox: str


def parse_imap_url(url: str) -> ImapAddress:
    """``imaps://user@host[:port]/MAILBOX`` (``imap://`` upgrades with STARTTLS); the mailbox defaults to INBOX."""
    parts = urlsplit(url)
    if parts.scheme not in ("imap", "imaps") or not parts.hostname or not parts.username:
        raise InboxError(f"not an IMAP address: {url!r} (expected imaps://user@host/INBOX)")
    if parts.password:
        raise InboxError(f"put the IMAP password in ${IMAP_PASSWORD_ENV}, not in the address")
    secure = parts.scheme == "imaps"
    try:
        port = parts.port or (993 if secure else 143)
    except ValueError:
        raise InboxError(f"bad port in {url!r}") from None
    return ImapAddress(secure, unquote(parts.username), parts.hostname, port,
                       unquote(parts.path.lstrip("/")) or "INBOX")


def _imap_quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _imap_literal(data: list[Any]) -> bytes:
    for item in data or []:
        if isinstance(item, tuple) and len(item) >= 2 and isinstance(item[1], (bytes, bytearray)):
            return bytes(item[1])
    return b""


@contextlib.contextmanager
def imap_messages(address: ImapAddress, password: str) -> Iterator[Iterator[Incoming]]:
    """The messages of one IMAP mailbox, opened read-only (EXAMINE) and fetched with BODY.PEEK, so no
    message is flagged \\Seen, moved or deleted."""
    conn = None
    try:
        # an explicit context: imaplib's own default does not verify the server's certificate
        if address.secure:
            conn = imaplib.IMAP4_SSL(address.host, address.port, ssl_context=ssl.create_default_context())
        else:
            conn = imaplib.IMAP4(address.host, address.port)
            conn.starttls(ssl_context=ssl.create_default_context())
        conn.login(address.user, password)
        typ, data = conn.select(_imap_quote(address.mailbox), readonly=True)
        if typ != "OK":
            raise InboxError(f"IMAP: cannot open mailbox {address.mailbox!r}: {data!r}")
        typ, data = conn.uid("SEARCH", "ALL")
        if typ != "OK":
            raise InboxError(f"IMAP: search failed: {data!r}")
    except BaseException as exc:
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.logout()
        if isinstance(exc, (OSError, imaplib.IMAP4.error)):
            raise InboxError(f"IMAP {address.host}: {exc}") from None
        raise
    uids = [u.decode() for u in (data[0] or b"").split()] if data else []

    def fetch(uid: str, what: str) -> bytes:
        typ, data = conn.uid("FETCH", uid, what)
        if typ != "OK":
            raise InboxError(f"IMAP: fetch of message {uid} failed: {data!r}")
        return _imap_literal(data)

    def incoming() -> Iterator[Incoming]:
        for uid in uids:
            # the Message-ID alone first: a message already answered is never downloaded again
            try:
                head = fetch(uid, "(BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)])")
                message_id = _header(parse_message(head), "Message-ID")
            except Exception:
                message_id = ""
            yield Incoming(f"imap:{address.mailbox}/{uid}", lambda uid=uid: fetch(uid, "(BODY.PEEK[])"), message_id)

    try:
        yield incoming()
    finally:
        with contextlib.suppress(Exception):
            conn.logout()


# ---- where answers go -----------------------------------------------------------------------------


class MaildirOutbox:
    """Answers filed as new messages in a Maildir, for whatever sends mail from there."""

    def __init__(self, path: str) -> None:
        self.path = path

    def deliver(self, msg: EmailMessage) -> None:
        mailbox.Maildir(self.path, factory=None, create=True).add(msg.as_bytes())


def parse_host_port(text: str, default_port: int = 25) -> tuple[str, int]:
    """``host``, ``host:port`` or ``[v6addr]:port``."""
    m = re.fullmatch(r"\[([^\]]+)\](?::(\d+))?|([^:\[\]]+)(?::(\d+))?", text.strip())
    if not m:
        raise InboxError(f"not host:port: {text!r}")
    host = m.group(1) or m.group(3)
    port = m.group(2) or m.group(4)
    return host, int(port) if port else default_port


class SmtpOutbox:
    """Answers sent through an SMTP server: STARTTLS when offered, TLS from the start on port 465,
    a login when $TTOOLS_SMTP_USER is set. One connection per answer, so one refusal costs one answer."""

    def __init__(self, server: str, sender: str, env: dict[str, str] | None = None) -> None:
        self.host, self.port = parse_host_port(server)
        self.sender = sender
        env = os.environ if env is None else env
        self.user = env.get(SMTP_USER_ENV, "")
        self.password = env.get(SMTP_PASSWORD_ENV, "")

    def deliver(self, msg: EmailMessage) -> None:
        if self.port == 465:
            conn = smtplib.SMTP_SSL(self.host, self.port, timeout=60, context=ssl.create_default_context())
        else:
            conn = smtplib.SMTP(self.host, self.port, timeout=60)
        try:
            conn.ehlo()
            if self.port != 465 and conn.has_extn("starttls"):
                conn.starttls(context=ssl.create_default_context())
                conn.ehlo()
            if self.user:
                conn.login(self.user, self.password)
            conn.send_message(msg, from_addr=_address(self.sender))
        finally:
            with contextlib.suppress(Exception):
                conn.quit()


# ---- the ledger -------------------------------------------------------------------------------------


class Ledger:
    """Messages handled so far, by key, in one JSON file replaced atomically after every message."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.path = os.path.join(folder, LEDGER_NAME)
        self.messages: dict[str, dict[str, Any]] = {}
        if os.path.exists(self.path):
            try:
                with open(self.path, encoding="utf-8") as fh:
                    data = json.load(fh)
                self.messages = dict(data["messages"])
            except (OSError, ValueError, KeyError, TypeError) as exc:
                # starting afresh would answer every message again
                raise InboxError(f"the ledger {self.path} is damaged ({exc}); repair it or move it away") from None

    def done(self, key: str, retry_failed: bool = False) -> bool:
        entry = self.messages.get(key)
        return entry is not None and not (retry_failed and entry.get("status") == "failed")

    def record(self, key: str, entry: dict[str, Any]) -> None:
        self.messages[key] = entry
        data = json.dumps({"tool": "ttools inbox", "messages": self.messages}, ensure_ascii=False, indent=1)
        fd, tmp = tempfile.mkstemp(prefix=".ledger-", suffix=".json", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(data + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)


@contextlib.contextmanager
def _exclusive(folder: str) -> Iterator[None]:
    """One run at a time per state folder: two overlapping runs would answer the same message twice."""
    try:
        import fcntl
    except ImportError:  # no advisory locks on this platform
        yield
        return
    with open(os.path.join(folder, "lock"), "a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise InboxError(f"another 'ttools inbox' is working with {folder}") from None
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


# ---- a run ------------------------------------------------------------------------------------------


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


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def answer_message(raw: bytes, deliver: Callable[[EmailMessage], None], sender: str = DEFAULT_SENDER,
                   publish: str | None = None) -> tuple[EmailMessage | None, dict[str, Any]]:
    """Read one message, process its workbooks in a temporary folder and deliver the answer.
    Returns the answer (None when the message must not be answered) and its ledger entry."""
    msg = parse_message(raw)
    entry: dict[str, Any] = {"from": _header(msg, "From"), "subject": _header(msg, "Subject")}
    why_not = not_to_answer(msg, sender)
    if why_not:
        return None, {**entry, "status": "not answered", "reason": why_not}
    contents = find_workbooks(msg)
    with tempfile.TemporaryDirectory(prefix="ttools-inbox-") as folder:
        results = [process_attachment(att, folder, publish) for att in contents.workbooks]
        reply = compose_reply(msg, results, contents.ignored, sender)
    deliver(reply)
    return reply, {**entry, "status": "answered", "to": _header(reply, "To"), "reply": _header(reply, "Message-ID"),
                   "workbooks": [r.ledger() for r in results], "ignored": [d for d, _ in contents.ignored]}


def _describe(where: str, entry: dict[str, Any]) -> str:
    books = entry.get("workbooks") or []
    what = ", ".join(f"{b['name']} {b['result']}" for b in books) or "no workbook"
    return f"{where} -> {entry.get('to', '')}: {what}"


def process_inbox(source: str | None = None, *, imap: str | None = None, outbox: str | None = None,
                  state: str | None = None, smtp: str | None = None, sender: str = DEFAULT_SENDER,
                  retry_failed: bool = False, env: dict[str, str] | None = None,
                  publish: str | None = None) -> InboxReport:
    """Answer every message of SOURCE (a Maildir or a folder of .eml files) or of the IMAP mailbox at
    ``imap`` not yet in the ledger; answers go to the ``outbox`` Maildir (default ``outbox/`` beside
    SOURCE) or through ``smtp`` (and also to ``outbox`` when one is given with it). With ``publish``,
    each workbook processed without errors updates its event's web site in a sub-folder of it."""
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
    outboxes: list[Callable[[EmailMessage], None]] = []
    if smtp:
        outboxes.append(SmtpOutbox(smtp, sender, env).deliver)
    if outbox or not smtp:
        outbox = outbox or os.path.join(beside, "outbox")
        if source is not None and os.path.realpath(outbox) == os.path.realpath(source):
            raise InboxError("the outbox must not be the mailbox that is read")
        outboxes.append(MaildirOutbox(outbox).deliver)

    def deliver(msg: EmailMessage) -> None:
        for send in outboxes:
            send(msg)

    if source is not None and os.path.realpath(state) == os.path.realpath(source):
        raise InboxError("the state folder must not be the mailbox that is read")
    if publish:
        site_root = os.path.realpath(publish)
        for what, path in (("mailbox that is read", source), ("outbox", outbox), ("state folder", state)):
            if path and os.path.commonpath([site_root, os.path.realpath(path)]) in (site_root, os.path.realpath(path)):
                raise InboxError(f"the site folder must not be, hold or lie inside the {what}")
    os.makedirs(state, exist_ok=True)
    with _exclusive(state):
        ledger = Ledger(state)
        report = InboxReport()
        with _open_source(source, imap, env) as messages:
            for incoming in messages:
                if incoming.message_id and ledger.done(incoming.message_id, retry_failed):
                    report.already += 1
                    continue
                try:
                    raw = incoming.load()
                except Exception as exc:  # not recorded: a message that could not be read is tried next run
                    report.failed.append(f"{incoming.where}: cannot read it ({_one_line(exc)})")
                    continue
                try:
                    key = message_key(parse_message(raw), raw)
                except Exception:  # a message the parser chokes on is still known by its bytes
                    key = "sha256:" + hashlib.sha256(raw).hexdigest()
                if ledger.done(key, retry_failed):
                    report.already += 1
                    continue
                try:
                    _, entry = answer_message(raw, deliver, sender, publish)
                except Exception as exc:  # one bad message never stops the others
                    entry = {"status": "failed", "reason": _one_line(exc)}
                    report.failed.append(f"{incoming.where}: {entry['reason']}")
                else:
                    for book in entry.get("workbooks") or []:
                        if book.get("site") or book.get("site_error"):
                            report.published.append(f"{book['name']}: " + (book.get("site") or f"not updated ({book['site_error']})"))
                    if entry["status"] == "answered":
                        report.answered.append(_describe(incoming.where, entry))
                    else:
                        report.not_answered.append(f"{incoming.where}: {entry['reason']}")
                ledger.record(key, {"at": _now(), "source": incoming.where, **entry})
    return report


@contextlib.contextmanager
def _open_source(source: str | None, imap: str | None, env: dict[str, str]) -> Iterator[Iterator[Incoming]]:
    if imap is not None:
        address = parse_imap_url(imap)
        password = env.get(IMAP_PASSWORD_ENV)
        if not password:
            raise InboxError(f"set ${IMAP_PASSWORD_ENV} to the password of {address.user}")
        with imap_messages(address, password) as messages:
            yield messages
    elif os.path.isdir(source) and is_maildir(source):
        yield maildir_messages(source)
    elif os.path.isdir(source) or source.lower().endswith(".eml"):
        yield eml_messages(source)
    else:
        raise InboxError(f"{source}: neither a Maildir nor a folder of .eml files")
