"""One loopback HTTP server (the editor's, the replay viewer's) on a background thread, for tests and scripts."""

from __future__ import annotations

import threading
from http.server import ThreadingHTTPServer


class HTTPServerThread:
    """`start()`, `.url`, `stop()` around a server that has a `url` and `serve_forever`."""

    def __init__(self, server: ThreadingHTTPServer, name: str):
        self.server = server
        self._thread = threading.Thread(target=server.serve_forever, name=name, daemon=True)

    @property
    def url(self) -> str:
        return self.server.url

    def start(self):
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(timeout=5)
