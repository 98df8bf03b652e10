"""`ttools inbox`: every new message is answered once with the results of its workbooks, from a
Maildir, a folder of .eml files or IMAP, into an outbox Maildir or through SMTP; a failure in one
message never stops the others, and the mailbox read is never changed."""

from __future__ import annotations

import email
import email.policy
import io
import json
import mailbox
import os
from email.message import EmailMessage
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from ttools.competitions.nations_cup.competition import write_input_workbook
from ttools.competitions.nations_cup.model import team_letters
from ttools.mail import InboxError, process_inbox
from ttools.mail.answers import reply_message_id
from ttools.mail.ledger import MAX_ATTEMPTS, exclusive, ledger_key
from ttools.mail.mime import MAX_NESTING, find_workbooks, safe_filename
from ttools.mail.sources import parse_imap_url

HOSTILE = Path(__file__).resolve().parent / "data" / "hostile"
XLSX = ("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet")
STAFF = "Staff Member <staff@example.org>"


def _roster(teams: int = 4) -> list[dict]:
    return [{"team": t, "number": n, "name": f"Player {t}{n}"} for t in team_letters(teams) for n in range(1, 7)]


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, bytes]:
    """Workbooks as bytes: a clean roster, one with an unknown team, and a file that is no workbook."""
    folder = tmp_path_factory.mktemp("books")
    good, bad = folder / "good.xlsx", folder / "bad.xlsx"
    write_input_workbook(str(good), 4, {"Players": _roster()}, event={"name": "X", "seed": "1"}, lang="en")
    roster = _roster()
    roster[-1] = {"team": "Z", "number": 9, "name": "Stray"}  # Players!A25
    write_input_workbook(str(bad), 4, {"Players": roster}, event={"name": "X", "seed": "1"}, lang="en")
    return {"good": good.read_bytes(), "bad": bad.read_bytes(), "junk": b"these are not the cells you want\n" * 20}


def message(
    subject: str,
    attachments=(),
    *,
    sender: str = STAFF,
    msgid: str | None = "auto",
    text: str = "Please process.",
    **headers,
) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "results@example.org"
    msg["Subject"] = subject
    if msgid == "auto":
        msgid = f"<{abs(hash((subject, sender, len(attachments))))}@example.org>"
    if msgid:
        msg["Message-ID"] = msgid
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(text)
    for name, data, *ctype in attachments:
        maintype, subtype = ctype[0] if ctype else XLSX
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    return msg


def maildir(path: Path, *messages: EmailMessage) -> Path:
    box = mailbox.Maildir(str(path), create=True)
    for m in messages:
        box.add(m.as_bytes())
    return path


def replies(outbox: Path) -> list[EmailMessage]:
    box = mailbox.Maildir(str(outbox), create=False)
    return [email.message_from_bytes(box.get_bytes(k), policy=email.policy.default) for k in sorted(box.keys())]


def reply_to(outbox: Path, subject: str) -> EmailMessage:
    found = [r for r in replies(outbox) if r["Subject"] == f"Re: {subject}"]
    assert len(found) == 1, [r["Subject"] for r in replies(outbox)]
    return found[0]


def attached(reply: EmailMessage) -> dict[str, bytes]:
    return {part.get_filename(): part.get_payload(decode=True) for part in reply.iter_attachments()}


def body(reply: EmailMessage) -> str:
    return reply.get_body(("plain",)).get_content()


def open_book(data: bytes):
    return load_workbook(io.BytesIO(data))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# ---- Maildir in, Maildir out --------------------------------------------------------------------------


def test_a_clean_workbook_is_answered_with_its_results(tmp_path, books):
    original = message(
        "Day 1 please", [("event.xlsx", books["good"])], msgid="<day1@example.org>", References="<earlier@example.org>"
    )
    source = maildir(tmp_path / "inbox", original)
    report = process_inbox(str(source))
    assert len(report.answered) == 1 and not report.failed

    reply = reply_to(tmp_path / "outbox", "Day 1 please")
    assert reply["To"].addresses[0].addr_spec == "staff@example.org"
    assert reply["From"] == "ttools@localhost"
    assert reply["In-Reply-To"] == "<day1@example.org>"
    assert reply["References"] == "<earlier@example.org> <day1@example.org>"
    files = attached(reply)
    assert list(files) == ["event.out.xlsx"]
    day1 = open_book(files["event.out.xlsx"])["Day1"]
    rows = list(day1.iter_rows(values_only=True))
    assert rows[0][:4] == ("round", "table", "home", "away")
    assert len(rows) > 1 and rows[1][0] == 1  # the Day 1 pairings were drawn
    assert "event.xlsx: processed, no errors, 0 warning(s)" in body(reply)


