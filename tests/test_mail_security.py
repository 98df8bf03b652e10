"""`ttools inbox` against outsiders and robots, with real servers on loopback (aiosmtpd, dovecot):
only allowed senders are answered, answers go to the sender alone, automatic mail and ttools'
own answers coming back are never answered, a sender's messages are capped per run, the IMAP
ledger does not follow the working folder, no fault drops a message, and what arrives is read
in bounded time and memory."""

from __future__ import annotations

import email
import email.policy
import errno
import json
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from ttools.mail import process_inbox
from ttools.mail.authentication import forged_sender, parse_authentication_results
from ttools.mail.headers import from_address
from ttools.mail.limits import Limits, parse_size
from ttools.mail.mime import parse_message
from ttools.mail.places import imap_state_folder, mailbox_key
from ttools.mail.sources import parse_imap_url

from .mailservers import DOVECOT, ON_CI, ImapServer, SmtpServer
from .test_mail import attached, body, books, maildir, message, replies  # noqa: F401  (books is a fixture)

ROOT = Path(__file__).resolve().parents[1]
HOSTILE_MAIL = Path(__file__).resolve().parent / "data" / "hostile" / "mail"
STAFF_ONLY = ["staff@example.org"]
INBOX = "Results <results@example.org>"

sys.path.insert(0, str(HOSTILE_MAIL))
from make_hostile_mail import CASES  # noqa: E402


def _ttools(*args) -> list[str]:
    return [sys.executable, "-m", "ttools", *map(str, args)]


def _outbox_count(outbox: Path) -> int:
    return len(replies(outbox)) if (outbox / "new").exists() else 0


# ---- who may use the inbox ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(CASES))
def test_no_hostile_message_is_answered(tmp_path, name):
    folder = tmp_path / "mails"
    folder.mkdir()
    (folder / name).write_bytes((HOSTILE_MAIL / name).read_bytes())
    report = process_inbox(str(folder), allow=STAFF_ONLY, authserv_id="mx.example.org", sender=INBOX)
    assert report.answered == [] and not report.failed
    shown = report.not_answered if CASES[name] == "not answered" else report.refused
    assert len(shown) == 1 and len(report.not_answered) + len(report.refused) == 1, report
    assert _outbox_count(tmp_path / "outbox") == 0


def test_a_stranger_is_refused_every_run_and_answered_once_allowed(invoke, tmp_path, books):
    stranger = message("take over", [("event.xlsx", books["good"])], sender="Stranger <stranger@evil.example>")
    staff = message("ours", [("event.xlsx", books["good"])])
    source = maildir(tmp_path / "inbox", stranger, staff)
    for _ in range(2):
        result = invoke("inbox", source, "--allow", "STAFF@example.org")
        assert result.exit_code == 0, result.output
        assert "refused: stranger@evil.example: not on the allow-list" in result.stdout.splitlines()
        assert "warning:" not in result.stderr
    assert [r["Subject"] for r in replies(tmp_path / "outbox")] == ["Re: ours"]
    result = invoke("inbox", source, "--allow", "staff@example.org", "--allow", "@evil.example")
    assert "1 answered" in result.stdout and "0 refused" in result.stdout
    assert sorted(r["Subject"] for r in replies(tmp_path / "outbox")) == ["Re: ours", "Re: take over"]


def test_without_an_allow_list_anyone_is_answered_and_the_run_says_so_once(invoke, tmp_path, books):
    source = maildir(tmp_path / "inbox", *[message(f"m{i}", sender=f"someone{i}@example.net") for i in range(3)])
    result = invoke("inbox", source)
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "allow-list" in warnings[0]
    assert "3 answered" in result.stdout


def test_publish_refuses_to_start_without_an_allow_list(invoke, tmp_path, books):
    source = maildir(tmp_path / "inbox", message("site", [("event.xlsx", books["good"])]))
    result = invoke("inbox", source, "--publish", tmp_path / "www")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "allow-list" in result.stderr
    assert not (tmp_path / "www").exists() and not (tmp_path / "outbox").exists()


