#!/bin/sh
# tests/e2e-flow-width.sh -- issue 33: the certified `flow --system nh` of
# the kv comparison (exact data: disk q = 0, v = (3/4, 5/8, 0, 5/4), T = 1;
# sleigh q = 0, v = (1/2, 0, 1/2), T = 1) at 128 bits, printed with 30
# digits (balls rounded outward), contains an independent integration:
# mpmath's odefun (Taylor series, 45 digits; the printed radii are
# >= 1e-31) of the equations written by
# hand -- disk: theta'' = 0, varphi'' = 0, x' = R cos(theta) varphi',
# y' = R sin(theta) varphi'; sleigh (m = I = 1, a = 1/5, contact point
# (x, y)): x' = u cos(phi), y' = u sin(phi), phi' = omega, u' = a omega^2,
# omega' = -a u omega / (1 + a^2).  The widths themselves (below 10x kv's
# affine integrator) are asserted by tests/t-flow_width (library call, the
# decimal output floors them here).
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 4

check() {
    python3 - "$E2E_TMP/out" "$1" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
from mpmath import mp, mpf, odefun, cos, sin
mp.dps = 45
d, case = json.load(open(sys.argv[1])), sys.argv[2]
pt = d["points"][-1]
T = mpf(pt["t"])
if case == "disk":
    R = mpf(1) / 2
    f = odefun(lambda t, y: [R * cos(3 * t / 4) * mpf(5) / 4, R * sin(3 * t / 4) * mpf(5) / 4],
               0, [mpf(0), mpf(0)])
    th = mpf(3) / 4 * T
    x, y = f(T)
    exact = {"q": {"theta": th, "x": x, "y": y, "varphi": mpf(5) / 4 * T},
             "v": {"theta": mpf(3) / 4, "x": R * cos(th) * mpf(5) / 4,
                   "y": R * sin(th) * mpf(5) / 4, "varphi": mpf(5) / 4}}
else:
    a = mpf(1) / 5
    f = odefun(lambda t, s: [s[3] * cos(s[2]), s[3] * sin(s[2]), s[4], a * s[4] ** 2,
                             -a * s[3] * s[4] / (1 + a * a)],
               0, [mpf(0), mpf(0), mpf(0), mpf(1) / 2, mpf(1) / 2])
    x, y, ph, u, om = f(T)
    exact = {"q": {"x": x, "y": y, "phi": ph},
             "v": {"x": u * cos(ph), "y": u * sin(ph), "phi": om}}
n = 0
for part in ("q", "v"):
    for k, e in exact[part].items():
        b = pt[part][k].strip("[]")
        mid, rad = (b.split("+/-") + ["0"])[:2]
        assert abs(mpf(mid) - e) <= mpf(rad), (part, k, b, e)
        n += 1
print(n)
PY
}

e2e_run flow "$CASES/vertical_disk.nh" --system nh --q theta=0 \
    --v theta=3/4,x=5/8,varphi=5/4 --T 1/2,1 --prec 128 --max-prec 128 --digits 30 --json
e2e_expect_rc 0 "flow --system nh, vertical disk, T = 1, 128 bits"
check disk
e2e_ok $? "disk: the balls at T = 1 contain mpmath's odefun (45 digits) and the closed form ($(cat "$E2E_TMP/py" | tail -1))"
e2e_run flow "$CASES/chaplygin_sleigh.nh" --system nh --q x=0,y=0,phi=0 \
    --v x=1/2,y=0,phi=1/2 --T 1/2,1 --prec 128 --max-prec 128 --digits 30 --json
e2e_expect_rc 0 "flow --system nh, Chaplygin sleigh, T = 1, 128 bits"
check sleigh
e2e_ok $? "sleigh: the balls at T = 1 contain mpmath's odefun (45 digits) ($(cat "$E2E_TMP/py" | tail -1))"
e2e_done
