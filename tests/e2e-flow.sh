#!/bin/sh
# tests/e2e-flow.sh -- nhoracle flow (certified trajectories, doc/flow.md).
# Independent truth: the free vertical disk's nonholonomic motion has
# theta and varphi linear in t (derived in tests/t-flow_certified.c), so
# with rational data theta(T), varphi(T) are exact rationals that each
# printed ball must contain; the bad-input exits of doc/exit-codes.md.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
e2e_plan 9

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

# a pole ahead: G_yy = 1/(1 - x) with x = t (y is held by the constraint),
# singular at t = 1: the run must stop at a time <= 1 with exit 4 or 7
cat > "$E2E_TMP/sing.nh" <<'NH'
model pole_ahead
coordinates x, y
metric diagonal: 1, 1/(1 - x)
constraint: dy
NH
e2e_run flow "$E2E_TMP/sing.nh" --system nh --q x=0,y=0 --v x=1,y=0 --T 2 --prec 64 --max-prec 64 -o "$E2E_TMP/s.json"
rc=$E2E_RC
tr=$(sed -n 's/.*certified integration stopped at t = \([0-9.e+-]*\).*/\1/p' "$E2E_TMP/err" | head -1)
test "$rc" = 4 -o "$rc" = 7 && test ! -e "$E2E_TMP/s.json" && python3 -c "import sys; t = float(sys.argv[1]); sys.exit(not (0 < t <= 1))" "$tr"
e2e_ok $? "pole at t = 1: exit 4 or 7 (got $rc), stopped at t = $tr <= 1, width named, no output file"

e2e_run flow "$DISK" --q theta=0 --T 1
e2e_expect_rc 1 "missing --system: exit 1"
e2e_run flow "$DISK" --system reduced --order 5 --eps 1/10 --T 1
e2e_expect_rc 1 "reduced --order 5 beyond the certified orders (0..4): exit 1"
e2e_done
