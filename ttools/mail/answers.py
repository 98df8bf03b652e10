"""The answer to one message: each attached workbook processed in a folder of its own, and the
reply made of what came of them (its text in the event's language, the result workbooks attached)."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.utils import formataddr, formatdate, getaddresses, make_msgid
from typing import Any

from ttools.files import CannotWrite, os_error
from ttools.i18n import Translator
from ttools.mail.errors import one_line
from ttools.mail.headers import (
    DEFAULT_SENDER,
    LOOP_HEADER,
    LOOP_MARK,
    address_of,
    header,
)
from ttools.mail.ledger import ANSWERED
from ttools.mail.limits import Limits, shown_size
from ttools.mail.mime import (
    MAX_NESTING,
    MAX_PARTS,
    PDF_TYPE,
    WORKBOOK_SUFFIXES,
    XLSX_TYPE,
    Attachment,
    Contents,
)
from ttools.problems import Unreadable
from ttools.version import __version__

_MAX_LISTED_WARNINGS = 5  # a clean workbook's reply shows only the first few warnings
_MAX_LISTED_PROBLEMS = 30  # the annotated copy carries the full list


# ---- one workbook -----------------------------------------------------------------------------------


@dataclass
class WorkbookResult:
    name: str
    sha256: str
    status: str  # 'ok', 'problems' or 'unreadable'
    lang: str = "en"
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    reason: str = ""  # why an unreadable file was not processed
    files: list[str] = field(default_factory=list)  # paths of the workbooks to attach
    site: str = ""  # the web site updated from it (--publish)
    site_error: str = ""  # why the site was not updated
    left_out: list[str] = field(default_factory=list)  # paths of results too large to attach
    pdf_error: str = ""  # why no PDF was attached although one was asked for

    def ledger(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sha256": self.sha256,
            "result": self.status,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            **({"reason": self.reason} if self.reason else {}),
            **({"site": self.site} if self.site else {}),
            **({"site_error": self.site_error} if self.site_error else {}),
            **({"pdf_error": self.pdf_error} if self.pdf_error else {}),
        }


def _stem(name: str) -> str:
    return name[:-5] if name.lower().endswith(WORKBOOK_SUFFIXES) else name


def process_attachment(att: Attachment, folder: str, publish: str | None = None, pdf: bool = False) -> WorkbookResult:
    """Process one attached workbook in a folder of its own: results workbook, annotated copy,
    lines to quote; with ``publish``, a workbook without errors also updates its event's site in
    that folder, and with ``pdf`` its printable sheets are printed to a PDF attached beside it. A workbook that cannot be read, or that ttools fails on, is reported in the
    answer; only a failure to write (full disk: OSError, CannotWrite) is raised, so the message
    is tried again later."""
    os.makedirs(folder, exist_ok=True)
    source = os.path.join(folder, att.name)
    with open(source, "wb") as fh:
        fh.write(att.data)
    digest = hashlib.sha256(att.data).hexdigest()

    def unreadable(exc: BaseException) -> WorkbookResult:
        # the reason names the file by the path it was read from; the sender knows it by its name
        reason = str(exc).replace(source, att.name)
        if reason.startswith(att.name + ": "):
            reason = reason[len(att.name) + 2 :]
        return WorkbookResult(att.name, digest, "unreadable", reason=reason)

    try:
        return _process_workbook(att, source, folder, digest, publish, pdf)
    except Unreadable as exc:
        return unreadable(exc)
    except (OSError, CannotWrite):  # a full disk: the message is answered by a later run
        raise
    except Exception as exc:  # a bug in ttools costs this workbook, not the message nor its other workbooks
        if os_error(exc) is not None:
            raise
        return unreadable(
            Unreadable(f"ttools failed on it ({one_line(exc)}); the processor's operator should report it")
        )


def _process_workbook(
    att: Attachment, source: str, folder: str, digest: str, publish: str | None, pdf: bool = False
) -> WorkbookResult:
    from ttools import (
        pipeline,  # the workbook machinery, loaded only when there is a workbook
    )
    from ttools.workbook.annotate import annotate_copy

    outcome = pipeline.process_file(source)
    lang = outcome.lang
    result = WorkbookResult(
        att.name,
        digest,
        "ok" if outcome.ok else "problems",
        lang=lang,
        errors=[p.line(lang) for p in outcome.problems if p.severity == "error"],
        warnings=[p.line(lang) for p in outcome.problems if p.severity != "error"],
    )
    results = os.path.join(folder, _stem(att.name) + ".out.xlsx")
    if outcome.writer is not None:
        pipeline.write_output(outcome, results)
        result.files.append(results)
    if not outcome.ok:
        checked = os.path.join(folder, _stem(att.name) + ".checked.xlsx")
        annotate_copy(source, checked, outcome.problems, lang)
        result.files.append(checked)
        if publish:  # nothing computed from a broken workbook goes public
            result.site_error = "the workbook has errors; its site was left as it was"
    else:
        if pdf and outcome.writer is not None:
            _print_pdf(outcome, os.path.join(folder, _stem(att.name) + ".out.pdf"), digest, result)
        if publish:
            _publish_site(outcome, publish, result)
    return result


def _print_pdf(outcome, target: str, digest: str, result: WorkbookResult) -> None:
    """The PDF of the printable sheets, attached after the results workbook; where it cannot be
    printed (no font for the event's script on the processor's machine) the answer says why."""
    from ttools.pdf import PdfUnavailable, print_outcome

    try:
        result.files.append(print_outcome(outcome, target, digest))
    except PdfUnavailable as exc:
        result.pdf_error = str(exc)


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


# ---- the answer's text --------------------------------------------------------------------------------

# code -> (Traditional Chinese, English[, Simplified Chinese where it uses other words: 文件 for 檔,
# 电子表格 for 試算表, 单元格 for 儲存格, 导出 for 匯出, 打开 for 開啟, 转发 for 轉寄]); the codes of
# the hints are those that the MIME walk gives the files it ignores
_TEXTS: dict[str, tuple[str, ...]] = {
    "ok": (
        "{name}：已處理，沒有錯誤，{warnings} 個警告。結果已附上：{out}。",
        "{name}: processed, no errors, {warnings} warning(s). Results attached: {out}.",
    ),
    "ok-nothing": (
        "{name}：已處理，沒有錯誤，{warnings} 個警告；沒有可寫出的結果。",
        "{name}: processed, no errors, {warnings} warning(s); there were no results to write.",
    ),
    "problems": (
        (
            "{name}：{errors} 個錯誤，{warnings} 個警告。附件：{attached}。{checked} 是您的工作簿，"
            "每個有問題的儲存格都已標示：請修正後再寄一次。"
        ),
        (
            "{name}: {errors} error(s), {warnings} warning(s). Attached: {attached}. {checked} is your "
            "workbook with every problem cell highlighted: fix those cells and send the workbook again."
        ),
        (
            "{name}：{errors} 个错误，{warnings} 个警告。附件：{attached}。{checked} 是您的工作簿，"
            "每个有问题的单元格都已标示：请修正后再寄一次。"
        ),
    ),
    "unreadable": ("{name}：未處理：{reason}", "{name}: not processed: {reason}"),
    "more": (
        "…… 另有 {n} 項（全部列在 {checked} 的第一個工作表）",
        "… and {n} more (every problem is listed in the first sheet of {checked})",
    ),
    "pdf-missing": ("未附 PDF：{reason}", "No PDF attached: {reason}"),
    "more-warnings": ("…… 另有 {n} 個警告", "… and {n} more warning(s)"),
    "none": (
        "您的郵件沒有附上 Excel 工作簿（.xlsx 或 .xlsm），所以沒有處理任何檔案。",
        "No Excel workbook (.xlsx or .xlsm) was attached to your message, so nothing was processed.",
        "您的邮件没有附上 Excel 工作簿（.xlsx 或 .xlsm），所以没有处理任何文件。",
    ),
    "ignored": ("已略過（不是工作簿）：", "Ignored (not a workbook):"),
    "no-attachments": ("郵件沒有附件。", "The message had no attachments."),
    "hint-xls": (
        "舊版 Excel 97-2003 格式：請另存為 .xlsx 再寄",
        "old Excel 97-2003 format: save it as .xlsx and send it again",
    ),
    "hint-ods": (
        "OpenDocument 試算表：請另存為 .xlsx 再寄",
        "an OpenDocument spreadsheet: save it as .xlsx and send it again",
        "OpenDocument 电子表格：请另存为 .xlsx 再寄",
    ),
    "hint-csv": (
        "CSV 檔：ttools 讀取的是賽事的 .xlsx 工作簿",
        "a CSV file: ttools reads the event's .xlsx workbook",
        "CSV 文件：ttools 读取的是赛事的 .xlsx 工作簿",
    ),
    "hint-numbers": (
        "Numbers 檔：請匯出為 .xlsx 再寄",
        "a Numbers file: export it as .xlsx and send it again",
        "Numbers 文件：请导出为 .xlsx 再寄",
    ),
    "too-deep": (
        f"未開啟：郵件中轉寄的層次超過 {MAX_NESTING} 層；請直接附上工作簿",
        f"not opened: the message nests forwarded parts deeper than {MAX_NESTING} levels; attach the workbook directly",
        f"未打开：邮件中转发的层次超过 {MAX_NESTING} 层；请直接附上工作簿",
    ),
    "too-many": (
        f"未開啟：郵件超過 {MAX_PARTS} 個部分",
        f"not opened: the message has more than {MAX_PARTS} parts",
        f"未打开：邮件超过 {MAX_PARTS} 个部分",
    ),
    "same-file": ("與 {other} 是同一個檔案", "the same file as {other}", "与 {other} 是同一个文件"),
    "unreadable-parts": (
        "未開啟：郵件的結構無法讀取；請直接附上工作簿再寄一次",
        "not opened: the structure of the message cannot be read; attach the workbook again",
        "未打开：邮件的结构无法读取；请直接附上工作簿再寄一次",
    ),
    "ok-left-out": (
        "{name}：已處理，沒有錯誤，{warnings} 個警告；結果太大，沒有附上（見下）。",
        "{name}: processed, no errors, {warnings} warning(s); the results were too large to attach (see below).",
    ),
    "left-out": ("未處理或未附上：", "Left out:"),
    "too-many-workbooks": (
        "{name}：未處理：郵件附上 {n} 個工作簿，每封郵件最多處理 {limit} 個；請另外寄出其餘的",
        "{name}: not processed: the message carries {n} workbooks and at most {limit} are "
        "processed per message; send the others in another message",
    ),
    "answer-too-large": (
        "{name}（{size}）：未附上：回信會超過 {limit} 的上限",
        "{name} ({size}): not attached: the answer would be larger than the limit of {limit}",
    ),
    "message-too-large": (
        ("您的郵件（{size}）超過 {limit} 的上限，所以沒有開啟其中任何檔案；請把工作簿分成幾封郵件寄出。"),
        (
            "Your message ({size}) is larger than the limit of {limit}, so nothing in it was "
            "opened; send the workbooks in several messages."
        ),
        ("您的邮件（{size}）超过 {limit} 的上限，所以没有打开其中任何文件；请把工作簿分成几封邮件寄出。"),
    ),
}


def _say(t: Translator, code: str, **params: Any) -> str:
    traditional, english, *hans = _TEXTS[code]
    return t(traditional, english, hans=hans[0] if hans else None, **params)


def _ignored_line(t: Translator, description: str, hint: str) -> str:
    if hint.startswith("same-file:"):
        return f"  {description}: {_say(t, 'same-file', other=hint.split(':', 1)[1])}"
    return f"  {description}: {_say(t, hint)}" if hint else f"  {description}"


def _paragraph(t: Translator, r: WorkbookResult) -> str:
    """What the answer says of one workbook: how it went, and the first of its problems."""
    names = [os.path.basename(f) for f in r.files]
    if r.status == "unreadable":
        return _say(t, "unreadable", name=r.name, reason=r.reason)
    if r.status == "ok":
        code = "ok" if names else "ok-left-out" if r.left_out else "ok-nothing"
        head = _say(t, code, name=r.name, warnings=len(r.warnings), out=", ".join(names))
        lines = [f"  {w}" for w in r.warnings[:_MAX_LISTED_WARNINGS]]
        if r.pdf_error:
            lines.insert(0, "  " + _say(t, "pdf-missing", reason=r.pdf_error))
        if len(r.warnings) > _MAX_LISTED_WARNINGS:
            lines.append("  " + _say(t, "more-warnings", n=len(r.warnings) - _MAX_LISTED_WARNINGS))
        return "\n".join([head, *lines])
    checked = os.path.basename([*r.files, *r.left_out][-1])
    head = _say(
        t,
        "problems",
        name=r.name,
        errors=len(r.errors),
        warnings=len(r.warnings),
        attached=", ".join(names) or "-",
        checked=checked,
    )
    problems = r.errors + r.warnings
    lines = [f"  {p}" for p in problems[:_MAX_LISTED_PROBLEMS]]
    if len(problems) > _MAX_LISTED_PROBLEMS:
        lines.append("  " + _say(t, "more", n=len(problems) - _MAX_LISTED_PROBLEMS, checked=checked))
    return "\n".join([head, *lines])


def reply_text(
    results: list[WorkbookResult],
    ignored: list[tuple[str, str]],
    left_out: list[tuple[str, dict[str, Any]]] | None = None,
    opening: str = "",
) -> str:
    """The body of the answer: an opening line, one paragraph per workbook, what was ignored,
    and what was left out (``(code, params)`` of each line: workbooks beyond the limit, results
    too large to attach)."""
    t = Translator(next((r.lang for r in results if r.status != "unreadable"), "en"))
    paragraphs = [opening] if opening else []
    paragraphs += [_paragraph(t, r) for r in results]
    if not results and not opening and not left_out:
        paragraphs.append(_say(t, "none"))
        if not ignored:
            paragraphs.append(_say(t, "no-attachments"))
    if ignored:
        paragraphs.append("\n".join([_say(t, "ignored")] + [_ignored_line(t, d, h) for d, h in ignored]))
    if left_out:
        paragraphs.append("\n".join([_say(t, "left-out")] + [f"  {_say(t, c, **p)}" for c, p in left_out]))
    return "\n\n".join(paragraphs) + f"\n\n-- \nttools {__version__}\n"


# ---- the answer -----------------------------------------------------------------------------------


def reply_message_id(key: str, sender: str = DEFAULT_SENDER) -> str:
    """The answer's Message-ID, derived from the ledger key of the message answered: a resend of
    the same answer carries the same id, so a mail client (or a person) can tell it is one; its
    form (``<ttools.`` and 40 hex digits) lets the inbox know its own answers when they come back."""
    domain = address_of(sender).rpartition("@")[2] or "localhost"
    return f"<ttools.{hashlib.sha256(key.encode('utf-8', 'surrogateescape')).hexdigest()[:40]}@{domain}>"


def _encoded_size(n: int) -> int:
    """Bytes an attachment of ``n`` bytes takes in a message (base64, lines of 76)."""
    return (n + 2) // 3 * 4 * 78 // 76 + 400


def fit_attachments(results: list[WorkbookResult], limit: int) -> list[tuple[str, dict[str, Any]]]:
    """Keep the result files of each workbook while the answer stays within ``limit`` bytes; the
    others move to the workbook's ``left_out``, and the lines saying so are returned."""
    budget = limit - 64 * 1024  # the text and headers of the answer
    lines: list[tuple[str, dict[str, Any]]] = []
    for r in results:
        kept = []
        for path in r.files:
            size = os.path.getsize(path)
            if _encoded_size(size) <= budget:
                budget -= _encoded_size(size)
                kept.append(path)
            else:
                r.left_out.append(path)
                lines.append(
                    (
                        "answer-too-large",
                        {"name": os.path.basename(path), "size": shown_size(size), "limit": shown_size(limit)},
                    )
                )
        r.files = kept
    return lines


