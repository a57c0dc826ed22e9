"""The LLM judge: the paper's backward causal tracing with binary "did A enable B?" questions.

Starting from the success actions, each round of tracing collects candidate earlier
actions for every newly found contributor, asks an OpenAI-compatible model about them
in batches (several pairs per request, JSON answer), adds the "yes" pairs as edges and
traces on from the actions they reveal. Candidates are pruned by relevance inside a
temporal window: the same agent, a message addressed to B's agent, shared named objects,
an action aimed at B's agent; engine links and the provenance judge's edges into B are
candidates whatever the window. Every judgment is cached on disk, keyed by a hash of the model,
the prompt files and the two action descriptions, so re-scoring a run costs nothing.

The prompts are plain files in ``prompts/`` beside this module (or a directory given as
``prompt_dir``); they carry the paper's inclusive rule: somewhat helpful counts.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError, field_validator

from .graph import Edge, Record, action_records
from .mentions import action_names, episode_vocabulary, recipients, text_names

PROMPT_DIR = Path(__file__).with_name("prompts")
SYSTEM_FILE = "judge_system.md"
PAIRS_FILE = "judge_pairs.md"


class JudgeError(RuntimeError):
    """The LLM judge could not get an answer (configuration or API failure), with why."""


@dataclass
class Judgment:
    src: int
    dst: int
    enables: bool | None  # None: the model gave no usable answer (not an edge, not a "no" to compare)
    reason: str
    cached: bool

    def to_json(self) -> list[Any]:
        return [self.src, self.dst, self.enables, self.reason]


@dataclass
class LLMStats:
    requests: int = 0
    cached: int = 0
    asked: int = 0
    unanswered: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0  # of prompt_tokens, read from the server's prompt cache
    completion_tokens: int = 0
    cost: float = 0.0  # dollars, with a price table (prices=); the agents' cost is reported apart
    seconds: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "lock"}


def describe(action: Record, limit: int = 160) -> str:
    """One line an LLM can read: ``#id (round r) agent: tool(args) -> outcome``."""
    tool = action.get("tool")
    args = action.get("args") or {}
    if tool is None:
        call = f"malformed action {json.dumps(action.get('raw'))[:80]}"
    else:
        call = (
            f"{tool}(" + ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in args.items()) + ")"
        )
    if action.get("ok", True):
        outcome = str(action.get("result") or "ok")
    else:
        outcome = f"FAILED: {action.get('error')}"
    if len(outcome) > limit:
        outcome = outcome[: limit - 1] + "…"
    checkpoints = action.get("checkpoints") or []
    mark = f" [reached checkpoint {', '.join(checkpoints)}]" if checkpoints else ""
    return f"#{action['id']} (round {action['round']}) {action['agent']}: {call} -> {outcome}{mark}"


