"""The response cache (`--cache DIR`): a model answer stored under a hash of everything that
shapes it (model, messages, tool schemas, sampling parameters), so rerunning an eval replays
every call for free and exactly (the same replies, so the same trajectories).

One JSON file per answer, DIR/ab/abcdef....json, written to a temporary name and renamed, so
episodes in other processes can share the directory. Identical requests share one answer, also
across seeds whose prompts happen to be identical.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

KEYED = (
    "model",
    "messages",
    "tools",
    "tool_choice",
    "parallel_tool_calls",
    "temperature",
    "max_tokens",
    "top_p",
    "seed",
    "extra_body",
)


class ResponseCache:
    """Stored chat-completion answers, keyed by request."""

    def __init__(self, directory: str | os.PathLike):
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"response cache directory {self.directory}: {exc}") from exc

    @staticmethod
    def key(request: dict[str, Any]) -> str:
        shaped = {name: request[name] for name in KEYED if request.get(name) is not None}
        text = json.dumps(shaped, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict | None:
        """The stored answer, or None (also for an unreadable file: it is then asked again)."""
        try:
            return json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def put(self, key: str, answer: dict) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.{id(answer)}.tmp")
        temporary.write_text(json.dumps(answer, sort_keys=True), encoding="utf-8")
        os.replace(temporary, path)
