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
import shutil
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
MAX_NESTING = 100           # forwarded inside forwarded …; deeper parts are not opened (and the reply says so)
MAX_PARTS = 2000            # parts of one message looked at
NETWORK_TIMEOUT = 60        # seconds a mail server may stay silent before the run gives up on it
MAX_ATTEMPTS = 5            # runs that try a message whose answer could not be delivered, then it is given up
_MAX_LISTED_WARNINGS = 5    # a clean workbook's reply shows only the first few warnings
_MAX_LISTED_PROBLEMS = 30   # the annotated copy carries the full list


class InboxError(Exception):
    """The inbox cannot be worked at all (bad source, options, ledger or connection): one line."""


class SourceLost(InboxError):
    """The mailbox read went away mid-run (IMAP connection lost): the rest waits for the next run."""


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
    """The workbooks attached to a message (also inside forwarded messages) and what else was there.
    The parts are walked with a stack, not recursion, down to ``MAX_NESTING`` levels and at most
    ``MAX_PARTS`` parts; what lies deeper or further is named in ``Contents.ignored``."""
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
        if part.get_content_type() == "message/rfc822" or part.is_multipart():
            payload = part.get_payload()
            subs = [sub for sub in (payload if isinstance(payload, list) else [payload]) if isinstance(sub, Message)]
            stack.extend((sub, depth + 1) for sub in reversed(subs))    # popped in the order they came
            continue
        if _is_body_text(part):
            continue
        raw_name = part.get_filename() or ""
        data = part.get_payload(decode=True) or b""
        if raw_name.lower().endswith(".eml"):   # some clients forward a message as a plain file
            stack.append((email.message_from_bytes(data, policy=email.policy.default), depth + 1))
            continue
        if _is_workbook(part, raw_name):
            fallback = "workbook.xlsm" if part.get_content_type() == XLSM_TYPE else "workbook.xlsx"
            name = safe_filename(raw_name, fallback)
            if not name.lower().endswith(_WORKBOOK_SUFFIXES):
                name += os.path.splitext(fallback)[1]
            digest = hashlib.sha256(data).hexdigest()
            if digest in seen:
                found.ignored.append((f"{name} ({_size(len(data))})", "same-file:" + seen[digest]))
                continue
            name = unique(name)
            seen[digest] = name
            found.workbooks.append(Attachment(name, data))
            continue
        shown = safe_filename(raw_name, "") or f"({part.get_content_type()})"
        hint = _HINTS.get(os.path.splitext(shown.lower())[1], "")
        found.ignored.append((f"{shown} ({part.get_content_type()}, {_size(len(data))})", hint))
    if too_deep:
        found.ignored.append((f"(parts nested deeper than {MAX_NESTING} levels)", "too-deep"))
    if too_many:
        found.ignored.append((f"(parts after the first {MAX_PARTS})", "too-many"))
    return found


def parse_message(raw: bytes) -> EmailMessage:
    return email.message_from_bytes(raw, policy=email.policy.default)


_MAX_HEADER = 2000     # characters of a header read: the address parser takes minutes on a 500 KB one


def _header(msg: Message, name: str) -> str:
    """A header as one clean line ('' when absent or unparseable): no CR/LF can reach a reply."""
    try:
        raw = next((v for k, v in msg.raw_items() if k.lower() == name.lower()), None)
        if raw is None or not isinstance(raw, str):
            value = msg.get(name)
        else:
            value = msg.policy.header_fetch_parse(name, raw[:_MAX_HEADER])
        text = str(value) if value is not None else ""
    except Exception:  # a malformed header must not cost the whole message
        text = ""
    return re.sub(r"\s+", " ", text).strip()[:_MAX_HEADER]


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
    """Process one attached workbook in a folder of its own: results workbook, annotated copy,
    lines to quote; with ``publish``, a workbook without errors also updates its event's site in
    that folder. A workbook that cannot be read, or that ttools fails on, is reported in the
    answer; only a failure to write (full disk) is raised, so the message is tried again later."""
    from ttools.files import os_error
    from ttools.problems import Unreadable

    os.makedirs(folder, exist_ok=True)
    source = os.path.join(folder, att.name)
    with open(source, "wb") as fh:
        fh.write(att.data)
    digest = hashlib.sha256(att.data).hexdigest()

    def unreadable(exc: BaseException) -> WorkbookResult:
        # the reason names the file by the path it was read from; the sender knows it by its name
        reason = str(exc).replace(source, att.name)
        if reason.startswith(att.name + ": "):
            reason = reason[len(att.name) + 2:]
        return WorkbookResult(att.name, digest, "unreadable", reason=reason)

    try:
        return _process_workbook(att, source, folder, digest, publish)
    except Unreadable as exc:
        return unreadable(exc)
    except OSError:
        raise
    except Exception as exc:   # a bug in ttools costs this workbook, not the message nor its other workbooks
        if os_error(exc) is not None:
            raise
        return unreadable(Unreadable(f"ttools failed on it ({_one_line(exc)}); the processor's operator should report it"))


