#!/bin/sh
# tests/e2e-emit-affine.sh -- `nhoracle emit` and `validate` on
# time-dependent, affine models realized by friction (issue 19,
# proofs/020, doc/datasets.md "Time-dependent and affine models").
# Independent checks:
#   - cases/affine_line.nh (G = I, V = kappa x y, constraint ydot = sin t,
#     friction mu): every value against closed forms derived by hand
#     (below), evaluated with mpmath at 50 digits from the exact (q, t, v)
#     of the records: v_p = (0, sin t), vD = (v_x, 0); w = ydot - sin t
#     solves eps w' + mu w = -eps (cos t + kappa x) with x'' = -kappa y, so
#     collecting eps^k along the slow motion (xdot = v_x, xddot = -kappa
#     y, ydot = sin t + O(eps)): mu h1 = -(cos t + kappa x), mu h_{k+1} =
#     -d/dt h_k, i.e. (y-components; x-components 0)
#       h1 = -(cos t + kappa x)/mu,  h2 = (-sin t + kappa v_x)/mu^2,
#       h3 = (cos t + kappa^2 y)/mu^3, h4 = (1 - kappa^2) sin t/mu^4;
#     reaction^(k) = (0, -mu h_k); the order-k reduced field at (q, t, vD):
#     v = (v_x, sin t + sum_{j<=k} eps^j h_j), qdot = v, vDdot = P F =
#     (-kappa y, 0) (P = diag(1, 0) constant), vdot = (-kappa y, -kappa x
#     - mu sum_{j=1}^{k+1} eps^(j-1) h_j);
#   - the ball on a rotating plane (004) at a point on the constraint set
#     (t = 0, psi = 0, phidot = 0 make it rational: xdot = -W0 y, ydot =
#     W0 x - a0 thetadot): the order-0 reduced vdot overlaps `nhoracle nh`'s
#     acc_lagrange, qdot[k=0] = vD + v_p contains v, and A h^(1) =
#     -mu_bar^-1 lambda with lambda the multipliers of `nh` and A =
#     [[1, 0, 0, a0 sin(theta), 0], [0, 1, 0, 0, a0]] at that point;
#   - certified trajectories of affine_line with kappa = 0 from model
#     time t0 = 1/2 against the closed form (T the duration, t = t0 + T):
#     x = x0 + v_x T; full system from v(t0) = vD + v_p (--init d):
#     w = w_p(t) + (0 - w_p(t0)) e^(-mu T/eps), w_p = -eps (mu cos t + eps
#     sin t)/(mu^2 + eps^2), y = y0 + cos t0 - cos t + int_t0^t w;
#     reduced k = 0: y = y0 + cos t0 - cos t, ydot = sin t;
#   - the disc on a variable circle (003) the same way at t = 0, psidot =
#     5 phidot (A = (-(R0 + r), r), mu_bar = 2);
#   - validate: self-validation passes; a value moved beyond its radius,
#     a wrong t and a missing t fail with exit 9;
#   - bad input: no friction block (exit 3, names it, no file), --t on a
#     linear model (exit 1).
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 15
T=$E2E_TMP

e2e_run emit "$CASES/affine_line.nh" --points 3 --t 1/2:-3/4:2 --order 4 --reduced-orders 0:1:2 \
    --eps 1/10:1/100 -o "$T/al.jsonl"
e2e_expect_rc 0 "emit affine_line (3 points, t = 1/2, -3/4, 2)"

python3 - "$T/al.jsonl" >"$T/py" 2>&1 <<'PY'
import json, sys
from mpmath import mp, mpf, sin, cos
mp.dps = 50
lines = open(sys.argv[1]).read().splitlines()
meta = json.loads(lines[0])
assert meta["time_dependent"] is True and meta["sampling"]["t"] == ["0.5", "-0.75", "2"], meta["sampling"]
recs = [json.loads(l) for l in lines[1:]]
mu, ka = mpf(2), mpf(1) / 3
eps_list = [mpf(1) / 10, mpf(1) / 100]
val = {}
for r in recs:
    val[(r["quantity"], r["k"], r["eps"], r["point"], r["i"], r["j"], r["l"])] = r
n = 0
def check(q, k, e, p, i, j, l, exact):
    global n
    r = val[(q, k, e, p, i, j, l)]
    d = abs(mpf(r["mid"]) - exact)
    assert d <= mpf(r["rad"]), (q, k, e, p, i, j, l, r["mid"], r["rad"], exact)
    n += 1