def test_a_stranger_cannot_replace_an_events_site(tmp_path, books):
    staff = message("site", [("event.xlsx", books["good"])])
    stranger = message("site!", [("event.xlsx", books["good"])], sender="Stranger <stranger@evil.example>")
    source = maildir(tmp_path / "inbox", staff)
    process_inbox(str(source), allow=STAFF_ONLY, publish=str(tmp_path / "www"))
    before = {p: p.read_bytes() for p in (tmp_path / "www").rglob("*") if p.is_file()}
    assert before
    maildir(source, stranger)
    report = process_inbox(str(source), allow=STAFF_ONLY, publish=str(tmp_path / "www"))
    assert report.published == [] and len(report.refused) == 1
    assert {p: p.read_bytes() for p in (tmp_path / "www").rglob("*") if p.is_file()} == before


def test_the_allow_file_takes_comments_and_names_a_bad_line(invoke, tmp_path, books):
    good = tmp_path / "staff.txt"
    good.write_text("# tournament staff\n\nstaff@example.org   # the desk\n@club.example.org\n", encoding="utf-8")
    source = maildir(
        tmp_path / "inbox",
        message("one"),
        message("two", sender="a@club.example.org"),
        message("three", sender="b@sub.club.example.org"),
    )
    result = invoke("inbox", source, "--allow-file", good)
    assert "2 answered" in result.stdout and "refused: b@sub.club.example.org" in result.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text("staff@example.org\n\nnot an address\n", encoding="utf-8")
    result = invoke("inbox", source, "--allow-file", bad)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"ttools: {bad}:3: not an address or @domain: 'not an address'"


@pytest.mark.parametrize(
    "value,address",
    [
        ("Staff <Staff@Example.org>", "staff@example.org"),
        ("staff@example.org (Staff)", "staff@example.org"),
        ("a@example.org, b@example.org", ""),
        ("staff@example.org <x@evil.example>", ""),
        ('"staff@example.org" <x@evil.example>', "x@evil.example"),  # the name is only a name
        ("", ""),
    ],
)
def test_the_from_address_is_parsed_strictly(value, address):
    msg = parse_message(f"From: {value}\r\nSubject: x\r\n\r\nx\r\n".encode())
    assert from_address(msg)[0] == address


# ---- authentication results --------------------------------------------------------------------------


def test_authentication_results_are_read_per_rfc_8601():
    server, results = parse_authentication_results(
        "MX.example.org 1; spf=pass (sender SPF authorized) smtp.mailfrom=example.org; "
        'dkim=pass (2048-bit key; "quoted; comment") header.d=example.org header.s=sel; '
        'dmarc=fail reason="p=reject; aligned" header.from=example.org'
    )
    assert server == "mx.example.org"
    assert [(r.method, r.result) for r in results] == [("spf", "pass"), ("dkim", "pass"), ("dmarc", "fail")]
    assert results[1].properties["header.d"] == "example.org"
    assert parse_authentication_results("mx.example.org; none") == ("mx.example.org", [])


def _stamped(*headers: str) -> bytes:
    return ("".join(headers) + "From: staff@example.org\r\nSubject: s\r\n\r\nx\r\n").encode()


@pytest.mark.parametrize(
    "headers,forged",
    [
        (("Authentication-Results: mx.example.org; dmarc=fail header.from=example.org\r\n",), True),
        (("Authentication-Results: mx.example.org; spf=softfail; dkim=none\r\n",), True),
        (("Authentication-Results: mx.example.org; spf=fail; dkim=pass header.d=evil.example\r\n",), True),
        (("Authentication-Results: mx.example.org; spf=fail; dkim=pass header.d=example.org\r\n",), False),
        (("Authentication-Results: mx.example.org; spf=pass; dkim=none; dmarc=pass\r\n",), False),
        # several headers of the server, one method each
        (
            (
                "Authentication-Results: mx.example.org; spf=pass\r\n",
                "Authentication-Results: mx.example.org; dmarc=fail\r\n",
            ),
            True,
        ),
        # another server's stamp, or one the sender wrote below the server's Received, does not count
        (("Authentication-Results: other.example; dmarc=fail\r\n",), False),
        (
            (
                "Authentication-Results: mx.example.org; spf=pass; dmarc=pass\r\n",
                "Received: from a by mx.example.org\r\n",
                "Authentication-Results: mx.example.org; dmarc=fail\r\n",
            ),
            False,
        ),
        (
            (
                "Received: from a by mx.example.org\r\n",
                "Authentication-Results: mx.example.org; spf=pass; dmarc=pass\r\n",
                "Received: from evil by a\r\n",
                "Authentication-Results: mx.example.org; dmarc=fail\r\n",
            ),
            False,
        ),
        ((), False),
    ],
)
def test_the_servers_own_authentication_results_decide(headers, forged):
    msg = parse_message(_stamped(*headers))
    assert bool(forged_sender(msg, "MX.example.org", "staff@example.org")) == forged


