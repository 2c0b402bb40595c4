#!/bin/sh
# tests/e2e-cpu-limit.sh -- issue 29: --cpu-limit S (RLIMIT_CPU, SIGXCPU
# handled like --timeout: exit 6, no output file) and the up-front note of
# a --digits that needs more bits than --prec.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
SLEIGH=$CASES/chaplygin_sleigh.nh
e2e_plan 7

# 3000 points of the disk take far more than 1 s of CPU; the wall-clock
# limit (100 s) is not what stops it
e2e_run emit "$DISK" --points 3000 --quiet --cpu-limit 1 --timeout 100 -o "$E2E_TMP/ds.jsonl"
e2e_expect_rc 6 "emit under --cpu-limit 1"
grep -q '^nhoracle: CPU time limit exceeded (--cpu-limit 1 s); no output written$' "$E2E_TMP/err"
e2e_ok $? "the message names --cpu-limit"
test ! -e "$E2E_TMP/ds.jsonl" && test -z "$(ls "$E2E_TMP" | grep '^ds\.jsonl')"
e2e_ok $? "no output file, no temporary left"

e2e_run geometry "$SLEIGH" --q phi=0.3 --v x=1 --cpu-limit 0
e2e_expect_rc 1 "--cpu-limit 0 is a usage error"

# --digits 100 needs floor(100 log2(10) + 1) = 333 bits; --prec 64 doubled
# while below: 128, 256, 512
e2e_run geometry "$SLEIGH" --q phi=0.3 --v x=1 --digits 100 --prec 64 --json
e2e_expect_rc 0 "geometry --digits 100 --prec 64"
grep -q '^nhoracle: note: --digits 100 needs at least 333 bits, more than --prec 64: starting at 512 bits$' "$E2E_TMP/err"
e2e_ok $? "the up-front note names 333 bits and the start 512"
e2e_run geometry "$SLEIGH" --q phi=0.3 --v x=1 --digits 15 --prec 64
grep -q 'note: --digits' "$E2E_TMP/err"
test $? -ne 0; e2e_ok $? "no note when --prec suffices (15 digits: 50 bits)"
e2e_done
