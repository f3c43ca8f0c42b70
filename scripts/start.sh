#!/usr/bin/env bash
# Installs the app into .venv and starts it. On a headless machine it serves
# the web app at http://127.0.0.1:8550 (options: --host H --port P).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check --compile -e .
# bytecode for the app itself (an editable install is not compiled by pip),
# so the first page load does not pay for compiling it
.venv/bin/python -m compileall -q companion
exec .venv/bin/companion serve "$@"
