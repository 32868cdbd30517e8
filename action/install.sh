#!/usr/bin/env bash
# The action's first step: a Python that has codeeval, and the sandbox's system packages.
# INPUT_PYTHON: an interpreter; if it can already import codeeval it is used as it is, otherwise a
# virtual environment is made from it and codeeval installed there from the action's own checkout
# (CODEEVAL_ACTION_PATH). Writes `python=<interpreter>` to $GITHUB_OUTPUT.
set -euo pipefail
action_path=${CODEEVAL_ACTION_PATH:?CODEEVAL_ACTION_PATH is not set}
python=${INPUT_PYTHON:-python3}
say() { printf 'codeeval setup: %s\n' "$*"; }

if "$python" -c 'import codeeval' 2>/dev/null; then
  say "using $python (codeeval $("$python" -c 'import codeeval; print(codeeval.__version__)'))"
else
  venv="${RUNNER_TEMP:-/tmp}/codeeval-venv"
  say "installing codeeval from $action_path into $venv"
  "$python" -m venv "$venv"
  pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
  "${pip[@]}" "${action_path}[sandbox]" || "${pip[@]}" "$action_path"  # pyseccomp is optional
  python="$venv/bin/python"
fi

# System packages need root: directly, or through passwordless sudo (GitHub-hosted runners).
if [ "$(id -u)" = 0 ]; then as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=(sudo -n)
else as_root=(none); fi
missing=()
if command -v dpkg >/dev/null; then
  for pkg in bubblewrap libseccomp2; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
fi
if ((${#missing[@]})); then
  if [ "${as_root[0]:-}" != none ] && command -v apt-get >/dev/null; then
    say "installing ${missing[*]} with apt"
    apt=("${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}")
    "${apt[@]}" >/dev/null 2>&1 || { "${as_root[@]}" apt-get update -q >/dev/null 2>&1 && "${apt[@]}" >/dev/null 2>&1; } ||
      say "could not install ${missing[*]}: the sandbox runs with fewer layers"
  else
    say "${missing[*]} missing and no root: the sandbox runs with fewer layers"
  fi
fi
# Ubuntu 23.10 and later let only AppArmor-profiled programs make user namespaces; bubblewrap needs them.
restrict=/proc/sys/kernel/apparmor_restrict_unprivileged_userns
if [ -r "$restrict" ] && [ "$(cat "$restrict")" = 1 ] && [ "${as_root[0]:-}" != none ]; then
  "${as_root[@]}" sysctl -q -w kernel.apparmor_restrict_unprivileged_userns=0 ||
    say "could not allow user namespaces: bubblewrap may be unavailable"
fi

"$python" - <<'PY' || say "could not check the sandbox layers"
from codeeval.sandbox import default_launcher
isolation = default_launcher().isolation()
print(f"codeeval setup: sandbox {isolation.level} ({', '.join(isolation.layers)})")
for warning in isolation.warnings:
    print(f"codeeval setup:   weaker than full: {warning}")
PY
echo "python=$python" >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