def test_warnings_are_quoted_in_the_body_of_a_clean_answer(tmp_path, monkeypatch, books):
    from ttools import pipeline
    from ttools.problems import Where, warning

    real = pipeline.process_file

    def with_warnings(path):
        outcome = real(path)
        outcome.problems = [warning("team-short", Where("Players", f"A{i}"), team="D", count=5) for i in range(2, 10)]
        return outcome

    monkeypatch.setattr(pipeline, "process_file", with_warnings)
    source = maildir(tmp_path / "inbox", message("warned", [("event.xlsx", books["good"])]))
    process_inbox(str(source))
    text = body(reply_to(tmp_path / "outbox", "warned"))
    assert "processed, no errors, 8 warning(s)" in text
    assert text.count("warning: Players!A") == 5  # the first lines only
    assert "3 more warning(s)" in text
    assert list(attached(reply_to(tmp_path / "outbox", "warned"))) == ["event.out.xlsx"]


def test_a_workbook_with_errors_gets_the_annotated_copy_and_the_problems_listed(tmp_path, books):
    source = maildir(tmp_path / "inbox", message("roster", [("roster.xlsx", books["bad"])]))
    process_inbox(str(source))
    reply = reply_to(tmp_path / "outbox", "roster")
    files = attached(reply)
    assert set(files) == {"roster.out.xlsx", "roster.checked.xlsx"}
    checked = open_book(files["roster.checked.xlsx"])
    problems = [row for row in checked["ttools problems"].iter_rows(values_only=True)]
    assert ("error", "Players", "A25", "team-unknown") in [row[:4] for row in problems]
    assert checked["Players"]["A25"].comment is not None
    text = body(reply)
    assert "roster.xlsx: 1 error(s)" in text
    assert "error: Players!A25: [team-unknown]" in text
    assert "roster.checked.xlsx" in text


def test_a_folder_of_eml_files_is_a_source_too(tmp_path, books):
    folder = tmp_path / "mails"
    folder.mkdir()
    (folder / "1.eml").write_bytes(message("first", [("a.xlsx", books["good"])]).as_bytes())
    (folder / "2.eml").write_bytes(message("second", [("b.xlsx", books["bad"])]).as_bytes())
    (folder / "notes.txt").write_text("not a message")
    report = process_inbox(str(folder))
    assert len(report.answered) == 2
    assert list(attached(reply_to(tmp_path / "outbox", "first"))) == ["a.out.xlsx"]
    assert "b.checked.xlsx" in attached(reply_to(tmp_path / "outbox", "second"))
    assert (tmp_path / ".ttools-inbox" / "ledger.json").exists()
    assert sorted(os.listdir(folder)) == ["1.eml", "2.eml", "notes.txt"]  # nothing written beside the messages


def test_a_workbook_inside_a_forwarded_message_is_processed(tmp_path, books):
    inner = message("Results from table 3", [("forwarded.xlsx", books["good"])], sender="Referee <ref@example.org>")
    outer = message("Fwd: Results from table 3", text="See below.")
    outer.add_attachment(inner)  # message/rfc822
    assert any(p.get_content_type() == "message/rfc822" for p in outer.iter_attachments())
    process_inbox(str(maildir(tmp_path / "inbox", outer)))
    reply = reply_to(tmp_path / "outbox", "Fwd: Results from table 3")
    assert reply["To"].addresses[0].addr_spec == "staff@example.org"  # the forwarder, not the referee
    assert "Day1" in open_book(attached(reply)["forwarded.out.xlsx"]).sheetnames


def test_a_message_without_a_workbook_is_told_what_was_ignored(tmp_path):
    lonely = message(
        "photos",
        [
            ("podium.png", b"\x89PNG fake", ("image", "png")),
            ("old.xls", b"\xd0\xcf\x11\xe0 fake", ("application", "vnd.ms-excel")),
        ],
    )
    bare = message("just words")
    process_inbox(str(maildir(tmp_path / "inbox", lonely, bare)))
    reply = reply_to(tmp_path / "outbox", "photos")
    assert not attached(reply)
    text = body(reply)
    assert "No Excel workbook" in text
    assert "podium.png (image/png" in text
    assert "old.xls" in text and "save it as .xlsx" in text
    assert "no attachments" in body(reply_to(tmp_path / "outbox", "just words"))


def test_a_file_named_xlsx_that_is_no_workbook_gets_the_one_line_reason(tmp_path, books):
    process_inbox(str(maildir(tmp_path / "inbox", message("junk", [("scores.xlsx", books["junk"])]))))
    reply = reply_to(tmp_path / "outbox", "junk")
    assert not attached(reply)
    line = next(l for l in body(reply).splitlines() if l.startswith("scores.xlsx"))
    assert line == "scores.xlsx: not processed: not an Excel workbook (.xlsx)"
    assert "ttools-inbox" not in body(reply)  # the folder it was processed in never shows


