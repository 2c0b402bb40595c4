#!/bin/sh
# tests/e2e-flow-stiff-cases.sh -- the full system at eps = 1/1000 through
# its slow manifold (the default of `nhoracle flow --system full`,
# doc/flow.md "Stiff flows through the slow manifold") against the Taylor
# method throughout (--no-slow-manifold), a second certified method with
# other steps, other coordinates and no slow-manifold argument: from the
# documented point of cases/flow-points.txt, T = 1/4, 128 bits, both must
# succeed and every pair of balls at T must meet.  make check runs three
# cases (data in D, a potential, a pendulum: each about 2 s by the Taylor
# method); SLOW_TESTS=1 (make nightly) every case of cases/flow-points.txt
# whose model the full system accepts (a few minutes).
. "$(dirname "$0")/e2e-lib.sh"

if [ "${SLOW_TESTS:-0}" -gt 0 ] 2>/dev/null; then
    LIST=$(grep -v '^#' "$CASES/flow-points.txt" | awk 'NF >= 3 { print $1 }')
else
    LIST="chaplygin_sleigh.nh linear_slow.nh pendulum_radial_friction.nh"
fi
set -- $LIST
e2e_plan $#
for f in $LIST; do
    line=$(grep "^$f " "$CASES/flow-points.txt")
    q=$(echo "$line" | awk '{ print $2 }')
    v=$(echo "$line" | awk '{ print $3 }')
    ARGS="--system full --eps 1/1000 --q $q --v $v --T 1/4 --prec 128 --max-prec 128 --digits 25 --json"
    e2e_run flow "$CASES/$f" $ARGS
    ra=$E2E_RC
    cp "$E2E_TMP/out" "$E2E_TMP/a.json"
    e2e_run flow "$CASES/$f" $ARGS --no-slow-manifold
    rb=$E2E_RC
    cp "$E2E_TMP/out" "$E2E_TMP/b.json"
    if [ "$ra" = 3 ] && [ "$rb" = 3 ]; then
        e2e_skip "$f" "the full system does not accept this model (exit 3 both ways)"
        continue
    fi
    [ "$ra" = 0 ] && [ "$rb" = 0 ] && python3 - "$E2E_TMP/a.json" "$E2E_TMP/b.json" <<'PY'
import json, sys
from fractions import Fraction as F
from decimal import Decimal as D
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def ball(s):
    s = s.strip("[]")
    mid, rad = (s.split("+/-") + ["0"])[:2]
    return F(D(mid.strip())), F(D(rad.strip()))
for key in ("q", "v"):
    for k, s in a["points"][-1][key].items():
        (ma, ra), (mb, rb) = ball(s), ball(b["points"][-1][key][k])
        assert abs(ma - mb) <= ra + rb, (key, k, s, b["points"][-1][key][k])
sm = a.get("slow_manifold")
print("# %s: %s steps (%s along the slow manifold) against %s" % (
    sys.argv[1], a["steps"], sm["steps"] if sm else "none", b["steps"]))
PY
    e2e_ok $? "$f: exit 0 both ways ($ra, $rb), the balls at T = 1/4 meet"
done
e2e_done
