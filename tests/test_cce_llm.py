"""The LLM judge against a scripted OpenAI-compatible server on 127.0.0.1 (no real model)."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable

import pytest

from agentworld.causal import judge_records, judge_run
from agentworld.causal.cli import cohen_kappa
from agentworld.causal.graph import CausalGraph, Edge, action_records
from agentworld.causal.llm_judge import JudgeError, LLMJudge, parse_answers
from agentworld.causal.synthetic import STAFF_CONTRIBUTING, STAFF_TASK, staff_episode
from agentworld.cli import main

PAIR = re.compile(r"Pair (\d+):\n  A: #(\d+) .*\n  B: #(\d+) ")


class ScriptedJudge:
    """An OpenAI-compatible /chat/completions endpoint answering pairs with ``decide(a, b)``."""

    def __init__(
        self, decide: Callable[[int, int], bool | None], status: int = 200, fenced: bool = False
    ) -> None:
        self.decide, self.status, self.fenced = decide, status, fenced
        self.requests = 0
        self.on_request: Callable[[str], None] | None = None  # sees each request's system prompt
        self.pairs_seen: list[tuple[int, int]] = []
        self.server: ThreadingHTTPServer | None = None

    def __enter__(self) -> "ScriptedJudge":
        judge = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                judge.requests += 1
                if judge.on_request is not None:
                    judge.on_request(body["messages"][0]["content"])
                if judge.status != 200:
                    self.send_response(judge.status)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(b'{"error": {"message": "scripted outage", "type": "server_error"}}')
                    return
                user = body["messages"][-1]["content"]
                answers = []
                for idx, a, b in PAIR.findall(user):
                    judge.pairs_seen.append((int(a), int(b)))
                    yes = judge.decide(int(a), int(b))
                    if yes is not None:  # None: the scripted model leaves this pair out of its answer
                        answers.append({"pair": int(idx), "enables": yes, "reason": "scripted"})
                content = json.dumps({"answers": answers})
                if judge.fenced:
                    content = f"Here you go:\n```json\n{content}\n```"
                reply = {
                    "id": "c1",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body["model"],
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": "stop",
                            "message": {"role": "assistant", "content": content},
                        }
                    ],
                    "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
                }
                data = json.dumps(reply).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __exit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.shutdown()
        self.server.server_close()


def _provenance_graph() -> CausalGraph:
    recs = staff_episode().records
    res = judge_records(recs, True)
    return CausalGraph(action_records(recs), [Edge(**e) for e in res["edges"]])


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "AGENTWORLD_JUDGE_MODEL"):
        monkeypatch.delenv(var, raising=False)
    yield


def test_backward_tracing_finds_the_true_graph_and_the_cache_makes_rescoring_free(tmp_path: Path) -> None:
    truth = {(e.src, e.dst) for e in _provenance_graph().edges}
    run = staff_episode().write_run(tmp_path / "run", success=True, task=STAFF_TASK)
    with ScriptedJudge(lambda a, b: (a, b) in truth) as server:
        first = judge_run(
            run, "llm", model="scripted-judge", base_url=server.url, batch_size=4, concurrency=2
        )
        sent = server.requests
        assert sent >= 2
        assert set(first["contributing"]) == STAFF_CONTRIBUTING
        assert first["cce"] == pytest.approx(12 / 27)
        assert first["judge"] == "llm" and all(e["judge"] == "llm" for e in first["edges"])
        assert first["llm"]["requests"] == sent and first["llm"]["cached"] == 0
        assert first["llm"]["prompt_tokens"] == 100 * sent
        # every pair asked points back in time, inside the window or along a provenance link
        assert server.pairs_seen and all(a < b for a, b in server.pairs_seen)
        assert (0, 26) not in server.pairs_seen  # greetings far from the staff are pruned
        assert (run / ".judge_cache" / "scripted-judge.jsonl").is_file()

        again = judge_run(run, "llm", model="scripted-judge", base_url=server.url, batch_size=4)
        assert server.requests == sent  # zero new requests
        assert again["llm"]["requests"] == 0 and again["llm"]["cached"] == len(first["judgments"])
        assert again["contributing"] == first["contributing"]
    saved = json.loads((run / "cce.json").read_text())
    assert saved["judge"] == "llm" and saved["cce"] == pytest.approx(12 / 27)


def test_a_changed_prompt_is_not_served_from_the_cache(tmp_path: Path) -> None:
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    src = Path(__file__).resolve().parents[1] / "agentworld" / "causal" / "prompts"
    for name in ("judge_system.md", "judge_pairs.md"):
        (prompts / name).write_text((src / name).read_text())
    records = staff_episode().records
    with ScriptedJudge(lambda a, b: True, fenced=True) as server:
        kw = dict(model="m", base_url=server.url, cache_dir=tmp_path / "cache", prompt_dir=prompts)
        everything = LLMJudge(**kw)
        everything.edges(records, [26])
        n = server.requests
        assert n > 0 and all(j.enables for j in everything.judgments)  # fenced JSON parsed
        LLMJudge(**kw).edges(records, [26])
        assert server.requests == n
        (prompts / "judge_system.md").write_text("Be strict.\n")
        LLMJudge(**kw).edges(records, [26])
        assert server.requests > n


def test_api_failures_are_retried_then_reported(tmp_path: Path) -> None:
    run = staff_episode().write_run(tmp_path / "run", success=True)
    with ScriptedJudge(lambda a, b: True, status=500) as server:
        with pytest.raises(JudgeError, match=r"model 'm' at .*127\.0\.0\.1.* failed after 2 attempts"):
            judge_run(run, "llm", model="m", base_url=server.url, attempts=2, backoff=0.0, concurrency=1)
        assert server.requests == 2  # the other batches are not sent once one has failed


def test_configuration_errors_are_clear() -> None:
    with pytest.raises(JudgeError, match="no model given"):
        LLMJudge(base_url="http://127.0.0.1:9/v1")
    with pytest.raises(JudgeError, match="no API key"):
        LLMJudge(model="m")
    with pytest.raises(JudgeError, match="batch_size must be >= 1"):
        LLMJudge(model="m", base_url="http://127.0.0.1:9/v1", batch_size=0)


def test_parse_answers_tolerates_prose_and_strings() -> None:
    text = 'Sure.\n{"answers": [{"pair": 1, "enables": "yes", "reason": "r"}, {"pair": 2, "enables": false}, {"pair": 9, "enables": true}]}'
    assert parse_answers(text, 2) == {1: (True, "r"), 2: (False, "")}
    assert parse_answers("no json here", 3) == {}
    assert parse_answers('[{"enables": true}]', 1) == {1: (True, "")}


def test_cohen_kappa() -> None:
    assert cohen_kappa([]) is None
    assert cohen_kappa([(True, True), (False, False)]) == 1.0
    assert cohen_kappa([(True, False), (False, True)]) == -1.0
    # 82% raw agreement with balanced marginals -> kappa 0.64, as in the paper's human study
    pairs = [(True, True)] * 41 + [(False, False)] * 41 + [(True, False)] * 9 + [(False, True)] * 9
    assert cohen_kappa(pairs) == pytest.approx(0.64)


def test_compare_reports_agreement_between_the_judges(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    graph = _provenance_graph()
    reach = {a: graph.reaches(a) for a in graph.by_id}
    runs = [
        staff_episode().write_run(tmp_path / name, success=ok, task=STAFF_TASK)
        for name, ok in (("r1", True), ("r2", False))
    ]
    with ScriptedJudge(lambda a, b: b in reach[a]) as server:
        code = main(["judge", *map(str, runs), "--compare", "--model", "m", "--base-url", server.url])
    assert code == 0
    out = capsys.readouterr().out
    assert "kappa" in out and "compare.json" in out
    summary = json.loads((tmp_path / "compare.json").read_text())
    assert summary["pairs"] > 0 and summary["accuracy"] == 1.0 and summary["kappa"] == 1.0
    assert [e["cce_diff"] for e in summary["episodes"]] == [0.0, 0.0]
    assert summary["mean_cce_provenance"] == pytest.approx(6 / 27)
    for run in runs:
        assert json.loads((run / "cce.json").read_text())["judge"] == "provenance"
        assert json.loads((run / "cce_llm.json").read_text())["judge"] == "llm"


def test_pairs_the_model_leaves_unanswered_are_not_counted_as_no(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A model that skips some pairs (even after the re-ask): those pairs are neither edges nor
    "no" votes in the agreement; answered pairs that match the provenance graph give accuracy 1."""
    graph = _provenance_graph()
    reach = {a: graph.reaches(a) for a in graph.by_id}
    run = staff_episode().write_run(tmp_path / "r1", success=True, task=STAFF_TASK)
    with ScriptedJudge(lambda a, b: None if (a + b) % 3 == 0 else b in reach[a]) as server:
        assert main(["judge", str(run), "--compare", "--model", "m", "--base-url", server.url]) == 0
    llm = json.loads((run / "cce_llm.json").read_text())
    skipped = [j for j in llm["judgments"] if j[2] is None]
    assert skipped and llm["llm"]["unanswered"] == len(skipped)
    assert not {(e["src"], e["dst"]) for e in llm["edges"]} & {(a, b) for a, b, _, _ in skipped}
    summary = json.loads((tmp_path / "r1" / "compare.json").read_text())
    assert summary["pairs"] == len(llm["judgments"]) - len(skipped)
    assert summary["accuracy"] == 1.0


