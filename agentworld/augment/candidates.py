"""What every augment transform returns: a `Candidate` variant, or `NotApplicable` with the reason."""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from agentworld.augment.rewrite import Raw
from agentworld.scoring import load_verifier_module

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content


class NotApplicable(ValueError):
    """The transform has nothing to change in this task (the message says why)."""


@dataclass(slots=True)
class Candidate:
    """One proposed variant."""

    raw: Raw  # the variant's YAML mapping (id and bookkeeping set by variants.py)
    change: str  # what changed, in one line (kept in the variant's notes)


Transform = Callable[["Task", "Content", random.Random], list[Candidate]]


def verifier_names(task: "Task", ids: list[str]) -> list[str]:
    """The ids that the task's verifier code spells out (so rewriting the YAML cannot change them)."""
    module = load_verifier_module(task)
    if module is None:
        return []
    try:
        source = inspect.getsource(module)
    except (TypeError, OSError):
        return []
    return [i for i in ids if f"'{i}'" in source or f'"{i}"' in source]
