"""Command-line options shared by `agentworld run` and `agentworld eval`: agent kinds, LLM
settings, the paper's ablations, and building a team from them (one place, so both verbs agree)."""

from __future__ import annotations

import argparse
import difflib
import json
import os
from pathlib import Path
from typing import Any


def parse_kinds(spec: str) -> list[str]:
    """['llm'] or one kind per seat from 'oracle,llm,noop'; unknown kinds are errors."""
    from agentworld.agents import KINDS

    kinds = [k.strip().lower() for k in spec.split(",") if k.strip()]  # 'Oracle', 'LLM' are fine
    bad = [k for k in kinds if k not in KINDS]
    if not kinds or bad:
        close = difflib.get_close_matches(bad[0], KINDS, n=1) if bad else []
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ValueError(f"unknown agent kind(s) {bad or [spec]}{hint}; known: {', '.join(KINDS)}")
    return kinds


def add_ablation_arguments(parser: argparse.ArgumentParser) -> None:
    """The paper's baselines and ablations as flags."""
    ab = parser.add_argument_group("ablations")
    ab.add_argument("--no-docs", action="store_true", help="agents get no task documentation")
    ab.add_argument("--max-rounds", type=int, default=None, help="override every task's round budget")
    ab.add_argument("--random-spawns", action="store_true", help="seeded random spawn positions")
    ab.add_argument("--no-chat", action="store_true", help="disable the chat tool")
    ab.add_argument(
        "--single-agent",
        action="store_true",
        help="llm only: one model context controls every avatar in turn (single-agent baseline)",
    )
    ab.add_argument("--solo", action="store_true", help="only the task's first agent plays (others removed)")
    ab.add_argument(
        "--without",
        metavar="ROLE[,ROLE]",
        type=_role_list,
        default=None,
        help="the team minus these roles or agent names (their oracle plans dropped)",
    )
    ab.add_argument(
        "--oracle-comm",
        action="store_true",
        help="baseline: every round each agent is told its teammates' true state "
        "(positions, holdings, last actions) in a system message",
    )
    ab.add_argument(
        "--shared-plan",
        metavar="FILE|auto",
        type=_shared_plan,
        default=None,
        help="baseline: every agent gets this written team plan ('auto': the task's oracle plan "
        "in words) and chat is disabled",
    )
    ab.add_argument(
        "--merged-agent",
        action="store_true",
        help="baseline: one avatar with every member's skills (at their max), items (summed) and "
        "equipment, at the first agent's spawn (unlike --single-agent, which drives every avatar)",
    )
    ab.add_argument(
        "--discussion-rounds",
        metavar="N",
        type=int,
        default=None,
        help="baseline: rounds 1..N allow only chat (or wait), then chat is closed",
    )
    ab.add_argument(
        "--anonymous-roles",
        action="store_true",
        help="baseline: agents are named agent_1, agent_2 ... and told that roles are not assigned",
    )


def _role_list(text: str) -> list[str]:
    roles = [r.strip() for r in text.split(",") if r.strip()]
    if not roles:
        raise argparse.ArgumentTypeError("give one or more roles or agent names, e.g. --without wizard")
    return roles