def _attach_results(reply: EmailMessage, results: list[WorkbookResult]) -> None:
    names: set[str] = set()
    for r in results:
        for path in r.files:
            with open(path, "rb") as fh:
                data = fh.read()
            name = os.path.basename(path)
            stem, ext = os.path.splitext(name)
            n = 1
            while name.casefold() in names:  # never two attachments of one name
                n += 1
                name = f"{stem}-{n}{ext}"
            names.add(name.casefold())
            maintype, subtype = (PDF_TYPE if ext.lower() == ".pdf" else XLSX_TYPE).split("/")
            reply.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)


def compose_reply(
    original: Message,
    to: str,
    text: str,
    results: list[WorkbookResult],
    sender: str = DEFAULT_SENDER,
    message_id: str | None = None,
) -> EmailMessage:
    """The answer to ``original``: threaded under it, addressed to ``to`` alone, marked as an
    automatic answer (RFC 3834) with the inbox's own X-Loop, the results attached."""
    reply = EmailMessage()
    reply["From"] = sender
    name = next((n for n, a in getaddresses([header(original, "From")]) if a.lower() == to), "")
    reply["To"] = formataddr((name, to))
    subject = header(original, "Subject")
    reply["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject or 'ttools'}"
    reply["Date"] = formatdate(localtime=True)
    domain = address_of(sender).rpartition("@")[2] or "localhost"
    reply["Message-ID"] = message_id or make_msgid("ttools", domain=domain)
    original_id = header(original, "Message-ID")
    if original_id:
        reply["In-Reply-To"] = original_id
        reply["References"] = _references(header(original, "References"), original_id)
    reply["Auto-Submitted"] = "auto-replied"  # RFC 3834: other robots must not answer us back
    reply[LOOP_HEADER] = f"{LOOP_MARK}; {address_of(sender)}"
    reply.set_content(text)
    _attach_results(reply, results)
    return reply


def _references(earlier: str, original_id: str, room: int = 1900) -> str:
    """The thread's ids, the latest ones that fit in one bounded header, whole."""
    kept: list[str] = [original_id]
    for mid in reversed(earlier.split()):
        if sum(len(k) + 1 for k in kept) + len(mid) > room:
            break
        kept.insert(0, mid)
    return " ".join(kept)


def _entry(msg: Message, reply: EmailMessage, results: list[WorkbookResult], contents: Contents) -> dict[str, Any]:
    return {
        "from": header(msg, "From"),
        "subject": header(msg, "Subject"),
        "status": ANSWERED,
        "to": header(reply, "To"),
        "reply": header(reply, "Message-ID"),
        "workbooks": [r.ledger() for r in results],
        "ignored": [d for d, _ in contents.ignored],
    }


def answer_message(
    msg: Message,
    contents: Contents,
    to: str,
    key: str,
    work: str,
    sender: str = DEFAULT_SENDER,
    publish: str | None = None,
    limits: Limits | None = None,
    pdf: bool = False,
) -> tuple[EmailMessage, dict[str, Any]]:
    """Process each workbook of a message in a folder of its own under ``work`` (removed
    afterwards), at most ``limits.workbooks`` of them (with ``pdf``, each printed too), and make the answer to ``to``, at most
    ``limits.answer_size`` large, under the Message-ID derived from the ledger key ``key``.
    Returns the answer and its ledger entry."""
    limits = limits or Limits()
    books, beyond = contents.workbooks[: limits.workbooks], contents.workbooks[limits.workbooks :]
    left_out = [
        ("too-many-workbooks", {"name": att.name, "n": len(contents.workbooks), "limit": limits.workbooks})
        for att in beyond
    ]
    try:
        results = [
            process_attachment(att, os.path.join(work, str(i)), publish, pdf) for i, att in enumerate(books, start=1)
        ]
        left_out = fit_attachments(results, limits.answer_size) + left_out
        text = reply_text(results, contents.ignored, left_out)
        reply = compose_reply(msg, to, text, results, sender, reply_message_id(key, sender))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    entry = _entry(msg, reply, results, contents)
    if left_out:
        entry["left_out"] = [params["name"] for _, params in left_out]
    return reply, entry


def answer_too_large(
    msg: Message, size: int, to: str, key: str, sender: str = DEFAULT_SENDER, limits: Limits | None = None
) -> tuple[EmailMessage, dict[str, Any]]:
    """The answer to a message too large to open (only its headers were read): it says so."""
    limits = limits or Limits()
    t = Translator("en")
    opening = _say(t, "message-too-large", size=shown_size(size), limit=shown_size(limits.message_size))
    reply = compose_reply(msg, to, reply_text([], [], opening=opening), [], sender, reply_message_id(key, sender))
    entry = _entry(msg, reply, [], Contents())
    entry["left_out"] = [f"the whole message ({shown_size(size)})"]
    return reply, entry
