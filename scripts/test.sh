#!/usr/bin/env bash
# Installs what the test suite needs (Debian's chromium for the browser tests; in .venv the package
# with its test, ray, rl and train extras, PufferLib's PettingZoo emulation and the CPU build of
# torch), runs `ruff check` and `ruff format --check`, then the tests. This is the README's test command
# and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# Processes an earlier run of this project may have left behind (a Ray head that outlived a killed run
# once turned every later run red, issue 31): reported, never stopped, one line each, so a failure they
# cause is recognisable in the log. "orphaned" lost the run that started it; "running" still has one
# (a run in another checkout, say). Ray's processes, this project's CLI and servers, and pytest.
report_leftovers() {
  local pattern='raylet|gcs_server|ray start|ray::|default_worker[.]py|ray/dashboard|log_monitor[.]py|ray/autoscaler'
  pattern+='|agentworld(/__main__[.]py|[.]cli)? (serve|play|edit|eval|run|client)|agentworld[.]server_bridge'
  pattern+='|-m pytest|bin/pytest|xdist|exec[(]eval[(]sys[.]stdin'
  local mine=" $$ " parent=$$ count=0 pid ppid age args kind
  while [ "${parent:-1}" -gt 1 ]; do  # this script's own ancestors are not leftovers
    parent=$(ps -o ppid= -p "$parent" 2>/dev/null | tr -d ' ') || break
    mine+="$parent "
  done
  while read -r pid ppid age args; do
    [[ $args =~ $pattern && $mine != *" $pid "* && $mine != *" $ppid "* ]] || continue
    [ "$ppid" = 1 ] && kind=orphaned || kind=running
    [ $count = 0 ] && echo "test.sh: processes from earlier or other runs (left running; a failure may come from them):"
    echo "  pid $pid  age $age  $kind  cwd $(readlink "/proc/$pid/cwd" 2>/dev/null || echo '?')  ${args:0:200}"
    count=$((count + 1))
  done < <(ps -eww -o pid=,ppid=,etime=,args= 2>/dev/null || true)
  [ $count = 0 ] && echo "test.sh: no processes left from earlier runs (Ray, agentworld servers, pytest)"
  return 0
}
report_leftovers
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
# pufferlib-core pins a CUDA torch (its emulation needs neither that nor its GPU extras): it is installed
# with --no-deps, after psutil (which it does need). In this order pip never checks pufferlib-core's pins;
# psutil installed after it made pip print a red "dependency resolver" ERROR about the torch pin.
"${PIP[@]}" psutil && "${PIP[@]}" --no-deps pufferlib-core
.venv/bin/ruff check --quiet .  # the rule sets are chosen in pyproject.toml [tool.ruff.lint]
.venv/bin/ruff format --check --quiet .  # the layout is ruff's ([tool.ruff.format]); `ruff format .` fixes it
exec .venv/bin/python -m pytest -q -n 2 "$@"