def _process_workbook(att: Attachment, source: str, folder: str, digest: str, publish: str | None) -> WorkbookResult:
    from ttools import pipeline
    from ttools.workbook.annotate import annotate_copy

    outcome = pipeline.process_file(source)
    lang = outcome.lang
    result = WorkbookResult(att.name, digest, "ok" if outcome.ok else "problems", lang=lang,
                            errors=[p.line(lang) for p in outcome.problems if p.severity == "error"],
                            warnings=[p.line(lang) for p in outcome.problems if p.severity != "error"])
    results = os.path.join(folder, _stem(att.name) + ".out.xlsx")
    if outcome.writer is not None:
        pipeline.write_output(outcome, results)
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
    "too-deep": {"en": f"not opened: the message nests forwarded parts deeper than {MAX_NESTING} levels; attach the workbook directly",
                 "zh-Hant": f"未開啟：郵件中轉寄的層次超過 {MAX_NESTING} 層；請直接附上工作簿",
                 "zh-Hans": f"未打开：邮件中转发的层次超过 {MAX_NESTING} 层；请直接附上工作簿"},
    "too-many": {"en": f"not opened: the message has more than {MAX_PARTS} parts",
                 "zh-Hant": f"未開啟：郵件超過 {MAX_PARTS} 個部分", "zh-Hans": f"未打开：邮件超过 {MAX_PARTS} 个部分"},
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


def reply_message_id(key: str, sender: str = DEFAULT_SENDER) -> str:
    """The answer's Message-ID, derived from the ledger key of the message answered: a resend of
    the same answer carries the same id, so a mail client (or a person) can tell it is one."""
    domain = _address(sender).rpartition("@")[2] or "localhost"
    return f"<ttools.{hashlib.sha256(key.encode('utf-8', 'surrogateescape')).hexdigest()[:40]}@{domain}>"