class LLMJudge:
    """Backward tracing with an OpenAI-compatible chat model; see the module docstring."""

    name = "llm"
    costly = True  # failed episodes are not traced (their CCE is 0 anyway)

    def __init__(
        self,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        window: int = 5,
        batch_size: int = 8,
        max_candidates: int = 24,
        concurrency: int = 4,
        cache_dir: str | Path | None = None,
        prompt_dir: str | Path | None = None,
        attempts: int = 3,
        backoff: float = 1.0,
        timeout: float = 120.0,
        context: dict[str, Any] | None = None,
        client: Any = None,
        prices: dict[str, Any] | str | None = None,
    ) -> None:
        self.model = model or os.environ.get("AGENTWORLD_JUDGE_MODEL")
        if not self.model:
            raise JudgeError("LLM judge: no model given; pass --model or set AGENTWORLD_JUDGE_MODEL")
        self.price = _judge_price(prices, self.model)
        self.base_url = base_url or os.environ.get("OPENAI_BASE_URL")
        key = api_key or os.environ.get("OPENAI_API_KEY")
        if not key:
            if not self.base_url:
                raise JudgeError(
                    "LLM judge: no API key; set OPENAI_API_KEY (or pass --base-url for a local server without keys)"
                )
            key = "not-needed"
        for label, value, low in (
            ("window", window, 0),
            ("batch_size", batch_size, 1),
            ("max_candidates", max_candidates, 1),
            ("concurrency", concurrency, 1),
            ("attempts", attempts, 1),
        ):
            if value < low:
                raise JudgeError(f"LLM judge: {label} must be >= {low}, got {value}")
        self.window, self.batch_size, self.max_candidates = window, batch_size, max_candidates
        self.concurrency, self.attempts, self.backoff = concurrency, attempts, backoff
        prompt_dir = Path(prompt_dir) if prompt_dir else PROMPT_DIR
        try:
            self.system_prompt = (prompt_dir / SYSTEM_FILE).read_text(encoding="utf-8")
            self.pairs_template = Template((prompt_dir / PAIRS_FILE).read_text(encoding="utf-8"))
        except OSError as exc:
            raise JudgeError(f"LLM judge: cannot read prompt file: {exc}") from None
        if "$pairs" not in self.pairs_template.template and "${pairs}" not in self.pairs_template.template:
            raise JudgeError(
                f"LLM judge: {prompt_dir / PAIRS_FILE} has no $pairs placeholder: the model would "
                "never see the pairs to judge"
            )
        self.prompt_hash = hashlib.sha256(
            (self.system_prompt + "\0" + self.pairs_template.template).encode()
        ).hexdigest()[:16]
        self.context = context or {}
        self.cache_dir = Path(cache_dir) if cache_dir else None
        if client is None:
            import openai

            client = openai.OpenAI(base_url=self.base_url, api_key=key, max_retries=0, timeout=timeout)
        self.client = client
        self.stats = LLMStats()
        self.judgments: list[Judgment] = []
        self._cache: dict[str, tuple[bool, str]] = {}
        self._cache_lock = threading.Lock()
        self._failed = threading.Event()

    # ------------------------------------------------------------------ cache

    @property
    def cache_path(self) -> Path | None:
        if self.cache_dir is None:
            return None
        safe = re.sub(r"[^A-Za-z0-9._-]+", "_", self.model)
        return self.cache_dir / f"{safe}.jsonl"

    def _load_cache(self) -> None:
        self._cache = {}
        path = self.cache_path
        if path is None or not path.is_file():
            return
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
                self._cache[row["key"]] = (bool(row["enables"]), str(row.get("reason", "")))
            except (json.JSONDecodeError, KeyError, TypeError):
                continue  # a torn line from an interrupted run: that pair is asked again

    def _store(self, rows: list[tuple[str, bool, str]]) -> None:
        with self._cache_lock:
            for key, yes, reason in rows:
                self._cache[key] = (yes, reason)
            path = self.cache_path
            if path is None or not rows:
                return
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as fh:
                for key, yes, reason in rows:
                    fh.write(json.dumps({"key": key, "enables": yes, "reason": reason}) + "\n")

    def pair_key(self, a: str, b: str) -> str:
        text = "\0".join([self.model, self.prompt_hash, str(self.context.get("objective", "")), a, b])
        return hashlib.sha256(text.encode()).hexdigest()

    # ------------------------------------------------------------------ tracing

    def edges(self, records: list[Record], targets: Iterable[int]) -> list[Edge]:
        """Trace back from ``targets``; every yes-judgment becomes an edge."""
        self._load_cache()
        self.judgments = []
        self.stats = LLMStats()
        self._failed = threading.Event()
        start = time.perf_counter()
        actions = action_records(records)
        by_id = {a["id"]: a for a in actions}
        vocab = episode_vocabulary(actions)
        agents = sorted({a["agent"] for a in actions})
        names = {
            a["id"]: action_names(a, vocab) | text_names(str(a.get("result") or ""), vocab) for a in actions
        }
        texts = {a["id"]: describe(a) for a in actions}
        self._hints = self.provenance_hints(records)

        contributing = {t for t in targets if t in by_id}
        frontier = sorted(contributing)
        asked: set[tuple[int, int]] = set()
        out: list[Edge] = []
        while frontier:
            pairs: list[tuple[int, int]] = []
            for b in frontier:
                for a in self.candidates(by_id[b], actions, names, agents):
                    if (a, b) not in asked and a not in contributing:
                        asked.add((a, b))
                        pairs.append((a, b))
            found: set[int] = set()
            for j in self.judge_pairs(pairs, texts):
                self.judgments.append(j)
                if j.enables:
                    out.append(Edge(j.src, j.dst, "llm", j.reason, self.name))
                    if j.src not in contributing:
                        found.add(j.src)
            contributing |= found
            frontier = sorted(found)
        self.stats.seconds = round(time.perf_counter() - start, 3)
        return out

    def provenance_hints(self, records: list[Record]) -> dict[int, list[int]]:
        """B -> earlier actions the provenance judge links to B (engine links, walks, chat
        uptake, checkpoint state support): candidates whatever the window, still judged by the model."""
        from .provenance_judge import ProvenanceJudge

        hints: dict[int, list[int]] = {}
        judge = ProvenanceJudge(
            checkpoints=self.context.get("checkpoints"), success_conditions=self.context.get("success")
        )
        for e in judge.edges(records):
            if e.src < e.dst:
                hints.setdefault(e.dst, []).append(e.src)
        return hints

    def candidates(
        self, b: Record, actions: list[Record], names: dict[int, set[str]], agents: list[str]
    ) -> list[int]:
        """Earlier actions worth asking about for B: provenance hints first, then the nearest relevant."""
        hinted = [
            l.get("from")
            for l in b.get("links") or []
            if isinstance(l, dict) and isinstance(l.get("from"), int)
        ]
        hinted += getattr(self, "_hints", {}).get(b["id"], [])
        out = [h for h in dict.fromkeys(hinted) if h < b["id"]]
        nearby: list[int] = []
        first_round = b["round"] - self.window
        for a in reversed(actions):
            if a["id"] >= b["id"]:
                continue
            if a["round"] < first_round:
                break
            if (
                a["id"] in out
                or a.get("tool") == "wait"
                or (not a.get("ok", True) and a.get("tool") != "chat")
            ):
                continue  # waiting and failed tool calls changed nothing
            if self._relevant(a, b, names, agents):
                nearby.append(a["id"])
        room = max(0, self.max_candidates - len(out))
        return out + nearby[:room]

    @staticmethod
    def _relevant(a: Record, b: Record, names: dict[int, set[str]], agents: list[str]) -> bool:
        if a["agent"] == b["agent"]:
            return True
        if a.get("tool") == "chat" and b["agent"] in recipients(a, agents):
            return True
        if (a.get("args") or {}).get("to") == b["agent"]:
            return True  # give / trade_offer aimed at B's agent
        return bool(names[a["id"]] & names[b["id"]])

    # ------------------------------------------------------------------ asking

    def judge_pairs(self, pairs: list[tuple[int, int]], texts: dict[int, str]) -> list[Judgment]:
        """Cached answers first; the rest in batches, concurrently; results in pair order."""
        results: dict[tuple[int, int], Judgment] = {}
        todo: list[tuple[int, int, str]] = []
        for a, b in pairs:
            key = self.pair_key(texts[a], texts[b])
            if key in self._cache:
                yes, reason = self._cache[key]
                results[(a, b)] = Judgment(a, b, yes, reason, True)
                self.stats.cached += 1
            else:
                todo.append((a, b, key))
        batches = [todo[i : i + self.batch_size] for i in range(0, len(todo), self.batch_size)]
        if batches:
            pool = ThreadPoolExecutor(max_workers=min(self.concurrency, len(batches)))
            try:
                futures = [pool.submit(self._ask, batch, texts) for batch in batches]
                for fut in futures:
                    for j in fut.result():  # the first failure stops the batches not yet sent
                        results[(j.src, j.dst)] = j
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
        return [results[p] for p in pairs if p in results]

    def _ask(self, batch: list[tuple[int, int, str]], texts: dict[int, str]) -> list[Judgment]:
        if self._failed.is_set():
            raise JudgeError("LLM judge: stopped after an earlier request failed")
        pairs_text = "\n\n".join(
            f"Pair {i}:\n  A: {texts[a]}\n  B: {texts[b]}" for i, (a, b, _) in enumerate(batch, 1)
        )
        roles = (
            "\n".join(f"- {name}: {role}" for name, role in (self.context.get("roles") or {}).items())
            or "- (not given)"
        )
        checkpoints = "\n".join(
            f"- {cp}: {text}" for cp, text in (self.context.get("checkpoints") or {}).items()
        )
        user = self.pairs_template.safe_substitute(
            task_name=self.context.get("name", "(unnamed task)"),
            objective=self.context.get("objective", "(not given)"),
            roles=roles,
            checkpoints=checkpoints or "- (not given)",
            pairs=pairs_text,
        )
        answers: dict[int, tuple[bool, str]] = {}
        for _ in range(2):  # one re-ask if the reply was unusable or incomplete
            content = self._request(user)
            answers.update(parse_answers(content, len(batch)))
            if len(answers) == len(batch):
                break
        out: list[Judgment] = []
        rows = []
        for i, (a, b, key) in enumerate(batch, 1):
            with self.stats.lock:
                self.stats.asked += 1
            if i in answers:
                yes, reason = answers[i]
                rows.append((key, yes, reason))
                out.append(Judgment(a, b, yes, reason, False))
            else:
                with self.stats.lock:
                    self.stats.unanswered += 1
                out.append(Judgment(a, b, None, "judge gave no answer for this pair", False))
        self._store(rows)
        return out

    def _count(self, usage: Any) -> None:
        """Tokens (cached ones apart) and, with a price table, dollars of one answered request."""
        from agentworld.agents.llm.prices import call_cost
        from agentworld.agents.llm.replies import cached_tokens

        prompt, completion = (
            int(getattr(usage, "prompt_tokens", 0) or 0),
            int(getattr(usage, "completion_tokens", 0) or 0),
        )
        cached = cached_tokens(usage)
        with self.stats.lock:
            self.stats.prompt_tokens += prompt
            self.stats.cached_tokens += cached
            self.stats.completion_tokens += completion
            if self.price is not None:
                self.stats.cost = round(
                    self.stats.cost + call_cost(self.price, prompt, cached, completion), 8
                )

    def _request(self, user: str) -> str:
        last: Exception | None = None
        for attempt in range(self.attempts):
            if attempt:
                with self.stats.lock:
                    self.stats.retries += 1
                time.sleep(self.backoff * 2 ** (attempt - 1))
            try:
                with self.stats.lock:
                    self.stats.requests += 1
                resp = self.client.chat.completions.create(
                    model=self.model,
                    temperature=0,
                    messages=[
                        {"role": "system", "content": self.system_prompt},
                        {"role": "user", "content": user},
                    ],
                )
                usage = getattr(resp, "usage", None)
                if usage is not None:
                    self._count(usage)
                return resp.choices[0].message.content or ""
            except Exception as exc:  # openai.APIError, connection errors, malformed replies
                last = exc
        self._failed.set()
        where = self.base_url or "the OpenAI API"
        raise JudgeError(
            f"LLM judge: model {self.model!r} at {where} failed after {self.attempts} attempts: "
            f"{type(last).__name__}: {last}"
        )


