#!/bin/sh
# tests/e2e-flow.sh -- nhoracle flow (certified trajectories, doc/flow.md).
# Independent truth: the free vertical disk's nonholonomic motion has
# theta and varphi linear in t (derived in tests/t-flow_certified.c), so
# with rational data theta(T), varphi(T) are exact rationals that each
# printed ball must contain; the bad-input exits of doc/exit-codes.md
# (issue 14's list: a horizon past a singularity of the metric, an
# enclosure that blows up (x'' = x^3), a model not smooth along the path
# (sqrt at 0): exit 4 or 7, the time reached (bounded by the closed-form
# singular time) and the width named, no output file).
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
e2e_plan 16

# theta0 = 0: v = (w, R W, 0, W) lies in D exactly (R = 1/2)
ARGS="--system nh --q theta=0,x=0,y=0,varphi=0 --v theta=3/4,x=5/8,y=0,varphi=5/4 --prec 128 --digits 30"

e2e_run flow "$DISK" $ARGS --T 1/16,1/8 --json
e2e_expect_rc 0 "flow disk nh --json"
cp "$E2E_TMP/out" "$E2E_TMP/flow.json"
python3 - "$E2E_TMP/flow.json" <<'PY'
import json, sys
from fractions import Fraction as F
from decimal import Decimal as D
d = json.load(open(sys.argv[1]))
assert d["certified"] is True and d["system"] == "nh", d
assert [p["t"] for p in d["points"]] and len(d["points"]) == 2
def ball(s):
    s = s.strip("[]")
    mid, rad = (s.split("+/-") + ["0"])[:2]
    return F(D(mid.strip())), F(D(rad.strip()))
for p, T in zip(d["points"], (F(1, 16), F(1, 8))):
    for name, exact in (("theta", F(3, 4) * T), ("varphi", F(5, 4) * T)):
        m, r = ball(p["q"][name])
        assert abs(m - exact) <= r and r < F(1, 10**25), (name, p["q"][name], exact)
    m, r = ball(p["v"]["theta"])
    assert abs(m - F(3, 4)) <= r, p["v"]
PY
e2e_ok $? "JSON: theta = 3/4 t and varphi = 5/4 t contained at t = 1/16, 1/8, radius < 1e-25"

e2e_run flow "$DISK" $ARGS --T 1/16
e2e_expect_rc 0 "flow text output"
grep -q "q at t = " "$E2E_TMP/out"
e2e_ok $? "text output lists q at t"

# an enclosure that cannot be kept narrow enough: exit 4, no output file
e2e_run flow "$DISK" $ARGS --T 1/16 --max-width 1e-60 -o "$E2E_TMP/w.json"
e2e_expect_rc 4 "--max-width 1e-60 at 128 bits: exit 4"
grep -q "certified integration stopped at t = .*width" "$E2E_TMP/err" && test ! -e "$E2E_TMP/w.json"
e2e_ok $? "message names the time reached and the width; no output file"

# stopped_before FILE LIMIT: the run of FILE exited 4 or 7, named the time
# reached t_r with 0 < t_r <= LIMIT and the enclosure width, wrote nothing
stopped_before() {
    rc=$E2E_RC
    tr=$(sed -n 's/.*certified integration stopped at t = \([0-9.e+-]*\).*/\1/p' "$E2E_TMP/err" | head -1)
    sed 's/^/#   stderr: /' "$E2E_TMP/err" | head -3
    test "$rc" = 4 -o "$rc" = 7 && test ! -e "$1" && grep -q "stopped at t = .*width" "$E2E_TMP/err" &&
        python3 -c "import sys; t = float(sys.argv[1]); sys.exit(not (0 < t <= float(sys.argv[2])))" "$tr" "$2"
}

# a pole ahead: G_yy = 1/(1 - x) with x = t (y is held by the constraint),
# singular at t = 1: the run must stop at a time <= 1 with exit 4 or 7
cat > "$E2E_TMP/sing.nh" <<'NH'
model pole_ahead
coordinates x, y
metric diagonal: 1, 1/(1 - x)
constraint: dy
NH
e2e_run flow "$E2E_TMP/sing.nh" --system nh --q x=0,y=0 --v x=1,y=0 --T 2 --prec 64 --max-prec 64 -o "$E2E_TMP/s.json"
stopped_before "$E2E_TMP/s.json" 1
e2e_ok $? "pole at t = 1: exit 4 or 7 (got $rc), stopped at t = $tr <= 1, width named, no output file"

# an enclosure that blows up: x'' = x^3 (V = -x^4/4), x(0) = x'(0) = 1.
# Energy x'^2/2 - x^4/4 = 1/4, so x' = sqrt((1 + x^4)/2) >= x^2/sqrt(2) and
# x reaches infinity before t* <= int_1^oo sqrt(2)/x^2 dx = sqrt(2) < 1.4143
cat > "$E2E_TMP/blow.nh" <<'NH'
model blow_up
coordinates x, z
metric diagonal: 1, 1
potential: -x^4/4
constraint: dz
NH
e2e_run flow "$E2E_TMP/blow.nh" --system nh --q x=1,z=0 --v x=1,z=0 --T 3 --prec 64 --max-prec 64 -o "$E2E_TMP/b.json"
stopped_before "$E2E_TMP/b.json" 1.4143
e2e_ok $? "blow-up before t = sqrt(2): exit 4 or 7 (got $rc), stopped at t = $tr, width named, no output file"