def compose_reply(original: Message, results: list[WorkbookResult], ignored: list[tuple[str, str]],
                  sender: str = DEFAULT_SENDER, message_id: str | None = None) -> EmailMessage:
    """The answer to ``original``: threaded under it, addressed to its Reply-To or From, results attached."""
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = ", ".join(formataddr(pair) for pair in reply_addresses(original))
    subject = _header(original, "Subject")
    reply["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject or 'ttools'}"
    reply["Date"] = formatdate(localtime=True)
    domain = _address(sender).rpartition("@")[2] or "localhost"
    reply["Message-ID"] = message_id or make_msgid("ttools", domain=domain)
    original_id = _header(original, "Message-ID")
    if original_id:
        reply["In-Reply-To"] = original_id
        reply["References"] = " ".join(filter(None, [_header(original, "References"), original_id]))
    reply["Auto-Submitted"] = "auto-replied"   # RFC 3834: other robots must not answer us back
    reply.set_content(reply_text(results, ignored))
    names: set[str] = set()
    for r in results:
        for path in r.files:
            with open(path, "rb") as fh:
                data = fh.read()
            name = os.path.basename(path)
            stem, ext = os.path.splitext(name)
            n = 1
            while name.casefold() in names:     # never two attachments of one name
                n += 1
                name = f"{stem}-{n}{ext}"
            names.add(name.casefold())
            maintype, subtype = XLSX_TYPE.split("/")
            reply.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
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
            conn = imaplib.IMAP4_SSL(address.host, address.port, ssl_context=ssl.create_default_context(),
                                     timeout=NETWORK_TIMEOUT)
        else:
            conn = imaplib.IMAP4(address.host, address.port, timeout=NETWORK_TIMEOUT)
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
    try:   # UIDs name a message only together with the mailbox's UIDVALIDITY
        validity = b"".join(x for x in conn.response("UIDVALIDITY")[1] if isinstance(x, bytes)).decode() or "0"
    except Exception:
        validity = "0"

    def fetch(uid: str, what: str) -> bytes:
        try:
            typ, data = conn.uid("FETCH", uid, what)
        except (imaplib.IMAP4.abort, OSError) as exc:   # the connection is gone: so are the other messages
            raise SourceLost(f"IMAP {address.host}: connection lost ({_one_line(exc)})") from None
        if typ != "OK":
            raise InboxError(f"IMAP: fetch of message {uid} failed: {data!r}")
        return _imap_literal(data)

    def incoming() -> Iterator[Incoming]:
        for uid in uids:   # a message already answered is known by its UID and never downloaded again
            yield Incoming(f"imap:{address.mailbox};{validity}/{uid}", lambda uid=uid: fetch(uid, "(BODY.PEEK[])"))

    try:
        yield incoming()
    finally:
        with contextlib.suppress(Exception):
            conn.logout()


# ---- where answers go -----------------------------------------------------------------------------


class MaildirOutbox:
    """Answers filed as new messages in a Maildir, for whatever sends mail from there. Each answer
    is filed under a name derived from the message it answers, written in tmp/ and linked into
    new/ (a link never replaces a file): an answer already filed is never filed twice, even when
    the run that filed it was killed before it could note it in the ledger."""

    def __init__(self, path: str) -> None:
        self.path = path

    def _folders(self) -> None:
        for sub in ("tmp", "new", "cur"):
            os.makedirs(os.path.join(self.path, sub), exist_ok=True)

    def delivered(self, name: str) -> bool:
        if os.path.exists(os.path.join(self.path, "new", name)):
            return True
        cur = os.path.join(self.path, "cur")   # a mail client moves what it has seen here, adding ':2,S'
        return os.path.isdir(cur) and any(n == name or n.startswith(name + ":") for n in os.listdir(cur))

    def deliver(self, msg: EmailMessage, name: str) -> None:
        self._folders()
        if self.delivered(name):
            return
        tmp = os.path.join(self.path, "tmp", name)
        with open(tmp, "wb") as fh:
            fh.write(msg.as_bytes())
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, os.path.join(self.path, "new", name))
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
        _fsync_folder(os.path.join(self.path, "new"))

    def clean(self) -> None:
        """Remove what a killed run left in tmp/ (only files of ttools' own names)."""
        tmp = os.path.join(self.path, "tmp")
        if os.path.isdir(tmp):
            for n in os.listdir(tmp):
                if n.startswith(_OUTBOX_PREFIX):
                    with contextlib.suppress(OSError):
                        os.unlink(os.path.join(tmp, n))


_OUTBOX_PREFIX = "ttools-reply."


def outbox_name(key: str) -> str:
    """The Maildir file name of the answer to the message of ledger key ``key``."""
    return _OUTBOX_PREFIX + hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:40]


def _fsync_folder(path: str) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


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

    def deliver(self, msg: EmailMessage, name: str = "") -> None:
        if self.port == 465:
            conn = smtplib.SMTP_SSL(self.host, self.port, timeout=NETWORK_TIMEOUT, context=ssl.create_default_context())
        else:
            conn = smtplib.SMTP(self.host, self.port, timeout=NETWORK_TIMEOUT)
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

# what became of a message: final ones are never tried again (unless asked to for 'given up')
RESERVED, ANSWERED, NOT_ANSWERED, FAILED, GIVEN_UP = "reserved", "answered", "not answered", "failed", "given up"
_FINAL = (ANSWERED, NOT_ANSWERED, GIVEN_UP)