ts = [mpf(1) / 2, mpf(-3) / 4, mpf(2)]
for p in range(3):
    x, y = mpf(val[("q", None, None, p, 0, None, None)]["mid"]), mpf(val[("q", None, None, p, 1, None, None)]["mid"])
    vx = mpf(val[("v", None, None, p, 0, None, None)]["mid"])
    t = mpf(val[("t", None, None, p, None, None, None)]["mid"])
    assert t == ts[p], t
    h = [None, [0, -(cos(t) + ka * x) / mu], [0, (-sin(t) + ka * vx) / mu**2],
         [0, (cos(t) + ka**2 * y) / mu**3], [0, (1 - ka**2) * sin(t) / mu**4]]
    for i, e in enumerate([vx, 0]): check("vD", None, None, p, i, None, None, e)
    for i, e in enumerate([0, sin(t)]): check("v_p", None, None, p, i, None, None, e)
    for a in range(2):
        for b in range(2):
            check("G", None, None, p, a, b, None, 1 if a == b else 0)
            check("P", None, None, p, a, b, None, 1 if a == b == 0 else 0)
            check("P_perp", None, None, p, a, b, None, 1 if a == b == 1 else 0)
            check("FR_sharp", None, None, p, a, b, None, mu if a == b == 1 else 0)
            check("Q", None, None, p, a, b, None, 1 / mu if a == b == 1 else 0)
            for c in range(2):
                check("Gamma", None, None, p, a, b, c, 0)
    for k in range(1, 5):
        for i in range(2):
            check("h", k, None, p, i, None, None, h[k][i])
            check("reaction", k, None, p, i, None, None, -mu * h[k][i] if i == 1 else 0)
    for k in range(3):
        for ei, es in enumerate(["0.1", "0.01"]):
            eps = eps_list[ei]
            vy = sin(t) + sum(eps**j * h[j][1] for j in range(1, k + 1))
            ay = -ka * x - mu * sum(eps**(j - 1) * h[j][1] for j in range(1, k + 2))
            for i, e in enumerate([vx, vy]): check("qdot", k, es, p, i, None, None, e)
            for i, e in enumerate([-ka * y, 0]): check("vDdot", k, es, p, i, None, None, e)
            for i, e in enumerate([-ka * y, ay]): check("vdot", k, es, p, i, None, None, e)
print(n, "values contain the closed form")
PY
e2e_ok $? "affine_line: v_p, vD, geometry, h^(1..4), reaction^(1..4), reduced fields k = 0..2 contain the hand-derived closed forms"
sed 's/^/#   /' "$T/py" | tail -5

# the rotating-plane ball at a point of the constraint set, t = 0
Q='x=3/10,y=-1/5,psi=0,phi=2/5,theta=7/10'
V='x=3/10,y=1/5,psi=1/5,phi=0,theta=1/2'
e2e_run emit "$CASES/rotating_plane_ball_friction.nh" --q "$Q" --v "$V" --t 0 --points 0 \
    --order 1 --reduced-orders 0 --eps 1/10 --digits 20 -o "$T/rp.jsonl"
e2e_expect_rc 0 "emit rotating_plane_ball_friction at (q, t = 0, v)"
e2e_run nh "$CASES/rotating_plane_ball_friction.nh" --q "$Q" --v "$V" --t 0 --json --digits 20
e2e_expect_rc 0 "nh at the same (q, t, v)"
cp "$T/out" "$T/nh.json"
# helpers of the two checks against `nh`: the emitted records (argv[1])
# and the nh JSON (argv[2]) as mpmath intervals
NH_PY='import json, sys, re
from mpmath import mp, mpf, iv
mp.dps = 40
iv.dps = 40
recs = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()[1:]]
nh = json.load(open(sys.argv[2]))
def ball(s):
    m = re.match(r"^\[(.*) \+/- (.*)\]$", s.strip())
    if m:
        return iv.mpf([mpf(m.group(1)) - mpf(m.group(2)), mpf(m.group(1)) + mpf(m.group(2))])
    return iv.mpf(s)
def rec(q, k=None, i=None):
    r = [r for r in recs if r["quantity"] == q and r["k"] == k and r["i"] == i]
    assert len(r) == 1, (q, k, i, len(r))
    m, d = mpf(r[0]["mid"]), mpf(r[0]["rad"])
    return iv.mpf([m - d, m + d])
def overlap(a, b):
    return a.a <= b.b and b.a <= a.b
