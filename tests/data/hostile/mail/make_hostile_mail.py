"""Write the hostile messages of this folder: small .eml files that once got an answer they must
not get (robots, bounces, strangers, forged senders). Each is a message a staff member could have
sent, with one thing changed. README.md says what each is; tests/test_mail_security.py runs
every one through `ttools inbox` and checks that it is not answered (``CASES``: file name ->
'not answered' or 'refused', the way the run must show it).

    python tests/data/hostile/mail/make_hostile_mail.py      # rewrites every .eml here

The sender of each is on the tests' allow-list (staff@example.org) unless the case is about the
sender; the inbox's own address is results@example.org, its server stamps
'Authentication-Results: mx.example.org'.
"""

from __future__ import annotations

import hashlib
from email.message import EmailMessage
from pathlib import Path

HERE = Path(__file__).resolve().parent
STAFF = "Staff Member <staff@example.org>"
OURS = "<ttools.0123456789abcdef0123456789abcdef01234567@example.org>"  # the form of ttools' answer ids


def _message(subject: str = "Day 1 results", sender: str = STAFF, **headers: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "results@example.org"
    msg["Subject"] = subject
    digest = hashlib.sha256((subject + sender + str(sorted(headers.items()))).encode()).hexdigest()[:12]
    msg["Message-ID"] = f"<{digest}@example.org>"
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content("Please process the attached workbook.")
    msg.add_attachment(
        b"PK\x03\x04 not really a workbook",
        maintype="application",
        subtype="vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        filename="day1.xlsx",
    )
    return msg


def _our_answer() -> EmailMessage:
    answer = EmailMessage()
    answer["From"] = "results@example.org"
    answer["To"] = "staff@example.org"
    answer["Subject"] = "Re: Day 1 results"
    answer["Message-ID"] = OURS
    answer["Auto-Submitted"] = "auto-replied"
    answer["X-Loop"] = "ttools; results@example.org"
    answer.set_content("day1.xlsx: processed, no errors, 0 warning(s). Results attached: day1.out.xlsx.")
    answer.add_attachment(
        b"PK\x03\x04 results",
        maintype="application",
        subtype="vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        filename="day1.out.xlsx",
    )
    return answer


def _bounce(headers_only: bool) -> EmailMessage:
    """A delivery report (RFC 3464) from a postmaster, carrying ttools' answer back."""
    report = EmailMessage()
    report["From"] = "Mail Delivery System <postmaster@example.net>"
    report["To"] = "results@example.org"
    report["Subject"] = "Undelivered Mail Returned to Sender"
    report["Message-ID"] = "<bounce.%d@example.net>" % headers_only
    report.set_content("Your message could not be delivered.")
    report.make_mixed()
    answer = _our_answer()
    if headers_only:
        head = b"".join(f"{k}: {v}\r\n".encode() for k, v in answer.items())
        report.add_attachment(head, maintype="text", subtype="rfc822-headers")
    else:
        report.add_attachment(answer)
    return report


def _plain_bounce(headers_only: bool = False) -> EmailMessage:
    """Not marked as a report, from an ordinary-looking address: only the answer inside tells."""
    msg = _message("Returned: your mail", sender="Relay <relay@example.net>")
    if headers_only:
        head = b"".join(f"{k}: {v}\r\n".encode() for k, v in _our_answer().items())
        msg.add_attachment(head, maintype="text", subtype="rfc822-headers")
    else:
        msg.add_attachment(_our_answer())
    return msg


def _report(ctype: str) -> bytes:
    boundary = "b0undary"
    return (
        f"From: Staff Member <staff@example.org>\r\nTo: results@example.org\r\nSubject: Day 1 results\r\n"
        f"Message-ID: <report.{ctype.split('/')[1]}@example.org>\r\nMIME-Version: 1.0\r\n"
        f'Content-Type: multipart/report; report-type={ctype.split("/")[1]}; boundary="{boundary}"\r\n\r\n'
        f"--{boundary}\r\nContent-Type: text/plain\r\n\r\nA report.\r\n"
        f"--{boundary}\r\nContent-Type: {ctype}\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\n"
        f"--{boundary}--\r\n"
    ).encode()


def _raw_from(value: str, name: str) -> bytes:
    return (
        f"From: {value}\r\nTo: results@example.org\r\nSubject: {name}\r\nMessage-ID: <{name}@example.org>\r\n"
        "\r\nPlease process.\r\n"
    ).encode()


def _stamped(results: str, extra: str = "") -> bytes:
    return (
        f"Authentication-Results: mx.example.org; {results}\r\n"
        "Received: from mail.example.org by mx.example.org; Mon, 1 Jan 2024 10:00:00 +0000\r\n"
        + extra
        + _message(f"stamped {results[:30]}").as_string().replace("\n", "\r\n")
    ).encode()


AUTOMATIC = {
    "auto-submitted.eml": _message(Auto_Submitted="auto-generated"),
    "x-autoreply.eml": _message(X_Autoreply="yes"),
    "x-autorespond.eml": _message(X_Autorespond="vacation"),
    "x-autorespond-any.eml": _message(X_Autorespond_Robot="1"),
    "x-auto-response-suppress.eml": _message(X_Auto_Response_Suppress="All"),
    "precedence-auto-reply.eml": _message(Precedence="auto_reply"),
    "precedence-list.eml": _message(Precedence="list"),
    "precedence-bulk.eml": _message(Precedence="bulk"),
    "list-id.eml": _message(List_Id="<staff.lists.example.org>"),
    "list-unsubscribe.eml": _message(List_Unsubscribe="<mailto:leave@lists.example.org>"),
    "list-post.eml": _message(List_Post="<mailto:staff@lists.example.org>"),
    "return-path-empty.eml": _message(Return_Path="<>"),
    "noreply-sender.eml": _message(sender="Club <noreply@example.org>"),
    "no-reply-sender.eml": _message(sender="Club <no-reply@example.org>"),
    "donotreply-sender.eml": _message(sender="donotreply@example.org"),
    "mailer-daemon.eml": _message(sender="MAILER-DAEMON@example.org"),
    "postmaster.eml": _message(sender="postmaster@example.org"),
    "subject-automatic-reply.eml": _message("Automatic reply: Day 1 results"),
    "subject-auto.eml": _message("Auto: Day 1 results"),
    "subject-out-of-office.eml": _message("Out of Office: back on Monday"),
    "subject-autosvar.eml": _message("Autosvar: Day 1 results"),
    "subject-abwesend.eml": _message("Abwesend: Day 1 results"),
    "subject-zh-hans.eml": _message("自动回复: Day 1 results"),
    "subject-zh-hant.eml": _message("自動回覆: Day 1 results"),
    "our-x-loop.eml": _message(X_Loop="ttools; results@example.org"),
    "our-own-answer.eml": _our_answer(),
    "bounce-with-our-answer.eml": _bounce(headers_only=False),
    "bounce-with-our-headers.eml": _bounce(headers_only=True),
    "plain-bounce-with-our-answer.eml": _plain_bounce(),
    "plain-bounce-with-our-headers.eml": _plain_bounce(headers_only=True),
}
RAW_AUTOMATIC = {
    "report-delivery-status.eml": _report("message/delivery-status"),
    "report-disposition-notification.eml": _report("message/disposition-notification"),
}
RAW_REFUSED = {
    "from-two-addresses.eml": _raw_from("staff@example.org, other@example.org", "two"),
    "from-none.eml": _raw_from("undisclosed-recipients:;", "none"),
    "from-display-name-trick.eml": _raw_from("staff@example.org <stranger@evil.example>", "trick"),
    "from-quoted-local-part.eml": _raw_from('"staff@example.org"@evil.example', "quoted"),
    "from-group.eml": _raw_from("Staff: staff@example.org;", "group"),
    "two-from-headers.eml": b"From: staff@example.org\r\n" + _raw_from("stranger@evil.example", "twice"),
    "stranger.eml": _message(sender="Stranger <stranger@evil.example>").as_bytes(),
    "reply-to-hundred.eml": _message(
        sender="Stranger <stranger@evil.example>", Reply_To=", ".join(f"victim{i}@example.com" for i in range(100))
    ).as_bytes(),
    "dmarc-fail.eml": _stamped(
        "spf=pass smtp.mailfrom=evil.example; dkim=none; dmarc=fail (p=reject) header.from=example.org"
    ),
    "spf-and-dkim-fail.eml": _stamped(
        "spf=fail (sender not permitted) smtp.mailfrom=example.org; dkim=fail (bad signature) header.d=example.org"
    ),
}
CASES = {**{n: "not answered" for n in [*AUTOMATIC, *RAW_AUTOMATIC]}, **{n: "refused" for n in RAW_REFUSED}}


def main() -> None:
    for name, msg in AUTOMATIC.items():
        (HERE / name).write_bytes(msg.as_bytes())
    for name, raw in {**RAW_AUTOMATIC, **RAW_REFUSED}.items():
        (HERE / name).write_bytes(raw)


if __name__ == "__main__":
    main()