def test_attachment_names_cannot_leave_the_temporary_folder(tmp_path, monkeypatch, books):
    import tempfile

    scratch = tmp_path / "scratch" / "deeper"
    scratch.mkdir(parents=True)
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))  # nothing of a message may be left in here either
    evil = message("evil", [("../../escape.xlsx", books["good"]), ("..\\..\\win.xlsx", books["bad"])])
    process_inbox(str(maildir(tmp_path / "inbox", evil)))
    assert set(attached(reply_to(tmp_path / "outbox", "evil"))) == {
        "escape.out.xlsx",
        "win.out.xlsx",
        "win.checked.xlsx",
    }
    assert [p.name for p in tmp_path.rglob("*") if "escape" in p.name or "win" in p.name] == []
    assert list(scratch.iterdir()) == []


def test_an_allowed_reply_to_wins_over_from_and_chinese_names_survive(tmp_path, books):
    msg = message("國家盃", [("國家盃.xlsx", books["good"])], Reply_To="Desk <desk@example.org>")
    process_inbox(
        str(maildir(tmp_path / "inbox", msg)),
        sender="Results <results@example.org>",
        allow=["staff@example.org", "DESK@example.org"],
    )
    reply = reply_to(tmp_path / "outbox", "國家盃")
    assert [a.addr_spec for a in reply["To"].addresses] == ["desk@example.org"]
    assert reply["From"].addresses[0].addr_spec == "results@example.org"
    assert list(attached(reply)) == ["國家盃.out.xlsx"]


# ---- once, and only once --------------------------------------------------------------------------


def test_a_second_run_processes_nothing(tmp_path, books):
    source = maildir(
        tmp_path / "inbox",
        message("one", [("a.xlsx", books["good"])]),
        message("two"),
        message("three", [("c.xlsx", books["good"])], msgid=None),
    )  # keyed by a hash
    first = process_inbox(str(source))
    assert len(first.answered) == 3
    second = process_inbox(str(source))
    assert (second.answered, second.failed, second.already) == ([], [], 3)
    assert len(replies(tmp_path / "outbox")) == 3
    ledger = json.loads((tmp_path / ".ttools-inbox" / "ledger.json").read_text(encoding="utf-8"))["messages"]
    assert len(ledger) == 3 and any(k.startswith("sha256:") for k in ledger)
    import hashlib

    entry = next(e for e in ledger.values() if e["subject"] == "one")
    assert entry["workbooks"][0]["sha256"] == hashlib.sha256(books["good"]).hexdigest()


def test_the_source_maildir_is_left_exactly_as_it_was(tmp_path, books):
    source = maildir(
        tmp_path / "inbox",
        message("a", [("a.xlsx", books["good"])]),
        message("b", [("b.xlsx", books["bad"])]),
        message("c"),
    )
    before = snapshot(source)
    process_inbox(str(source))
    process_inbox(str(source))
    assert snapshot(source) == before


def test_a_workbook_ttools_fails_on_does_not_stop_the_good_one_beside_it(tmp_path, monkeypatch, books):
    from ttools import pipeline

    real = pipeline.process_file

    def flaky(path):
        if os.path.basename(path) == "cursed.xlsx":
            raise RuntimeError("disk on fire\nsecond line")
        return real(path)

    monkeypatch.setattr(pipeline, "process_file", flaky)
    doctype = HOSTILE / "doctype.xlsx"
    source = maildir(
        tmp_path / "inbox",
        message(
            "mixed",
            [
                ("cursed.xlsx", books["good"]),
                ("doctype.xlsx", doctype.read_bytes()),
                ("bad.xlsx", books["bad"]),
                ("good.xlsx", (HOSTILE / "far-cell-scrabble.xlsx").read_bytes()),
            ],
        ),
        message("after", [("b.xlsx", books["good"])]),
    )
    report = process_inbox(str(source))
    assert len(report.answered) == 2 and not report.failed
    reply = reply_to(tmp_path / "outbox", "mixed")
    text = body(reply)
    assert "cursed.xlsx: not processed: ttools failed on it (RuntimeError: disk on fire)" in text
    assert "doctype.xlsx: not processed: refused:" in text and "DOCTYPE" in text
    assert "bad.xlsx: 1 error(s)" in text
    files = attached(reply)
    assert set(files) == {"bad.out.xlsx", "bad.checked.xlsx", "good.out.xlsx"}
    assert "good.xlsx: processed, no errors, 1 warning(s)" in text
    assert "Day1" in open_book(files["bad.out.xlsx"]).sheetnames


