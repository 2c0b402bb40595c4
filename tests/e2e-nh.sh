#!/bin/sh
# tests/e2e-nh.sh -- nhoracle nh: JSON contract, agreement of the routes,
# an independent value check (closed form of the 002 Sec 8 disk, derived
# by hand below), time-dependent cases, options and errors.
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 15

e2e_run nh "$CASES/vertical_disk.nh" --q 'theta=0.3,varphi=0.1' --v 'theta=0.7,varphi=1.3' --json
e2e_expect_rc 0 "nh vertical_disk --json"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = len(d["coordinates"])
for k in ["acc_lagrange", "acc_voronets", "acc_connection", "lambda_connection"]:
    assert len(d[k]) == n, k
assert d["agree"] is True
assert d["linear_autonomous"] is True
assert d["dependent"] == ["x", "y"] and d["independent"] == ["theta", "varphi"], (d["dependent"], d["independent"])
for k in ["route1_route3", "route1_route2", "route2_route3", "curvature_ab", "curvature_a"]:
    assert d["agreement"][k]["verdict"] == "agree", k
for k in ["multipliers", "B_ab", "B_a", "B_ab_brackets", "B_a_brackets", "t", "q", "v"]:
    assert k in d, k
PY
e2e_ok $? "JSON: accelerations by 3 routes, all agree, curvature and multipliers present"

# Independent check (002 Sec 8, G = I, xdot = cos(phi) thetadot,
# ydot = sin(phi) thetadot).  Lagrange-d'Alembert by hand: xdd = l1,
# ydd = l2, phidd = 0, thetadd = -cos(phi) l1 - sin(phi) l2; the time
# derivative of the constraints gives thetadd = -thetadd, so thetadd = 0,
# xdd = -sin(phi) phid thetad, ydd = cos(phi) phid thetad.
e2e_run nh "$CASES/vertical_disk_002.nh" --q 'phi=0.5,x=1,y=2,theta=3' --v 'phi=0.4,theta=0.9' --json --digits 20
e2e_expect_rc 0 "nh vertical_disk_002"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys, re, math
d = json.load(open(sys.argv[1]))
def mid(s):
    if s.startswith("[+/-"):
        return 0.0
    m = re.match(r"^\[([-+0-9.e]+) \+/- ([0-9.e+-]+)\]$", s)
    return float(m.group(1)) if m else float(s)
c = d["coordinates"]
want = {"x": -math.sin(0.5) * 0.4 * 0.9, "y": math.cos(0.5) * 0.4 * 0.9, "phi": 0.0, "theta": 0.0}
for key in ["acc_lagrange", "acc_voronets", "acc_connection"]:
    for i, name in enumerate(c):
        assert abs(mid(d[key][i]) - want[name]) < 1e-14, (key, name, d[key][i])
PY
e2e_ok $? "002 disk: accelerations of all routes = closed form"

e2e_run nh "$CASES/rotating_plane_ball.nh" --q 'x=0.3,y=-0.2,psi=0.4,phi=0.5,theta=1.1' \
    --v 'x=0.7,y=0.2,psi=1.1' --t 0.6 --dependent phi,theta --json
e2e_expect_rc 0 "nh rotating_plane_ball --t 0.6 --dependent phi,theta"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["dependent"] == ["phi", "theta"]
assert d["linear_autonomous"] is False and "acc_connection" not in d
assert d["agree"] is True
PY
e2e_ok $? "time-dependent ball: route 2 not applicable, routes 1 and 3 and curvatures agree"

e2e_run nh "$CASES/disc_variable_circle.nh" --q 'phi=0.5' --v 'phi=0.4' --t 1/3 --dependent psi
e2e_expect_rc 0 "nh disc_variable_circle (text)"
grep -q '^verdict: routes agree' "$E2E_TMP/out"
e2e_ok $? "text output ends with the verdict"

e2e_run nh "$CASES/disc_variable_circle.nh" --dependent chi
e2e_expect_rc 1 "unknown --dependent coordinate"

e2e_run nh "$CASES/rotating_plane_ball.nh" --dependent phi
e2e_expect_rc 1 "wrong number of --dependent coordinates"

e2e_run geometry "$CASES/disc_variable_circle.nh"
e2e_expect_rc 3 "geometry refuses a time-dependent model"

# route 4: 002 Sec 8.1's ghat (alpha = 42) is a geodesic extension; the
# original metric g (the case file itself) is not.
e2e_run nh "$CASES/vertical_disk_002.nh" --q 'phi=0.5,theta=0.2' --v 'phi=0.4,theta=0.9' \
    --ghat "$CASES/vertical_disk_002_ghat.nh" --json
e2e_expect_rc 0 "nh --ghat vertical_disk_002_ghat.nh"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["agreement"]["route1_route4"]["verdict"] == "agree"
assert d["geodesic_extension_at_point"] is True and len(d["acc_geodesic"]) == 4
PY
e2e_ok $? "002 ghat: geodesic acceleration = nonholonomic acceleration"

e2e_run nh "$CASES/vertical_disk_002.nh" --q 'phi=0.5,theta=0.2' --v 'phi=0.4,theta=0.9' \
    --ghat "$CASES/vertical_disk_002.nh" --json
e2e_expect_rc 0 "nh --ghat = g (not an extension; exit 0)"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["agreement"]["route1_route4"]["verdict"] == "disagree"
assert d["geodesic_extension_at_point"] is False and d["agree"] is True
PY
e2e_ok $? "ghat = g: route 4 disagrees (certified), nonholonomic routes still agree"

e2e_done
