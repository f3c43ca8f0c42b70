#!/usr/bin/env bash
# Runs every test on a fresh machine: installs what the tests need (Debian's
# chromium for the browser tests, a virtualenv with the app and its test
# extras), then runs pytest on two workers.  Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends chromium
fi

PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

# two workers: most browser tests together on one (one page at a time, as a person
# would), everything else on the other, the screenshot tours last on whichever is free
# (tests/conftest.py); TEST_WORKERS=0 runs in one process
exec .venv/bin/python -m pytest -p no:cacheprovider -n "${TEST_WORKERS:-2}" "$@"
