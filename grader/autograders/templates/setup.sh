#!/usr/bin/env bash
# Installs the autograd course's grader for lab __LAB__ on a fresh Ubuntu or Debian image,
# from the package registries alone: Python from apt, the course and Node from PyPI (every
# version pinned in course/constraints.txt, as tested), Pyodide from npm (course/package-lock.json).
# Everything lands beside this script: course/ (the sources, and node_modules) and venv/.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export DEBIAN_FRONTEND=noninteractive

usable() {  # a Python 3.11 or newer that can make a venv
  command -v "$1" >/dev/null 2>&1 &&
    "$1" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null
}
find_python() {
  for candidate in python3 python3.14 python3.13 python3.12 python3.11; do
    if usable "$candidate"; then echo "$candidate"; return 0; fi
  done
  return 1
}

PYTHON="$(find_python || true)"
if [ -z "$PYTHON" ]; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends python3 python3-venv ca-certificates
  PYTHON="$(find_python || true)"
fi
if [ -z "$PYTHON" ]; then  # Ubuntu 22.04 ships 3.10; its universe has 3.11
  apt-get install -y -qq --no-install-recommends python3.11 python3.11-venv
  PYTHON="$(find_python || true)"
fi
[ -n "$PYTHON" ] || { echo "setup.sh: no Python 3.11 or newer could be installed" >&2; exit 1; }

"$PYTHON" -m venv "$HERE/venv"
"$HERE/venv/bin/pip" install --quiet --disable-pip-version-check \
  --constraint "$HERE/course/constraints.txt" "$HERE/course"
"$HERE/venv/bin/course" setup --course "$HERE/course"    # npm ci: the pinned Pyodide

# Prove the grader works here (and build its bytecode stdlib once): the starter must be
# graded, and fail (exit status 1, not 2).
status=0
"$HERE/venv/bin/course" grade __LAB__ "$HERE/course/labs/__LAB__/starter.py" \
  --course "$HERE/course" >/dev/null || status=$?
if [ "$status" -ne 1 ]; then
  echo "setup.sh: the grader does not work on this image (exit status $status)" >&2
  exit 1
fi
echo "setup.sh: the grader for lab __LAB__ is ready"