class Ledger:
    """Messages handled so far, by key, in one JSON file replaced atomically (and synced) at every
    step: reserved before the answer is made, answered once it is delivered."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.path = os.path.join(folder, LEDGER_NAME)
        self.messages: dict[str, dict[str, Any]] = {}
        self.sources: dict[str, str] = {}     # where a message was seen -> its key (IMAP: no second download)
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

    def record(self, key: str, entry: dict[str, Any], where: str = "") -> None:
        self.messages[key] = entry
        if where:
            self.sources[where] = key
        data = json.dumps({"tool": "ttools inbox", "messages": self.messages, "sources": self.sources},
                          ensure_ascii=False, indent=1)
        fd, tmp = tempfile.mkstemp(prefix=".ledger-", suffix=".json", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(data + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
            _fsync_folder(self.folder)
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


WORK_FOLDER = "work"    # inside the state folder: attachments and results while a message is answered


def _clean_state(state: str) -> None:
    """What a killed run left behind: its work folder and half-written ledgers."""
    shutil.rmtree(os.path.join(state, WORK_FOLDER), ignore_errors=True)
    for n in os.listdir(state):
        if n.startswith(".ledger-"):
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(state, n))


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


class _TooDeep(Exception):
    pass


def _parse_for_answer(raw: bytes) -> tuple[Message, Contents]:
    """The message and what it carries; a message nested beyond what the parser can follow is read
    for its headers only, and its answer says why nothing in it was opened."""
    try:
        msg = parse_message(raw)
        return msg, find_workbooks(msg)
    except RecursionError:
        from email.parser import BytesHeaderParser

        msg = BytesHeaderParser(policy=email.policy.default).parsebytes(raw)
        return msg, Contents(ignored=[(f"(parts nested deeper than {MAX_NESTING} levels)", "too-deep")])


def answer_message(raw: bytes, deliver: Callable[[EmailMessage, str], None], sender: str = DEFAULT_SENDER,
                   key: str = "", work: str | None = None, publish: str | None = None
                   ) -> tuple[EmailMessage | None, dict[str, Any]]:
    """Read one message, process each workbook in a folder of its own under ``work`` and deliver
    the answer (with the Message-ID and outbox name derived from ``key``). Returns the answer
    (None when the message must not be answered) and its ledger entry."""
    msg, contents = _parse_for_answer(raw)
    key = key or message_key(msg, raw)
    entry: dict[str, Any] = {"from": _header(msg, "From"), "subject": _header(msg, "Subject")}
    why_not = not_to_answer(msg, sender)
    if why_not:
        return None, {**entry, "status": NOT_ANSWERED, "reason": why_not}
    own = work is None
    folder = tempfile.mkdtemp(prefix="ttools-inbox-") if own else work
    try:
        results = [process_attachment(att, os.path.join(folder, str(i)), publish)
                   for i, att in enumerate(contents.workbooks, start=1)]
        reply = compose_reply(msg, results, contents.ignored, sender, reply_message_id(key, sender))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    deliver(reply, outbox_name(key))
    return reply, {**entry, "status": ANSWERED, "to": _header(reply, "To"), "reply": _header(reply, "Message-ID"),
                   "workbooks": [r.ledger() for r in results], "ignored": [d for d, _ in contents.ignored]}


def _describe(where: str, entry: dict[str, Any]) -> str:
    books = entry.get("workbooks") or []
    what = ", ".join(f"{b['name']} {b['result']}" for b in books) or "no workbook"
    return f"{where} -> {entry.get('to', '')}: {what}"


def _inside(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or lies inside it, whatever the spelling of either."""
    from ttools.files import same_file

    if same_file(path, folder):
        return True
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real, top]) == top


class InboxRefused(InboxError):
    """An outbox or state folder that would write into the mailbox read (exit 2)."""


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
    outboxes: list[Callable[[EmailMessage, str], None]] = []
    maildir_out: MaildirOutbox | None = None
    if outbox or not smtp:
        outbox = outbox or os.path.join(beside, "outbox")
        maildir_out = MaildirOutbox(outbox)
        outboxes.append(maildir_out.deliver)   # first: it is the one that can tell an answer already filed
    if smtp:
        outboxes.append(SmtpOutbox(smtp, sender, env).deliver)
    if source is not None:
        for what, path in (("outbox", outbox), ("state folder", state)):
            if path and (_inside(path, source) or _inside(source, path)):
                raise InboxRefused(f"refused: the {what} {path} is (or holds, or lies in) the mailbox {source} that is read")
    if outbox and (_inside(outbox, state) or _inside(state, outbox)):
        raise InboxRefused(f"refused: the outbox {outbox} and the state folder {state} must be apart")

    def deliver(msg: EmailMessage, name: str) -> None:
        for send in outboxes:
            send(msg, name)

    if publish:
        for what, path in (("mailbox that is read", source), ("outbox", outbox), ("state folder", state)):
            if path and (_inside(publish, path) or _inside(path, publish)):
                raise InboxRefused(f"refused: the site folder must not be, hold or lie inside the {what}")
    os.makedirs(state, exist_ok=True)
    with _exclusive(state):
        _clean_state(state)
        if maildir_out is not None:
            maildir_out.clean()
        ledger = Ledger(state)
        report = InboxReport()
        with _open_source(source, imap, env) as messages:
            # a message a killed run was answering comes last: should it be what stops runs, the
            # others are answered first, and after MAX_ATTEMPTS such runs it is given up
            listed = list(messages)
            interrupted = {i.where for i in listed if ledger.status(ledger.sources.get(i.where, "")) == RESERVED}
            left = [i for i in listed if i.where not in interrupted] + [i for i in listed if i.where in interrupted]
            for n, incoming in enumerate(left):
                try:
                    _answer_one(incoming, ledger, report, deliver, sender, state, retry_failed, publish, maildir_out)
                except SourceLost as exc:
                    report.failed.append(f"{exc}; {len(left) - n} message(s) wait for the next run")
                    break
        shutil.rmtree(os.path.join(state, WORK_FOLDER), ignore_errors=True)
    return report


