#!/bin/sh
# tests/e2e-slowmanifold.sh -- nhoracle slowmanifold on the Chaplygin
# sleigh: the true slow manifold (shooting with the full system) against
# the series.  Independent truth: D_eps = graph(h_eps) (paper 000 (66)),
# so the residual |w - sum_{k<=K} eps^k h^(k)| must scale like eps^(K+1)
# (observed exponent K+1) and the eps-Taylor coefficients of w must agree
# with h^(k).  Small settings (128 bits, tol 1e-16, 3 eps) to stay fast.
. "$(dirname "$0")/e2e-lib.sh"

SLEIGH=$CASES/chaplygin_sleigh.nh
e2e_plan 9

ARGS="--q x=0.1,y=-0.2,phi=0.4 --v x=0.9,y=0.2,phi=0.7 --prec 128 --tol 1e-16 --eps 1/100,1/200,1/400 --order 2"

e2e_run slowmanifold "$SLEIGH" $ARGS --json
e2e_expect_rc 0 "slowmanifold --json"
cp "$E2E_TMP/out" "$E2E_TMP/sm.json"
grep -q "shooting iteration" "$E2E_TMP/err"
e2e_ok $? "progress lines on stderr"

python3 - "$E2E_TMP/sm.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["command"] == "slowmanifold" and d["order"] == 2
assert len(d["points"]) == 3
for p in d["points"]:
    assert len(p["w_estimate"]) == 3 and p["error_estimate"] < 1e-12, p
assert [r["K"] for r in d["residual"]] == [0, 1, 2]
assert [c["k"] for c in d["coefficients"]] == [1, 2]
PY
e2e_ok $? "JSON: points, residual (K = 0..2), coefficients (k = 1..2)"

python3 - "$E2E_TMP/sm.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["residual"]:
    s = r["observed_exponent"]
    assert s is not None and abs(s - (r["K"] + 1)) < 0.1, r
PY
e2e_ok $? "residual exponents = K+1 within 0.1 (K = 0, 1, 2)"

python3 - "$E2E_TMP/sm.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = {x["k"]: x for x in d["coefficients"]}
# 3-point interpolation at eps <= 1/100: truncation ~ eps^3 h^(4) / h^(1)
assert c[1]["digits_matched"] >= 5, c[1]
assert c[2]["digits_matched"] >= 2, c[2]
PY
e2e_ok $? "eps-Taylor coefficients match h^(1) to >= 5 digits, h^(2) to >= 2"

e2e_run slowmanifold "$SLEIGH" $ARGS --quiet -o "$E2E_TMP/sm.txt"
e2e_expect_rc 0 "slowmanifold -o FILE --quiet"
# (--quiet silences progress, not the notes of changed --v components, issue 29)
grep -q "digits matched" "$E2E_TMP/sm.txt" && [ ! -s "$E2E_TMP/out" ] \
    && ! grep -v '^nhoracle: note: v_' "$E2E_TMP/err" | grep -q .
e2e_ok $? "-o: table in the file, nothing on stdout/stderr with --quiet"

e2e_run slowmanifold "$SLEIGH" --eps 1/100,1/200 --quiet
e2e_expect_rc 1 "fewer than 3 eps values is a usage error"

e2e_run slowmanifold "$SLEIGH" --eps 1/100,-1/200,1/300 --quiet
e2e_expect_rc 1 "negative eps is a usage error"

e2e_done
