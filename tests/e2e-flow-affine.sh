#!/bin/sh
# e2e-flow-affine -- `nhoracle flow --system full` on time-dependent models
# with affine constraints realized by friction (issue 19, proofs/020),
# and the bad input of that realization (doc/exit-codes.md).
# Independent truth: affine_line with kappa = 0 (G = I, ydot = sin t,
# mu = 2) has the closed form derived by hand in tests/t-flow_affine_full.c:
# w = ydot - sin t solves eps w' + mu w = -eps cos t (evaluated here with
# mpmath at 50 digits, not by nhoracle).
. "$(dirname "$0")/e2e-lib.sh"
e2e_plan 15

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
e2e_done
