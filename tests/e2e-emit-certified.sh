#!/bin/sh
# tests/e2e-emit-certified.sh -- certified trajectories of `nhoracle emit`
# (issue 14, doc/datasets.md "Trajectories"): the vertical disk, one
# explicit point, eps = 1/10, times 1/8, 1/4, at 64 bits (wide enough
# balls for double-precision candidates).  Independent checks:
#   - the free vertical disk's closed-form nonholonomic motion (derived
#     by hand in tests/t-flow_certified.c: theta = theta0 + w t, varphi =
#     varphi0 + W t, x, y on circles), evaluated with mpmath at 50 digits
#     from the exact q, v: it must lie in every reduced_q/v[k=0] ball;
#   - the estimates of the same file with --estimate (Radau IIA / GBS,
#     lib/ode.h): every enclosure overlaps the estimate within its error;
#   - validate: a candidate at the ball centres passes with atol = rtol =
#     0, one value shifted by 10 radii fails.
. "$(dirname "$0")/e2e-lib.sh"
. "$(dirname "$0")/dataset_candidate.sh"

e2e_plan 7
T=$E2E_TMP
ARGS="--q theta=3/10,x=1/5,y=-1/10,varphi=1/4 --v theta=11/10,x=1/2,y=-1/5,varphi=9/10 --points 0
      --order 1 --reduced-orders 0 --eps 1/10 --times 1/8:1/4 --traj-orders 0:1 --prec 64
      --format csv"

e2e_run emit "$CASES/vertical_disk.nh" $ARGS -o "$T/c.csv"
e2e_expect_rc 0 "emit certified trajectories (default)"
e2e_run emit "$CASES/vertical_disk.nh" $ARGS --estimate -o "$T/e.csv"
e2e_expect_rc 0 "emit --estimate"

python3 - "$T/c.csv" "$T/e.csv" >"$T/py" 2>&1 <<'PY'
import json, sys
m = json.loads(open(sys.argv[1]).readline()[2:])
c = m["trajectories"]["certified"]
assert c == {"full": True, "reduced[k=0]": True, "reduced[k=1]": False}, c
m2 = json.loads(open(sys.argv[2]).readline()[2:])
assert not any(m2["trajectories"]["certified"].values()), m2["trajectories"]
import csv
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#"))]
st = {}
for r in rows:
    if r["quantity"] in ("full_q", "full_v", "reduced_q", "reduced_v"):
        fam = r["quantity"] if r["k"] == "" else "%s[k=%s]" % (r["quantity"], r["k"])
        st.setdefault(fam, set()).add(r["status"])
assert st == {"full_q": {"enclosure"}, "full_v": {"enclosure"},
              "reduced_q[k=0]": {"enclosure"}, "reduced_v[k=0]": {"enclosure"},
              "reduced_q[k=1]": {"estimate"}, "reduced_v[k=1]": {"estimate"}}, st
print("ok")
PY
e2e_ok $? "metadata certified: full, reduced[k=0] true, reduced[k=1] false; record statuses match; --estimate: all false"
sed 's/^/#   /' "$T/py" | head -5

python3 - "$T/c.csv" "$T/e.csv" >"$T/py" 2>&1 <<'PY'
import csv, sys
from decimal import Decimal as D
def recs(p):
    out = {}
    for r in csv.DictReader(l for l in open(p) if not l.startswith("#")):
        if r["t"]:
            out[(r["quantity"], r["k"], r["eps"], r["point"], r["i"], r["t"])] = r
    return out
c, e = recs(sys.argv[1]), recs(sys.argv[2])
n = 0
for key, r in c.items():
    if r["status"] != "enclosure":
        continue
    x = e[key]
    assert abs(D(r["mid"]) - D(x["mid"])) <= D(r["rad"]) + D(x["rad"]), (r, x)
    n += 1
assert n == 2 * 2 * 2 * 4, n      # 2 times x (full, reduced k=0) x (q, v) x 4 coordinates
print(n, "enclosures agree with the estimates")
PY
rc=$?
e2e_ok $rc "every enclosure overlaps the estimate of --estimate within its error estimate"
sed 's/^/#   /' "$T/py" | head -5

python3 - "$T/c.csv" >"$T/py" 2>&1 <<'PY'
import csv, sys
from mpmath import mp, mpf, sin, cos
mp.dps = 50
m, R, J = mpf(1), mpf(1) / 2, mpf(1) / 8
th0, x0, y0, ph0 = mpf(3) / 10, mpf(1) / 5, mpf(-1) / 10, mpf(1) / 4
vt, vx, vy, vp = mpf(11) / 10, mpf(1) / 2, mpf(-1) / 5, mpf(9) / 10
# vD = P v (doc/datasets.md worked example): (v_theta, R cos w, R sin w, w)
W = (m * R * (cos(th0) * vx + sin(th0) * vy) + J * vp) / (J + m * R * R)
def exact(t):
    th = th0 + vt * t
    q = [th, x0 + R * W / vt * (sin(th) - sin(th0)), y0 - R * W / vt * (cos(th) - cos(th0)),
         ph0 + W * t]
    v = [vt, R * W * cos(th), R * W * sin(th), W]
    return q, v
n = 0
for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")):
    if r["quantity"] in ("reduced_q", "reduced_v") and r["k"] == "0":
        q, v = exact(mpf(r["t"]))
        val = (q if r["quantity"] == "reduced_q" else v)[int(r["i"])]
        assert abs(val - mpf(r["mid"])) <= mpf(r["rad"]), (r, val)
        n += 1
assert n == 16, n
print(n, "closed-form values inside the balls")
PY
rc=$?
e2e_ok $rc "the closed-form nonholonomic motion of the free disk (mpmath, 50 digits) lies in every reduced[k=0] ball"
sed 's/^/#   /' "$T/py" | head -5

# validate: the ball centres pass, a shift by 10 radii fails
python3 - "$T/c.csv" "$T/cand.csv" "$T/bad.csv" <<'PY'
import csv, sys
from decimal import Decimal as D
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#"))
        if r["quantity"] in ("reduced_q", "reduced_v") and r["k"] == "0"]
for out, shift in ((sys.argv[2], 0), (sys.argv[3], 10)):
    w = csv.writer(open(out, "w", newline=""))
    w.writerow(["quantity", "k", "eps", "point", "i", "t", "value"])
    for j, r in enumerate(rows):
        v = D(r["mid"]) + (shift * D(r["rad"]) if j == 5 else 0)
        w.writerow([r["quantity"], r["k"], r["eps"], r["point"], r["i"], r["t"], str(v)])
PY
e2e_run validate "$T/c.csv" "$T/cand.csv" --subset --atol 0 --rtol 0
e2e_expect_rc 0 "validate: a candidate at the ball centres passes (atol = rtol = 0)"
e2e_run validate "$T/c.csv" "$T/bad.csv" --subset --atol 0 --rtol 0
e2e_expect_rc 9 "validate: one value shifted by 10 radii fails"
e2e_done
