"""The `agentworld` command: one sub-command per verb, each implemented by the module that owns it.

A module registered here defines `configure_<verb>(parser)` and `command_<verb>(args) -> int`.
Only the module of the verb being run is imported, so `agentworld --help` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from agentworld.task_sources import TaskSourceError, add_task_dirs

# verb -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("agentworld.run_cli", "play one episode of a task with a team of agents"),
    "tasks": ("agentworld.task_cli", "list the shipped tasks (--set main|augmented|all)"),
    "validate": ("agentworld.task_cli", "validate task YAML files"),
    "replay": ("agentworld.trajectory", "re-simulate a run directory and check it matches"),
    "view": (
        "agentworld.viewer.server",
        "step through a run directory in the browser: every agent's view and messages",
    ),
    "world": ("agentworld.world.summary", "describe the loaded world (counts of items, mobs, ...)"),
    "content": (
        "agentworld.world.catalog",
        "look up items, recipes, mobs, npcs, shops, places, nodes, regions",
    ),
    "edit": (
        "agentworld.editor.server",
        "edit a task in the browser: map, agents, items, conditions; run, save",
    ),
    "serve": ("agentworld.server_bridge.serve", "run the game server over websockets"),
    "play": (
        "agentworld.server_bridge.play",
        "play a task in the browser; built-in agents take the other seats",
    ),
    "eval": ("agentworld.evaluation", "run many episodes in parallel and summarise them"),
    "report": (
        "agentworld.report.cli",
        "summaries of eval directories: text tables, or an HTML page (--html)",
    ),
    "judge": (
        "agentworld.causal.cli",
        "compute CCE (causal collaboration effectiveness) for run directories",
    ),
    "submit": (
        "agentworld.submission",
        "check an eval as a leaderboard submission and write its submission.json",
    ),
    "leaderboard": (
        "agentworld.leaderboard",
        "evals side by side in the form of the paper's Table 2 (text, --html)",
    ),
    "export": (
        "agentworld.export",
        "write runs as chat-format training data (openai-chat or sharegpt JSON lines)",
    ),
    "analyze": (
        "agentworld.analysis.cli",
        "communication failure modes of runs (stale, redundant, ignored, ...)",
    ),
    "audit": ("agentworld.audit.cli", "certify from the world content which roles a task really needs"),
    "augment": ("agentworld.augment.cli", "write a task's augmented variant (harder, same collaboration)"),
}


def _top_parser() -> argparse.ArgumentParser:
    lines = "\n".join(f"  {verb:<10} {help_}" for verb, (_, help_) in COMMANDS.items())
    return argparse.ArgumentParser(
        prog="agentworld",
        description="AgentWorld: a benchmark and training ground for collaborating teams of LLM agents.",
        epilog=f"commands:\n{lines}\n\nRun 'agentworld COMMAND --help' for the options of one command.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in COMMANDS:
        parser = _top_parser()
        parser.add_argument("command", choices=sorted(COMMANDS), help="the command to run")
        parser.parse_args(argv[:1])  # prints help or a clear "invalid choice" error and exits
        return 2
    verb = argv[0]
    module_name, help_ = COMMANDS[verb]
    module = importlib.import_module(module_name)
    parser = argparse.ArgumentParser(prog=f"agentworld {verb}", description=help_)
    getattr(module, f"configure_{verb}")(parser)
    parser.add_argument(
        "--tasks-dir",
        action="append",
        default=[],
        metavar="DIR",
        help="also find task ids in this folder (repeatable; before $AGENTWORLD_TASKS_PATH, "
        "installed task packs and the shipped tasks)",
    )
    args = parser.parse_args(argv[1:])
    try:
        add_task_dirs(args.tasks_dir)
    except TaskSourceError as exc:
        parser.error(str(exc))
    try:
        code = int(getattr(module, f"command_{verb}")(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, not as an "Exception ignored" at exit
        return code
    except BrokenPipeError:  # the reader left early (`agentworld tasks --json | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit's flush
        print(f"agentworld {verb}: output closed early (broken pipe)", file=sys.stderr)
        return 141  # 128 + SIGPIPE, as a shell reports a writer killed by a closed pipe


if __name__ == "__main__":
    sys.exit(main())
