"""Where the inbox keeps its state (ledger, lock, work folder): beside a Maildir or a folder of
.eml files, and for an IMAP mailbox in the user's own state folder, under a name made from the
mailbox's address, so that runs from any working folder share one ledger and one lock."""

from __future__ import annotations

import hashlib
import json
import os
import re

from ttools.mail.errors import InboxError
from ttools.mail.sources import ImapAddress, parse_imap_url

OLD_STATE_NAME = ".ttools-inbox"  # the state folder beside SOURCE (and, before, in the working folder for IMAP)


def user_state_home(env: dict[str, str]) -> str:
    """``%LOCALAPPDATA%\\ttools\\inbox`` on Windows, else ``$XDG_STATE_HOME/ttools/inbox``
    (``~/.local/state/ttools/inbox`` when unset or not absolute, as the XDG spec says)."""
    if os.name == "nt":
        base = env.get("LOCALAPPDATA") or os.path.join(os.path.expanduser("~"), "AppData", "Local")
    else:
        base = env.get("XDG_STATE_HOME", "")
        if not os.path.isabs(base):
            base = os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "ttools", "inbox")


def mailbox_url(address: ImapAddress) -> str:
    """The mailbox's address as one spelling (no password: the URL never holds one): host in
    lower case, the port written out, INBOX in capitals (IMAP ignores its case)."""
    box = "INBOX" if address.mailbox.upper() == "INBOX" else address.mailbox
    return f"{'imaps' if address.secure else 'imap'}://{address.user}@{address.host.lower()}:{address.port}/{box}"


def mailbox_key(address: ImapAddress) -> str:
    """A folder name for the mailbox: readable, safe on every file system, one per mailbox."""
    url = mailbox_url(address)
    readable = re.sub(r"[^A-Za-z0-9@._-]+", "_", url.split("://", 1)[1]).strip("._")[:80]
    return f"{readable}-{hashlib.sha256(url.encode('utf-8')).hexdigest()[:12]}"


def imap_state_folder(url: str, env: dict[str, str]) -> str:
    return os.path.join(user_state_home(env), mailbox_key(parse_imap_url(url)))


def refuse_stray_ledger(state: str, cwd: str) -> None:
    """Stop when the working folder holds a ledger of IMAP messages that an earlier version kept
    there and the mailbox's own state folder has none: starting afresh would answer them again."""
    old = os.path.join(cwd, OLD_STATE_NAME, "ledger.json")
    if os.path.exists(os.path.join(state, "ledger.json")) or not os.path.isfile(old):
        return
    try:
        with open(old, encoding="utf-8") as fh:
            sources = json.load(fh).get("sources", {})
    except (OSError, ValueError, AttributeError):
        return
    if any(str(where).startswith("imap:") for where in sources):
        raise InboxError(
            f"{old} holds the ledger of an IMAP mailbox; move that folder to {state} "
            f"(or give --state {os.path.dirname(old)}) so that its messages are not answered again"
        )