# ---- answers go to the sender alone --------------------------------------------------------------------


def test_reply_to_with_a_hundred_addresses_gets_one_recipient_over_smtp(tmp_path, books):
    server = SmtpServer().start()
    try:
        crowd = ", ".join(f"victim{i}@example.com" for i in range(100))
        source = maildir(
            tmp_path / "inbox",
            message("crowd", [("e.xlsx", books["good"])], Reply_To=crowd, Cc="cc@example.com"),
            message("desk", Reply_To="desk@example.org"),
            message("open", Reply_To="elsewhere@example.com"),
        )
        report = process_inbox(
            str(source), smtp=server.address, env={}, sender=INBOX, allow=["staff@example.org", "desk@example.org"]
        )
    finally:
        server.stop()
    assert len(report.answered) == 3 and not report.failed
    sent = {email.message_from_bytes(r.data, policy=email.policy.default)["Subject"]: r for r in server.received}
    assert sent["Re: crowd"].rcpt_tos == ["staff@example.org"]
    assert sent["Re: desk"].rcpt_tos == ["desk@example.org"]  # itself allowed
    assert sent["Re: open"].rcpt_tos == ["staff@example.org"]  # not allowed: From
    answer = email.message_from_bytes(sent["Re: crowd"].data, policy=email.policy.default)
    assert [a.addr_spec for a in answer["To"].addresses] == ["staff@example.org"] and answer["Cc"] is None
    assert answer["Auto-Submitted"] == "auto-replied"
    assert answer["X-Loop"] == "ttools; results@example.org"
    assert answer["Message-ID"].startswith("<ttools.")


# ---- robots never answered -------------------------------------------------------------------------------


def _robot_answers(outbox: Path, seen: set[str]) -> list[bytes]:
    """What an out-of-office robot writes back to every new answer in the outbox."""
    out = []
    for answer in replies(outbox):
        if answer["Message-ID"] in seen:
            continue
        seen.add(answer["Message-ID"])
        robot = message(
            f"Automatic reply: {answer['Subject']}",
            sender="Staff Member <staff@example.org>",
            msgid=f"<ooo.{len(seen)}@example.org>",
            text="I am away until Monday.",
            In_Reply_To=answer["Message-ID"],
        )
        out.append(robot.as_bytes())
    return out


def test_an_out_of_office_robot_and_the_inbox_do_not_write_to_each_other(tmp_path, books):
    import mailbox

    source = maildir(tmp_path / "inbox", message("Day 1", [("e.xlsx", books["good"])]))
    seen: set[str] = set()
    for _ in range(6):
        process_inbox(str(source), allow=STAFF_ONLY, sender=INBOX)
        for raw in _robot_answers(tmp_path / "outbox", seen):
            mailbox.Maildir(str(source)).add(raw)
    assert len(replies(tmp_path / "outbox")) == 1