def test_a_message_that_cannot_be_answered_is_tried_by_later_runs_then_given_up(tmp_path, monkeypatch, books):
    import errno

    from ttools import pipeline

    real = pipeline.process_file

    def full_disk(path):
        if os.path.basename(path) == "cursed.xlsx":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path)

    monkeypatch.setattr(pipeline, "process_file", full_disk)
    source = maildir(
        tmp_path / "inbox",
        message("before", [("a.xlsx", books["good"])]),
        message("cursed", [("cursed.xlsx", books["good"])], msgid="<cursed@example.org>"),
    )
    ledger_path = tmp_path / ".ttools-inbox" / "ledger.json"
    for attempt in range(1, MAX_ATTEMPTS + 1):
        report = process_inbox(str(source))
        assert len(report.failed) == 1 and "No space left on device" in report.failed[0]
        assert report.already == (0 if attempt == 1 else 1)
        entry = next(
            e
            for k, e in json.loads(ledger_path.read_text(encoding="utf-8"))["messages"].items()
            if k.startswith("<cursed@example.org> ")
        )
        assert entry["attempts"] == attempt
        assert entry["status"] == ("given up" if attempt == MAX_ATTEMPTS else "failed")
    assert "given up after" in report.failed[0]
    later = process_inbox(str(source))  # given up: no more attempts, but said
    assert later.already == 1 and len(later.failed) == 1 and "given up after 5 attempts" in later.failed[0]
    monkeypatch.setattr(pipeline, "process_file", real)
    retried = process_inbox(str(source), retry_failed=True)
    assert len(retried.answered) == 1 and retried.already == 1
    assert sorted(r["Subject"] for r in replies(tmp_path / "outbox")) == ["Re: before", "Re: cursed"]
    assert not (tmp_path / ".ttools-inbox" / "work").exists()


def test_a_crash_mid_run_loses_nothing_already_answered(tmp_path, monkeypatch, books):
    from ttools import pipeline

    real = pipeline.process_file
    calls = []

    def crash_on_second(path):
        calls.append(path)
        if len(calls) == 2:
            raise KeyboardInterrupt  # not an Exception: the run itself stops here
        return real(path)

    monkeypatch.setattr(pipeline, "process_file", crash_on_second)
    source = maildir(tmp_path / "inbox", *[message(f"m{i}", [(f"m{i}.xlsx", books["good"])]) for i in range(3)])
    with pytest.raises(KeyboardInterrupt):
        process_inbox(str(source))
    assert len(replies(tmp_path / "outbox")) == 1
    monkeypatch.setattr(pipeline, "process_file", real)
    report = process_inbox(str(source))
    assert report.already == 1 and len(report.answered) == 2
    assert len(replies(tmp_path / "outbox")) == 3


def test_automatic_mail_is_never_answered_so_answers_cannot_loop(tmp_path, books):
    source = maildir(tmp_path / "inbox", message("work", [("a.xlsx", books["good"])]))
    process_inbox(str(source))
    (ours,) = replies(tmp_path / "outbox")
    assert ours["Auto-Submitted"] == "auto-replied"
    vacation = message("Out of office", Auto_Submitted="auto-replied")
    maildir(source, ours, vacation)  # our own answer bounced back into the inbox
    report = process_inbox(str(source))
    assert report.answered == [] and len(report.not_answered) == 2
    assert len(replies(tmp_path / "outbox")) == 1


def test_the_outbox_may_not_be_the_mailbox_read(tmp_path):
    source = maildir(tmp_path / "inbox", message("x"))
    with pytest.raises(InboxError):
        process_inbox(str(source), outbox=str(source))


def test_a_damaged_ledger_stops_the_run_instead_of_answering_everything_again(tmp_path):
    source = maildir(tmp_path / "inbox", message("x"))
    (tmp_path / ".ttools-inbox").mkdir()
    (tmp_path / ".ttools-inbox" / "ledger.json").write_text("{not json")
    with pytest.raises(InboxError, match="damaged"):
        process_inbox(str(source))
    assert not (tmp_path / "outbox").exists()


def test_two_runs_on_one_ledger_cannot_overlap(tmp_path, books):
    source = maildir(tmp_path / "inbox", message("x", [("a.xlsx", books["good"])]))
    state = tmp_path / ".ttools-inbox"
    state.mkdir()
    with exclusive(str(state)):
        with pytest.raises(InboxError, match="another"):
            process_inbox(str(source))
    assert not (tmp_path / "outbox").exists()
    assert len(process_inbox(str(source)).answered) == 1


# ---- SMTP (a real server on loopback; IMAP is in test_mail_faults.py, with dovecot) ----------------


def test_answers_go_out_through_smtp_with_starttls_and_login(tmp_path, monkeypatch, books):
    from .mailservers import SmtpServer

    server = SmtpServer(tls_folder=tmp_path, login=("results", "pw")).start()
    try:
        monkeypatch.setenv("SSL_CERT_FILE", str(server.ca_file))  # the server's certificate is checked
        source = maildir(tmp_path / "inbox", message("via smtp", [("e.xlsx", books["good"])]), message("no book"))
        report = process_inbox(
            str(source),
            smtp=server.address,
            sender="results@example.org",
            env={"TTOOLS_SMTP_USER": "results", "TTOOLS_SMTP_PASSWORD": "pw"},
        )
    finally:
        server.stop()
    assert len(report.answered) == 2 and not report.failed
    assert server.logins == ["PLAIN results ok"] * 2
    assert [r.mail_from for r in server.received] == ["results@example.org"] * 2
    sent = {
        m["Subject"]: m
        for m in (email.message_from_bytes(r.data, policy=email.policy.default) for r in server.received)
    }
    assert set(sent) == {"Re: via smtp", "Re: no book"}
    assert "e.out.xlsx" in attached(sent["Re: via smtp"])
    assert not (tmp_path / "outbox").exists()  # SMTP alone: no outbox copy


