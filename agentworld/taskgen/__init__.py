"""Compose benchmark tasks from reusable collaboration motifs (a module per kind of team: workshop.py,
stockpile.py, building.py, posts.py, holdouts.py, warband.py, market.py), calibrate their round budgets
on the oracle and write them as ordinary task YAML (scripts/generate_tasks.py).

A generated task reads like a hand-written one and passes the same proofs; its `notes:` record the
motif and structural signature (tests/test_taskgen.py keeps signatures pairwise distinct).
"""
