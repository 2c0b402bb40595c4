#!/bin/sh
# e2e-series-affine -- `nhoracle series --t` on time-dependent models with
# affine constraints realized by friction (issue 19, proofs/020).
# Expected values are computed here from the closed forms derived by hand
# in proofs/020 Sec 4 (cases/affine_line.nh), not from nhoracle.
. "$(dirname "$0")/e2e-lib.sh"
e2e_plan 11

e2e_run series "$CASES/affine_line.nh" --q 'x=3/10,y=-1/5' --v 'x=7/10,y=5' --t 1/2 \
    --order 5 --json --digits 20
e2e_expect_rc 0 "series --t 1/2 on affine_line (ydot = sin t, friction mu = 2, V = kappa x y)"
e2e_py "$E2E_TMP/out" <<'PY'
from math import sin, cos, pi
d = json.load(open(sys.argv[1]))
mu, ka, x, y, xd, t = 2.0, 1.0 / 3, 0.3, -0.2, 0.7, 0.5
c = lambda j: sin(t + j * pi / 2)
want = [-(c(1) + ka * x) / mu, (c(2) + ka * xd) / mu**2, -(c(3) - ka**2 * y) / mu**3,
        (c(4) - ka**2 * c(0)) / mu**4, -(c(5) - 2 * ka**2 * c(1) - ka**3 * x) / mu**5]
assert d["route"] == "time", d["route"]
for k, blk in enumerate(d["h"]):
    assert mid(blk[0]) == 0.0, (k, blk)
    assert abs(mid(blk[1]) - want[k]) < 1e-15, (k + 1, blk[1], want[k])
assert abs(mid(d["v_p"][1]) - sin(t)) < 1e-15 and mid(d["v_p"][0]) == 0.0
assert abs(mid(d["acc0"][0]) + ka * y) < 1e-15 and abs(mid(d["acc0"][1]) - cos(t)) < 1e-15
# the friction force at first order is the ideal reaction lambda = c' + kappa x
assert abs(mid(d["reaction_time"][0][1]) - (c(1) + ka * x)) < 1e-15
PY
e2e_ok $? "affine_line: h^(1..5), v_p, order-0 acceleration, first reaction = closed forms"

e2e_run series "$CASES/affine_line.nh" --q 'x=3/10,y=-1/5' --v 'x=7/10' --order 2 --json
e2e_py "$E2E_TMP/out" <<'PY'
d = json.load(open(sys.argv[1]))
assert abs(mid(d["h"][0][1]) + (1 + 0.1) / 2) < 1e-15, d["h"][0]   # t0 = 0: c' = 1
PY
e2e_ok $? "--t defaults to 0"

e2e_run series "$CASES/disc_variable_circle_friction.nh" --q 'phi=0.4,psi=-0.3' --v 'phi=0.9' \
    --t 7/10 --order 3
e2e_expect_rc 0 "series on the disc on a variable circle with time-dependent friction"

e2e_run series "$CASES/rotating_plane_ball_friction.nh" --q 'x=0.3,y=-0.2,psi=0.4,phi=0.5,theta=1.1' \
    --v 'x=0.7,y=0.2,psi=1.1' --t 3/5 --route covariant -o "$E2E_TMP/cov.txt"
e2e_expect_rc 3 "--route covariant on an affine model"
test ! -e "$E2E_TMP/cov.txt"
e2e_ok $? "no output file on the refusal"

printf 'model bad\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: (t - 1/2)*dy - dt\nfriction diagonal: 1\n' > "$E2E_TMP/rank.nh"
e2e_run series "$E2E_TMP/rank.nh" --t 1/2
e2e_expect_rc 3 "constraints losing rank at t0 = 1/2"
grep -q "rank < m = 1 at q = (x=0, y=0, t=0.5)" "$E2E_TMP/err"
e2e_ok $? "the message names the time"

e2e_run series "$CASES/affine_line.nh" --t 1/0
e2e_expect_rc 1 "malformed --t"

e2e_run reduced "$CASES/affine_line.nh" --q 'x=3/10,y=-1/5' --v 'x=7/10' --t 1/2 --k 1 \
    --eps 1/10 --json --digits 20
e2e_expect_rc 0 "reduced --t 1/2 --k 1 --eps 1/10 on affine_line"
e2e_py "$E2E_TMP/out" <<'PY'
from math import sin, cos
d = json.load(open(sys.argv[1]))
mu, ka, x, y, xd, t, e = 2.0, 1.0 / 3, 0.3, -0.2, 0.7, 0.5, 0.1
h1 = -(cos(t) + ka * x) / mu
h2 = (-sin(t) + ka * xd) / mu**2
want = {"qdot": [xd, sin(t) + e * h1], "vDdot": [-ka * y, 0.0],
        "vdot": [-ka * y, -ka * x - mu * (h1 + e * h2)]}
for key, w in want.items():
    got = [mid(s) for s in d[key]]
    assert all(abs(a - b) < 1e-15 for a, b in zip(got, w)), (key, got, w)
assert abs(mid(d["v_p"][1]) - sin(t)) < 1e-15 and abs(mid(d["t0"]) - t) < 1e-15
PY
e2e_ok $? "affine_line: order-1 reduced field (qdot, vDdot, vdot) = closed forms"
e2e_done
