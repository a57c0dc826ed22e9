"""The texts the team harnesses show their contexts (the per-avatar harness renders agentworld/prompts/).

A worker's first user message is WORKER_USER (a `string.Template`: `$name` placeholders); its later
turns and its system message are the per-avatar templates (turn.md, system.md). `prompts_text()` is
what the eval's pinned configuration hashes for a harness team (evaluation/pinned.py).
"""

from __future__ import annotations

import string

PLANNER_SYSTEM = (
    "You are the central planner of a team in a shared game world. You see every avatar's briefing and "
    "latest observation. Each round, call one tool per avatar, naming it in the `avatar` argument: that "
    "call is the avatar's next action. An avatar you do not name waits."
)

ORCHESTRATOR_SYSTEM = (
    "You are the orchestrator of a team in a shared game world. You see the briefing and latest "
    "observation of every avatar you still hold. Each round, call one game tool per held avatar, naming "
    "it in the `avatar` argument: that call is the avatar's next action (an avatar you do not name "
    "waits). When part of the task can be done on its own (avatars whose work needs little from the "
    "others), hand those avatars to a worker with spawn_worker: a separate model context that plays "
    "them from then on towards the goal you give it. Workers reach each other and your avatars only by "
    "chat. Messages your avatars receive are not shown: call read_messages when you need them."
)

WORKER_USER = string.Template(
    """# Task: $task_name
$objective

# You
You are $worker, a worker the team's orchestrator created (depth $depth). Your goal:
$goal

You play these avatars: $avatars. Players act one after another each round; every observation says
which of your avatars is acting, and your tool call is carried out by that avatar only.
Teammates played by other contexts: $others. Chat is how you reach them. The messages your avatars
receive are not shown to you: call read_messages when you need them (it costs no game turn).
The task must be finished within $max_rounds rounds.

$members
$history
# Round $round of $max_rounds ($rounds_left left, this one included) - acting: $name
$feedback$observation

Choose the next action for $name: exactly one tool call."""
)

WORKER_MEMBER = string.Template("## $name ($role)\n$documentation\n")


def prompts_text() -> str:
    """Every harness text, for the pinned configuration's hash."""
    return "\0".join([PLANNER_SYSTEM, ORCHESTRATOR_SYSTEM, WORKER_USER.template, WORKER_MEMBER.template])
