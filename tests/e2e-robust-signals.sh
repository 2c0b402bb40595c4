#!/bin/sh
# tests/e2e-robust-signals.sh -- SIGINT / SIGTERM / --timeout during a
# long computation with -o FILE: the documented exit status (130, 143,
# 6), a "nhoracle: " message, and no output file and no temporary file
# left in the directory (issue 6).  Listed in SLOW_TESTS (fuzz/fuzz.am):
# it waits ~4 s in all.
. "$(dirname "$0")/e2e-lib.sh"

SLEIGH=$CASES/chaplygin_sleigh.nh
e2e_plan 12
mkdir "$E2E_TMP/o"

# A computation that takes far longer than the waits below: order 40 by
# the time route at 2048 bits (minutes).
long() {
    "$NHORACLE" series "$SLEIGH" --order 40 --route time --q phi=0.3 --v x=1,phi=1 \
        --prec 2048 -o "$E2E_TMP/o/out.txt" "$@" >"$E2E_TMP/out" 2>"$E2E_TMP/err" &
    pid=$!
}

for sig in INT TERM; do
    long
    sleep 1
    kill -s "$sig" "$pid"
    wait "$pid"
    rc=$?
    case $sig in INT) want=130 ;; TERM) want=143 ;; esac
    test "$rc" -eq "$want"; e2e_ok $? "SIG$sig: exit $want (got $rc)"
    grep -q "^nhoracle: .*SIG$sig" "$E2E_TMP/err"; e2e_ok $? "SIG$sig: message names the signal"
    test -z "$(ls -A "$E2E_TMP/o")"; e2e_ok $? "SIG$sig: no output or temporary file left"
done

long --timeout 2
wait "$pid"
rc=$?
test "$rc" -eq 6; e2e_ok $? "--timeout 2: exit 6 (got $rc)"
grep -q "^nhoracle: time limit exceeded" "$E2E_TMP/err"; e2e_ok $? "--timeout: message"
test -z "$(ls -A "$E2E_TMP/o")"; e2e_ok $? "--timeout: no output or temporary file left"

# --max-memory 32: a time-route series of order 20 at 1024 bits passes
# the up-front estimate (a lower bound, lib/series.h) but needs more than
# 32 MB of address space, so the allocation fails inside FLINT: exit 6,
# message, no file.
"$NHORACLE" series "$CASES/vertical_disk.nh" --order 20 --route time --v theta=1,varphi=1 \
    --prec 1024 --max-memory 32 -o "$E2E_TMP/o/out.txt" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
rc=$?
if grep -q 'not enforced in an AddressSanitizer build' "$E2E_TMP/err"; then
    for d in "exit 6" "message" "no output file"; do
        e2e_skip "--max-memory 32: $d" "AddressSanitizer build"
    done
else
    test "$rc" -eq 6; e2e_ok $? "--max-memory 32: exit 6 (got $rc)"
    grep -q '^nhoracle: .*memory' "$E2E_TMP/err"; e2e_ok $? "--max-memory 32: message"
    test -z "$(ls -A "$E2E_TMP/o")"; e2e_ok $? "--max-memory 32: no output or temporary file left"
fi
e2e_done
