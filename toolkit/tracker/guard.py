"""The tracker's front door, as ASGI middleware: who may ask, how much they may send, and the
headers every answer carries.

- **Host.** A request whose `Host` is neither an IP address, `localhost`, nor a name the server
  was told to answer to (`domekit serve --allowed-host NAME`) gets 400: a web page elsewhere that
  points its own name at this laptop (DNS rebinding) reads nothing.
- **Heads.** A request head (its line and headers) over `MAX_HEAD_BYTES` or with more than
  `MAX_HEADERS` header lines gets 431: one still arriving is cut off by the server's protocol
  (toolkit/tracker/protocol.py) before it grows further, one that arrived whole in one read is
  refused here.
- **Size and time.** A body over `max_body` bytes gets 413 before it is read whole: at once when
  its Content-Length says so, else as soon as the bytes streamed in pass the bound. A body that
  has not arrived in full within `body_seconds` gets 408 (a phone trickling a byte a second holds
  no request open for ever). Idle and half-sent connections are closed by the server
  (toolkit/tracker/serve.py).
- **Headers.** Every answer says `nosniff`, may not be framed, sends no Referer (the kit id, the
  write capability, is in the path) and carries a Content-Security-Policy fit for the pages:
  scripts only from /static (no inline script, no `javascript:` links), styles from /static plus
  inline `style` attributes (the meters' and bars' widths are data), no plugins, forms post only
  here.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 1024 * 1024  # bytes: the largest match export of an 18k-action campaign is ~0.5 MiB
MAX_HEAD_BYTES = 16 * 1024  # a phone's request head is under 2 kB (cookies included)
MAX_HEADERS = 100  # header lines in one request head (a browser sends about 20)
BODY_SECONDS = 30.0
PRINTED_HOSTS_SECONDS = 5.0

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    ]
)
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"content-security-policy", CSP.encode()),
]


class TooLarge(Exception):
    """The body passed the bound while it streamed in."""


class TooSlow(Exception):
    """The body did not arrive in time."""


def host_allowed(host: str, allowed: Iterable[str] = ()) -> bool:
    """Whether a Host header names this server: an IP address (any port), localhost (and
    *.localhost, which browsers keep on this machine) or one of `allowed` (any case)."""
    name = host.strip().lower()
    if name.startswith("["):  # [v6 address]:port
        name = name[1 : name.find("]")] if "]" in name else name[1:]
    elif name.count(":") == 1:
        name = name.split(":", 1)[0]
    name = name.rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in {a.strip().lower().rstrip(".") for a in allowed}


class Guard:
    """The middleware: `app.add_middleware(Guard, allowed_hosts=[...])`."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        allowed_hosts: Iterable[str] = (),
        printed_hosts: Callable[[], Iterable[str]] | None = None,
        max_body: int = MAX_BODY,
        body_seconds: float = BODY_SECONDS,
    ) -> None:
        self.app = app
        self.allowed = frozenset(a.strip().lower().rstrip(".") for a in allowed_hosts)
        self._printed_hosts = printed_hosts
        self._printed: frozenset[str] = frozenset()
        self._printed_read = float("-inf")
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = length = None
        chunked = False
        # A head that arrived whole in one read reaches the app: its size is checked here.
        head = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        for name, value in scope["headers"]:
            head += len(name) + len(value) + 4  # "name: value\r\n"
            if name == b"host":
                host = value.decode("latin-1")
            elif name == b"content-length":
                length = value
            elif name == b"transfer-encoding":
                chunked = True
        if head > MAX_HEAD_BYTES or len(scope["headers"]) > MAX_HEADERS:
            await _refuse(send, 431, HEAD_TOO_LARGE, close=True)
            return
        if host is not None and not self._answers_to(host):
            shown = host if len(host) <= 80 else host[:77] + "..."
            await _refuse(
                send,
                400,
                f"this tracker does not answer to the name {shown!r}: open it by its IP address, "
                "or start it with `domekit serve --allowed-host NAME`",
            )
            return
        if length is not None:
            size = int(length) if length.isdigit() and len(length) < 19 else None
            if size is None or size > self.max_body:
                await _refuse(send, 413, self._too_large(), close=True)
                return

        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", ()), *HEADERS]
            await send(message)

        # Without a length or chunks there is no body (HTTP/1.1): nothing to count or time.
        bounded = self._bounded(receive) if length is not None or chunked else receive
        try:
            await self.app(scope, bounded, send_with_headers)
        except (TooLarge, TooSlow) as exc:
            if started:
                raise
            if isinstance(exc, TooLarge):
                await _refuse(send, 413, self._too_large(), close=True)
            else:
                await _refuse(send, 408, "the request's body did not arrive in time", close=True)

    def _answers_to(self, host: str) -> bool:
        if host_allowed(host, self.allowed) or host_allowed(host, self._printed):
            return True
        # A kit printed since (`domekit kit --base-url http://NAME:8000`) names a new host: the
        # recorded kits are read again, at most every few seconds whatever strangers send.
        now = time.monotonic()
        if self._printed_hosts is None or now - self._printed_read < PRINTED_HOSTS_SECONDS:
            return False
        self._printed_read = now
        self._printed = frozenset(h.lower().rstrip(".") for h in self._printed_hosts())
        return host_allowed(host, self._printed)

    def _too_large(self) -> str:
        return f"the request is over {self.max_body // 1024} KiB, the most this tracker reads"

    def _bounded(self, receive: Receive) -> Receive:
        """`receive` counting the body's bytes and timing it until it is complete."""
        seen = 0
        complete = False
        deadline = time.monotonic() + self.body_seconds

        async def bounded_receive() -> Message:
            nonlocal seen, complete
            if complete:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(deadline - time.monotonic(), 0))
            except TimeoutError:
                raise TooSlow from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise TooLarge
                complete = not message.get("more_body", False)
            return message

        return bounded_receive


HEAD_TOO_LARGE = (
    f"the request's head is over {MAX_HEAD_BYTES // 1024} KiB or {MAX_HEADERS} header lines, "
    "the most this tracker reads"
)


def refusal(message: str, *, close: bool = False) -> tuple[list[tuple[bytes, bytes]], bytes]:
    """A refusal's headers and JSON body (`{"ok": false, "message": ...}`)."""
    body = json.dumps({"ok": False, "message": message}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *HEADERS,
    ]
    if close:  # the rest of the request is not read: the connection cannot carry another
        headers.append((b"connection", b"close"))
    return headers, body


async def _refuse(send: Send, status: int, message: str, *, close: bool = False) -> None:
    headers, body = refusal(message, close=close)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