def test_smtp_without_a_trusted_certificate_sends_nothing(tmp_path, monkeypatch, books):
    from .mailservers import SmtpServer

    server = SmtpServer(tls_folder=tmp_path, login=("results", "pw")).start()
    try:
        monkeypatch.delenv("SSL_CERT_FILE", raising=False)
        source = maildir(tmp_path / "inbox", message("secret"))
        report = process_inbox(
            str(source), smtp=server.address, env={"TTOOLS_SMTP_USER": "results", "TTOOLS_SMTP_PASSWORD": "pw"}
        )
    finally:
        server.stop()
    assert len(report.failed) == 1 and "CERTIFICATE_VERIFY_FAILED" in report.failed[0]
    assert server.logins == [] and server.received == []  # the password never left


def test_an_smtp_refusal_fails_that_message_only(tmp_path, books):
    from .mailservers import SmtpServer

    server = SmtpServer(refuse=("gone@example.org",)).start()
    try:
        source = maildir(tmp_path / "inbox", message("refused", sender="Gone <gone@example.org>"), message("accepted"))
        report = process_inbox(str(source), smtp=server.address, env={})
    finally:
        server.stop()
    assert len(report.answered) == 1 and len(report.failed) == 1
    assert "SMTPRecipientsRefused" in report.failed[0]
    assert [r.rcpt_tos for r in server.received] == [["staff@example.org"]]


def test_imap_needs_the_password_in_the_environment(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InboxError, match="TTOOLS_IMAP_PASSWORD"):
        process_inbox(imap="imaps://results@imap.example.org/INBOX", env={})
    with pytest.raises(InboxError, match="not in the address"):
        parse_imap_url("imaps://u:pw@host/INBOX")
    address = parse_imap_url("imap://u@host:1143/Staff%20Results")
    assert (address.secure, address.port, address.mailbox) == (False, 1143, "Staff Results")


# ---- small parts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw,safe",
    [
        ("../../etc/passwd.xlsx", "passwd.xlsx"),
        ("C:\\Users\\staff\\event.xlsx", "event.xlsx"),
        (".hidden.xlsx", "hidden.xlsx"),
        ("", "workbook.xlsx"),
        ("..", "workbook.xlsx"),
        ("a\x00b\nc.xlsx", "abc.xlsx"),
        ("國家盃 2024.xlsx", "國家盃 2024.xlsx"),
    ],
)
def test_safe_filename(raw, safe):
    assert safe_filename(raw) == safe


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_safe_filename_never_names_a_path(raw):
    name = safe_filename(raw)
    assert name and "/" not in name and "\\" not in name and "\x00" not in name
    assert not name.startswith(".") and len(name) <= 120
    assert os.path.basename(name) == name


def test_the_same_workbook_attached_twice_is_processed_once(books):
    msg = message("twice", [("a.xlsx", books["good"]), ("copy.xlsx", books["good"]), ("a.xlsx", books["bad"])])
    contents = find_workbooks(msg)
    assert [w.name for w in contents.workbooks] == ["a.xlsx", "a-2.xlsx"]
    assert contents.ignored[0][1] == "same-file:a.xlsx"


# ---- the command --------------------------------------------------------------------------------------


def test_the_inbox_command(invoke, tmp_path, books):
    source = maildir(tmp_path / "inbox", message("cli", [("a.xlsx", books["good"])]))
    result = invoke("inbox", source, "--outbox", tmp_path / "out", "--state", tmp_path / "state")
    assert result.exit_code == 0, result.output
    assert "1 answered, 0 failed" in result.stdout
    assert "a.xlsx ok" in result.stdout
    assert len(replies(tmp_path / "out")) == 1 and (tmp_path / "state" / "ledger.json").exists()
    again = invoke("inbox", source, "--outbox", tmp_path / "out", "--state", tmp_path / "state")
    assert "0 answered, 0 failed, 0 not answered, 1 already handled, 0 refused" in again.stdout


def test_the_inbox_command_refuses_two_sources(invoke, tmp_path):
    source = maildir(tmp_path / "inbox", message("x"))
    result = invoke("inbox", source, "--imap", "imaps://u@h/INBOX")
    assert result.exit_code != 0 and "either" in result.stderr


# ---- faults and odd messages ---------------------------------------------------------------------------


