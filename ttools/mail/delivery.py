"""Where answers go: an outbox Maildir that files each answer exactly once, and an SMTP server
that sends it (at least once, always under the same Message-ID)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import smtplib
import ssl
from email.message import EmailMessage

from ttools.files import fsync_folder
from ttools.mail.errors import NETWORK_TIMEOUT, InboxError
from ttools.mail.headers import address_of

SMTP_USER_ENV = "TTOOLS_SMTP_USER"
SMTP_PASSWORD_ENV = "TTOOLS_SMTP_PASSWORD"
_OUTBOX_PREFIX = "ttools-reply."


def outbox_name(key: str) -> str:
    """The Maildir file name of the answer to the message of ledger key ``key``."""
    return _OUTBOX_PREFIX + hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:40]


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
        cur = os.path.join(self.path, "cur")  # a mail client moves what it has seen here, adding ':2,S'
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
        fsync_folder(os.path.join(self.path, "new"))

    def clean(self) -> None:
        """Remove what a killed run left in tmp/ (only files of ttools' own names)."""
        tmp = os.path.join(self.path, "tmp")
        if os.path.isdir(tmp):
            for n in os.listdir(tmp):
                if n.startswith(_OUTBOX_PREFIX):
                    with contextlib.suppress(OSError):
                        os.unlink(os.path.join(tmp, n))


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
            # the envelope names the one recipient of the header, whatever else the message says
            conn.send_message(msg, from_addr=address_of(self.sender), to_addrs=[address_of(str(msg["To"]))])
        finally:
            with contextlib.suppress(Exception):
                conn.quit()
