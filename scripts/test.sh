#!/usr/bin/env bash
# Installs what the test suite needs (Debian's chromium for the browser tests; in .venv the package
# with its test, ray, rl and train extras, PufferLib's PettingZoo emulation and the CPU build of
# torch) and runs it. This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null
  fi
fi
PYTHON=${PYTHON:-python3.11}
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
PIP=(.venv/bin/python -m pip install -q --disable-pip-version-check)
"${PIP[@]}" torch==2.13.0  # the CPU build these machines carry; a bare `torch` would fetch a CUDA build first
"${PIP[@]}" -e '.[test,ray,rl,train]'
"${PIP[@]}" --no-deps pufferlib-core && "${PIP[@]}" psutil  # pufferlib-core pins a CUDA torch: its emulation needs neither
exec .venv/bin/python -m pytest -q -n 2 "$@"
