"""`agentworld judge DIR...`: write cce.json (and optionally cce.png) into run directories.

``--compare`` scores every run with both judges (cce.json from the provenance judge,
cce_llm.json from the LLM judge) and reports how far they agree on the pair judgments
the LLM judge made (a pair counts as "enables" for the provenance judge when its graph
has a directed path from A to B), and how far their CCE values differ per episode.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from . import JUDGES, judge_run
from .graph import CausalError, CausalGraph, action_records, load_run


def configure_judge(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "dirs",
        nargs="+",
        metavar="DIR",
        help="run directories (each with trajectory.jsonl), or an eval directory holding them",
    )
    parser.add_argument(
        "--judge",
        choices=JUDGES,
        default="provenance",
        help="provenance: exact, from engine provenance (default); llm: the paper's LLM backward tracing",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="run both judges and report their agreement (writes compare.json)",
    )
    parser.add_argument(
        "--model",
        help="LLM judge model (default: $AGENTWORLD_JUDGE_MODEL); with --judge llm, "
        "A,B,C runs one judge per model and compares them (judge_models.json)",
    )
    parser.add_argument(
        "--base-url", help="OpenAI-compatible base URL (default: $OPENAI_BASE_URL); key from $OPENAI_API_KEY"
    )
    parser.add_argument(
        "--window",
        type=int,
        default=None,
        help="rounds: chat-uptake window of the provenance judge (default 3)",
    )
    parser.add_argument(
        "--llm-window",
        type=int,
        default=None,
        help="rounds: temporal window of the LLM judge's candidate pairs (default 5)",
    )
    parser.add_argument(
        "--prices",
        default=None,
        metavar="FILE",
        help="JSON price table {model: {input, output, cached_input}} in $ per 1M tokens: the judge's "
        "cost is recorded in its llm stats",
    )
    parser.add_argument("--batch-size", type=int, default=None, help="pairs per LLM request (default 8)")
    parser.add_argument(
        "--max-candidates", type=int, default=None, help="candidate pairs per traced action (default 24)"
    )
    parser.add_argument("--concurrency", type=int, default=None, help="parallel LLM requests (default 4)")
    parser.add_argument(
        "--prompts",
        metavar="DIR",
        default=None,
        help="LLM judge prompts: a directory with judge_system.md and judge_pairs.md "
        "(default: the ones shipped in agentworld/causal/prompts)",
    )
    parser.add_argument(
        "--plot",
        nargs="?",
        const=True,
        default=False,
        metavar="PATH",
        help="also draw the episode: cce.png beside cce.json, or PATH (one run only)",
    )
    parser.add_argument(
        "--reference",
        nargs="+",
        metavar="REF_DIR",
        default=None,
        help="reference runs (or eval directories) of the same tasks: adds the collaboration-graph "
        "metrics (Forest Match, Node Validity, content redundancy) to cce.json as 'forest'",
    )
    parser.add_argument(
        "--out",
        help="where --compare writes compare.json, or --model A,B judge_models.json "
        "(default: the runs' common directory)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")


def expand_dirs(dirs: list[str]) -> list[str]:
    """Run directories as given; a directory without a trajectory (an eval OUT) stands for
    every run directory below it."""
    out: list[str] = []
    for d in dirs:
        p = Path(d)
        if p.is_dir() and not (p / "trajectory.jsonl").is_file():
            found = sorted(str(t.parent) for t in p.rglob("trajectory.jsonl"))
            if found:
                out.extend(found)
                continue
        out.append(d)
    return out


def missing_dirs(command: str, dirs: list[str]) -> bool:
    """Report every given path that is not a directory; True if any was missing (the command exits 2)."""
    missing = [d for d in dirs if not Path(d).is_dir()]
    for d in missing:
        print(f"agentworld {command}: error: {d}: no such run directory", file=sys.stderr)
    return bool(missing)


def _llm_options(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "model": args.model,
        "base_url": args.base_url,
        "window": args.llm_window,
        "batch_size": args.batch_size,
        "max_candidates": args.max_candidates,
        "concurrency": args.concurrency,
        "prompt_dir": args.prompts,
        "prices": getattr(args, "prices", None),
    }


def command_judge(args: argparse.Namespace) -> int:
    if missing_dirs("judge", [*args.dirs, *(args.reference or [])]):
        return 2
    args.dirs = expand_dirs(args.dirs)
    if args.plot not in (True, False) and len(args.dirs) > 1:
        print(
            "agentworld judge: error: --plot PATH needs exactly one run directory (use --plot alone for many)",
            file=sys.stderr,
        )
        return 2
    if args.compare:
        return _compare(args)
    if args.judge == "llm" and args.model and "," in args.model:
        return _judge_models(args)
    references = expand_dirs(args.reference) if args.reference else None
    rows, failures = [], 0
    for d in args.dirs:
        try:
            options = _llm_options(args) if args.judge == "llm" else {"window": args.window}
            res = judge_run(d, args.judge, plot=args.plot, references=references, **options)
        except (CausalError, RuntimeError, ValueError, OSError) as exc:  # OSError: unwritable output
            print(f"agentworld judge: error: {d}: {exc}", file=sys.stderr)
            failures += 1
            continue
        _warn(d, res)
        rows.append(res)
    if args.json:
        keys = ("run_dir", "judge", "success", "cce", "pac", "actions", "contributing_count", "forest")
        print(json.dumps([{k: r[k] for k in keys if k in r} for r in rows], indent=1))
    elif rows:
        _print_runs(rows)
    return 1 if failures else 0


def _warn(run_dir: str, res: dict[str, Any]) -> None:
    """Say on stderr what was scored but looks wrong: a trajectory without actions, or links
    that point backwards in time or to unknown actions (a damaged or hand-edited trajectory)."""
    if res["actions"] == 0:
        print(
            f"agentworld judge: warning: {run_dir}: trajectory.jsonl has no action records", file=sys.stderr
        )
    dropped = res.get("dropped_edges") or []
    if dropped:
        more = f" (and {len(dropped) - 3} more)" if len(dropped) > 3 else ""
        print(
            f"agentworld judge: warning: {run_dir}: {len(dropped)} edge(s) ignored: {'; '.join(dropped[:3])}{more}",
            file=sys.stderr,
        )


def _print_runs(rows: list[dict[str, Any]]) -> None:
    print(f"{'run':<40} {'judge':<10} {'ok':<4} {'contrib/actions':>15} {'CCE':>6}  PAC")
    for r in rows:
        pac = " ".join(f"{a}={v:.2f}" for a, v in r["pac"].items())
        print(
            f"{_short(r['run_dir']):<40} {r['judge']:<10} {'yes' if r['success'] else 'no':<4} "
            f"{r['contributing_count']:>7}/{r['actions']:<7} {r['cce']:>6.3f}  {pac}"
        )
        if r.get("llm"):
            s = r["llm"]
            cost = f", ${s['cost']:.4f}" if s.get("cost") else ""
            print(
                f"{'':<40} llm: {s['requests']} requests, {s['asked']} pairs asked, {s['cached']} cached, "
                f"{s.get('prompt_tokens', 0)} prompt tokens ({s.get('cached_tokens', 0)} from the server's cache){cost}"
            )
        if r.get("plot"):
            print(f"{'':<40} plot: {r['plot']}")
        if r.get("forest"):
            f = r["forest"]
            fmt = lambda v: "n/a" if v is None else f"{v:.3f}"  # noqa: E731
            print(
                f"{'':<40} forest: match {fmt(f['forest_match'])}, node validity {fmt(f['node_validity'])}, "
                f"content redundancy {f['content_redundancy']:.3f} ({len(f['references'])} reference run(s))"
                + (f"; {f['note']}" if f.get("note") else "")
            )
    if len(rows) > 1:
        print(f"mean CCE over {len(rows)} runs: {sum(r['cce'] for r in rows) / len(rows):.3f}")


def _short(path: str, width: int = 40) -> str:
    return path if len(path) <= width else "…" + path[-(width - 1) :]


def cohen_kappa(pairs: list[tuple[bool, bool]]) -> float | None:
    """Cohen's kappa of two binary raters; None with no pairs, 1.0 when both are constant and equal."""
    n = len(pairs)
    if n == 0:
        return None
    po = sum(x == y for x, y in pairs) / n
    p1 = sum(x for x, _ in pairs) / n
    p2 = sum(y for _, y in pairs) / n
    pe = p1 * p2 + (1 - p1) * (1 - p2)
    if pe >= 1.0:
        return 1.0 if po == 1.0 else 0.0
    return (po - pe) / (1 - pe)


