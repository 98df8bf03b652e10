"""`ttools inbox` through faults, with real servers on loopback: an SMTP server (aiosmtpd) that dies
after two deliveries and comes back, an IMAP server (dovecot) killed mid-run, and `kill -9` of the
inbox itself, again and again. Every distinct message is answered, none twice in the Maildir
outbox, none lost. Every loop here is bounded in count and in time."""

from __future__ import annotations

import email
import email.policy
import json
import mailbox
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ttools.mail import InboxError, process_inbox
from ttools.mail.answers import reply_message_id
from ttools.mail.ledger import MAX_ATTEMPTS, ledger_key

from .mailservers import DOVECOT, ON_CI, ImapServer, SmtpServer
from .test_mail import books, maildir, message, replies  # noqa: F401  (books is a fixture)

ROOT = Path(__file__).resolve().parents[1]


def _ttools(*args) -> list[str]:
    return [sys.executable, "-m", "ttools", *map(str, args)]


def _answers_by_original(outbox: Path) -> dict[str, int]:
    """In-Reply-To of every answer in the outbox Maildir -> how many answers it has."""
    counts: dict[str, int] = {}
    for r in replies(outbox):
        counts[r["In-Reply-To"]] = counts.get(r["In-Reply-To"], 0) + 1
    return counts


# ---- SMTP -----------------------------------------------------------------------------------------------


@pytest.fixture
def smtp():
    server = SmtpServer().start()
    yield server
    server.stop()


def test_smtp_that_dies_after_two_deliveries_loses_nothing_and_doubles_nothing(tmp_path, books, smtp):
    msgs = [
        message(f"m{i}", [(f"m{i}.xlsx", books["good"])] if i % 2 == 0 else [], msgid=f"<m{i}@example.org>")
        for i in range(5)
    ]
    source = maildir(tmp_path / "inbox", *msgs)
    smtp.die_after = 2
    first = process_inbox(str(source), smtp=smtp.address, env={})
    assert len(first.answered) == 2 and len(first.failed) == 3, first
    assert all("attempt 1 of" in line for line in first.failed)
    assert len(smtp.received) == 2

    # still down: the next ordinary run tries again, and fails again, quickly
    start = time.monotonic()
    second = process_inbox(str(source), smtp=smtp.address, env={})
    assert len(second.failed) == 3 and second.already == 2 and time.monotonic() - start < 60

    smtp.die_after = None
    smtp.start()  # back on the same port
    third = process_inbox(str(source), smtp=smtp.address, env={})
    assert len(third.answered) == 3 and not third.failed and third.already == 2
    sent = [email.message_from_bytes(r.data, policy=email.policy.default) for r in smtp.received]
    assert sorted(m["In-Reply-To"] for m in sent) == sorted(f"<m{i}@example.org>" for i in range(5))
    ids = [m["Message-ID"] for m in sent]
    assert len(set(ids)) == 5
    for m in sent:  # the Message-ID comes from the message answered: a resend would carry the same
        original = next(o for o in msgs if o["Message-ID"] == m["In-Reply-To"])
        assert m["Message-ID"] == reply_message_id(ledger_key(original.as_bytes()))
    assert all(r.rcpt_tos == ["staff@example.org"] for r in smtp.received)
    assert process_inbox(str(source), smtp=smtp.address, env={}).already == 5
    assert len(smtp.received) == 5


def test_smtp_down_for_good_gives_up_after_the_bounded_attempts(tmp_path, books):
    dead = SmtpServer()  # a port nothing listens on
    source = maildir(tmp_path / "inbox", message("lonely", msgid="<lonely@example.org>"))
    for attempt in range(1, MAX_ATTEMPTS + 1):
        report = process_inbox(str(source), smtp=dead.address, env={})
        assert len(report.failed) == 1
    assert "given up after" in report.failed[0]
    later = process_inbox(str(source), smtp=dead.address, env={})
    assert later.already == 0 and len(later.failed) == 1 and "given up after" in later.failed[0]


