"""How fast `agentworld audit` certifies every shipped task (tasks loaded and content cached first).

Each repeat audits all shipped tasks from scratch (a new TaskContext per task: bounds, economy,
and one team per role plus one per solo agent). Target: < 3 s for all tasks (CPU time).

    .venv/bin/python benchmarks/bench_audit.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from agentworld.audit import audit_task
from agentworld.tasks import list_task_ids, load_task
from agentworld.world.content import load_content


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    content = load_content()
    tasks = [load_task(t) for t in list_task_ids()]
    wall, cpu, slowest = [], [], {}
    for _ in range(args.repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        for task in tasks:
            t0 = time.process_time()
            audit_task(task, content)
            slowest[task.id] = max(slowest.get(task.id, 0.0), time.process_time() - t0)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    top = sorted(slowest.items(), key=lambda kv: -kv[1])[:3]
    print(
        f"audit of {len(tasks)} tasks: cpu median {statistics.median(cpu):.2f} s, "
        f"wall median {statistics.median(wall):.2f} s over {args.repeat} repeats"
    )
    print("slowest tasks (cpu s): " + ", ".join(f"{t} {s:.2f}" for t, s in top))


if __name__ == "__main__":
    main()
