#!/bin/sh
# tests/e2e-converge.sh -- end-to-end tests of `nhoracle converge`
# (doc/convergence.md): the vertical disk on a short horizon, data on
# D_eps, orders k = 0, 1.  The predicted orders k+1 come from the theory
# (paper 000 Sec 4: the order-k reduction has an O(eps^(k+1)) defect on
# D_eps), not from this program.  Also: JSON structure, TAP mode, plot
# files, atomic -o, the refusal path (exit 4, no output file), usage errors.
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 26
DISK=$CASES/vertical_disk.nh
PT="--q theta=0.3 --v theta=1,varphi=2"
SHORT="--T 1/2 --t1 1/4 --nt 2 --eps-geom 1e-2,1e-3,3 --kmax 1 --prec 128 --tol 1e-14"

# 1. JSON + plot in one run
e2e_run converge "$DISK" $PT $SHORT --json -o "$E2E_TMP/c.json" --plot "$E2E_TMP/c"
e2e_expect_rc 0 "converge --json -o --plot on the disk"
python3 - "$E2E_TMP/c.json" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["command"] == "converge" and d["estimate"] is True and d["init"] == "D_eps"
assert d["kmax"] == 1 and len(d["eps"]) == 3 and d["eps"][0] == "1/100"
assert len(d["rows"]) == 3 * 2
for row in d["rows"]:
    for key in ("q_T", "v_T", "q_max", "v_max", "defect_max"):
        assert row[key] > 0, (row, key)
        assert row[key] >= d["ratio"] * row["integration_error"][key], (row, key)
print("rows ok")
PY
e2e_ok $? "JSON: 6 rows, every difference >= ratio * integration error"
python3 - "$E2E_TMP/c.json" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for o in d["orders"]:
    k = o["k"]
    assert o["predicted"] == k + 1
    for key in ("q_T", "v_T", "q_max", "v_max", "defect_max"):
        f = o[key]
        assert f["predicted"] == k + 1, (k, key, f)
        assert abs(f["observed"] - (k + 1)) < 0.15, (k, key, f)
        assert f["ci_lo"] <= f["observed"] <= f["ci_hi"], (k, key, f)
        assert f["npts"] == 3 and f["level"] == 0.95
    assert o["within_tolerance"] is True
