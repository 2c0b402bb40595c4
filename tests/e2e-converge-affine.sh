#!/bin/sh
# tests/e2e-converge-affine.sh -- `nhoracle converge` on a time-dependent,
# affine model (issue 19, proofs/020, doc/convergence.md "Affine and
# time-dependent models"): cases/affine_line.nh, the full friction
# system carried in time against the reduced systems k = 0, 1, 2.  The
# predicted orders k + 1 come from proofs/020 ("Convergence orders", as
# 000 Thm 3 for the linear case), not from this program; the assertion:
# the predicted order lies in the run's 95% confidence interval widened
# by 0.05 for every quantity, and the observed order of max v and of the
# defect (the narrowest intervals, half-width <= 0.11 in the recorded
# run) is within 0.15 of it.  --certified: with kappa = 0 and --init d
# (start on the ideal constraint set, w = ydot - sin t = 0), x moves
# freely in both systems and w solves eps w' + mu w = -eps cos t, so
# |q_full(T) - q_0(T)| = |cos T - r sin T - e^{-rT}| / (1 + r^2), r =
# mu/eps (derived by hand from proofs/020 Sec 4; evaluated with mpmath),
# and the order-k reduced system has y' = sin t + sum_{j<=k} (-1/r)^j
# sin^(j)(t) (h^(j) = (-1)^j c^(j)/mu^j, re-derived in
# tests/t-flow_affine_reduced.c), so |q_full(T) - q_k(T)| = |E + S_k|,
# E the k = 0 value above (with its sign), S_k = -sum_{j<=k} (-1/r)^j
# (sin^(j-1)(T) - sin^(j-1)(0)): each certified ball (k = 0, 1, 2) must
# contain it, and the certified slope between the two eps must contain
# the slope of the exact values;
# a time-dependent model without a friction block: exit 3, no output.
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 6
LINE=$CASES/affine_line.nh
RUN="--q x=1/2,y=0 --v x=1 --eps-geom 1e-1,1e-2,3 --kmax 2 --T 1 --t1 1/2 --nt 3 --quiet"

e2e_run converge "$LINE" $RUN --json -o "$E2E_TMP/c.json"
e2e_expect_rc 0 "converge --json on affine_line (time-dependent, affine)"
python3 - "$E2E_TMP/c.json" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["init"] == "D_eps" and d["kmax"] == 2
for o in d["orders"]:
    k = o["k"]
    for key in ("q_T", "v_T", "q_max", "v_max", "defect_max"):
        f = o[key]
        assert f["predicted"] == k + 1, (k, key, f)
        assert f["ci_lo"] - 0.05 <= k + 1 <= f["ci_hi"] + 0.05, (k, key, f)
        if key in ("v_max", "defect_max"):
            assert abs(f["observed"] - (k + 1)) < 0.15, (k, key, f)
print("orders ok")
PY
rc=$?
e2e_ok $rc "observed orders k + 1 (k = 0, 1, 2) within their confidence intervals"
[ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/py"

e2e_run converge "$LINE" --param kappa=0 --init d --q x=1/2,y=0 --v x=1 --eps 1/10,1/40 \
    --kmax 2 --T 1 --quiet --certified --json -o "$E2E_TMP/cert.json"
e2e_expect_rc 0 "converge --certified on affine_line (kappa = 0, --init d)"
python3 - "$E2E_TMP/cert.json" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
from fractions import Fraction
from mpmath import mp, mpf, cos, sin, exp, pi, log
mp.dps = 40
cert = json.load(open(sys.argv[1]))["certified"]
rows = cert["rows"]
ncert = 0
def dsin(m, t):
    return sin(t + m * pi / 2)
def exact_err(e, k, T=mpf(1)):
    r = 2 / (mpf(e.numerator) / e.denominator)       # mu = 2
    E = (cos(T) - r * sin(T) - exp(-r * T)) / (1 + r ** 2)
    S = -sum((-1 / r) ** j * (dsin(j - 1, T) - dsin(j - 1, 0)) for j in range(1, k + 1))
    return abs(E + S)
for r in rows:
    assert r["status"] == "certified", r
    exact = exact_err(Fraction(r["eps"]), r["k"])
    mid, rad = r["q_T"].strip("[]").split(" +/- ")
    assert abs(mpf(mid) - exact) <= mpf(rad), (r, exact)
    ncert += 1
assert ncert == 6, ncert
nsl = 0
for sl in cert["slopes"]:
    assert sl["status"] == "certified", sl
    ea, eb = Fraction(sl["eps_a"]), Fraction(sl["eps_b"])
    ex = log(exact_err(ea, sl["k"]) / exact_err(eb, sl["k"])) / log(mpf(ea.numerator) / ea.denominator / (mpf(eb.numerator) / eb.denominator))
    mid, rad = sl["slope"].strip("[]").split(" +/- ")
    assert abs(mpf(mid) - ex) <= mpf(rad), (sl, ex)
    nsl += 1
assert nsl == 3, nsl
print("closed form inside")
PY
rc=$?
e2e_ok $rc "certified k = 0, 1, 2 balls and slopes contain the closed form |E + S_k|"
[ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/py"

printf 'model timed_nofric\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dy - sin(t)*dt\n' \
    >"$E2E_TMP/nofric.nh"
e2e_run converge "$E2E_TMP/nofric.nh" --q x=1/2,y=0 --v x=1 --eps 1/10,1/20 --kmax 0 --T 1/4 \
    --certified -o "$E2E_TMP/cert.txt"
e2e_expect_rc 3 "converge --certified on a time-dependent model without a friction block"
grep -q "no friction block" "$E2E_TMP/err" && test ! -e "$E2E_TMP/cert.txt"
e2e_ok $? "--certified: the message names the reason, no output file"