'
python3 -c "$NH_PY$(cat <<'PY'
acc = [ball(s) for s in nh["acc_lagrange"]]
lam = [ball(r[0]) for r in nh["multipliers"]]
v = [mpf(3) / 10, mpf(1) / 5, mpf(1) / 5, 0, mpf(1) / 2]
for i in range(5):
    assert overlap(rec("vdot", 0, i), acc[i]), ("vdot", i, rec("vdot", 0, i), acc[i])
    assert v[i] in rec("qdot", 0, i), ("qdot", i)
    assert v[i] in rec("vD", None, i) + rec("v_p", None, i), ("vD + v_p", i)
a0 = iv.mpf(1) / 2
h = [rec("h", 1, i) for i in range(5)]
Ah = [h[0] + a0 * iv.sin(iv.mpf(7) / 10) * h[3], h[1] + a0 * h[4]]
mu = [iv.mpf(1), iv.mpf(3) / 2]
for r in range(2):
    assert overlap(Ah[r], -lam[r] / mu[r]), (r, Ah[r], -lam[r] / mu[r])
print("vdot[k=0] overlaps acc_lagrange; qdot[k=0] and vD + v_p contain v; A h1 = -mu^-1 lambda")
PY
)" "$T/rp.jsonl" "$T/nh.json" >"$T/py" 2>&1
e2e_ok $? "rotating plane: order-0 reduced acceleration = nh (overlap), A h^(1) = -mu_bar^-1 lambda"
sed 's/^/#   /' "$T/py" | tail -5

# the disc on a variable circle (003) at t = 0 on the constraint set:
# r psidot = (R0 + r) phidot, i.e. psidot = 5 phidot; A = (-(R0 + r), r),
# mu_bar = 2 + sin 0 = 2
e2e_run emit "$CASES/disc_variable_circle_friction.nh" --q phi=3/10 --v phi=1/2,psi=5/2 --t 0 \
    --points 0 --order 1 --reduced-orders 0 --eps 1/10 --digits 20 -o "$T/dv.jsonl"
rc1=$E2E_RC
e2e_run nh "$CASES/disc_variable_circle_friction.nh" --q phi=3/10 --v phi=1/2,psi=5/2 --t 0 \
    --json --digits 20
cp "$T/out" "$T/nhdv.json"
python3 -c "$NH_PY$(cat <<'PY'
v = [mpf(1) / 2, mpf(5) / 2]
for i in range(2):
    assert overlap(rec("vdot", 0, i), ball(nh["acc_lagrange"][i])), i
    assert v[i] in rec("qdot", 0, i), i
Ah = -iv.mpf(5) / 4 * rec("h", 1, 0) + iv.mpf(1) / 4 * rec("h", 1, 1)
lam = ball(nh["multipliers"][0][0])
assert overlap(Ah, -lam / 2), (Ah, -lam / 2)
print("disc: vdot[k=0] overlaps acc_lagrange, qdot[k=0] contains v, A h1 = -mu^-1 lambda")
PY
)" "$T/dv.jsonl" "$T/nhdv.json" >"$T/py" 2>&1
e2e_ok $(( rc1 || $? )) "disc on a variable circle: order-0 reduced acceleration = nh, A h^(1) = -mu_bar^-1 lambda"
sed 's/^/#   /' "$T/py" | tail -3

# validate: self, a value beyond its radius, a wrong t, a missing t
e2e_run validate "$T/al.jsonl" "$T/al.jsonl"
e2e_expect_rc 0 "the emitted affine_line file validates against itself"
python3 - "$T/al.jsonl" "$T" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
def write(name, edit):
    out = [lines[0]]
    for l in lines[1:]:
        r = json.loads(l)
        r = edit(r)
        if r is not None:
            out.append(json.dumps(r))
    open(sys.argv[2] + "/" + name, "w").write("\n".join(out) + "\n")
def pert(r):
    if r["quantity"] == "h" and r["k"] == 2 and r["point"] == 1 and r["i"] == 1:
        r["value"] += 1e-6
    return r
def wrong_t(r):
    if r["quantity"] == "t" and r["point"] == 2:
        r["value"] = 2.5
    return r
def no_t(r):
    return None if r["quantity"] == "t" and r["point"] == 0 else r