def test_judge_cli_takes_a_prompt_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    src = Path(__file__).resolve().parents[1] / "agentworld" / "causal" / "prompts"
    (prompts / "judge_system.md").write_text("STRICT JUDGE. Reply with JSON.\n")
    (prompts / "judge_pairs.md").write_text((src / "judge_pairs.md").read_text())
    run = staff_episode().write_run(tmp_path / "run", success=True, task=STAFF_TASK)
    seen: list[str] = []
    with ScriptedJudge(lambda a, b: True) as server:
        server.on_request = seen.append
        assert (
            main(
                [
                    "judge",
                    str(run),
                    "--judge",
                    "llm",
                    "--model",
                    "m",
                    "--base-url",
                    server.url,
                    "--prompts",
                    str(prompts),
                ]
            )
            == 0
        )
    assert seen and all(system.startswith("STRICT JUDGE") for system in seen)
    (prompts / "judge_pairs.md").write_text("Judge these.\n")  # the pairs placeholder was deleted
    assert (
        main(
            [
                "judge",
                str(run),
                "--judge",
                "llm",
                "--model",
                "m",
                "--base-url",
                "http://127.0.0.1:9/v1",
                "--prompts",
                str(prompts),
            ]
        )
        == 1
    )
    assert "has no $pairs placeholder" in capsys.readouterr().err
    assert (
        main(
            [
                "judge",
                str(run),
                "--judge",
                "llm",
                "--model",
                "m",
                "--base-url",
                "http://127.0.0.1:9/v1",
                "--prompts",
                str(tmp_path / "nowhere"),
            ]
        )
        == 1
    )
    assert "cannot read prompt file" in capsys.readouterr().err
