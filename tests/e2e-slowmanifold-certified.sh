#!/bin/sh
# tests/e2e-slowmanifold-certified.sh -- section (3) of nhoracle
# slowmanifold (issue 14): the certified invariance residual R_K of the
# truncated series (000 eq (60), lib/conv/conv_slow_residual.c).
# Independent truth: on the ball on a plane (cases/ball_plane.nh) the slip
# obeys a linear equation and h_eps = eps h^(1) exactly (derivation in the
# case file), so R_1 and R_2 must contain 0 while R_0 = eps h^(1) (000 eq
# (67)) excludes 0, is linear in eps (the certified exponent ball between
# successive eps contains 1) and agrees with eps times the h^(1) of the
# time route printed in section (2).
. "$(dirname "$0")/e2e-lib.sh"

E2E_PY_BALL='
def ball(s):
    s = s.strip()
    if not s.startswith("["):
        return float(s), 0.0
    m = re.match(r"^\[(?:([-+0-9.e]+) )?\+/- ([0-9.e+-]+)\]$", s)
    return (float(m.group(1)) if m.group(1) else 0.0), float(m.group(2))
def contains(s, x, slack=0.0):
    m, r = ball(s)
    return abs(m - x) <= r + slack
'

e2e_plan 5
e2e_run slowmanifold "$CASES/ball_plane.nh" --quiet --json --prec 128 --tol 1e-16 \
    --q x=0,y=0,psi=3/10,phi=1/5,theta=1 --v x=1/2,y=1/10,psi=2/5,phi=3/10,theta=1/5 \
    --eps 1/100,1/200,1/400 --order 2 -o "$E2E_TMP/sm.json"
e2e_expect_rc 0 "slowmanifold --json -o on ball_plane"

e2e_py "$E2E_TMP/sm.json" <<PY
$E2E_PY_BALL
d = json.load(open(sys.argv[1]))
c = d["certified_residual"]
assert c["certified"] is True and c["available"] is True, c
assert [(r["K"], r["eps"]) for r in c["rows"]] == [(k, e) for k in range(3) for e in ("1/100", "1/200", "1/400")]
assert all(len(r["R"]) == 5 for r in c["rows"])
PY
e2e_ok $? "JSON: certified_residual, certified true, rows K = 0..2 x 3 eps, R of 5 balls"

e2e_py "$E2E_TMP/sm.json" <<PY
$E2E_PY_BALL
d = json.load(open(sys.argv[1]))
for r in d["certified_residual"]["rows"]:
    if r["K"] >= 1:
        for i, s in enumerate(r["R"]):
            m, rad = ball(s)
            assert contains(s, 0.0) and rad < 1e-30, (r["K"], r["eps"], i, s)
        assert r["exponent_to_next"] is None
PY
e2e_ok $? "R_1, R_2 contain 0 with radius < 1e-30 (h_eps = eps h^(1) exactly), exponent unbounded"

e2e_py "$E2E_TMP/sm.json" <<PY
$E2E_PY_BALL
from fractions import Fraction
d = json.load(open(sys.argv[1]))
h1 = [mid(x) for x in d["coefficients"][0]["series"]]
for r in d["certified_residual"]["rows"]:
    if r["K"] != 0:
        continue
    eps = float(Fraction(r["eps"]))
    assert any(not contains(s, 0.0) for s in r["R"]), r
    for i, s in enumerate(r["R"]):
        assert abs(ball(s)[0] - eps * h1[i]) <= 1e-12 * max(1.0, abs(eps * h1[i])), (i, s, eps * h1[i])
PY
e2e_ok $? "R_0 excludes 0 and equals eps h^(1) (time route of section (2)) to 1e-12"

e2e_py "$E2E_TMP/sm.json" <<PY
$E2E_PY_BALL
d = json.load(open(sys.argv[1]))
rows = [r for r in d["certified_residual"]["rows"] if r["K"] == 0]
assert rows[0]["exponent_to_next"] is not None and rows[1]["exponent_to_next"] is not None
for r in rows[:2]:
    assert contains(r["exponent_to_next"], 1.0), r
    assert ball(r["exponent_to_next"])[1] < 1e-10, r
assert rows[2]["exponent_to_next"] is None
PY
e2e_ok $? "R_0: the certified exponent between successive eps contains 1 (radius < 1e-10)"