def test_a_reply_to_an_answer_is_answered_only_with_a_workbook_of_its_own(tmp_path, books):
    source = maildir(tmp_path / "inbox", message("Day 1", [("e.xlsx", books["bad"])]))
    process_inbox(str(source), allow=STAFF_ONLY, sender=INBOX)
    (answer,) = replies(tmp_path / "outbox")
    thanks = message("Re: Day 1", text="Thanks!", In_Reply_To=answer["Message-ID"], References=answer["Message-ID"])
    fixed = message("Re: Day 1 fixed", [("e.xlsx", books["good"])], In_Reply_To=answer["Message-ID"])
    maildir(source, thanks, fixed)
    report = process_inbox(str(source), allow=STAFF_ONLY, sender=INBOX)
    assert len(report.answered) == 1 and len(report.not_answered) == 1
    assert "reply to one of ttools' answers" in report.not_answered[0]
    assert sorted(r["Subject"] for r in replies(tmp_path / "outbox")) == ["Re: Day 1", "Re: Day 1 fixed"]


def test_a_bounce_carrying_our_answer_is_not_answered_nor_mailed_to_the_postmaster(tmp_path, books):
    server = SmtpServer().start()
    try:
        source = maildir(tmp_path / "inbox", message("Day 1", [("e.xlsx", books["good"])]))
        process_inbox(str(source), smtp=server.address, env={}, sender=INBOX)
        ours = server.received[0].data
        bounce = message("Undelivered Mail Returned to Sender", sender="postmaster@example.net", text="failed")
        bounce.add_attachment(email.message_from_bytes(ours, policy=email.policy.default))
        relayed = message("Returned", sender="relay@example.net", text="failed")
        relayed.add_attachment(email.message_from_bytes(ours, policy=email.policy.default))
        maildir(source, bounce, relayed)
        report = process_inbox(str(source), smtp=server.address, env={}, sender=INBOX)
    finally:
        server.stop()
    assert report.answered == [] and len(report.not_answered) == 2
    assert len(server.received) == 1


def test_one_sender_gets_at_most_the_cap_per_run_and_the_rest_next_run(invoke, tmp_path):
    source = maildir(tmp_path / "inbox", *[message(f"robot {i}", msgid=f"<r{i}@example.org>") for i in range(25)])
    result = invoke("inbox", source, "--allow", "staff@example.org", "--max-per-sender", "20")
    assert "20 answered" in result.stdout and "5 left for the next run" in result.stdout
    assert "left for the next run: staff@example.org: 5 message(s)" in result.stdout
    assert _outbox_count(tmp_path / "outbox") == 20
    again = invoke("inbox", source, "--allow", "staff@example.org", "--max-per-sender", "20")
    assert "5 answered" in again.stdout and "20 already handled" in again.stdout
    assert _outbox_count(tmp_path / "outbox") == 25


# ---- nothing dropped by a fault --------------------------------------------------------------------------


def test_a_result_that_cannot_be_written_leaves_the_message_for_a_later_run(tmp_path, monkeypatch, books):
    from ttools import files

    real = files._temporary_beside

    def full_disk(target, suffix):  # the results workbook's temporary file cannot be made
        if suffix == ".xlsx":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(target, suffix)

    monkeypatch.setattr(files, "_temporary_beside", full_disk)
    source = maildir(tmp_path / "inbox", message("Day 1", [("e.xlsx", books["good"])]))
    report = process_inbox(str(source), allow=STAFF_ONLY)
    assert report.answered == [] and len(report.failed) == 1
    assert "No space left on device" in report.failed[0] and "tried again next run" in report.failed[0]
    assert _outbox_count(tmp_path / "outbox") == 0  # no "not processed" answer
    monkeypatch.setattr(files, "_temporary_beside", real)
    report = process_inbox(str(source), allow=STAFF_ONLY)
    (answer,) = replies(tmp_path / "outbox")
    assert "e.out.xlsx" in attached(answer) and "processed, no errors" in body(answer)


def test_a_message_given_up_is_reported_by_every_later_run_until_retried(tmp_path):
    dead = SmtpServer()  # nothing listens there
    source = maildir(tmp_path / "inbox", message("lonely", msgid="<lonely@example.org>"))
    for _ in range(5):
        process_inbox(str(source), smtp=dead.address, env={})
    for _ in range(3):
        later = process_inbox(str(source), smtp=dead.address, env={})
        assert len(later.failed) == 1 and "given up after 5 attempts" in later.failed[0]
        assert "--retry-failed" in later.failed[0]