def _filed(outbox: Path) -> int:
    new = outbox / "new"
    return len(os.listdir(new)) if new.exists() else 0


# ---- kill -9 of the inbox itself -------------------------------------------------------------------------


KILLS = 12  # kills at most
KILL_LOOP_SECONDS = 90  # and for at most this long


def test_kill_nine_again_and_again_never_doubles_or_loses_an_answer(tmp_path, books):
    count = 10
    msgs = [
        message(
            f"k{i}",
            [(f"k{i}.xlsx", books["good"] if i % 3 else books["bad"])] if i != 4 else [],
            msgid=f"<k{i}@example.org>",
        )
        for i in range(count)
    ]
    source = maildir(tmp_path / "inbox", *msgs)
    outbox, state = tmp_path / "outbox", tmp_path / "state"
    command = _ttools("inbox", source, "--outbox", outbox, "--state", state)
    rng = random.Random(11)
    kills = 0
    filed_at_kill = []
    deadline = time.monotonic() + KILL_LOOP_SECONDS
    while kills < KILLS and time.monotonic() < deadline:
        before = _filed(outbox)
        proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # let this run file one more answer (so every run moves on), then kill it: every other time
        # at once (between filing the answer and noting it: the moment a doubled answer is born),
        # else at a random moment
        while proc.poll() is None and _filed(outbox) == before and time.monotonic() < deadline:
            time.sleep(0.001)
        if kills % 2:
            time.sleep(rng.uniform(0.0, 0.6))
        if proc.poll() is not None:  # it finished before the kill: the run is over
            break
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        kills += 1
        counts = _answers_by_original(outbox) if (outbox / "new").exists() else {}
        assert all(n == 1 for n in counts.values()), counts  # never a doubled answer, at any moment
        filed_at_kill.append(len(counts))
    final = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert final.returncode == 0, final.stderr
    counts = _answers_by_original(outbox)
    assert counts == {f"<k{i}@example.org>": 1 for i in range(count)}, (kills, counts)
    ledger = json.loads((state / "ledger.json").read_text(encoding="utf-8"))["messages"]
    assert sorted(e["status"] for e in ledger.values()) == ["answered"] * count
    assert not (state / "work").exists() and os.listdir(outbox / "tmp") == []
    # the loop really killed runs half-way through the mailbox, not only before or after
    assert any(0 < n < count for n in filed_at_kill), filed_at_kill


def test_kill_nine_with_smtp_sends_every_answer_at_least_once_and_a_resend_is_recognisable(tmp_path, books, smtp):
    count = 6
    msgs = [message(f"s{i}", [(f"s{i}.xlsx", books["good"])], msgid=f"<s{i}@example.org>") for i in range(count)]
    source = maildir(tmp_path / "inbox", *msgs)
    command = _ttools("inbox", source, "--smtp", smtp.address, "--state", tmp_path / "state")
    kills, deadline = 0, time.monotonic() + KILL_LOOP_SECONDS
    while kills < KILLS and time.monotonic() < deadline:
        before = len(smtp.received)
        proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while proc.poll() is None and len(smtp.received) == before and time.monotonic() < deadline:
            time.sleep(0.001)
        if proc.poll() is not None:
            break
        proc.send_signal(signal.SIGKILL)  # right after a delivery, before the ledger knows
        proc.wait(timeout=30)
        kills += 1
    final = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert final.returncode == 0, final.stderr
    sent = [email.message_from_bytes(r.data, policy=email.policy.default) for r in smtp.received]
    ids: dict[str, set[str]] = {}
    for m in sent:
        ids.setdefault(m["In-Reply-To"], set()).add(m["Message-ID"])
    assert set(ids) == {f"<s{i}@example.org>" for i in range(count)}  # none lost
    assert all(len(v) == 1 for v in ids.values()), ids  # a resend carries the same id
    assert kills >= 1


# ---- IMAP -------------------------------------------------------------------------------------------------

needs_dovecot = pytest.mark.skipif(DOVECOT is None and not ON_CI, reason="dovecot is not installed (CI installs it)")


