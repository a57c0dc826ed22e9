#!/usr/bin/env bash
# Installs what the test suite needs (Debian's chromium for the browser tests, the package with its
# test and ray extras in .venv) and runs it. This is the README's test command and what CI runs.
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
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test,ray]'
exec .venv/bin/python -m pytest -q -n 2 "$@"