def test_two_different_messages_reusing_one_message_id_are_both_answered(tmp_path, books):
    first = message("first", [("a.xlsx", books["good"])], msgid="<same@example.org>")
    second = message("second", [("b.xlsx", books["bad"])], msgid="<same@example.org>")
    source = maildir(tmp_path / "inbox", first, second)
    assert len(process_inbox(str(source)).answered) == 2
    assert {r["Subject"] for r in replies(tmp_path / "outbox")} == {"Re: first", "Re: second"}
    assert process_inbox(str(source)).already == 2
    # the same message met again, with a trace header added on the way, is not answered twice
    again = email.message_from_bytes(first.as_bytes(), policy=email.policy.default)
    again["Received"] = "from relay.example.org by mx.example.org"
    maildir(source, again)
    report = process_inbox(str(source))
    assert report.answered == [] and report.already == 3
    assert len(replies(tmp_path / "outbox")) == 2


def test_each_attachment_is_processed_apart_and_result_names_never_collide(tmp_path, books):
    staff_results = books["bad"]  # an old results file staff sent along, named like ours
    msg = message("both", [("event.xlsx", books["good"]), ("event.out.xlsx", staff_results)])
    process_inbox(str(maildir(tmp_path / "inbox", msg)))
    files = attached(reply_to(tmp_path / "outbox", "both"))
    assert set(files) == {"event.out.xlsx", "event.out.out.xlsx", "event.out.checked.xlsx"}
    # event.out.xlsx in the answer is the result of event.xlsx, not the file staff sent
    assert files["event.out.xlsx"] != staff_results
    result = open_book(files["event.out.xlsx"])
    assert "Team Z" not in str([c.value for c in result["Players"]["A"]])
    assert files["event.out.checked.xlsx"] != staff_results


def _nested(depth: int, data: bytes) -> bytes:
    inner = message("deep", [("deep.xlsx", data)]).as_bytes()
    for level in range(depth):
        inner = (
            f"From: {STAFF}\r\nTo: results@example.org\r\nSubject: Fwd {level}\r\n"
            f"Message-ID: <level{level}.{depth}@example.org>\r\nMIME-Version: 1.0\r\n"
            "Content-Type: message/rfc822\r\n\r\n"
        ).encode() + inner
    return inner


def test_a_workbook_nested_fifty_deep_is_found(tmp_path, books):
    folder = tmp_path / "mails"
    folder.mkdir()
    (folder / "deep.eml").write_bytes(_nested(50, books["good"]))
    report = process_inbox(str(folder))
    assert len(report.answered) == 1 and "deep.xlsx ok" in report.answered[0]
    assert "deep.out.xlsx" in attached(replies(tmp_path / "outbox")[0])


@pytest.mark.parametrize("depth", [MAX_NESTING + 5, 3000])
def test_a_message_nested_too_deep_gets_an_answer_that_says_so(tmp_path, books, depth):
    folder = tmp_path / "mails"
    folder.mkdir()
    (folder / "deep.eml").write_bytes(_nested(depth, books["good"]))
    report = process_inbox(str(folder))
    assert len(report.answered) == 1 and not report.failed
    (reply,) = replies(tmp_path / "outbox")
    assert f"deeper than {MAX_NESTING} levels" in body(reply)
    assert not attached(reply)


def test_the_answer_carries_a_message_id_derived_from_the_message(tmp_path, books):
    msg = message("ids", [("a.xlsx", books["good"])], msgid="<ids@example.org>")
    for run in ("one", "two"):
        (tmp_path / run).mkdir()
        source = maildir(tmp_path / run / "inbox", msg)
        process_inbox(str(source), sender="Results <results@example.org>")
    first, second = (replies(tmp_path / run / "outbox")[0] for run in ("one", "two"))
    assert (
        first["Message-ID"]
        == second["Message-ID"]
        == reply_message_id(ledger_key(msg.as_bytes()), "results@example.org")
    )
    assert first["Message-ID"].endswith("@example.org>")
    other = message("other", msgid="<ids@example.org>")
    assert reply_message_id(ledger_key(other.as_bytes())) != reply_message_id(ledger_key(msg.as_bytes()))


def test_work_files_live_in_the_state_folder_and_a_killed_run_leaves_none_behind(tmp_path, books):
    import tempfile

    source = maildir(tmp_path / "inbox", message("a", [("a.xlsx", books["good"])]))
    state = tmp_path / ".ttools-inbox"
    leftover = state / "work" / "0123456789abcdef" / "1"
    leftover.mkdir(parents=True)
    (leftover / "staff.xlsx").write_bytes(books["good"])  # what a kill -9 leaves
    (state / ".ledger-x.json").write_text("{half")
    (tmp_path / "outbox" / "tmp").mkdir(parents=True)
    (tmp_path / "outbox" / "tmp" / "ttools-reply.dead").write_bytes(b"half")
    before = set(os.listdir(tempfile.gettempdir()))
    assert len(process_inbox(str(source)).answered) == 1
    assert sorted(os.listdir(state)) == ["ledger.json", "lock"]
    assert os.listdir(tmp_path / "outbox" / "tmp") == []
    assert not [n for n in set(os.listdir(tempfile.gettempdir())) - before if n.startswith("ttools-inbox-")]


