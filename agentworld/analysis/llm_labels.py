"""Optional LLM classifier of chat messages with the same labels as communication.py, and its
agreement with the exact classifier (accuracy and Cohen's kappa over the primary labels).

One request per message to an OpenAI-compatible model (``openai`` client, temperature 0); the
prompt shows the truth the exact rules read (positions and holdings when sent, what the
recipients had received, what the sender and the recipients did in the next k rounds), so the
two classifiers judge from the same evidence. Prompts: ``prompts/classify_*.md`` beside this module.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from string import Template
from typing import Any

from agentworld.causal import task_context
from agentworld.causal.graph import Record, action_records, load_run
from agentworld.causal.llm_judge import describe

from .communication import FAILURES, LABELS, MessageLabel, _Truth

PROMPTS = Path(__file__).with_name("prompts")
_JSON = re.compile(r"\{.*\}", re.S)


class ClassifierError(RuntimeError):
    """The LLM classifier could not run (no model, API failure), with why."""


def parse_labels(content: str) -> list[str] | None:
    """The failure labels of a reply (known ones only, in LABELS order); None when unreadable."""
    m = _JSON.search(content or "")
    if not m:
        return None
    try:
        data = json.loads(m.group(0))
    except json.JSONDecodeError:
        return None
    labels = data.get("labels") if isinstance(data, dict) else None
    if not isinstance(labels, list):
        return None
    given = {str(x).strip().lower().replace(" ", "_") for x in labels}
    return [lab for lab in FAILURES if lab in given]


def _evidence(records: list[Record], message: MessageLabel, window: int) -> dict[str, str]:
    truth = _Truth()
    for rec in records:
        if rec.get("type") == "action" and rec.get("id") == message.action:
            break
        truth.apply(rec)
    who = [message.sender, *message.to]
    state = "\n".join(
        f"- {a}: at {list(truth.positions[a]) if a in truth.positions else 'unknown'}, holds "
        + (", ".join(f"{n} {i}" for i, n in sorted(truth.held[a].items()) if n > 0) or "nothing")
        for a in who
    )
    actions = action_records(records)
    chats = [a for a in actions if a.get("tool") == "chat" and a["id"] < message.action]
    earlier = [a for a in chats if a["agent"] != message.sender and set(message.to) & _to(a, actions)][-6:]
    own = [a for a in chats if a["agent"] == message.sender][-4:]
    after = [
        a
        for a in actions
        if a["id"] > message.action and a["agent"] in who and a["round"] <= message.round + window
    ]
    line = lambda acts: "\n".join(f"- {describe(a)}" for a in acts) or "- (none)"  # noqa: E731
    return {"state": state, "earlier": line(earlier), "own_earlier": line(own), "after": line(after)}


def _to(chat: Record, actions: list[Record]) -> set[str]:
    from agentworld.causal.mentions import recipients

    return recipients(chat, sorted({a["agent"] for a in actions}))


def classify_with_llm(
    run_dir: str | Path,
    messages: list[MessageLabel],
    model: str,
    base_url: str | None = None,
    window: int = 3,
    client: Any = None,
    usage: dict[str, int] | None = None,
) -> list[list[str]]:
    """The LLM's failure labels for each message ([] = useful). `usage`, when given, adds up the
    requests and tokens (cached ones apart) of these calls, so their cost is reported apart."""
    if not model:
        raise ClassifierError("the LLM classifier needs a model (--llm-model)")
    if client is None:
        import openai  # optional at import time: the exact classifier needs no client

        key = os.environ.get("OPENAI_API_KEY") or ("not-needed" if base_url else None)
        if key is None:
            raise ClassifierError("set OPENAI_API_KEY (or give --base-url for a local server)")
        client = openai.OpenAI(
            base_url=base_url or os.environ.get("OPENAI_BASE_URL"), api_key=key, max_retries=1, timeout=120
        )
    records, _metrics, _config = load_run(run_dir)
    context = task_context(run_dir)
    system = (PROMPTS / "classify_system.md").read_text(encoding="utf-8")
    template = Template((PROMPTS / "classify_message.md").read_text(encoding="utf-8"))
    out = []
    for m in messages:
        user = template.safe_substitute(
            task_name=context.get("name", ""),
            objective=context.get("objective", ""),
            action=m.action,
            round=m.round,
            sender=m.sender,
            recipients=", ".join(m.to) or "nobody",
            text=m.text,
            window=window,
            **_evidence(records, m, window),
        )
        labels = None
        for _ in range(2):  # one re-ask for an unreadable reply
            try:
                resp = client.chat.completions.create(
                    model=model,
                    temperature=0,
                    messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                )
            except Exception as exc:  # openai.APIError, connection errors
                raise ClassifierError(
                    f"LLM classifier: model {model!r} failed: {type(exc).__name__}: {exc}"
                ) from None
            if usage is not None:
                _count(usage, getattr(resp, "usage", None))
            labels = parse_labels(resp.choices[0].message.content or "")
            if labels is not None:
                break
        out.append(labels or [])
    return out


def _count(usage: dict[str, int], reported: Any) -> None:
    from agentworld.agents.llm.replies import cached_tokens

    usage["requests"] = usage.get("requests", 0) + 1
    for key in ("prompt_tokens", "completion_tokens"):
        usage[key] = usage.get(key, 0) + int(getattr(reported, key, 0) or 0)
    usage["cached_tokens"] = usage.get("cached_tokens", 0) + cached_tokens(reported)


def primary(labels: list[str]) -> str:
    return next((lab for lab in FAILURES if lab in labels), "useful")


def agreement(exact: list[str], llm: list[str]) -> dict[str, Any]:
    """Accuracy, Cohen's kappa (multi-class) and the confusion counts of two primary-label lists."""
    n = len(exact)
    if n == 0:
        return {"messages": 0, "accuracy": None, "kappa": None, "confusion": {}}
    po = sum(a == b for a, b in zip(exact, llm)) / n
    ca, cb = Counter(exact), Counter(llm)
    pe = sum(ca[lab] * cb[lab] for lab in LABELS) / (n * n)
    kappa = (1.0 if po == 1.0 else 0.0) if pe >= 1.0 else (po - pe) / (1 - pe)
    confusion = Counter(f"{a}->{b}" for a, b in zip(exact, llm))
    return {"messages": n, "accuracy": po, "kappa": kappa, "confusion": dict(sorted(confusion.items()))}