def _shared_plan(value: str) -> str:
    from agentworld.baselines import read_shared_plan

    try:
        return read_shared_plan(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--shared-plan: ")) from None


def check_without(tasks: list[str], options: dict) -> None:
    """Fail now, naming the task, when a team option cannot apply to some selected task: --without
    names a role it lacks, --anonymous-roles meets a verifier that names agents in its code."""
    team_options = {k: v for k, v in options.items() if k in TEAM_OPTIONS and v}
    if team_options:
        from agentworld.tasks import apply_options, load_task

        for task in tasks:
            apply_options(load_task(task), team_options)


def add_llm_arguments(parser: argparse.ArgumentParser) -> None:
    """LLM agent options shared by `eval` (and usable by other verbs)."""
    group = parser.add_argument_group("LLM agents (--agents llm)")
    _add_model_arguments(group)
    _add_context_arguments(group)
    _add_ledger_arguments(group)
    _add_retry_arguments(group)
    _add_limit_arguments(parser)


def _add_model_arguments(group: argparse._ArgumentGroup) -> None:
    """Which model answers, where, and how it samples."""
    group.add_argument("--model", default=None, help="model name (default: $AGENTWORLD_MODEL)")
    group.add_argument(
        "--base-url", default=None, help="OpenAI-compatible server URL (default: $OPENAI_BASE_URL)"
    )
    group.add_argument(
        "--model-for",
        metavar="SEAT=MODEL[@URL]",
        action="append",
        type=_seat_model,
        default=None,
        help="a heterogeneous team: the agent (or every agent of the role) SEAT plays with MODEL, "
        "on the server at URL if given (repeatable; other seats use --model)",
    )
    group.add_argument("--temperature", type=float, default=None)
    group.add_argument("--max-tokens", type=int, default=None, help="completion token limit per call")


def _add_context_arguments(group: argparse._ArgumentGroup) -> None:
    """What the model sees: how much history, counted with which tokenizer, under which prompts."""
    group.add_argument(
        "--history",
        choices=["full", "last", "summary"],
        default="full",
        help="context: every turn, the last N turns, or the last N plus a digest of older ones",
    )
    group.add_argument("--history-turns", type=int, default=8, help="N for --history last/summary")
    group.add_argument(
        "--context-tokens",
        type=int,
        default=None,
        metavar="N",
        help="the model's context window (default 32768): no request passes it (prompt, tool schemas and "
        "--max-tokens, or 1024, for the answer); older turns fold into a digest to fit",
    )
    group.add_argument(
        "--tokenizer",
        default=None,
        metavar="SPEC",
        help="what the context budget counts tokens with: a HuggingFace tokenizer.json (needs the "
        "`tokenizers` library), tiktoken:ENCODING (cached) or estimate; default $AGENTWORLD_TOKENIZER, "
        "else tiktoken o200k_base when it loads, else ceil(characters / 3)",
    )
    group.add_argument(
        "--context-budget",
        type=int,
        default=None,
        help="a tighter cap on prompt tokens: older turns move into a digest to fit",
    )
    group.add_argument("--prompts", default=None, help="directory with edited prompt templates")


def _add_ledger_arguments(group: argparse._ArgumentGroup) -> None:
    """What calls cost and which answers are kept for replay."""
    group.add_argument(
        "--prices",
        default=None,
        help="JSON price table {model: {input, output, cached_input}} in $ per 1M tokens (cached_input: "
        "prompt tokens the server read from its cache; default the input price)",
    )
    group.add_argument(
        "--cache",
        default=None,
        metavar="DIR",
        help="response cache: answers stored by model, messages, tools and sampling parameters; a rerun "
        "replays them for free and exactly (hits and misses counted in usage)",
    )


def _add_retry_arguments(group: argparse._ArgumentGroup) -> None:
    """How long to wait for a model server, and how often to try again."""
    group.add_argument(
        "--max-retries", type=int, default=6, help="retries on 429/5xx/timeouts before an episode errors"
    )
    group.add_argument("--timeout", type=float, default=120.0, help="seconds per model request")
    group.add_argument(
        "--backoff-base", type=float, default=1.0, help="first retry delay in seconds (doubles)"
    )
    group.add_argument(
        "--turn-deadline",
        type=float,
        default=None,
        help="seconds for all tries of one turn (default 180), Retry-After waits included; past it the "
        "turn is a wait and play goes on",
    )
    group.add_argument(
        "--max-retry-after",
        type=float,
        default=None,
        metavar="SECONDS",
        help="longest Retry-After of the model server honoured (default 60); longer ones are cut to it",
    )


def _add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """Rate and spending limits: their own group, since they bind the whole run, not one agent."""
    limits = parser.add_argument_group("limits on model calls (shared by every episode of the run)")
    limits.add_argument("--max-rpm", type=float, default=None, help="model requests per minute")
    limits.add_argument("--max-tpm", type=float, default=None, help="prompt + completion tokens per minute")
    limits.add_argument(
        "--max-cost",
        type=float,
        default=None,
        help="dollars (needs --prices): no new calls once spent; the episodes left are unfinished "
        "and an eval plays them on resume",
    )


def add_harness_arguments(parser: argparse.ArgumentParser, grid: bool = False) -> None:
    """The limits of the orchestrator harness (lists of values make an eval grid: evaluation/grid.py)."""
    g = parser.add_argument_group("team harnesses (--agents planner | orchestrator)")
    many = " (several, comma-separated: one eval cell each)" if grid else ""
    g.add_argument(
        "--max-workers",
        metavar="N[,N]" if grid else "N",
        type=_int_list,
        default=None,
        help=f"orchestrator: workers it may create in an episode (default 4){many}",
    )
    g.add_argument(
        "--max-depth",
        metavar="D[,D]" if grid else "D",
        type=_int_list,
        default=None,
        help=f"orchestrator: spawns from the lead to the deepest worker (default 1: workers cannot spawn){many}",
    )


def _int_list(text: str) -> list[int]:
    try:
        values = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        values = []
    if not values:
        raise argparse.ArgumentTypeError(f"give a whole number or a comma list of them, got {text!r}")
    return values


MODEL_KINDS = frozenset({"llm", "planner", "orchestrator"})  # agent kinds played by a model
HARNESS_KINDS = ("planner", "orchestrator")  # kinds whose seats share one team of contexts (agents/harness)
HARNESS_LIMITS = {"max_workers": "workers", "max_depth": "depth"}  # option -> how reports label it


def team_options(args: argparse.Namespace, kinds: list[str]) -> dict:
    """The agent options `run` and `eval` give a team of these kinds (LLM settings, harness limits),
    checked against the kinds: a flag that would play nobody is an error that says which kind takes it."""
    if args.single_agent and set(kinds) != {"llm"}:
        raise ValueError(
            "--single-agent needs --agents llm (one model context for every avatar); "
            "--solo keeps only the first agent for any kind"
        )
    if args.model_for and "llm" not in kinds:
        raise ValueError(
            "--model-for gives LLM seats their models: it needs --agents llm (or llm seats in the list)"
        )
    opts = llm_options(args) if MODEL_KINDS & set(kinds) else {}
    for key in HARNESS_LIMITS:
        values = getattr(args, key, None)
        if values is None:
            continue
        flag = "--" + key.replace("_", "-")
        if kinds != ["orchestrator"]:
            raise ValueError(f"{flag} is a limit of --agents orchestrator (got --agents {','.join(kinds)})")
        if len(values) > 1:
            raise ValueError(
                f"{flag} {','.join(map(str, values))}: several values make a grid of `agentworld eval`"
            )
        opts[key] = values[0]
    if set(kinds) & set(HARNESS_KINDS) and not opts.get("model"):
        raise ValueError(f"--agents {kinds[0]} needs --model (or $AGENTWORLD_MODEL)")
    if "orchestrator" in kinds:
        from agentworld.agents.harness import HarnessLimits

        HarnessLimits(**{k: opts[k] for k in HARNESS_LIMITS if k in opts})  # a bad limit: fail now
    return opts


def llm_options(args: argparse.Namespace) -> dict:
    """LLM agent options from parsed CLI arguments (None values left out; no API key)."""
    opts = {
        "model": args.model or os.environ.get("AGENTWORLD_MODEL"),
        "base_url": args.base_url,
        "temperature": args.temperature,
        "max_tokens": args.max_tokens,
        "history": args.history,
        "history_turns": args.history_turns,
        "context_budget": args.context_budget,
        "context_tokens": getattr(args, "context_tokens", None),
        "tokenizer": getattr(args, "tokenizer", None),
        "prompts": args.prompts,
        "prices": args.prices,
        "max_retries": args.max_retries,
        "timeout": args.timeout,
        "backoff_base": args.backoff_base,
        "turn_deadline": args.turn_deadline,
        "max_retry_after": args.max_retry_after,
        "max_rpm": args.max_rpm,
        "max_tpm": args.max_tpm,
        "max_cost": args.max_cost,
        "single_agent": getattr(args, "single_agent", False) or None,
        "no_docs": getattr(args, "no_docs", False) or None,
        "seat_models": dict(pair for pair in getattr(args, "model_for", None) or []) or None,
    }
    if opts["prompts"]:
        opts["prompts"] = str(Path(opts["prompts"]).resolve())
    opts["cache"] = str(Path(args.cache).resolve()) if getattr(args, "cache", None) else None
    if opts["prices"]:
        opts["prices"] = str(Path(opts["prices"]).resolve())
    return {k: v for k, v in opts.items() if v is not None}


def _seat_model(text: str) -> tuple[str, dict]:
    """'wizard=gpt-x' or 'Wizard=qwen@http://127.0.0.1:8000/v1' -> ('wizard', {model, base_url})."""
    seat, sep, rest = text.partition("=")
    model, at, url = rest.partition("@")
    if not sep or not seat.strip() or not model.strip() or (at and not url.strip()):
        raise argparse.ArgumentTypeError(
            f"give SEAT=MODEL or SEAT=MODEL@URL (an agent name or a role), got {text!r}"
        )
    return seat.strip().lower(), {"model": model.strip(), **({"base_url": url.strip()} if at else {})}


SEAT_MODELS = "seat_models"  # agent option: {agent name or role (lower case): {model, base_url}}


def seat_options(task: Any, agent_options: dict) -> dict[str, dict]:
    """Each agent's LLM options: the team's, with the model (and server) of its seat from --model-for.
    A seat names an agent or a role (any case); an agent's name wins over its role."""
    base = {k: v for k, v in agent_options.items() if k != SEAT_MODELS}
    seats = agent_options.get(SEAT_MODELS) or {}
    if seats and base.get("single_agent"):
        raise ValueError(
            "--model-for gives seats their own models; --single-agent plays every seat in one context"
        )
    out = {}
    for spec in task.agents:
        chosen = seats.get(spec.name.lower()) or seats.get(str(spec.role).lower()) or {}
        out[spec.name] = {**base, **chosen}
    return out


def check_seat_models(tasks: list[Any], agent_options: dict) -> None:
    """Every --model-for seat must name an agent or role of some selected task (a typo plays nobody)."""
    seats = agent_options.get(SEAT_MODELS) or {}
    if seats and agent_options.get("single_agent"):
        raise ValueError(
            "--model-for gives seats their own models; --single-agent plays every seat in one context"
        )
    known = {str(x).lower() for task in tasks for spec in task.agents for x in (spec.name, spec.role)}
    bad = sorted(set(seats) - known)
    if bad:
        close = difflib.get_close_matches(bad[0], sorted(known), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ValueError(f"--model-for: no agent or role {bad[0]!r} in the selected tasks{hint}")


def episode_options(args: argparse.Namespace) -> dict:
    opts: dict[str, Any] = {}
    if args.no_docs:
        opts["no_docs"] = True
    if args.max_rounds is not None:
        opts["max_rounds"] = args.max_rounds
    if args.random_spawns:
        opts["random_spawns"] = True
    if args.no_chat:
        opts["no_chat"] = True
    if args.solo:
        opts["solo"] = True  # the task keeps only its first agent
    if args.without:
        opts["without"] = list(args.without)
    if args.oracle_comm:
        opts["oracle_comm"] = True
    if args.shared_plan:
        opts["shared_plan"] = args.shared_plan  # 'auto' or the plan's text (so the run is self-contained)
    if args.merged_agent:
        opts["merged_agent"] = True
    if args.discussion_rounds is not None:
        opts["discussion_rounds"] = args.discussion_rounds
    if args.anonymous_roles:
        opts["anonymous_roles"] = True
    return opts


# episode options that change who is on the team (the LLM seats are built for the team as played)
TEAM_OPTIONS = ("without", "solo", "merged_agent", "anonymous_roles")


def build_team(
    task: Any, agents_spec: str, agent_options: dict | None = None, options: dict | None = None
) -> Any:
    """The `agents` argument of run_episode: the spec itself, or a dict with the LLM seats built
    here (one shared conversation in single-agent mode) so their transcript can be saved.
    `options` are the episode options (--without and --solo change who is on the team)."""
    kinds, agent_opts = agents_spec.split(","), dict(agent_options or {})
    agents: Any = agents_spec
    harness = [k for k in kinds if k in HARNESS_KINDS]
    if harness:
        if len(kinds) != 1:
            raise ValueError(
                f"--agents {harness[0]} drives every avatar from one team of model contexts: it cannot be "
                f"mixed with other kinds (got {agents_spec!r})"
            )
        from agentworld.agents.harness import make_orchestrator_team, make_planner_team
        from agentworld.tasks import apply_options, load_task

        team_options = {k: v for k, v in (options or {}).items() if k in TEAM_OPTIONS}
        names = apply_options(load_task(task), team_options).agent_names
        opts = {k: v for k, v in agent_opts.items() if k != SEAT_MODELS}
        make = make_planner_team if harness[0] == "planner" else make_orchestrator_team
        return make(names, **opts)
    if "llm" in kinds:
        from agentworld.agents.llm import make_team
        from agentworld.tasks import apply_options, load_task

        team_options = {k: v for k, v in (options or {}).items() if k in TEAM_OPTIONS}
        played = apply_options(load_task(task), team_options)
        names, per_seat = played.agent_names, seat_options(played, agent_opts)
        if len(kinds) == 1 and not agent_opts.get(SEAT_MODELS):
            agents = make_team(names, **per_seat[names[0]]) if names else {}
        elif len(kinds) == 1:  # a heterogeneous team: each seat its own model
            agents = {n: make_team([n], **per_seat[n])[n] for n in names}
        else:  # a mixed team: LLM seats built here, the others by the runner
            if len(kinds) != len(names):
                raise ValueError(
                    f"{len(kinds)} agent kinds given for {len(names)} agents ({', '.join(names)})"
                )
            agents = {
                n: (make_team([n], **per_seat[n])[n] if k == "llm" else k)
                for n, k in zip(names, kinds, strict=True)
            }
    return agents


def write_transcript(run_dir: Path, agents: dict) -> None:
    conversations = {
        id(a.conversation): a.conversation for a in agents.values() if hasattr(a, "conversation")
    }
    # (mixed teams: kind strings have no conversation and are skipped; planner seats share one planner)
    conversations.update({id(a.planner): a.planner for a in agents.values() if hasattr(a, "planner")})
    rows = [row for conv in conversations.values() for row in conv.transcript]
    if rows:
        run_dir.mkdir(parents=True, exist_ok=True)
        with open(run_dir / "llm_transcript.jsonl", "w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row) + "\n")