def test_a_huge_address_header_costs_no_more_than_a_short_one(tmp_path):
    import time

    huge = ("Staff Member <staff@example.org>, " + "x, " * 150_000).encode()
    raw = b"From: " + huge + b"\r\nSubject: long\r\nMessage-ID: <long@example.org>\r\n\r\nhello\r\n"
    folder = tmp_path / "mails"
    folder.mkdir()
    (folder / "long.eml").write_bytes(raw)
    start = time.monotonic()
    report = process_inbox(str(folder))
    assert time.monotonic() - start < 30  # the address parser alone took minutes on this
    # a From of many addresses names no one sender: refused, never answered to any of them
    assert report.answered == [] and not report.failed
    assert report.refused == ["(no sender): From: the address header is too long"]
    assert not (tmp_path / "outbox" / "new").exists() or replies(tmp_path / "outbox") == []


def test_every_hostile_workbook_in_one_message_gets_one_answer_in_bounded_time(tmp_path, books):
    import time

    hostile = sorted(HOSTILE.glob("*.xlsx"))
    msg = message("hostile", [(p.name, p.read_bytes()) for p in hostile] + [("event.xlsx", books["good"])])
    source = maildir(tmp_path / "inbox", msg)
    start = time.monotonic()
    report = process_inbox(str(source))
    assert time.monotonic() - start < 120
    assert len(report.answered) == 1 and not report.failed
    text = body(reply_to(tmp_path / "outbox", "hostile"))
    for p in hostile:  # each is answered for, one paragraph each
        assert (
            sum(line.startswith(p.name + ":") or line.startswith(p.name + "：") for line in text.splitlines()) == 1
        ), p.name
    assert "event.out.xlsx" in attached(reply_to(tmp_path / "outbox", "hostile"))
    assert process_inbox(str(source)).already == 1  # and a later run goes on, not stuck on it


@settings(max_examples=100, deadline=None)
@given(
    st.text(min_size=1, max_size=200), st.lists(st.text(alphabet="abcdefghij.-", min_size=1, max_size=30), max_size=4)
)
def test_the_ledger_key_ignores_trace_headers_and_follows_the_content(text, relays):
    original = message("key", text=text, msgid="<key@example.org>")
    raw = original.as_bytes()
    relayed = b"".join(f"Received: from {r} by mx.example.org\r\n".encode() for r in relays) + raw
    assert ledger_key(relayed) == ledger_key(raw)
    assert ledger_key(raw).startswith("<key@example.org> sha256:")
    changed = message("key", text=text + "!", msgid="<key@example.org>").as_bytes()
    assert ledger_key(changed) != ledger_key(raw)


def test_a_message_every_run_dies_on_comes_last_and_is_given_up(tmp_path, monkeypatch, books):
    from ttools import pipeline

    real = pipeline.process_file

    def dies(path):
        if os.path.basename(path) == "poison.xlsx":
            raise KeyboardInterrupt  # stands for a run killed while it answers this message
        return real(path)

    monkeypatch.setattr(pipeline, "process_file", dies)
    source = maildir(
        tmp_path / "inbox", message("poison", [("poison.xlsx", books["good"])], msgid="<poison@example.org>")
    )
    with pytest.raises(KeyboardInterrupt):
        process_inbox(str(source))
    maildir(source, *[message(f"later {i}", [(f"l{i}.xlsx", books["good"])]) for i in range(2)])
    for run in range(2, MAX_ATTEMPTS + 1):
        with pytest.raises(KeyboardInterrupt):
            report = process_inbox(str(source))
        # the others were answered before the message that stops the run
        assert {r["Subject"] for r in replies(tmp_path / "outbox")} == {"Re: later 0", "Re: later 1"}
    report = process_inbox(str(source))
    assert len(report.failed) == 1 and "given up" in report.failed[0] and "<poison" not in report.failed[0]
    ledger = json.loads((tmp_path / ".ttools-inbox" / "ledger.json").read_text(encoding="utf-8"))["messages"]
    assert next(e for k, e in ledger.items() if k.startswith("<poison@"))["status"] == "given up"
    later = process_inbox(str(source))
    assert later.already == 2 and len(later.failed) == 1 and "given up" in later.failed[0]


# ---- the package -----------------------------------------------------------------------------------


