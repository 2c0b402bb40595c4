#!/bin/sh
# tests/e2e-flow_reduced.sh -- nhoracle flow --system reduced --order K
# (certified order-K reduced dynamics, doc/flow.md "The reduced systems").
# Independent truths: --order 0 is the nonholonomic system, so its balls
# must overlap those of --system nh (a different code path of the
# command: nh_flow_certified_reduced vs nh_flow_certified); on the
# vertical disk the metric is constant and theta is free (D contains
# d/dtheta, D_perp is spanned by dx - R cos dvarphi, dy - R sin dvarphi
# with no dtheta part), so Gamma = 0, h^(j) has no theta component and
# P's theta row is constant: theta = theta0 + w t exactly, v_theta = w, at
# every order K; with rational data theta(T) is an exact rational each
# printed ball must contain.  Bad input: doc/exit-codes.md.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
e2e_plan 9
PT="--q theta=0,x=0,y=0,varphi=0 --v theta=3/4,x=5/8,y=0,varphi=5/4 --prec 128 --digits 30 --json"

e2e_run flow "$DISK" --system reduced --order 0 $PT --T 1/16
e2e_expect_rc 0 "reduced --order 0"
cp "$E2E_TMP/out" "$E2E_TMP/r0.json"
e2e_run flow "$DISK" --system nh $PT --T 1/16
cp "$E2E_TMP/out" "$E2E_TMP/nh.json"
python3 - "$E2E_TMP/r0.json" "$E2E_TMP/nh.json" <<'PY'
import json, sys
from fractions import Fraction as F
from decimal import Decimal as D
def ball(s):
    s = s.strip("[]")
    mid, rad = (s.split("+/-") + ["0"])[:2]
    return F(D(mid.strip())), F(D(rad.strip()))
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["system"] == "reduced" and a["order"] == 0 and b["system"] == "nh"
for pa, pb in zip(a["points"], b["points"]):
    for key in ("q", "v"):
        for name in pa[key]:
            (m1, r1), (m2, r2) = ball(pa[key][name]), ball(pb[key][name])
            assert abs(m1 - m2) <= r1 + r2 and max(r1, r2) < F(1, 10**25), (key, name)
PY
e2e_ok $? "reduced --order 0 and nh: the balls overlap, radii < 1e-25"

for K in 1 2; do
    e2e_run flow "$DISK" --system reduced --order $K --eps 1/10 $PT --T 1/16,1/8 -o "$E2E_TMP/r$K.json"
    e2e_expect_rc 0 "reduced --order $K --eps 1/10"
    python3 - "$E2E_TMP/r$K.json" $K <<'PY'
import json, sys
from fractions import Fraction as F
from decimal import Decimal as D
def ball(s):
    s = s.strip("[]")
    mid, rad = (s.split("+/-") + ["0"])[:2]
    return F(D(mid.strip())), F(D(rad.strip()))
d = json.load(open(sys.argv[1]))
assert d["certified"] is True and d["system"] == "reduced" and d["order"] == int(sys.argv[2])
assert d["eps"] == "1/10" and len(d["points"]) == 2
for p, T in zip(d["points"], (F(1, 16), F(1, 8))):
    m, r = ball(p["q"]["theta"])
    assert abs(m - F(3, 4) * T) <= r and r < F(1, 10**25), p["q"]
    m, r = ball(p["v"]["theta"])
    assert abs(m - F(3, 4)) <= r, p["v"]
    assert all(ball(x)[1] < F(1, 10**25) for x in list(p["q"].values()) + list(p["v"].values()))
PY
    e2e_ok $? "order $K: theta = 3/4 t, v_theta = 3/4 contained at t = 1/16, 1/8; radii < 1e-25"
done

e2e_run flow "$DISK" --system reduced --order 5 --eps 1/10 $PT --T 1/16 -o "$E2E_TMP/o5.json"
e2e_expect_rc 1 "--order 5, beyond the supported 4"
e2e_run flow "$DISK" --system reduced --order 1 $PT --T 1/16
e2e_expect_rc 1 "--order 1 without --eps"
e2e_run flow "$CASES/damped_oscillator.nh" --system reduced --order 1 --eps 1/10 \
    --q y=1/2,z=0 --v y=1,z=0 --T 1/16 -o "$E2E_TMP/osc.json"
test "$E2E_RC" = 3 && grep -q "original class" "$E2E_TMP/err" && test ! -e "$E2E_TMP/osc.json" \
    && test ! -e "$E2E_TMP/o5.json"
e2e_ok $? "a damped (not linear autonomous) model: exit 3 naming the model class (got $E2E_RC); no output files"
e2e_done
