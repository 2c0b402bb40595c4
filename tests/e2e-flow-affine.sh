#!/bin/sh
# e2e-flow-affine -- `nhoracle flow --system full` on time-dependent models
# with affine constraints realized by friction (issue 19, proofs/020),
# and the bad input of that realization (doc/exit-codes.md).
# Independent truth: affine_line with kappa = 0 (G = I, ydot = sin t,
# mu = 2) has the closed form derived by hand in tests/t-flow_affine_full.c:
# w = ydot - sin t solves eps w' + mu w = -eps cos t (evaluated here with
# mpmath at 50 digits, not by nhoracle).
. "$(dirname "$0")/e2e-lib.sh"
e2e_plan 19

e2e_run flow "$CASES/affine_line.nh" --system full --eps 1/10 --param kappa=0 \
    --q 'x=3/10,y=-1/5' --v 'x=7/10,y=5' --T 1/4,1 --json --digits 20
e2e_expect_rc 0 "flow --system full on affine_line (kappa = 0, eps = 1/10)"
e2e_py "$E2E_TMP/out" <<'PY'
import mpmath as mp
mp.mp.dps = 50
d = json.load(open(sys.argv[1]))
assert d["certified"] is True and d["system"] == "full", d
def ball(s):
    s = s.strip("[]")
    m, r = (s.split("+/-") + ["0"])[:2]
    return mp.mpf(m.strip()), mp.mpf(r.strip())
mu, eps, x0, y0, vx0, w0 = 2, mp.mpf(1) / 10, mp.mpf(3) / 10, -mp.mpf(1) / 5, mp.mpf(7) / 10, 5
r = mu / eps
K = w0 + r / (1 + r**2)
for p, t in zip(d["points"], (mp.mpf(1) / 4, mp.mpf(1))):
    e = mp.exp(-r * t)
    want = {("q", "x"): x0 + vx0 * t, ("v", "x"): vx0,
            ("v", "y"): mp.sin(t) - (r * mp.cos(t) + mp.sin(t)) / (1 + r**2) + K * e,
            ("q", "y"): y0 + 1 - mp.cos(t) - (r * mp.sin(t) + 1 - mp.cos(t)) / (1 + r**2)
                        + K * (1 - e) / r}
    for (kind, c), w in want.items():
        m, rad = ball(p[kind][c])
        assert abs(m - w) <= rad + mp.mpf(10)**-19 and rad < 1e-12, (t, kind, c, p[kind][c], w)
PY
e2e_ok $? "the balls contain the closed form y(t), ydot(t) at t = 1/4, 1 (initial layer exp(-mu t/eps))"

e2e_run flow "$CASES/disc_variable_circle_friction.nh" --system full --eps 1/10 \
    --q 'phi=2/5,psi=-3/10' --v 'phi=9/10,psi=1/5' --T 1/8 --json
e2e_expect_rc 0 "flow --system full on the disc on a variable circle (time-dependent G, mu_bar)"

# (c) a time-dependent model without a friction block: mu_bar is not
# assumed, every friction subcommand refuses it (exit 3), no output file
for sub in "flow --system full --eps 1/10 --T 1/8" "series --t 1/2" "reduced --t 1/2 --k 1 --eps 1/10"; do
    e2e_run $sub "$CASES/rotating_plane_ball.nh" --q 'x=0.3,theta=1.1' -o "$E2E_TMP/nf.json"
    e2e_expect_rc 3 "${sub%% *} on rotating_plane_ball.nh (no friction block)"
done
grep -q "no 'friction' block" "$E2E_TMP/err" && test ! -e "$E2E_TMP/nf.json"
e2e_ok $? "the message says the friction block is missing; no output file"

# (a) friction whose kernel is not the constraint set: mu_bar singular or
# indefinite at (q0, t0) -- the message names mu_bar, the point and t
printf 'model a\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dy - sin(t)*dt\nfriction diagonal: t - 1/2\n' > "$E2E_TMP/sing.nh"
e2e_run series "$E2E_TMP/sing.nh" --t 1/2 -o "$E2E_TMP/s.txt"
e2e_expect_rc 3 "friction mu_bar = t - 1/2 vanishing at t0 = 1/2"
grep -q "friction mu_bar is not positive definite .*t=0.5)" "$E2E_TMP/err" && test ! -e "$E2E_TMP/s.txt"
e2e_ok $? "names mu_bar and t = 0.5; no output file"
printf 'model a\ncoordinates x, y, z\nmetric diagonal: 1, 1, 1\nconstraint: dy - sin(t)*dt\nconstraint: dz - x*dt\nfriction: 1, 2 - t\nfriction: 2 - t, 1\n' > "$E2E_TMP/indef.nh"
e2e_run flow "$E2E_TMP/indef.nh" --system full --eps 1/10 --T 1 -o "$E2E_TMP/i.json"
e2e_expect_rc 3 "flow full: mu_bar = [[1, 2 - t], [2 - t, 1]] indefinite at t = 0"
grep -q "full friction system: friction mu_bar is not positive definite .*t=0)" "$E2E_TMP/err" \
    && test ! -e "$E2E_TMP/i.json"