def test_the_answer_is_written_in_the_language_of_the_event():
    from ttools.mail.answers import WorkbookResult, reply_text

    ignored = [
        ("t.csv (text/csv, 3 B)", "hint-csv"),
        ("o.ods (application/x, 1 B)", "hint-ods"),
        ("n.numbers (application/x, 1 B)", "hint-numbers"),
        ("b.xlsx (9 KB)", "same-file:a.xlsx"),
    ]
    texts = {
        lang: reply_text(
            [WorkbookResult("a.xlsx", "0", "problems", lang=lang, errors=["e"], files=["/w/a.checked.xlsx"])], ignored
        )
        for lang in ("en", "zh-Hant", "zh-Hans")
    }
    assert texts["en"].startswith("a.xlsx: 1 error(s), 0 warning(s). Attached: a.checked.xlsx.")
    assert "每個有問題的儲存格都已標示" in texts["zh-Hant"] and "Numbers 檔：請匯出為 .xlsx 再寄" in texts["zh-Hant"]
    # Simplified Chinese says 单元格, 文件, 电子表格, 导出 where Traditional says 儲存格, 檔, 試算表, 匯出
    assert "每个有问题的单元格都已标示" in texts["zh-Hans"]
    assert "CSV 文件：ttools 读取的是赛事的 .xlsx 工作簿" in texts["zh-Hans"]
    assert "OpenDocument 电子表格：请另存为 .xlsx 再寄" in texts["zh-Hans"]
    assert "Numbers 文件：请导出为 .xlsx 再寄" in texts["zh-Hans"] and "与 a.xlsx 是同一个文件" in texts["zh-Hans"]


def test_the_modules_of_the_mail_package_depend_one_way():
    """sources, MIME walk, ledger and delivery below the answers, the inbox run on top: no module
    of the package imports one that imports it, not even inside a function."""
    import ast
    import graphlib

    import ttools.mail

    folder = Path(ttools.mail.__file__).parent
    needs = {}
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = [n for n in tree.body if isinstance(n, ast.ImportFrom)]
        inner = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n not in top]
        assert not [n.module for n in inner if (n.module or "").startswith("ttools.mail")], path.name
        needs[path.stem] = {n.module.split(".")[2] for n in top if (n.module or "").startswith("ttools.mail.")}
    order = list(graphlib.TopologicalSorter(needs).static_order())  # raises CycleError on a circle
    assert order.index("answers") < order.index("inbox")
    assert max(order.index(m) for m in ("sources", "mime", "ledger", "delivery")) < order.index("answers")


# ---- PDFs in the answer (--pdf) --------------------------------------------------------------------------


def test_with_pdf_a_clean_workbook_is_answered_with_its_printed_sheets_too(tmp_path, books, invoke):
    """`ttools inbox --pdf`: the answer for a workbook without errors carries the PDF of its
    printable sheets (as `ttools run --pdf` prints them) after the results workbook; a workbook
    with errors gets no PDF, only its annotated copy."""
    from tests.test_pdf import pages_text
    from ttools.pdf import fonts

    try:
        fonts.find_faces("en")
    except fonts.FontMissing as exc:  # pragma: no cover - every CI machine has a Latin face
        pytest.fail(str(exc))
    source = maildir(
        tmp_path / "inbox",
        message("Print please", [("event.xlsx", books["good"])]),
        message("Broken", [("bad.xlsx", books["bad"])]),
    )
    result = invoke("inbox", source, "--pdf", "--allow", "@example.org")
    assert result.exit_code == 0, result.stderr  # both answered (the broken one with its problems)
    reply = reply_to(tmp_path / "outbox", "Print please")
    parts = {part.get_filename(): part for part in reply.iter_attachments()}
    assert list(parts) == ["event.out.xlsx", "event.out.pdf"]
    assert parts["event.out.pdf"].get_content_type() == "application/pdf"
    pdf = tmp_path / "answer.pdf"
    pdf.write_bytes(parts["event.out.pdf"].get_payload(decode=True))
    pages = pages_text(pdf)
    assert pages and any("Day 1" in p for p in pages)
    assert "Results attached: event.out.xlsx, event.out.pdf." in body(reply)
    assert list(attached(reply_to(tmp_path / "outbox", "Broken"))) == ["bad.out.xlsx", "bad.checked.xlsx"]


def test_with_pdf_but_no_font_the_answer_says_why_and_keeps_the_workbook(tmp_path, monkeypatch, books):
    from ttools.pdf import fonts

    def missing(lang):
        raise fonts.FontMissing("no font for Latin text: install one")

    monkeypatch.setattr(fonts, "find_faces", missing)
    source = maildir(tmp_path / "inbox", message("Print please", [("event.xlsx", books["good"])]))
    report = process_inbox(str(source), pdf=True)
    assert len(report.answered) == 1 and not report.failed
    reply = reply_to(tmp_path / "outbox", "Print please")
    assert list(attached(reply)) == ["event.out.xlsx"]
    assert "No PDF attached: no font for Latin text: install one" in body(reply)
