"""Augmented variants: the same objective and execution order, harder (issue 17; agentworld/tasks/README.md).

transforms.py proposes rewritten tasks (heavier, farther, fewer-items, stronger-enemy), rewrite.py
applies one change everywhere a task states it, checks.py refuses a variant that is unprovable,
less collaborative or not harder, variants.py picks the first that passes, cli.py is `agentworld augment`.
"""

from agentworld.augment.transforms import DEFAULT_ORDER, TRANSFORMS, NotApplicable
from agentworld.augment.variants import AugmentError, Variant, augment, variant_id

__all__ = ["augment", "AugmentError", "Variant", "variant_id", "TRANSFORMS", "DEFAULT_ORDER", "NotApplicable"]
