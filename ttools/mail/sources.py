"""Where messages come from: a Maildir, a folder of .eml files or an IMAP mailbox, each only ever
read (Maildir files are never moved or flagged, IMAP is opened read-only and fetched with
``BODY.PEEK[]``)."""

from __future__ import annotations

import contextlib
import imaplib
import mailbox
import os
import re
import ssl
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from ttools.mail.errors import NETWORK_TIMEOUT, InboxError, SourceLost, one_line

IMAP_PASSWORD_ENV = "TTOOLS_IMAP_PASSWORD"


@dataclass
class Incoming:
    """A message in the source: where it is, its size (known before it is read, None when the
    source cannot tell) and how to read it, at most so many bytes of it."""

    where: str
    size: int | None
    read: Callable[[int], bytes]

    def load(self) -> bytes:
        return self.read(self.size if self.size is not None else _UNBOUNDED)


_UNBOUNDED = 1 << 62


def _read_file(path: str, limit: int) -> bytes:
    with open(path, "rb") as fh:
        return fh.read(limit)


def _file_size(path: str) -> int | None:
    try:
        return os.stat(path).st_size
    except OSError:
        return None


def _incoming_file(where: str, path: str) -> Incoming:
    return Incoming(where, _file_size(path), lambda limit: _read_file(path, limit))


def maildir_messages(path: str) -> Iterator[Incoming]:
    """The messages of a Maildir (new/ and cur/), by key; only ever read: no flags, no moves."""
    found: dict[str, str] = {}
    for sub in ("new", "cur"):
        folder = os.path.join(path, sub)
        for name in os.listdir(folder):
            full = os.path.join(folder, name)
            if not name.startswith(".") and os.path.isfile(full):
                found.setdefault(name.split(mailbox.Maildir.colon)[0], full)
    for key in sorted(found):
        yield _incoming_file(f"maildir:{key}", found[key])


def eml_messages(path: str) -> Iterator[Incoming]:
    if os.path.isfile(path):
        names = [os.path.basename(path)]
        path = os.path.dirname(path) or "."
    else:
        names = sorted(n for n in os.listdir(path) if n.lower().endswith(".eml") and not n.startswith("."))
    for name in names:
        full = os.path.join(path, name)
        if os.path.isfile(full):
            yield _incoming_file(f"eml:{name}", full)


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
    return ImapAddress(
        secure, unquote(parts.username), parts.hostname, port, unquote(parts.path.lstrip("/")) or "INBOX"
    )


def _imap_quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _imap_literal(data: list[Any]) -> bytes:
    for item in data or []:
        if isinstance(item, tuple) and len(item) >= 2 and isinstance(item[1], (bytes, bytearray)):
            return bytes(item[1])
    return b""


def _imap_open(address: ImapAddress, password: str) -> tuple[imaplib.IMAP4, list[Any]]:
    """A logged-in connection with the mailbox selected read-only (EXAMINE), and the answer to
    its search for every message; every failure here is one line."""
    conn = None
    try:
        # an explicit context: imaplib's own default does not verify the server's certificate
        if address.secure:
            conn = imaplib.IMAP4_SSL(
                address.host, address.port, ssl_context=ssl.create_default_context(), timeout=NETWORK_TIMEOUT
            )
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
    return conn, data


def _imap_sizes(conn: imaplib.IMAP4) -> dict[str, int]:
    """UID -> RFC822.SIZE of every message, in one fetch: a message too large is known unread."""
    try:
        typ, data = conn.uid("FETCH", "1:*", "(RFC822.SIZE)")
    except (imaplib.IMAP4.error, OSError):
        return {}
    sizes = {}
    for item in data or []:
        line = item[0] if isinstance(item, tuple) else item
        if isinstance(line, (bytes, bytearray)):
            uid, size = re.search(rb"UID (\d+)", line), re.search(rb"RFC822\.SIZE (\d+)", line)
            if uid and size:
                sizes[uid.group(1).decode()] = int(size.group(1))
    return sizes if typ == "OK" else {}


@contextlib.contextmanager
def imap_messages(address: ImapAddress, password: str) -> Iterator[Iterator[Incoming]]:
    """The messages of one IMAP mailbox, opened read-only (EXAMINE) and fetched with BODY.PEEK, so no
    message is flagged \\Seen, moved or deleted."""
    conn, data = _imap_open(address, password)
    uids = [u.decode() for u in (data[0] or b"").split()] if data else []
    try:  # UIDs name a message only together with the mailbox's UIDVALIDITY
        validity = b"".join(x for x in conn.response("UIDVALIDITY")[1] if isinstance(x, bytes)).decode() or "0"
    except Exception:
        validity = "0"
    sizes = _imap_sizes(conn) if uids else {}

    def fetch(uid: str, limit: int) -> bytes:
        size = sizes.get(uid)
        what = "(BODY.PEEK[])" if size is not None and limit >= size else f"(BODY.PEEK[]<0.{limit}>)"
        try:
            typ, data = conn.uid("FETCH", uid, what)
        except (imaplib.IMAP4.abort, OSError) as exc:  # the connection is gone: so are the other messages
            raise SourceLost(f"IMAP {address.host}: connection lost ({one_line(exc)})") from None
        if typ != "OK":
            raise InboxError(f"IMAP: fetch of message {uid} failed: {data!r}")
        return _imap_literal(data)[:limit]

    def incoming() -> Iterator[Incoming]:
        for uid in uids:  # a message already answered is known by its UID and never downloaded again
            yield Incoming(
                f"imap:{address.mailbox};{validity}/{uid}", sizes.get(uid), lambda limit, uid=uid: fetch(uid, limit)
            )

    try:
        yield incoming()
    finally:
        with contextlib.suppress(Exception):
            conn.logout()


def imap_password(imap: str, env: dict[str, str]) -> tuple[ImapAddress, str]:
    """The address of the IMAP mailbox and its password, from ``env``; refused when it has none."""
    address = parse_imap_url(imap)
    password = env.get(IMAP_PASSWORD_ENV)
    if not password:
        raise InboxError(f"set ${IMAP_PASSWORD_ENV} to the password of {address.user}")
    return address, password


@contextlib.contextmanager
def open_source(source: str | None, imap: str | None, env: dict[str, str]) -> Iterator[Iterator[Incoming]]:
    """The messages of SOURCE (a Maildir, a folder of .eml files or one .eml file) or of the IMAP
    mailbox at ``imap``, whose password is taken from ``env``."""
    if imap is not None:
        address, password = imap_password(imap, env)
        with imap_messages(address, password) as messages:
            yield messages
    elif os.path.isdir(source) and is_maildir(source):
        yield maildir_messages(source)
    elif os.path.isdir(source) or source.lower().endswith(".eml"):
        yield eml_messages(source)
    else:
        raise InboxError(f"{source}: neither a Maildir nor a folder of .eml files")
