"""The HTTP side of the game server's port: who may connect, and the browser pages (static/).

Why the Host check: a web site the person visits can rebind its own name to 127.0.0.1 (DNS
rebinding) and then talk to this server as a "same-origin" page. Only requests naming a
loopback host (127.0.0.1, localhost, [::1]) or a host the operator allowed (`--allow-host`)
are answered; others get 403. A websocket upgrade must also come with no Origin (non-browser
clients) or the server's own origin, so another site's page cannot play, watch or start games.
Headers that must be single (Host, Origin, Connection) get a 400 when repeated.
"""

from __future__ import annotations

import http
import logging
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

log = logging.getLogger("agentworld.server")

STATIC_DIR = Path(__file__).with_name("static")
HTML = "text/html; charset=utf-8"
STATIC_FILES = {
    "/": ("index.html", HTML),
    "/index.html": ("index.html", HTML),
    "/spectate": ("index.html", HTML),  # the same page in spectator mode (it reads its path)
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/map.js": ("map.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
SINGLE_HEADERS = ("Host", "Origin", "Connection")


def host_name(value: str) -> str:
    """The host part of a Host header or an origin's netloc, lower-case, without port or brackets."""
    try:
        name = urlsplit(f"//{value}").hostname
    except ValueError:
        return ""
    return (name or "").lower()


class Gate:
    """Decides, per HTTP request on the server's port, whether to answer it and with what."""

    def __init__(self, allowed_hosts: frozenset[str], full: Callable[[], bool] = lambda: False):
        self.allowed_hosts = LOOPBACK_HOSTS | {h.lower().strip("[]") for h in allowed_hosts}
        self.full = full  # True when the server has max_connections websockets open

    def __call__(self, connection: ServerConnection, request: Request) -> Response | None:
        for name in SINGLE_HEADERS:
            if len(request.headers.get_all(name)) > 1:
                return _refuse(connection, http.HTTPStatus.BAD_REQUEST, f"duplicate {name} header")
        host = request.headers.get("Host", "")
        if host_name(host) not in self.allowed_hosts:
            return _refuse(
                connection,
                http.HTTPStatus.FORBIDDEN,
                f"host {host!r} is not served here (allowed: {', '.join(sorted(self.allowed_hosts))};"
                " add one with --allow-host)",
            )
        if "upgrade" in request.headers.get("Connection", "").lower():
            origin = request.headers.get("Origin")
            if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
                return _refuse(
                    connection, http.HTTPStatus.FORBIDDEN, f"cross-origin websocket from {origin} refused"
                )
            if self.full():
                return _refuse(
                    connection,
                    http.HTTPStatus.SERVICE_UNAVAILABLE,
                    "too many connections (max_connections); try again later",
                )
            return None  # a websocket handshake, on any path
        return static_page(connection, request.path.split("?", 1)[0])


def _refuse(connection: ServerConnection, status: http.HTTPStatus, reason: str) -> Response:
    log.warning("refused an HTTP request: %s", reason)
    return connection.respond(status, reason + "\n")


def static_page(connection: ServerConnection, path: str) -> Response:
    if path not in STATIC_FILES:
        return connection.respond(http.HTTPStatus.NOT_FOUND, f"no page at {path}\n")
    name, content_type = STATIC_FILES[path]
    body = (STATIC_DIR / name).read_bytes()
    headers = Headers(
        [
            ("Content-Type", content_type),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
            ("Connection", "close"),
        ]
    )
    return Response(200, "OK", headers, body)
