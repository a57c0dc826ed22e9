"""`agentworld view RUN_DIR`: a run directory in a browser replay viewer, served on 127.0.0.1 only.

The run is re-simulated once (frames.py) and served as JSON beside a static page (static/) that
steps through the rounds: the whole map with every agent, each agent's view, action and messages,
the checkpoints and the end summary. Read-only: GET only, nothing of the run directory is written.
A request whose Host is not this server's loopback address is refused (403), so another web site
cannot read the run by rebinding its name to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import webbrowser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from agentworld.http_thread import HTTPServerThread
from agentworld.server_bridge.worldmap import world_map

STATIC = Path(__file__).parent / "static"
MAP_JS = Path(__file__).parents[1] / "server_bridge" / "static" / "map.js"  # the pages' map drawing, shared
FILES = {
    "/": (STATIC / "viewer.html", "text/html; charset=utf-8"),
    "/viewer.js": (STATIC / "viewer.js", "text/javascript; charset=utf-8"),
    "/viewer.css": (STATIC / "viewer.css", "text/css; charset=utf-8"),
    "/map.js": (MAP_JS, "text/javascript; charset=utf-8"),
}


class Handler(BaseHTTPRequestHandler):
    server: "ViewerServer"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        pass

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        port = self.server.server_address[1]
        path = self.path.split("?", 1)[0]
        if self.headers.get("Host", "") not in {f"127.0.0.1:{port}", f"localhost:{port}"}:
            self._reply(
                403,
                "text/plain; charset=utf-8",
                f"refused: Host must be 127.0.0.1:{port} (the viewer serves this machine only)\n".encode(),
            )
        elif path == "/run.json":
            self._reply(200, "application/json", self.server.run_json)
        elif path == "/map.json":
            self._reply(200, "application/json", self.server.map_json)
        elif path in FILES:
            file, kind = FILES[path]
            self._reply(200, kind, file.read_bytes())
        else:
            self._reply(404, "text/plain; charset=utf-8", f"no page at {path}\n".encode())

    def _reply(self, status: int, kind: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)


class ViewerServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, frames: dict, port: int = 0):
        self.run_json = json.dumps(frames).encode()
        self.map_json = json.dumps(world_map()).encode()
        super().__init__(("127.0.0.1", port), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"


class ViewerThread(HTTPServerThread):
    """The viewer on a background thread (tests, scripts)."""

    def __init__(self, frames: dict, port: int = 0):
        super().__init__(ViewerServer(frames, port), name="agentworld-view")


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # SIGTERM stops the viewer as Ctrl-C does: cleanly, exit 0


def configure_view(parser: argparse.ArgumentParser) -> None:
    from agentworld.trajectory import add_trust_argument

    parser.add_argument("run_dir", help="a run directory (agentworld run/play/eval --out)")
    parser.add_argument(
        "--port", type=int, default=8767, help="port on 127.0.0.1 (0: any free port; default 8767)"
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="only print the link, do not open a browser"
    )
    add_trust_argument(parser)


def command_view(args: argparse.Namespace) -> int:
    from agentworld.tasks import TaskError
    from agentworld.trajectory import UntrustedVerifierError
    from agentworld.viewer.frames import run_frames

    if not 0 <= args.port <= 65535:
        print(f"view: --port must be 0..65535, got {args.port}", file=sys.stderr)
        return 2
    try:
        frames = run_frames(args.run_dir, args.trust_run_verifier)
    except (FileNotFoundError, ValueError, TaskError, UntrustedVerifierError) as exc:
        print(f"view: {exc}", file=sys.stderr)
        return 2
    try:
        server = ViewerServer(frames, args.port)
    except OSError as exc:
        print(
            f"view: cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}; try --port 0",
            file=sys.stderr,
        )
        return 2
    rounds = len(frames["rounds"])
    print(
        f"AgentWorld replay viewer: {server.url}  ({frames['task']['id']}, {rounds} rounds; Ctrl-C stops)",
        flush=True,
    )
    if frames["diverged_at"] is not None:
        print(
            f"warning: the re-simulation differs from the recorded trajectory at record {frames['diverged_at']}"
            " (agentworld replay tells how); views after it are what the task does now",
            flush=True,
        )
    if not args.no_browser and (
        sys.platform in ("darwin", "win32") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        webbrowser.open(server.url)
    signal.signal(signal.SIGTERM, _stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