def _judge_price(prices: dict[str, Any] | str | None, model: str) -> Any:
    """The judge model's Price from a price table (None without one); a table lacking it is an error."""
    from agentworld.agents.llm.prices import load_prices, price_of

    try:
        table = load_prices(prices) if prices is not None else {}
    except ValueError as exc:
        raise JudgeError(f"LLM judge: {exc}") from None
    price = price_of(table, model) if table else None
    if table and price is None:
        raise JudgeError(f"LLM judge: the price table has no entry for the judge model {model!r}")
    return price


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def parse_answers(content: str, n: int) -> dict[int, tuple[bool, str]]:
    """Pair number -> (enables, reason) from the model's JSON; tolerant of fences and prose."""
    m = _FENCE.search(content)
    text = m.group(1) if m else content
    start = min((i for i in (text.find("{"), text.find("[")) if i >= 0), default=-1)
    if start < 0:
        return {}
    try:
        data, _ = json.JSONDecoder().raw_decode(text[start:])
    except json.JSONDecodeError:
        return {}
    items = data.get("answers", []) if isinstance(data, dict) else data
    out: dict[int, tuple[bool, str]] = {}
    if not isinstance(items, list):
        return out
    for pos, item in enumerate(items, 1):
        if not isinstance(item, dict):
            continue
        try:
            answer = Answer.model_validate({"pair": pos, **item})
        except ValidationError:
            continue  # that pair counts as unanswered and is asked again
        if 1 <= answer.pair <= n:
            out[answer.pair] = (answer.enables, answer.reason[:300])
    return out


class Answer(BaseModel):
    """One judgment in the model's reply: {"pair": 1, "enables": true, "reason": "..."}."""

    pair: int
    enables: bool  # pydantic also takes "yes"/"no"/"true"/"false"/1/0
    reason: str = ""

    @field_validator("reason", mode="before")
    @classmethod
    def _text(cls, v: Any) -> str:
        return "" if v is None else str(v)
