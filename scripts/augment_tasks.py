"""Regenerate the shipped augmented variants: one `task_NN_aug` per main task, in agentworld/tasks/augmented/.

    python scripts/augment_tasks.py [TASK ...] [--check]

For every main task shipped in agentworld/tasks/ (rerun after adding tasks), agentworld.augment
tries its transforms (seed 0, `shipped_text`) and writes the first variant that passes its checks; a task for
which every transform is refused gets no file, and its reasons are printed. Deterministic: running
it twice writes the same files. --check writes nothing and exits 1 when a file differs from what
the generator makes, is missing, or has no main task any more (tests/test_augment.py runs the same
comparison). Run over every task, it also writes which main tasks have no variant into the task
README's "Main tasks without a variant" line (--check compares it).
"""

from __future__ import annotations

import argparse
import re
import sys

from agentworld.augment import variant_id
from agentworld.augment.variants import shipped_text
from agentworld.task_sources import AUGMENTED_DIR, TASKS_DIR, shipped_task_ids
from agentworld.world.content import load_content


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", nargs="*")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    content = load_content()
    originals = [t for t in shipped_task_ids() if not args.tasks or t in args.tasks]
    stale = 0
    without = []
    for task_id in originals:
        text, said = shipped_text(task_id, content)
        if text is None:
            without.append(task_id)
        path = AUGMENTED_DIR / f"{variant_id(task_id)}.yaml"
        have = path.read_text(encoding="utf-8") if path.is_file() else None
        if args.check:
            same = have == text
            stale |= not same
            print(f"{path.name}: {'up to date' if same else 'DIFFERS'}" + ("" if text else " (refused)"))
        elif text is None:
            path.unlink(missing_ok=True)
            print(f"{task_id}: {said}")
        else:
            AUGMENTED_DIR.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"{path.name}: {said}")
    if not args.tasks:
        stale |= not without_line(without, check=args.check)
        known = {f"{variant_id(t)}.yaml" for t in shipped_task_ids()}
        for orphan in sorted(p for p in AUGMENTED_DIR.glob("*.yaml") if p.name not in known):
            stale |= args.check
            print(f"{orphan.name}: {'DIFFERS (its main task is gone)' if args.check else 'removed'}")
            if not args.check:
                orphan.unlink()
    return 1 if stale else 0


WITHOUT = re.compile(r"^Main tasks without a variant \(\d+\): .*$", re.MULTILINE)


def without_line(task_ids: list[str], check: bool) -> bool:
    """Write (or with `check` compare) the README line naming the main tasks with no variant; whether
    it was already so."""
    readme = TASKS_DIR / "README.md"
    old = readme.read_text(encoding="utf-8")
    line = f"Main tasks without a variant ({len(task_ids)}): {', '.join(task_ids) or 'none'}."
    if not WITHOUT.search(old):
        raise SystemExit(f"{readme}: no 'Main tasks without a variant (N): ...' line to replace")
    new = WITHOUT.sub(lambda _m: line, old, count=1)
    if check:
        print(f"README: {'up to date' if new == old else 'DIFFERS'} ({line})")
    elif new != old:
        readme.write_text(new, encoding="utf-8")
    return new == old


if __name__ == "__main__":
    sys.exit(main())