# a model that is not smooth along the path: G_zz = 1 + sqrt(x) with z held
# (z' = 0), so x'' = 0, x = 1 - t reaches the branch point x = 0 at t = 1
cat > "$E2E_TMP/rough.nh" <<'NH'
model not_smooth
coordinates x, z
metric diagonal: 1, 1 + sqrt(x)
constraint: dz
NH
e2e_run flow "$E2E_TMP/rough.nh" --system nh --q x=1,z=0 --v x=-1,z=0 --T 2 --prec 64 --max-prec 64 -o "$E2E_TMP/r.json"
stopped_before "$E2E_TMP/r.json" 1
e2e_ok $? "sqrt(x) with x = 1 - t (no jets at t = 1): exit 4 or 7 (got $rc), stopped at t = $tr <= 1, width named, no output file"
e2e_run flow "$E2E_TMP/rough.nh" --system nh --q x=1,z=0 --v x=-1,z=0 --T 1/2 --prec 64 --max-prec 64 --json
e2e_py "$E2E_TMP/out" <<'PY'
d = json.load(open(sys.argv[1]))
from fractions import Fraction as F
from decimal import Decimal as D
b = d["points"][0]["q"]["x"].strip("[]").split("+/-") + ["0"]
sys.exit(not abs(F(D(b[0].strip())) - F(1, 2)) <= F(D(b[1].strip())))
PY
e2e_ok $? "the same model before the branch point: x(1/2) = 1/2 contained"

# the full system at eps = 1/1000 with data off D (v_y = 1/10): the layer,
# then steps along the slow manifold (doc/flow.md "Stiff flows through
# the slow manifold").  theta'' = 0 there too (no constraint involves
# theta, G diagonal): theta(T) = 3/4 T exactly; and the Taylor method
# throughout (--no-slow-manifold) gives balls that meet these.
FULL="--system full --eps 1/1000 --q theta=0 --v theta=3/4,x=5/8,y=1/10,varphi=5/4 --T 1/8 --prec 128 --max-prec 128 --digits 30 --json"
e2e_run flow "$DISK" $FULL
cp "$E2E_TMP/out" "$E2E_TMP/slow.json"
e2e_run flow "$DISK" $FULL --no-slow-manifold
cp "$E2E_TMP/out" "$E2E_TMP/taylor.json"
python3 - "$E2E_TMP/slow.json" "$E2E_TMP/taylor.json" <<'PY'
import json, sys
from fractions import Fraction as F
from decimal import Decimal as D
a, b = (json.load(open(f)) for f in sys.argv[1:3])
def ball(s):
    s = s.strip("[]")
    mid, rad = (s.split("+/-") + ["0"])[:2]
    return F(D(mid.strip())), F(D(rad.strip()))
sm = a["slow_manifold"]
assert sm["steps"] >= 1 and 0 < sm["layer_until"] < 1/8 and "slow_manifold" not in b, (sm, b.keys())
m, r = ball(a["points"][-1]["q"]["theta"])
assert abs(m - F(3, 32)) <= r and r < F(1, 10**25), a["points"][-1]["q"]
for key in ("q", "v"):
    for k, s in a["points"][-1][key].items():
        (ma, ra), (mb, rb) = ball(s), ball(b["points"][-1][key][k])
        assert abs(ma - mb) <= ra + rb and ra < F(1, 10**25), (key, k, s, b["points"][-1][key][k])
PY
e2e_ok $? "full eps = 1/1000 off D: slow-manifold steps after the layer, theta(1/8) = 3/32 contained, radius < 1e-25, balls meet the Taylor method's"
e2e_run flow "$DISK" --system full --eps 1/1000 --q theta=0 --v theta=3/4,x=5/8,y=1/10,varphi=5/4 --T 1/8 --prec 128 --max-prec 128 --digits 30
grep -q "^slow manifold: initial layer to t = 0\.0[0-9]*, then [1-9][0-9]* steps along the slow manifold to t = 0.125$" "$E2E_TMP/out"
e2e_ok $? "text output: the slow manifold line"

# output times that are not dyadic (balls in binary): the same route, each
# output widened over its time ball; theta(t) = 3 t/4 at t = 1/10, 3/10
e2e_run flow "$DISK" --system full --eps 1/10000 --q theta=0 --v theta=3/4,x=5/8,y=1/10,varphi=5/4 --T 1/10,3/10 --prec 128 --max-prec 128 --digits 30 --json
e2e_py "$E2E_TMP/out" <<'PY'
d = json.load(open(sys.argv[1]))
from fractions import Fraction as F
from decimal import Decimal as D
assert d["slow_manifold"]["steps"] >= 1, d.get("slow_manifold")
for p, t in zip(d["points"], (F(1, 10), F(3, 10))):
    b = p["q"]["theta"].strip("[]").split("+/-") + ["0"]
    m, r = F(D(b[0].strip())), F(D(b[1].strip()))
    assert abs(m - 3 * t / 4) <= r and r < F(1, 10**25), (t, p["q"]["theta"])
PY
e2e_ok $? "full eps = 1/10000, output times 1/10, 3/10: the slow-manifold route, theta = 3t/4 contained"

e2e_run flow "$DISK" --system nh --q theta=0 --v theta=1 --T 1/8 --no-slow-manifold
e2e_expect_rc 1 "--no-slow-manifold with --system nh: exit 1"

e2e_run flow "$DISK" --q theta=0 --T 1
e2e_expect_rc 1 "missing --system: exit 1"
e2e_run flow "$DISK" --system reduced --order 5 --eps 1/10 --T 1
e2e_expect_rc 1 "reduced --order 5 beyond the certified orders (0..4): exit 1"
e2e_done