@pytest.fixture
def full_disk(tmp_path):
    """A 1 MB file system filled to the last block (tmpfs; skipped where it cannot be mounted)."""
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot mount a small file system here")
    try:
        (mount / "state").mkdir()
        with open(mount / "filler", "wb", buffering=0) as fh:
            try:
                while True:
                    fh.write(b"\0" * 4096)
            except OSError:
                pass
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_full_disk_under_the_state_folder_gives_one_line_and_loses_nothing(tmp_path, books, full_disk):
    source = maildir(tmp_path / "inbox", message("Day 1", [("e.xlsx", books["good"])]))
    command = _ttools(
        "inbox", source, "--state", full_disk / "state", "--outbox", tmp_path / "outbox", "--allow", "staff@example.org"
    )
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done
    assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "No space left on device" in done.stderr and "Traceback" not in done.stderr
    assert _outbox_count(tmp_path / "outbox") == 0
    (full_disk / "filler").unlink()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "1 answered" in done.stdout and _outbox_count(tmp_path / "outbox") == 1


# ---- limits per message ----------------------------------------------------------------------------------


def test_a_212_mb_message_is_not_read_into_memory_and_its_sender_is_told(tmp_path):
    folder = tmp_path / "mails"
    folder.mkdir()
    big = folder / "big.eml"
    with open(big, "wb") as fh:
        fh.write(
            b"From: Staff Member <staff@example.org>\r\nTo: results@example.org\r\nSubject: all of it\r\n"
            b"Message-ID: <big@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\n"
        )
        fh.truncate(212 * 1024 * 1024)  # sparse: 212 MB of body without 212 MB of disk
    tracemalloc.start()
    start = time.monotonic()
    try:
        report = process_inbox(str(folder), allow=STAFF_ONLY)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.monotonic() - start < 10 and peak < 20 * 1024 * 1024, peak
    assert len(report.answered) == 1 and not report.failed
    (answer,) = replies(tmp_path / "outbox")
    assert "(212 MB) is larger than the limit of 25 MB" in body(answer) and not attached(answer)
    assert process_inbox(str(folder), allow=STAFF_ONLY).already == 1


def test_workbooks_beyond_the_limit_are_named_in_the_answer(tmp_path):
    books = [(f"book{i:02}.xlsx", f"not a workbook {i}".encode()) for i in range(25)]
    source = maildir(tmp_path / "inbox", message("many", books))
    report = process_inbox(str(source), allow=STAFF_ONLY, limits=Limits(workbooks=20))
    assert len(report.answered) == 1 and "(5 left out)" in report.answered[0]
    text = body(replies(tmp_path / "outbox")[0])
    assert sum(line.startswith("book") and "not processed: not an Excel" in line for line in text.splitlines()) == 20
    assert "book24.xlsx: not processed: the message carries 25 workbooks and at most 20 are processed" in text


def test_results_beyond_the_answer_size_are_left_out_and_the_answer_says_so(tmp_path, books):
    source = maildir(tmp_path / "inbox", message("big answer", [("a.xlsx", books["good"]), ("b.xlsx", books["bad"])]))
    limit = parse_size("100KB")
    process_inbox(str(source), allow=STAFF_ONLY, limits=Limits(answer_size=limit))
    (answer,) = replies(tmp_path / "outbox")
    assert len(answer.as_bytes()) <= limit
    text = body(answer)
    assert "Left out:" in text and "not attached: the answer would be larger than the limit of 100 KB" in text
    left = [line for line in text.splitlines() if "not attached" in line]
    assert len(attached(answer)) + len(left) == 3


# ---- IMAP: one ledger per mailbox, whatever the working folder ------------------------------------------

needs_dovecot = pytest.mark.skipif(DOVECOT is None and not ON_CI, reason="dovecot is not installed (CI installs it)")


