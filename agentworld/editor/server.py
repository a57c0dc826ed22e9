"""`agentworld edit [TASK|PATH] [--dir FOLDER] [--port P] [--run-*]`: the task editor's loopback HTTP server.

The page (static/) talks to a small JSON API; every operation is a function of document.py (a play: runs.py):

    GET  /                      the page          GET /map.png       the terrain, one pixel per tile
    GET  /api/state             folder, start and blank documents, task ids, YAML files in the folder
    GET  /api/library           ids and places for the pickers (library.py)
    POST /api/load     {ref}                      -> {document, source} | {broken, file, text, problems}
    POST /api/save_text {file, text}              -> a repaired file written, then loaded as /api/load
    POST /api/validate {document}                 -> {ok, problems: [{field, message}]}
    POST /api/save     {document, file?}          -> {ok, path} | {ok: false, problems}
    POST /api/run      {document, team, seed?}    -> oracle/noop metrics (bounded: runs.py)
    POST /api/audit    {document}                 -> the audit, or "audit not available"

It listens on 127.0.0.1 only. Another web page open in the same browser must not be able to drive
it, so a request is refused (403) unless its Host is this server's loopback address (no DNS
rebinding), any Origin is this server itself and the browser did not mark it cross-site; a POST
must carry `Content-Type: application/json`, which no plain HTML form can send. A bad body is a
400 naming what was wrong; refused paths and unknown teams are 400s with the reason.

A play (POST /api/run) is bounded by `runs.RunLimits` and stopped when its page goes away: while it
runs, a watcher polls the request's socket, and the peer closing it (a reload, a closed tab, a
client's timeout) sets the play's stop event. A second play while one runs is a 409.
"""

from __future__ import annotations

import argparse
import json
import select
import socket
import sys
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Iterator

from agentworld.http_thread import HTTPServerThread
from agentworld.editor import document as doc
from agentworld.editor.library import library, terrain_png
from agentworld.editor.runs import Plays, RunBusyError, RunLimits
from agentworld.task_sources import list_task_ids
from agentworld.world.content import Content, load_content

STATIC = Path(__file__).parent / "static"
MAX_BODY = 2_000_000  # bytes; a task is a few kB
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".png": "image/png",
}


