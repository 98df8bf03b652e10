"""Who sent a message and whether to answer it, read from its headers: one clean line per header,
the addresses the answer goes to, and the automatic mail that must never be answered."""

from __future__ import annotations

import re
from email.message import Message
from email.utils import getaddresses

DEFAULT_SENDER = "ttools@localhost"
_MAX_HEADER = 2000     # characters of a header read: the address parser takes minutes on a 500 KB one


def header(msg: Message, name: str) -> str:
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


def reply_addresses(msg: Message) -> list[tuple[str, str]]:
    """Who gets the answer: Reply-To when given, else From, as (name, address) pairs."""
    for name in ("Reply-To", "From"):
        pairs = [(n, a) for n, a in getaddresses([header(msg, name)]) if "@" in a]
        if pairs:
            return pairs
    return []


def address_of(sender: str) -> str:
    """The bare address of ``Name <address>`` (or the text itself when it has none)."""
    return getaddresses([sender])[0][1] or sender


def not_to_answer(msg: Message, sender: str) -> str:
    """Why a message must get no answer ('' when it should): replies to automatic mail loop forever."""
    auto = header(msg, "Auto-Submitted").lower()
    if auto and auto != "no":
        return f"automatic message (Auto-Submitted: {auto})"
    if header(msg, "Precedence").lower() in ("bulk", "junk"):
        return "bulk mail (Precedence header)"
    if header(msg, "Return-Path") == "<>":
        return "delivery report (empty Return-Path)"
    to = reply_addresses(msg)
    if not to:
        return "no sender address to answer"
    own = address_of(sender).lower()
    if any(a.lower() == own for _, a in to):
        return "sent from this processor's own address"
    if any(a.lower().startswith("mailer-daemon@") for _, a in to):
        return "delivery report (MAILER-DAEMON)"
    return ""