def test_the_imap_state_folder_is_keyed_by_the_mailbox(tmp_path):
    env = {"XDG_STATE_HOME": str(tmp_path / "xdg")}
    one = imap_state_folder("imaps://staff@Mail.Example.org/inbox", env)
    assert one == imap_state_folder("imaps://staff@mail.example.org:993/INBOX", env)
    assert one.startswith(str(tmp_path / "xdg" / "ttools" / "inbox"))
    assert one != imap_state_folder("imaps://other@mail.example.org/INBOX", env)
    assert "/" not in mailbox_key(parse_imap_url("imaps://a@h/Staff/Results%20..%2F"))


@pytest.fixture
def imap():
    server = ImapServer()
    yield server
    server.close()


@needs_dovecot
def test_imap_runs_from_two_folders_and_two_at_once_answer_each_message_once(tmp_path, books, imap):
    count = 6
    for i in range(count):
        imap.deliver(message(f"i{i}", [(f"i{i}.xlsx", books["good"])], msgid=f"<i{i}@example.org>").as_bytes())
    imap.start()
    env = {**imap.env(), "XDG_STATE_HOME": str(tmp_path / "xdg")}
    outbox = tmp_path / "outbox"
    command = _ttools("inbox", "--imap", imap.url(), "--outbox", outbox, "--allow", "staff@example.org")
    folders = [tmp_path / "a", tmp_path / "b"]
    for f in folders:
        f.mkdir()
    procs = [
        subprocess.Popen(
            command,
            cwd=f,
            env={**env, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for f in folders
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    assert all("Traceback" not in err for _, err in outs), outs
    for f in folders:  # and once more from each folder, one after the other
        done = subprocess.run(
            command, cwd=f, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        assert "0 answered" in done.stdout and f"{count} already handled" in done.stdout
    counts: dict[str, int] = {}
    for r in replies(outbox):
        counts[r["In-Reply-To"]] = counts.get(r["In-Reply-To"], 0) + 1
    assert counts == {f"<i{i}@example.org>": 1 for i in range(count)}
    assert not any((f / ".ttools-inbox").exists() for f in folders)
    (state,) = (tmp_path / "xdg" / "ttools" / "inbox").iterdir()
    ledger = json.loads((state / "ledger.json").read_text(encoding="utf-8"))
    assert sorted(e["status"] for e in ledger["messages"].values()) == ["answered"] * count


@needs_dovecot
def test_an_imap_message_too_large_is_not_downloaded(tmp_path, imap, monkeypatch):
    head = (
        b"From: Staff Member <staff@example.org>\r\nTo: results@example.org\r\nSubject: huge\r\n"
        b"Message-ID: <huge@example.org>\r\nContent-Type: text/plain\r\n\r\n"
    )
    imap.deliver(head + b"x" * 76 + (b"\r\n" + b"x" * 76) * (3 * 1024 * 1024 // 78))
    imap.start()
    monkeypatch.setenv("SSL_CERT_FILE", str(imap.ca_file))
    monkeypatch.chdir(tmp_path)
    env = {"TTOOLS_IMAP_PASSWORD": imap.password, "XDG_STATE_HOME": str(tmp_path / "xdg")}
    tracemalloc.start()
    try:
        report = process_inbox(imap=imap.url(), env=env, allow=STAFF_ONLY, limits=Limits(message_size=1024 * 1024))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(report.answered) == 1 and peak < 2 * 1024 * 1024, peak
    assert "(3 MB) is larger than the limit of 1 MB" in body(replies(tmp_path / "outbox")[0])


def test_a_ledger_an_earlier_version_kept_in_the_working_folder_is_not_ignored(tmp_path, monkeypatch):
    from ttools.mail import InboxError

    monkeypatch.chdir(tmp_path)
    (tmp_path / ".ttools-inbox").mkdir()
    (tmp_path / ".ttools-inbox" / "ledger.json").write_text(
        json.dumps({"messages": {"k": {"status": "answered"}}, "sources": {"imap:INBOX;1/1": "k"}}), encoding="utf-8"
    )
    env = {"TTOOLS_IMAP_PASSWORD": "pw", "XDG_STATE_HOME": str(tmp_path / "xdg")}
    with pytest.raises(InboxError, match="move that folder"):  # else every message is answered again
        process_inbox(imap="imaps://staff@127.0.0.1:1/INBOX", env=env)
    assert not (tmp_path / "xdg").exists()