class RequestError(ValueError):
    """A request the API refuses; `status` is the HTTP status, the message is shown on the page."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class Editor:
    """What one editor session serves: its folder, the world content and the starting document."""

    def __init__(
        self,
        folder: Path,
        content: Content,
        start: dict,
        source: str | None,
        limits: RunLimits | None = None,
        broken: dict | None = None,
    ):
        self.folder = folder
        self.broken = broken  # the file given on the command line, when it does not load (shown as text)
        self.content = content
        self.start = start
        self.source = source
        self.plays = Plays(limits)
        self._library: bytes | None = None
        self._map: bytes | None = None

    def library_json(self) -> bytes:
        if self._library is None:
            self._library = json.dumps(library(self.content)).encode()
        return self._library

    def map_png(self) -> bytes:
        if self._map is None:
            self._map = terrain_png(self.content)
        return self._map

    def state(self) -> dict:
        files = sorted(
            str(p.relative_to(self.folder))
            for p in self.folder.glob("*.y*ml")
            if p.suffix in (".yaml", ".yml") and p.is_file()
        )
        return {
            "folder": str(self.folder),
            "document": self.start,
            "source": self.source,
            "blank": doc.blank_task(self.content),
            "task_ids": list_task_ids(),
            "files": files,
            "audit": doc.audit_available(),
            "broken": self.broken,
        }

    # --- POST handlers: body (a JSON object) -> reply --------------------------------------------
    def load(self, body: dict) -> dict:
        try:
            document, source = doc.load_document(_text(body, "ref"), self.folder)
        except doc.BrokenFile as exc:
            return exc.to_json(self.folder)
        return {"document": document, "source": source}

    def save_text(self, body: dict) -> dict:
        file = _text(body, "file")
        doc.save_text(_text(body, "text"), self.folder, file)
        return self.load({"ref": file})

    def validate(self, body: dict) -> dict:
        task, problems = doc.check_document(_document(body), self.folder)
        return {"ok": task is not None, "problems": doc.problems_json(problems)}

    def save(self, body: dict) -> dict:
        file = body.get("file")
        if file is not None and not isinstance(file, str):
            raise RequestError(400, "'file' must be a string (a file name inside the folder)")
        path, problems = doc.save_document(_document(body), self.folder, file or None)
        if path is None:
            return {"ok": False, "problems": doc.problems_json(problems)}
        return {"ok": True, "path": str(path)}

    def run(self, body: dict, stop: threading.Event | None = None) -> dict:
        seed = body.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RequestError(400, f"'seed' must be a whole number, got {seed!r}")
        try:
            return self.plays.run_team(_document(body), self.folder, _text(body, "team"), seed, stop)
        except RunBusyError as exc:
            raise RequestError(409, str(exc)) from None

    def audit(self, body: dict) -> dict:
        return doc.audit_document(_document(body), self.folder)


def _text(body: dict, key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise RequestError(400, f"the request needs '{key}' (a string)")
    return value


def _document(body: dict) -> Any:
    if "document" not in body:
        raise RequestError(400, "the request needs 'document' (the task as a JSON object)")
    return body["document"]


POSTS: dict[str, Callable[[Editor, dict], dict]] = {
    "/api/load": Editor.load,
    "/api/validate": Editor.validate,
    "/api/save": Editor.save,
    "/api/run": Editor.run,
    "/api/audit": Editor.audit,
    "/api/save_text": Editor.save_text,
}


class Handler(BaseHTTPRequestHandler):
    """Guards every request (see the module docstring), then serves a file or calls the API."""

    server: "EditorServer"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        if self.server.verbose:
            super().log_message(format, *args)

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        self._serve(self._get)

    def do_POST(self) -> None:  # noqa: N802
        self._serve(self._post)

    def _serve(self, handler: Callable[[], tuple[int, str, bytes]]) -> None:
        try:
            self._guard()
            status, kind, payload = handler()
        except RequestError as exc:
            status, kind, payload = exc.status, "application/json", json.dumps({"error": str(exc)}).encode()
        except doc.DocumentError as exc:
            status, kind, payload = 400, "application/json", json.dumps({"error": str(exc)}).encode()
        except Exception as exc:  # a bug must reach the page as an answer, not a hung request
            status, kind = 500, "application/json"
            payload = json.dumps({"error": f"the editor failed: {type(exc).__name__}: {exc}"}).encode()
        if status >= 400:
            self.close_connection = True  # an unread body must not be taken for the next request
        try:
            self._reply(status, kind, payload)
        except (BrokenPipeError, ConnectionResetError):  # the page left while we worked (a stopped play)
            self.close_connection = True

    def _reply(self, status: int, kind: str, payload: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header(
            "Content-Security-Policy", "default-src 'self'; img-src 'self'; frame-ancestors 'none'"
        )
        self.end_headers()
        self.wfile.write(payload)

    def _guard(self) -> None:
        port = self.server.server_address[1]
        own = {f"127.0.0.1:{port}", f"localhost:{port}"}
        if self.headers.get("Host", "") not in own:
            raise RequestError(
                403, f"refused: Host must be 127.0.0.1:{port} (the editor serves this machine only)"
            )
        origin = self.headers.get("Origin")
        if origin is not None and origin not in {f"http://{h}" for h in own}:
            raise RequestError(
                403, f"refused: a request from another origin ({origin}) cannot drive the editor"
            )
        if self.headers.get("Sec-Fetch-Site") == "cross-site":
            raise RequestError(403, "refused: a cross-site request cannot drive the editor")

    def _get(self) -> tuple[int, str, bytes]:
        path = self.path.split("?", 1)[0]
        editor = self.server.editor
        if path == "/api/state":
            return 200, "application/json", json.dumps(editor.state()).encode()
        if path == "/api/library":
            return 200, "application/json", editor.library_json()
        if path == "/map.png":
            return 200, "image/png", editor.map_png()
        if path == "/favicon.ico":
            return 204, "image/png", b""
        name = "index.html" if path == "/" else path.removeprefix("/static/")
        if path != "/" and (not path.startswith("/static/") or "/" in name or name.startswith(".")):
            raise RequestError(404, f"no such page: {path}")
        file = STATIC / name
        if not file.is_file() or file.suffix not in TYPES:
            raise RequestError(404, f"no such page: {path}")
        return 200, TYPES[file.suffix], file.read_bytes()

    def _post(self) -> tuple[int, str, bytes]:
        handler = POSTS.get(self.path)
        if handler is None:
            raise RequestError(404, f"no such API call: POST {self.path}")
        body = self._body()
        if handler is Editor.run:
            with _client_gone(self.connection) as gone:
                reply = self.server.editor.run(body, gone)
        else:
            reply = handler(self.server.editor, body)
        return 200, "application/json", json.dumps(reply).encode()

    def _body(self) -> dict:
        kind = self.headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
        if kind != "application/json":
            raise RequestError(
                415, f"the body must be JSON (Content-Type: application/json), got '{kind or 'none'}'"
            )
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise RequestError(411, "the request needs a Content-Length") from None
        if length < 0 or length > MAX_BODY:
            raise RequestError(413, f"the body is {length} bytes; at most {MAX_BODY} are accepted")
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RequestError(400, f"the body is not valid JSON: {exc}") from None
        except RecursionError:  # thousands of nested [ or {: no task nests more than a few levels
            raise RequestError(
                400, "the body is nested too deeply to read (tasks nest a few levels)"
            ) from None
        if not isinstance(body, dict):
            raise RequestError(400, f"the body must be a JSON object, got {type(body).__name__}")
        return body


@contextmanager
def _client_gone(connection: socket.socket, every: float = 0.2) -> Iterator[threading.Event]:
    """An event set once the peer closes `connection` (polled every `every` s while the block runs).

    The request has been read, so the socket turns readable only when the peer sends more (a
    pipelined request: it is still there) or closes (a peek reads nothing, or the reset is an error).
    """
    gone, done = threading.Event(), threading.Event()

    def watch() -> None:
        while not done.wait(every):
            try:
                readable, _, _ = select.select([connection], [], [], 0)
                if readable and connection.recv(1, socket.MSG_PEEK) == b"":
                    gone.set()
            except (OSError, ValueError):  # reset, or closed under us
                gone.set()
            if gone.is_set():
                return

    watcher = threading.Thread(target=watch, name="agentworld-edit-watch", daemon=True)
    watcher.start()
    try:
        yield gone
    finally:
        done.set()
        watcher.join()


class EditorServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, editor: Editor, port: int = 0, verbose: bool = False):
        self.editor = editor
        self.verbose = verbose
        super().__init__(("127.0.0.1", port), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"


def make_editor(
    task: str | None = None, folder: str | Path | None = None, limits: RunLimits | None = None
) -> Editor:
    """An editor session: `task` (id or path) fills the form; the folder defaults to the task file's
    folder, else the current one; `limits` bound its plays. Raises DocumentError for a folder that is a file
    or a task id that does not load. A `folder` that does not exist yet is created (the first step of
    writing tasks: `agentworld edit --dir my_tasks`); a task file that does not load opens as text."""
    content = load_content()
    path = Path(task) if task and Path(task).suffix in (".yaml", ".yml") else None
    chosen = Path(folder) if folder is not None else (path.parent if path is not None else Path.cwd())
    if folder is not None and not chosen.exists():
        try:
            chosen.mkdir(parents=True)
        except OSError as exc:
            raise doc.DocumentError(f"--dir {chosen}: cannot create it: {exc.strerror or exc}") from None
    if not chosen.is_dir():
        raise doc.DocumentError(f"--dir {chosen}: not a directory")
    chosen = chosen.resolve()
    if task is None:
        return Editor(chosen, content, doc.blank_task(content), None, limits)
    try:
        document, source = doc.open_task(path if path is not None else task)
    except doc.BrokenFile as exc:
        return Editor(chosen, content, doc.blank_task(content), None, limits, broken=exc.to_json(chosen))
    return Editor(chosen, content, document, source, limits)


class EditorThread(HTTPServerThread):
    """The server on a background thread (tests, notebooks)."""

    def __init__(self, editor: Editor, port: int = 0):
        super().__init__(EditorServer(editor, port), name="agentworld-edit")


# --- CLI ----------------------------------------------------------------------------------------
def configure_edit(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("task", nargs="?", help="a task id or YAML file to open (default: a new task)")
    parser.add_argument(
        "--dir",
        metavar="FOLDER",
        help="the folder Save writes into, and nowhere else (default: the task file's folder, "
        "else the current folder)",
    )
    parser.add_argument(
        "--port", type=int, default=8766, help="port on 127.0.0.1 (0: any free port; default 8766)"
    )
    parser.add_argument("--verbose", action="store_true", help="log every request")
    defaults = RunLimits()
    parser.add_argument(
        "--run-max-agents",
        type=int,
        default=defaults.max_agents,
        metavar="N",
        help=f"Run oracle/noop refuses tasks with more agents (default {defaults.max_agents})",
    )
    parser.add_argument(
        "--run-max-rounds",
        type=int,
        default=defaults.max_rounds,
        metavar="N",
        help=f"... or a larger max_rounds (default {defaults.max_rounds})",
    )
    parser.add_argument(
        "--run-seconds",
        type=float,
        default=defaults.seconds,
        metavar="S",
        help=f"a play stops after this much wall time, or when its page closes (default "
        f"{defaults.seconds:g})",
    )


def command_edit(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        print(f"edit: --port must be 0..65535, got {args.port}", file=sys.stderr)
        return 2
    limits = RunLimits(args.run_max_agents, args.run_max_rounds, args.run_seconds)
    if limits.problems():
        print("edit: " + "; ".join(limits.problems()), file=sys.stderr)
        return 2
    created = args.dir is not None and not Path(args.dir).exists()
    try:
        editor = make_editor(args.task, args.dir, limits)
        server = EditorServer(editor, args.port, verbose=args.verbose)
    except doc.DocumentError as exc:
        print(f"edit: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(
            f"edit: cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}; try --port 0",
            file=sys.stderr,
        )
        return 2
    if created:
        print(f"created the folder {editor.folder}", flush=True)
    if editor.broken:
        print(
            f"{editor.broken['file']} does not load; the page opens it as text to repair: "
            + "; ".join(editor.broken["problems"]),
            flush=True,
        )
    print(f"AgentWorld task editor: {server.url}  (saving into {editor.folder}; Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