write("pert.jsonl", pert)
write("wrongt.jsonl", wrong_t)
write("not.jsonl", no_t)
PY
e2e_run validate "$T/al.jsonl" "$T/pert.jsonl"
e2e_expect_rc 9 "a value of h^(2) moved by 1e-6 (beyond its radius) fails (exit 9)"
e2e_run validate "$T/al.jsonl" "$T/wrongt.jsonl"
rc=$E2E_RC
grep -q "FAIL t" "$T/out" "$T/err"
e2e_ok $(( rc != 9 || $? )) "a wrong t (2.5 for 2) fails (exit 9), the record t is named"
e2e_run validate "$T/al.jsonl" "$T/not.jsonl"
rc=$E2E_RC
grep -q "missing record t" "$T/out" "$T/err"
e2e_ok $(( rc != 9 || $? )) "a missing t fails (exit 9): missing record t"

# trajectories of affine_line, kappa = 0: certified full, k = 0 and k = 1 against the closed forms
e2e_run emit "$CASES/affine_line.nh" --param kappa=0 --q x=1/5,y=-3/10 --v x=1/2,y=1/4 --points 0 \
    --t 1/2 --order 1 --reduced-orders 0 --eps 1/10 --times 1/2:1 --init d --traj-orders 0:1 \
    --prec 128 --digits 15 -o "$T/tr.jsonl"
e2e_expect_rc 0 "emit affine_line trajectories (kappa = 0, --init d, from model time t0 = 1/2)"
python3 - "$T/tr.jsonl" >"$T/py" 2>&1 <<'PY'
import json, sys
from mpmath import mp, mpf, sin, cos, exp
mp.dps = 40
lines = open(sys.argv[1]).read().splitlines()
meta = json.loads(lines[0])
c = meta["trajectories"]["certified"]
assert c == {"full": True, "reduced[k=0]": True, "reduced[k=1]": True}, c
recs = [json.loads(l) for l in lines[1:]]
mu, eps = mpf(2), mpf(1) / 10
x0, y0, u = mpf(1) / 5, mpf(-3) / 10, mpf(1) / 2
t0 = mpf(1) / 2                  # the point's model time; record times are durations
def wp(t): return -eps * (mu * cos(t) + eps * sin(t)) / (mu**2 + eps**2)
def Iwp(t): return -eps * (mu * sin(t) - eps * cos(t)) / (mu**2 + eps**2)   # d/dt Iwp = wp
C = -wp(t0)                      # w(t0) = 0: start on the constraint set
def full(T):
    tm = t0 + T
    w = wp(tm) + C * exp(-mu * T / eps)
    y = y0 + cos(t0) - cos(tm) + Iwp(tm) - Iwp(t0) + C * eps / mu * (1 - exp(-mu * T / eps))
    return [x0 + u * T, y], [u, sin(tm) + w]
def red0(T):
    tm = t0 + T
    return [x0 + u * T, y0 + cos(t0) - cos(tm)], [u, sin(tm)]
# order 1: v_y = c + eps h^(1), h^(1) = -c'/mu (c = sin; proofs/020,
# re-derived: mu w = -eps w' - eps c' at first order)
def red1(T):
    tm = t0 + T
    return ([x0 + u * T, y0 + cos(t0) - cos(tm) - eps / mu * (sin(tm) - sin(t0))],
            [u, sin(tm) - eps / mu * cos(tm)])
n = 0
for r in recs:
    if r["quantity"] not in ("full_q", "full_v", "reduced_q", "reduced_v"):
        continue
    t = mpf(r["t"])
    if r["quantity"].startswith("reduced"):
        q, v = (red0 if r["k"] == 0 else red1)(t)
    else:
        q, v = full(t)
    assert r["status"] == "enclosure", r
    e = (q if r["quantity"].endswith("_q") else v)[r["i"]]
    assert abs(mpf(r["mid"]) - e) <= mpf(r["rad"]), (r, e)
    n += 1
assert n == 3 * 2 * 2 * 2, n
print(n, "certified trajectory values contain the closed form")
PY
e2e_ok $? "affine_line trajectories from t0 = 1/2: full and reduced k = 0, 1 enclosures contain the closed forms"
sed 's/^/#   /' "$T/py" | tail -5

# bad input
rm -f "$T/nofr.jsonl"
e2e_run emit "$CASES/rotating_plane_ball.nh" --points 1 -o "$T/nofr.jsonl"
rc=$E2E_RC
grep -q "no 'friction' block" "$T/err"
e2e_ok $(( rc != 3 || $? )) "a time-dependent model without friction block: exit 3 naming it"
e2e_ok $(test ! -e "$T/nofr.jsonl"; echo $?) "... and no output file"
e2e_run emit "$CASES/vertical_disk.nh" --points 1 --t 1/2 -o "$T/lin.jsonl"
e2e_expect_rc 1 "--t on a linear model: exit 1"
e2e_done