print("orders ok")
PY
rc=$?
e2e_ok $rc "JSON: observed orders k+1 (within 0.15) with CI, k = 0, 1"
[ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/py"
grep -q "k = 0" "$E2E_TMP/err" && grep -q "full system" "$E2E_TMP/err"
e2e_ok $? "progress lines on stderr"
test -s "$E2E_TMP/c.dat" && test -s "$E2E_TMP/c.gp" && \
    [ "$(grep -c '^[0-9]' "$E2E_TMP/c.dat")" -eq 6 ] && grep -q "^plot" "$E2E_TMP/c.gp"
e2e_ok $? "--plot: PREFIX.dat (2 blocks of 3 eps) and PREFIX.gp"
if command -v gnuplot >/dev/null 2>&1; then
    head -c 4 "$E2E_TMP/c.png" | od -c | grep -q "P   N   G" && grep -q "<svg" "$E2E_TMP/c.svg"
    e2e_ok $? "--plot: PREFIX.png and PREFIX.svg made by gnuplot"
else
    e2e_skip "--plot: PNG and SVG" "gnuplot not installed"
fi
ls "$E2E_TMP" | grep -q "tmp\." ; test $? -ne 0
e2e_ok $? "no temporary files left behind"

# 2. TAP mode, text mode
e2e_run converge "$DISK" $PT $SHORT --tap --quiet
e2e_expect_rc 0 "converge --tap"
head -1 "$E2E_TMP/out" | grep -qx "1\.\.2" && [ "$(grep -c '^ok [12] - vertical_disk k=[01]' "$E2E_TMP/out")" -eq 2 ] \
    && grep -q "^#   q(T)    observed" "$E2E_TMP/out" && ! grep -q "^not ok" "$E2E_TMP/out"
e2e_ok $? "--tap: plan 1..2, two ok lines with the figures as diagnostics"
# (the notes of changed --v components, issue 29, are not progress)
! grep -v '^nhoracle: note: v_' "$E2E_TMP/err" | grep -q .
e2e_ok $? "--quiet: no progress on stderr"
e2e_run converge "$DISK" $PT --T 1/2 --nt 2 --eps 1/100,1/1000 --kmax 0 --prec 128 --tol 1e-14 \
    --tap --quiet --order-tol 0.0001
grep -q "^not ok 1 - vertical_disk k=0" "$E2E_TMP/out"
e2e_ok $? "--tap with --order-tol 1e-4 reports not ok (the observed order is not exactly 1)"
e2e_expect_rc 10 "converge --tap with a not ok line"

# 3. refusal: the required ratio cannot be met without tightening the
#    tolerance, which --min-tol forbids
e2e_run converge "$DISK" $PT $SHORT --tol 1e-6 --min-tol 1e-6 --ratio 1e30 -o "$E2E_TMP/r.txt"
e2e_expect_rc 4 "refusal when the integration error is too large"
grep -q "refusing to report an observed order" "$E2E_TMP/err" && grep -q "eps = 0.01, k = 0" "$E2E_TMP/err"
e2e_ok $? "refusal message names eps, k and the quantity"
test ! -e "$E2E_TMP/r.txt" && ! ls "$E2E_TMP" | grep -q "r.txt"
e2e_ok $? "refusal: no output file"

# 4. usage errors
e2e_run converge "$DISK" --init foo
e2e_expect_rc 1 "--init foo"
e2e_run converge "$DISK" --eps 1e-2
e2e_expect_rc 1 "--eps with one value"
e2e_run converge "$DISK" --T 1 --t1 2
e2e_expect_rc 1 "--t1 > --T"

# 5. user vector fields (--field, doc/convergence.md): the printed
#    (89)-(90) of paper 000 with the sign of (89) corrected, which agrees
#    with nhoracle's X_1 up to O(eps^2) (claim 000-89 'corrected:'), must
#    converge at the order k+1 = 2 of a first-order model; bad files fail
#    with exit 2 (file:line) or 5 (cannot open)
e2e_run converge "$DISK" $PT $SHORT --json --quiet \
    --field "$NH_TOP_SRCDIR/proofs/fields/000-89-90-corrected.field"
e2e_expect_rc 0 "converge --field (corrected (89)-(90))"
python3 - "$E2E_TMP/out" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
o = d["orders"][1]
assert d["field"].endswith("000-89-90-corrected.field") and o["field"] is True
assert abs(o["q_T"]["observed"] - 2) < 0.25, o
PY
e2e_ok $? "JSON: field row k = 1 flagged, observed order of q(T) within 0.25 of 2"
printf 'qdot: [v_theta, 0, 0, v_varphi]\nvdot: [0, 0, 0 +* 1, 0]\n' > "$E2E_TMP/bad.field"
e2e_run converge "$DISK" $PT $SHORT --quiet --field "$E2E_TMP/bad.field"
[ "$E2E_RC" -eq 2 ] && grep -q "bad.field:2:" "$E2E_TMP/err"
e2e_ok $? "--field with a syntax error: exit 2 naming file:line"

# 6. an order that is exact: the ball on a plane has h_eps = eps h^(1)
#    exactly (h^(j) = 0 for j >= 2, hand-derived in t-cases_classic), so
#    its order-1 reduced system is the full system on D_eps: converge must
#    flag k = 1 as exact within the integration error (no slope) instead
#    of tightening the tolerance to its floor, and still fit k = 0
BALL="$NH_TOP_SRCDIR/cases/ball_plane.nh"
e2e_run converge "$BALL" --q x=0.3,y=-0.2,theta=1.1,psi=0.4,phi=0.5 \
    --v psi=1.1,phi=0.3,theta=0.2 --T 1/2 --kmax 1 --eps 1/100,1/1000 --json \
    --plot "$E2E_TMP/ball"
e2e_expect_rc 0 "converge on the ball on a plane, k = 0, 1"
python3 - "$E2E_TMP/out" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
o0, o1 = d["orders"]
assert "exact" not in o0 and abs(o0["q_T"]["observed"] - 1) < 0.1, o0
x = o1["exact"]
assert x["estimate"] is True and x["diff_tight"] * 100 <= x["diff_loose"], x
assert x["tol_tight"] < x["tol_loose"], x
assert o1["q_T"]["observed"] is None and o1["within_tolerance"] is True, o1
# every difference of k = 1 is tiny against k = 0's (O(eps))
for r in d["rows"]:
    if r["k"] == 1:
        assert r["q_T"] < 1e-15, r
PY
e2e_ok $? "JSON: k = 1 exact (its difference fell with the tolerance), k = 0 of order 1"
grep -q "exact within the integration error" "$E2E_TMP/err"
e2e_ok $? "progress names the exact order"
# the plot script has a fitted line for k = 0 only (none for the exact k = 1)
[ "$(grep -c '^fq[0-9](x)' "$E2E_TMP/ball.gp")" = 1 ] && grep -q "k=1 q (exact)" "$E2E_TMP/ball.gp"
e2e_ok $? "--plot: no fitted line for the exact order"
if command -v gnuplot >/dev/null 2>&1; then
    head -c 4 "$E2E_TMP/ball.png" | od -c | grep -q "P   N   G"
    e2e_ok $? "--plot: gnuplot draws the script with an exact order"
else
    e2e_skip "--plot: gnuplot draws the script with an exact order" "gnuplot not installed"
fi

e2e_done
