#!/bin/sh
# tests/e2e-robust-prec.sh -- precision reporting and exhaustion (issue 6).
#   - The precision finally used is reported in the text ("working
#     precision: P bits") and JSON ("prec": P), and equals the last
#     "raising working precision to P bits" message.
#   - Independent expectation: 100 significant digits need a relative
#     accuracy of 100 log2(10) = 333 bits, so starting from --prec 64 and
#     doubling, the final P is a power-of-two multiple of 64 with
#     P >= 333 + (bits lost in the computation) > 333, i.e. P >= 512; and
#     P <= --max-prec.
#   - At the cap: exit 4, the message names the quantity and the cap,
#     nothing on stdout (no uncertified digit), no -o file.
. "$(dirname "$0")/e2e-lib.sh"

SLEIGH=$CASES/chaplygin_sleigh.nh
e2e_plan 9

"$NHORACLE" geometry "$SLEIGH" --q phi=0.3 --v x=1 --digits 100 --prec 64 >"$E2E_TMP/out" 2>"$E2E_TMP/err"
rc=$?
e2e_ok $rc "100 digits from --prec 64: exit 0"
P=$(sed -n 's/^working precision: \([0-9]*\) bits.*/\1/p' "$E2E_TMP/out")
last=$(sed -n 's/^nhoracle: raising working precision to \([0-9]*\) bits.*/\1/p' "$E2E_TMP/err" | tail -n 1)
e2e_diag "final precision $P, last raise to $last"
test -n "$P" && test "$P" = "$last"; e2e_ok $? "text reports the final precision ($P) = last raise ($last)"
test -n "$P" && test "$P" -ge 512 && test "$P" -le 4096 && test $((P % 64)) -eq 0 && \
    test $(( (P / 64) & (P / 64 - 1) )) -eq 0
e2e_ok $? "final precision is 64 * 2^k, >= 512, <= the default cap 4096"

"$NHORACLE" geometry "$SLEIGH" --q phi=0.3 --v x=1 --digits 100 --prec 64 --json >"$E2E_TMP/out" 2>/dev/null
PJ=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["prec"])' "$E2E_TMP/out")
test "$PJ" = "$P"; e2e_ok $? "JSON \"prec\" = $PJ = text precision"

"$NHORACLE" geometry "$SLEIGH" --q phi=0.3 --v x=1 --digits 10 --prec 64 >"$E2E_TMP/out" 2>"$E2E_TMP/err"
grep -q '^working precision: 64 bits' "$E2E_TMP/out" && ! grep -q raising "$E2E_TMP/err"
e2e_ok $? "10 digits at 64 bits: no raise, reports 64 bits"

# the cap: 100 digits with --max-prec 256 < 333 bits cannot succeed
"$NHORACLE" geometry "$SLEIGH" --q phi=0.3 --v x=1 --digits 100 --prec 64 --max-prec 256 \
    -o "$E2E_TMP/capped" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
rc=$?
test "$rc" -eq 4; e2e_ok $? "--max-prec 256 for 100 digits: exit 4 (got $rc)"
grep -q '^nhoracle: .*too wide for 100 digits even at the precision cap of 256 bits' "$E2E_TMP/err"
e2e_ok $? "message names the cap"
test ! -s "$E2E_TMP/out"; e2e_ok $? "nothing printed"
test ! -e "$E2E_TMP/capped"; e2e_ok $? "no output file"
e2e_done
