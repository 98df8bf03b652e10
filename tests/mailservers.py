"""Real mail servers on loopback for the inbox tests: an SMTP server (aiosmtpd) that can be
stopped and started again on the same port, and an IMAP server (dovecot) with its own
configuration, TLS certificate and Maildir, that can be killed and started again. Nothing
listens beyond 127.0.0.1; every wait is bounded."""

from __future__ import annotations

import mailbox
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ON_CI = bool(os.environ.get("CI"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, up: bool = True, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                if up:
                    return
        except OSError:
            if not up:
                return
        time.sleep(0.05)
    raise TimeoutError(f"port {port} did not come {'up' if up else 'down'} within {seconds} s")


# ---- SMTP ------------------------------------------------------------------------------------------


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    data: bytes


class SmtpServer:
    """aiosmtpd on 127.0.0.1: ``die_after`` deliveries, then it stops accepting mail (answers 421 to a
    transaction already under way) and its port closes, until ``start`` again."""

    def __init__(
        self,
        port: int | None = None,
        tls_folder: Path | None = None,
        login: tuple[str, str] | None = None,
        refuse: tuple[str, ...] = (),
    ) -> None:
        self.port = port or free_port()
        self.received: list[Received] = []
        self.die_after: int | None = None
        self.refuse = refuse  # recipients answered 550
        self.login = login  # (user, password) required, over STARTTLS
        self.logins: list[str] = []
        self.ca_file: Path | None = None
        self._tls = None
        if tls_folder is not None:
            import ssl

            import trustme

            ca = trustme.CA()
            cert = ca.issue_cert("127.0.0.1", "localhost")
            self.ca_file = tls_folder / "smtp-ca.pem"
            ca.cert_pem.write_to_path(str(self.ca_file))
            self._tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            cert.configure_cert(self._tls)
        self._controller = None

    def start(self) -> "SmtpServer":
        from aiosmtpd.controller import Controller

        server = self

        class Handler:
            async def handle_RCPT(self, _server, session, envelope, address, rcpt_options):
                if address in server.refuse:
                    return "550 no such user here"
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, _server, session, envelope):
                if server.die_after is not None and len(server.received) >= server.die_after:
                    return "421 closing down"
                server.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content))
                if server.die_after is not None and len(server.received) >= server.die_after:
                    import threading

                    threading.Thread(target=server.stop, daemon=True).start()
                return "250 OK"

        options = {}
        if self._tls is not None:
            options.update(tls_context=self._tls, require_starttls=True)
        if self.login is not None:
            from aiosmtpd.smtp import AuthResult

            def authenticate(_server, _session, _envelope, mechanism, data):
                ok = (data.login.decode(), data.password.decode()) == server.login
                server.logins.append(f"{mechanism} {data.login.decode()} {'ok' if ok else 'refused'}")
                return AuthResult(success=ok)

            options.update(authenticator=authenticate, auth_required=True, auth_require_tls=self._tls is not None)
        self._controller = Controller(Handler(), hostname="127.0.0.1", port=self.port, ready_timeout=10, **options)
        self._controller.start()
        wait_for_port(self.port)
        return self

    def stop(self) -> None:
        controller, self._controller = self._controller, None
        if controller is not None:
            controller.stop()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"


# ---- IMAP ------------------------------------------------------------------------------------------

DOVECOT = shutil.which("dovecot") or ("/usr/sbin/dovecot" if os.path.exists("/usr/sbin/dovecot") else None)

_DOVECOT_CONF = """\
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <{root}/cert.pem
ssl_key = <{root}/key.pem
ssl_min_protocol = TLSv1.2
auth_mechanisms = plain
passdb {{
  driver = static
  args = password={password}
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home/%u
}}
mail_location = maildir:~/Maildir
first_valid_uid = 0
first_valid_gid = 0
default_login_user = {login_user}
default_internal_user = {internal_user}
service imap-login {{
  inet_listener imap {{
    port = 0
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {port}
  }}
}}
"""


@dataclass
class ImapServer:
    """dovecot with a private configuration in a temporary folder, serving one user over TLS."""

    user: str = "staff"
    password: str = "s3cret-for-tests"
    port: int = field(default_factory=free_port)
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="dv", dir="/tmp")))
    ca_file: Path | None = None
    _proc: subprocess.Popen | None = None

    def __post_init__(self) -> None:
        import trustme

        ca = trustme.CA()
        cert = ca.issue_cert("127.0.0.1", "localhost")
        cert.private_key_pem.write_to_path(str(self.root / "key.pem"))
        cert.cert_chain_pems[0].write_to_path(str(self.root / "cert.pem"))
        self.ca_file = self.root / "ca.pem"
        ca.cert_pem.write_to_path(str(self.ca_file))
        os.chmod(self.root, 0o755)  # the mail user must reach its home inside
        for sub in ("run", "state", "home"):
            (self.root / sub).mkdir(exist_ok=True)
        import pwd

        def user_or_root(name: str) -> str:
            try:
                pwd.getpwnam(name)
                return name
            except KeyError:
                return "root"

        # dovecot refuses to serve mail as root: as root, the mail belongs to its own 'dovecot' user
        owner = pwd.getpwnam(user_or_root("dovecot")) if os.getuid() == 0 else pwd.getpwuid(os.getuid())
        self.uid, self.gid = owner.pw_uid, owner.pw_gid
        (self.root / "dovecot.conf").write_text(
            _DOVECOT_CONF.format(
                root=self.root,
                password=self.password,
                uid=self.uid,
                gid=self.gid,
                port=self.port,
                login_user=user_or_root("dovenull"),
                internal_user=user_or_root("dovecot"),
            )
        )

    @property
    def maildir(self) -> Path:
        return self.root / "home" / self.user / "Maildir"

    def deliver(self, raw: bytes) -> None:
        self.maildir.parent.mkdir(parents=True, exist_ok=True)
        mailbox.Maildir(str(self.maildir), create=True).add(raw)
        for folder, dirs, files in os.walk(self.root / "home"):
            for name in [folder, *(os.path.join(folder, n) for n in dirs + files)]:
                os.chown(name, self.uid, self.gid)

    def start(self) -> "ImapServer":
        self._proc = subprocess.Popen(
            [DOVECOT, "-F", "-c", str(self.root / "dovecot.conf")],
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            wait_for_port(self.port)
        except TimeoutError:
            self.kill()
            log = (
                (self.root / "dovecot.log").read_text(errors="replace") if (self.root / "dovecot.log").exists() else ""
            )
            raise RuntimeError(f"dovecot did not start: {log[-2000:]}") from None
        return self

    def kill(self) -> None:
        """SIGKILL the server and every process it started (its own process group)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=20)
        wait_for_port(self.port, up=False)

    def url(self) -> str:
        return f"imaps://{self.user}@127.0.0.1:{self.port}/INBOX"

    def env(self) -> dict[str, str]:
        # the ledger of an IMAP mailbox lives in the user's state folder: here, the server's own
        return {
            **os.environ,
            "TTOOLS_IMAP_PASSWORD": self.password,
            "SSL_CERT_FILE": str(self.ca_file),
            "XDG_STATE_HOME": str(self.root / "xdg"),
        }

    def close(self) -> None:
        self.kill()
        shutil.rmtree(self.root, ignore_errors=True)
