# tests/e2e-lib.sh -- shared helpers of the end-to-end tests of nhoracle
# (sourced by tests/e2e-*.sh).  TAP output; the programs and model files
# are found through NHORACLE / NH_TOP_BUILDDIR / NH_TOP_SRCDIR (exported by
# 'make check'), with fallbacks relative to the script's location.

e2e_here=$(cd "$(dirname "$0")" && pwd)
: "${NH_TOP_SRCDIR:=$(cd "$e2e_here/.." && pwd)}"
: "${NH_TOP_BUILDDIR:=$NH_TOP_SRCDIR}"
: "${NHORACLE:=$NH_TOP_BUILDDIR/oracles/nhoracle}"
CASES=$NH_TOP_SRCDIR/cases

e2e_n=0
e2e_fail=0
E2E_TMP=$(mktemp -d "${TMPDIR:-/tmp}/nhoracle-e2e.XXXXXX") || exit 99
trap 'chmod -R u+w "$E2E_TMP" 2>/dev/null; rm -rf "$E2E_TMP"' EXIT

# e2e_py ARGS... <<'PY' ... PY: python3 on the script read from stdin,
# after a prelude defining mid(s), the midpoint of a printed ball
# "[m +/- r]" ("[+/- r]" is 0) or of a plain number, as a float.
E2E_PY_PRELUDE='import json, sys, re
def mid(s):
    if s.startswith("[+/-"):
        return 0.0
    m = re.match(r"^\[([-+0-9.e]+) \+/- ([0-9.e+-]+)\]$", s)
    return float(m.group(1)) if m else float(s)
'
e2e_py() { python3 -c "$E2E_PY_PRELUDE$(cat)" "$@"; }

e2e_plan() { echo "1..$1"; }

# ok COND_STATUS DESCRIPTION
e2e_ok() {
    e2e_n=$((e2e_n + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $e2e_n - $2"
    else
        echo "not ok $e2e_n - $2"
        e2e_fail=$((e2e_fail + 1))
    fi
}

e2e_skip() {
    e2e_n=$((e2e_n + 1))
    echo "ok $e2e_n - $1 # SKIP $2"
}

e2e_diag() { echo "# $*"; }

# run the program: e2e_run ARGS...; sets E2E_RC, output in $E2E_TMP/out, $E2E_TMP/err
e2e_run() {
    "$NHORACLE" "$@" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
    E2E_RC=$?
}

# check the exit status of the last e2e_run
e2e_expect_rc() {
    if [ "$E2E_RC" -eq "$1" ]; then
        e2e_ok 0 "$2 (exit $1)"
    else
        e2e_ok 1 "$2 (expected exit $1, got $E2E_RC)"
        sed 's/^/#   stderr: /' "$E2E_TMP/err" | head -5
    fi
}

e2e_done() {
    [ "$e2e_fail" -eq 0 ]
    exit $?
}

if [ ! -x "$NHORACLE" ]; then
    echo "1..0 # SKIP nhoracle not built ($NHORACLE)"
    exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "1..0 # SKIP python3 not available"
    exit 0
fi
