"""`python -m agentworld ...`: the same command line as `agentworld ...`."""

from agentworld.cli import main

raise SystemExit(main())
