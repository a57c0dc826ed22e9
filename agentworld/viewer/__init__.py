"""The replay viewer: `agentworld view RUN_DIR` steps through a saved run in the browser."""