e2e_ok $? "names mu_bar, the point and t = 0; no output file"
# a friction on other one-forms than the constraints cannot be written:
# mu_bar is m x m over the constraint rows (parse errors, exit 2)
printf 'model a\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dy - sin(t)*dt\nfriction diagonal: 1, 2\n' > "$E2E_TMP/rows.nh"
e2e_run series "$E2E_TMP/rows.nh" --t 1/2
e2e_expect_rc 2 "friction with more entries than constraints: parse error"
grep -q "rows.nh:5:21:" "$E2E_TMP/err"
e2e_ok $? "names file:line:col"

# (b) constraints changing rank in time: rank A < m at t0 = 0
printf 'model a\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: t*dy - dt\nfriction diagonal: 1\n' > "$E2E_TMP/rank.nh"
e2e_run flow "$E2E_TMP/rank.nh" --system full --eps 1/10 --T 1 -o "$E2E_TMP/r.json"
e2e_expect_rc 3 "flow full: constraint t*dy - dt losing rank at t0 = 0"
grep -q "rank < m = 1 at q = (x=0, y=0, t=0)" "$E2E_TMP/err" && test ! -e "$E2E_TMP/r.json"
e2e_ok $? "names the time t = 0; no output file"
# (d) --system reduced --order K --t T0 (issues 19/14, proofs/020 (A8)-(A9)):
# affine_line with kappa = 0 has x = x0 + ux s and y(t) = y0 + [-cos t +
# sum_{j<=K} (-eps/mu)^j sin^(j-1)(t)] from T0 to T0 + s (hand-derived,
# tests/t-flow_affine_reduced.c); v is projected to u = (vx, 0)
e2e_run flow "$CASES/affine_line.nh" --system reduced --order 2 --eps 1/10 --param kappa=0 \
    --t 7/10 --q x=3/10,y=-1/5 --v x=7/10,y=5 --T 1/2,1 --json --digits 25 -o "$E2E_TMP/red.json"
e2e_expect_rc 0 "flow --system reduced --order 2 --t 7/10 on affine_line (kappa = 0)"
python3 - "$E2E_TMP/red.json" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
from mpmath import mp, mpf, sin, cos, pi
mp.dps = 40
d = json.load(open(sys.argv[1]))
assert d["certified"] is True and d["system"] == "reduced" and d["order"] == 2 and d["t0"] == "7/10", d
eps, mu, t0, K = mpf(1) / 10, 2, mpf(7) / 10, 2
ds = lambda m, t: sin(t + m * pi / 2)
Y = lambda t: -cos(t) + sum((-eps / mu) ** j * ds(j - 1, t) for j in range(1, K + 1))
V = lambda t: sin(t) + sum((-eps / mu) ** j * ds(j, t) for j in range(1, K + 1))
def inside(b, x):
    mid, rad = b.strip("[]").split(" +/- ")
    return abs(mpf(mid) - x) <= mpf(rad) and mpf(rad) < 1e-20
for p, s in zip(d["points"], (mpf(1) / 2, mpf(1))):
    t = t0 + s
    assert inside(p["q"]["x"], mpf(3) / 10 + mpf(7) / 10 * s), p
    assert inside(p["q"]["y"], -mpf(1) / 5 + Y(t) - Y(t0)), (p, Y(t) - Y(t0))
    assert inside(p["v"]["x"], mpf(7) / 10), p
    assert inside(p["v"]["y"], V(t)), (p, V(t))
print("closed form inside")
PY
rc=$?
e2e_ok $rc "the balls at model times 6/5, 17/10 contain the closed form"
[ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/py"
e2e_run flow "$CASES/affine_line.nh" --system full --eps 1/10 --t 1 --T 1 -o "$E2E_TMP/ft.json"
test "$E2E_RC" = 1 && grep -q "reduced only" "$E2E_TMP/err" && test ! -e "$E2E_TMP/ft.json"
e2e_ok $? "--t with --system full: exit 1 (got $E2E_RC), no output file"
e2e_run flow "$CASES/rotating_plane_ball.nh" --system reduced --order 1 --eps 1/10 \
    --q 'x=0.3,theta=1.1' --T 1/8 -o "$E2E_TMP/nfr.json"
test "$E2E_RC" = 3 && grep -q "friction" "$E2E_TMP/err" && test ! -e "$E2E_TMP/nfr.json"
e2e_ok $? "--system reduced --order 1 on a time-dependent model without friction: exit 3 (got $E2E_RC)"
e2e_done
