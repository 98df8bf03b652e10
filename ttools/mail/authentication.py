"""What the mailbox's own server found when it checked a message's sender (RFC 8601
Authentication-Results: SPF, DKIM, DMARC), and whether that makes its From a forgery."""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import Message

_MAX_RESULTS = 50  # methods read from one header


@dataclass(frozen=True)
class MethodResult:
    method: str  # 'spf', 'dkim', 'dmarc', …
    result: str  # 'pass', 'fail', 'none', …
    properties: dict[str, str] = field(default_factory=dict)  # 'header.d' -> 'example.org'


def _without_comments(text: str) -> str:
    """The header with its comments (nested parentheses) taken out, quoted strings kept."""
    out: list[str] = []
    depth, quoted, escaped = 0, False, False
    for ch in text:
        if escaped:
            escaped = False
            if depth == 0:
                out.append(ch)
            continue
        if ch == "\\":
            escaped = True
            if depth == 0:
                out.append(ch)
        elif quoted:
            quoted = ch != '"'
            out.append(ch)
        elif ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            out.append(" ")
        elif depth == 0:
            quoted = ch == '"'
            out.append(ch)
    return "".join(out)


def _split_outside_quotes(text: str, sep: str) -> list[str]:
    parts, current, quoted, escaped = [], [], False, False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == sep and not quoted:
            parts.append("".join(current))
            current = []
            continue
        current.append(ch)
    parts.append("".join(current))
    return parts


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return value


def parse_authentication_results(value: str) -> tuple[str, list[MethodResult]]:
    """An Authentication-Results header as its authserv-id and the result of each method."""
    segments = _split_outside_quotes(_without_comments(value), ";")
    head = segments[0].split()
    authserv_id = head[0].lower() if head else ""
    results = []
    for segment in segments[1 : _MAX_RESULTS + 1]:
        words = segment.split()
        if not words or "=" not in words[0]:
            continue  # 'none', or nothing this parser understands
        method, _, result = words[0].partition("=")
        properties = {}
        for word in words[1:]:
            key, eq, prop = word.partition("=")
            if eq:
                properties[key.lower()] = _unquote(prop).lower()
        results.append(MethodResult(method.split("/")[0].lower(), _unquote(result).lower(), properties))
    return authserv_id, results


def stamped_results(msg: Message, authserv_id: str) -> list[MethodResult] | None:
    """The results the mailbox's own server stamped: the topmost Authentication-Results headers
    with its authserv-id, down to the first Received header below them (the server removes
    headers of its own id that came with the message; anything lower was there before it).
    None when the server stamped nothing."""
    wanted = authserv_id.lower()
    found: list[MethodResult] = []
    started = False
    for name, value in msg.raw_items():
        name = name.lower()
        if name == "received" and started:
            break
        if name != "authentication-results":
            continue
        server, results = parse_authentication_results(str(value)[:20000])
        if server == wanted:
            started = True
            found.extend(results)
    return found if started else None


def _aligned(domain: str, sender_domain: str) -> bool:
    domain = domain.lstrip("@").rpartition("@")[2]
    return bool(domain) and (
        domain == sender_domain or sender_domain.endswith("." + domain) or domain.endswith("." + sender_domain)
    )


def forged_sender(msg: Message, authserv_id: str, sender: str) -> str:
    """Why the server's own checks say the From address is not who sent it ('' when they do not,
    or when the server stamped nothing): DMARC failed, or SPF failed and no DKIM signature of the
    sender's domain passed."""
    results = stamped_results(msg, authserv_id)
    if not results:
        return ""
    if any(r.method == "dmarc" and r.result == "fail" for r in results):
        return "DMARC failed at the mailbox's server"
    domain = sender.rpartition("@")[2]
    spf_failed = any(r.method == "spf" and r.result in ("fail", "softfail") for r in results)
    spf_passed = any(r.method == "spf" and r.result == "pass" for r in results)
    dkim_passed = any(
        r.method == "dkim"
        and r.result == "pass"
        and _aligned(r.properties.get("header.d") or r.properties.get("header.i", domain), domain)
        for r in results
    )
    dkim_failed = any(r.method == "dkim" and r.result in ("fail", "permerror", "neutral", "policy") for r in results)
    if spf_failed and not dkim_passed:
        return "SPF failed and no DKIM signature of the sender's domain passed at the mailbox's server"
    if dkim_failed and not dkim_passed and not spf_passed:
        return "DKIM failed and SPF did not pass at the mailbox's server"
    return ""