def compare_runs(prov: dict[str, Any], llm: dict[str, Any], records: list[dict[str, Any]]) -> dict[str, Any]:
    """Agreement of the two judges on one episode, over the pairs the LLM judge asked about."""
    graph = CausalGraph(action_records(records))
    from .graph import Edge

    graph.add_edges(Edge(**e) for e in prov["edges"])
    reach_cache: dict[int, set[int]] = {}
    labels: list[tuple[bool, bool]] = []
    for a, b, yes, _reason in llm.get("judgments", []):
        if yes is None:
            continue  # unanswered: neither judge said anything about it
        if a not in reach_cache:
            reach_cache[a] = graph.reaches(a)
        labels.append((b in reach_cache[a], bool(yes)))
    cp, cl = set(prov["contributing"]), set(llm["contributing"])
    union = cp | cl
    return {
        "run_dir": prov["run_dir"],
        "success": prov["success"],
        "cce_provenance": prov["cce"],
        "cce_llm": llm["cce"],
        "cce_diff": llm["cce"] - prov["cce"],
        "pairs": len(labels),
        "accuracy": (sum(x == y for x, y in labels) / len(labels)) if labels else None,
        "kappa": cohen_kappa(labels),
        "contributing_jaccard": (len(cp & cl) / len(union)) if union else 1.0,
        "labels": labels,
    }