def _answer_one(incoming: Incoming, ledger: Ledger, report: InboxReport, deliver, sender: str, state: str,
                retry_failed: bool, publish: str | None = None, maildir_out: MaildirOutbox | None = None) -> None:
    known = ledger.sources.get(incoming.where) if incoming.where.startswith("imap:") else None
    if known and _done(ledger.status(known), retry_failed):
        report.already += 1
        return
    try:
        raw = incoming.load()
    except SourceLost:
        raise
    except Exception as exc:  # not recorded: a message that could not be read is tried next run
        report.failed.append(f"{incoming.where}: cannot read it ({_one_line(exc)})")
        return
    key = ledger_key(raw)
    status = ledger.status(key)
    if _done(status, retry_failed):
        report.already += 1
        return
    previous = ledger.messages.get(key) or {}
    attempts = int(previous.get("attempts", 0)) + 1
    if status == GIVEN_UP:
        attempts = MAX_ATTEMPTS       # asked to try again: once
    base = {"at": _now(), "source": incoming.where, "attempts": attempts}
    if status == RESERVED and attempts > MAX_ATTEMPTS and not retry_failed:
        # every run that took it up so far stopped on the way: it must not stop every run to come
        if maildir_out is not None and maildir_out.delivered(outbox_name(key)):
            ledger.record(key, {**previous, **base, "status": ANSWERED}, incoming.where)
            report.already += 1
            return
        reason = f"every run that took it up stopped before answering it ({attempts - 1} runs)"
        ledger.record(key, {**previous, **base, "status": GIVEN_UP, "reason": reason}, incoming.where)
        report.failed.append(f"{incoming.where}: {reason} (given up)")
        return
    # reserved before anything is delivered: a run killed from here on finds it and finishes it
    ledger.record(key, {**previous, **base, "status": RESERVED}, incoming.where)
    work = os.path.join(state, WORK_FOLDER, hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:16])
    try:
        _, entry = answer_message(raw, deliver, sender, key=key, work=work, publish=publish)
    except Exception as exc:  # one bad message never stops the others
        given_up = attempts >= MAX_ATTEMPTS
        entry = {"status": GIVEN_UP if given_up else FAILED, "reason": _one_line(exc)}
        note = f" (given up after {attempts} attempts)" if given_up else f" (attempt {attempts} of {MAX_ATTEMPTS}; tried again next run)"
        report.failed.append(f"{incoming.where}: {entry['reason']}{note}")
    else:
        for book in entry.get("workbooks") or []:
            if book.get("site") or book.get("site_error"):
                report.published.append(f"{book['name']}: " + (book.get("site") or f"not updated ({book['site_error']})"))
        if entry["status"] == ANSWERED:
            report.answered.append(_describe(incoming.where, entry))
        else:
            report.not_answered.append(f"{incoming.where}: {entry['reason']}")
    ledger.record(key, {**base, **entry}, incoming.where)


def _done(status: str, retry_failed: bool) -> bool:
    if status == GIVEN_UP:
        return not retry_failed
    return status in _FINAL


def ledger_key(raw: bytes) -> str:
    """The ledger key of a message: its Message-ID and a hash of its content (the headers that
    say who, what and when, and the body), so that two different messages reusing one Message-ID
    are both answered, while the same message met twice (trace headers added on the way) is not."""
    try:
        msg = email.message_from_bytes(raw.split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0] + b"\n\n",
                                       policy=email.policy.compat32)
        message_id = re.sub(r"\s+", " ", str(msg.get("Message-ID") or "")).strip()
        head = [re.sub(r"\s+", " ", str(msg.get(h) or "")).strip() for h in ("From", "To", "Cc", "Subject", "Date")]
    except Exception:
        message_id, head = "", []
    sep = re.search(rb"\r?\n\r?\n", raw)
    body = raw[sep.end():] if sep else b""
    h = hashlib.sha256("\n".join([message_id, *head]).encode("utf-8", "surrogateescape") + b"\n\n" + body.replace(b"\r\n", b"\n"))
    return f"{message_id} sha256:{h.hexdigest()}" if message_id else f"sha256:{h.hexdigest()}"


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