@pytest.fixture
def imap():
    server = ImapServer()
    yield server
    server.close()


def _seen_flags(maildir_path: Path) -> list[str]:
    return [n for n in os.listdir(maildir_path / "cur") if ":2," in n and "S" in n.split(":2,", 1)[1]]


@needs_dovecot
def test_an_imap_mailbox_is_read_without_changing_it(tmp_path, books, imap, monkeypatch):
    imap.deliver(message("imap one", [("i.xlsx", books["good"])]).as_bytes())
    imap.deliver(message("imap two").as_bytes())
    imap.start()
    monkeypatch.setenv("SSL_CERT_FILE", str(imap.ca_file))
    monkeypatch.chdir(tmp_path)
    env = {"TTOOLS_IMAP_PASSWORD": imap.password, "XDG_STATE_HOME": str(tmp_path / "xdg")}
    report = process_inbox(imap=imap.url(), env=env)
    assert len(report.answered) == 2 and not report.failed
    assert {r["Subject"] for r in replies(tmp_path / "outbox")} == {"Re: imap one", "Re: imap two"}
    again = process_inbox(imap=imap.url(), env=env)
    assert again.already == 2
    box = mailbox.Maildir(str(imap.maildir), create=False)
    assert len(box) == 2 and _seen_flags(imap.maildir) == []  # nothing flagged \Seen, nothing deleted
    log = (imap.root / "dovecot.log").read_text(errors="replace")
    assert "expunged=0" in log and "deleted=0" in log


@needs_dovecot
def test_an_imap_login_refusal_is_one_line(tmp_path, imap, monkeypatch):
    imap.start()
    monkeypatch.setenv("SSL_CERT_FILE", str(imap.ca_file))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InboxError, match="AUTHENTICATIONFAILED|Authentication failed"):
        process_inbox(imap=imap.url(), env={"TTOOLS_IMAP_PASSWORD": "wrong", "XDG_STATE_HOME": str(tmp_path)})


@needs_dovecot
def test_an_untrusted_imap_certificate_is_refused(tmp_path, imap, monkeypatch):
    imap.start()
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InboxError, match="CERTIFICATE_VERIFY_FAILED|certificate"):
        process_inbox(imap=imap.url(), env={"TTOOLS_IMAP_PASSWORD": imap.password, "XDG_STATE_HOME": str(tmp_path)})


@needs_dovecot
def test_imap_killed_mid_run_then_back_answers_everything_once(tmp_path, books, imap):
    count = 8
    for i in range(count):
        imap.deliver(message(f"i{i}", [(f"i{i}.xlsx", books["good"])], msgid=f"<i{i}@example.org>").as_bytes())
    imap.start()
    outbox, state = tmp_path / "outbox", tmp_path / "state"
    command = _ttools(
        "inbox", "--imap", imap.url(), "--outbox", outbox, "--state", state, "--allow", "staff@example.org"
    )
    proc = subprocess.Popen(
        command, cwd=ROOT, env=imap.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if (outbox / "new").exists() and len(os.listdir(outbox / "new")) >= 2:
            break
        time.sleep(0.05)
    imap.kill()  # the server dies under the run
    out, err = proc.communicate(timeout=120)  # the run ends on its own, it does not hang
    assert "Traceback" not in err, err
    answered_before = len(os.listdir(outbox / "new"))
    assert 2 <= answered_before < count, (answered_before, out, err)
    assert proc.returncode == 1, (proc.returncode, err)
    (line,) = err.strip().splitlines()  # one line, not one per message left
    assert "connection lost" in line and f"{count - answered_before} message(s) wait for the next run" in line

    imap.start()
    final = subprocess.run(command, cwd=ROOT, env=imap.env(), capture_output=True, text=True, timeout=300)
    assert final.returncode == 0, final.stderr
    assert _answers_by_original(outbox) == {f"<i{i}@example.org>": 1 for i in range(count)}
    assert _seen_flags(imap.maildir) == []