def _judge_models(args: argparse.Namespace) -> int:
    """--judge llm --model A,B,C: every run under each model and the provenance judge (Table 6)."""
    from .models import PROVENANCE, compare_judges, format_table, output_name, team_of

    models = [m.strip() for m in args.model.split(",") if m.strip()]
    if len(set(models)) != len(models):
        print(f"agentworld judge: error: --model names a model twice: {args.model}", file=sys.stderr)
        return 2
    rows, failures = [], 0
    for d in args.dirs:
        try:
            cce = {PROVENANCE: judge_run(d, "provenance", window=args.window)["cce"]}
            for model in models:
                cce[model] = judge_run(
                    d, "llm", output=output_name(model), **{**_llm_options(args), "model": model}
                )["cce"]
            rows.append({"run_dir": d, "team": team_of(d), "cce": cce})
        except (CausalError, RuntimeError, ValueError, OSError) as exc:
            print(f"agentworld judge: error: {d}: {exc}", file=sys.stderr)
            failures += 1
    result = compare_judges(rows, [PROVENANCE, *models])
    out = Path(args.out) if args.out else Path(os.path.commonpath([os.path.abspath(d) for d in args.dirs]))
    if out.is_dir() or not out.suffix:
        out = out / "judge_models.json"
    if not _write_json(out, result):
        return 1
    print(json.dumps(result, indent=1) if args.json else format_table(result) + f"\njudge_models.json: {out}")
    return 1 if failures or not rows else 0


def _compare(args: argparse.Namespace) -> int:
    episodes, failures = [], 0
    for d in args.dirs:
        try:
            prov = judge_run(d, "provenance", plot=args.plot, window=args.window)
            llm = judge_run(d, "llm", output="cce_llm.json", **_llm_options(args))
            records, _, _ = load_run(d)
        except (CausalError, RuntimeError, ValueError, OSError) as exc:  # OSError: unwritable output
            print(f"agentworld judge: error: {d}: {exc}", file=sys.stderr)
            failures += 1
            continue
        _warn(d, prov)
        ep = compare_runs(prov, llm, records)
        ep["llm_requests"] = llm["llm"]["requests"]
        episodes.append(ep)
    if not episodes:  # nothing compared (e.g. no judge model): no compare.json that looks like a result
        return 1
    pooled = [lab for ep in episodes for lab in ep.pop("labels")]
    n = len(episodes)
    summary = {
        "episodes": episodes,
        "pairs": len(pooled),
        "accuracy": (sum(x == y for x, y in pooled) / len(pooled)) if pooled else None,
        "kappa": cohen_kappa(pooled),
        "mean_cce_provenance": sum(e["cce_provenance"] for e in episodes) / n if n else None,
        "mean_cce_llm": sum(e["cce_llm"] for e in episodes) / n if n else None,
        "mean_cce_diff": sum(e["cce_diff"] for e in episodes) / n if n else None,
        "mean_abs_cce_diff": sum(abs(e["cce_diff"]) for e in episodes) / n if n else None,
    }
    out = (
        Path(args.out)
        if args.out
        else Path(os.path.commonpath([os.path.abspath(d) for d in args.dirs])) / "compare.json"
    )
    if out.is_dir():
        out = out / "compare.json"
    if not _write_json(out, summary):
        return 1
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        fmt = lambda v: "  n/a" if v is None else f"{v:5.3f}"  # noqa: E731
        print(f"{'run':<40} {'CCE prov':>8} {'CCE llm':>8} {'diff':>7} {'pairs':>6} {'acc':>6} {'kappa':>6}")
        for e in episodes:
            print(
                f"{_short(e['run_dir']):<40} {e['cce_provenance']:>8.3f} {e['cce_llm']:>8.3f} {e['cce_diff']:>+7.3f} "
                f"{e['pairs']:>6} {fmt(e['accuracy']):>6} {fmt(e['kappa']):>6}"
            )
        print(
            f"{'all':<40} {fmt(summary['mean_cce_provenance']):>8} {fmt(summary['mean_cce_llm']):>8} "
            f"{'' if summary['mean_cce_diff'] is None else format(summary['mean_cce_diff'], '+7.3f'):>7} "
            f"{summary['pairs']:>6} {fmt(summary['accuracy']):>6} {fmt(summary['kappa']):>6}"
        )
        print(f"compare.json: {out}")
    return 1 if failures else 0


def _write_json(out: Path, data: Any) -> bool:
    """Write a summary file (its folder made as needed); False after saying why it could not be written."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        print(f"agentworld judge: error: cannot write {out}: {exc}", file=sys.stderr)
        return False
    return True
