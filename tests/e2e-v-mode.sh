#!/bin/sh
# tests/e2e-v-mode.sh -- issue 29: one meaning of the velocity of a point.
# The vertical disk at theta = 0 (G = diag(1/16, 1, 1, 1/8), R = 1/2,
# constraints x' = varphi'/2, y' = 0 there) and v = (1/2, -1/2, 1/3, 2):
#   project:  c = (v_x/2 + v_varphi/8) / (1/4 + 1/8) = 0, so P v =
#             (1/2, 0, 0, 0): x, y, varphi change;
#   complete: the dependents are (x, y) (largest |det|), x' = varphi'/2
#             = 1, y' = 0: x and y change;
#   require:  A v = (-3/2, 1/3) != 0: refused.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
Q="theta=0"
V="theta=1/2,x=-1/2,y=1/3,varphi=2"
e2e_plan 13

e2e_run series "$DISK" --q "$Q" --v "$V" --order 1 --json
e2e_expect_rc 0 "series (default project)"
e2e_py "$E2E_TMP/out" <<'PY'
d = json.load(open(sys.argv[1]))
ch = {c["coordinate"]: c for c in d["v_changed"]}
ok = d["v_mode"] == "project" and sorted(ch) == ["varphi", "x", "y"] \
    and ch["y"]["given"] == "1/3" and abs(mid(ch["y"]["used"])) < 1e-15 \
    and abs(mid(ch["varphi"]["used"])) < 1e-15 and ch["x"]["why"] == "projected onto the constraints"
sys.exit(0 if ok else 1)
PY
e2e_ok $? "series: x, y, varphi projected to 0 (JSON v_changed)"
grep -q '^nhoracle: note: v_y changed from 1/3 to 0 (projected onto the constraints)$' "$E2E_TMP/err"
e2e_ok $? "series: the stderr note of v_y"

e2e_run nh "$DISK" --q "$Q" --v "$V" --json
e2e_expect_rc 0 "nh (default complete)"
e2e_py "$E2E_TMP/out" <<'PY'
d = json.load(open(sys.argv[1]))
ch = {c["coordinate"]: c for c in d["v_changed"]}
ok = d["v_mode"] == "complete" and sorted(ch) == ["x", "y"] and ch["x"]["given"] == "-1/2" \
    and abs(mid(ch["x"]["used"]) - 1) < 1e-14 and abs(mid(ch["y"]["used"])) < 1e-15
sys.exit(0 if ok else 1)
PY
e2e_ok $? "nh: x completed to 1, y to 0"
grep -q '^nhoracle: note: v_x changed from -1/2 to 1' "$E2E_TMP/err"
e2e_ok $? "nh: the stderr note of v_x"

e2e_run nh "$DISK" --q "$Q" --v "$V" --v-mode project --json
e2e_py "$E2E_TMP/out" <<'PY'
d = json.load(open(sys.argv[1]))
ch = {c["coordinate"]: c for c in d["v_changed"]}
sys.exit(0 if d["v_mode"] == "project" and sorted(ch) == ["varphi", "x", "y"] else 1)
PY
e2e_ok $? "nh --v-mode project: the same three components as series"

e2e_run series "$DISK" --q "$Q" --v "$V" --order 1 --v-mode require
test "$E2E_RC" -eq 1 && grep -q 'violates constraint 1' "$E2E_TMP/err" && test ! -s "$E2E_TMP/out"
e2e_ok $? "series --v-mode require: exit 1 naming the constraint, no output"

e2e_run nh "$DISK" --q "$Q" --v theta=1/2,x=1,varphi=2 --v-mode require
test "$E2E_RC" -eq 0 && ! grep -q 'note: v_' "$E2E_TMP/err"
e2e_ok $? "a velocity in D: accepted by require, nothing noted"

e2e_run geometry "$DISK" --q "$Q" --v "$V" --v-mode project
test "$E2E_RC" -eq 1 && grep -q 'not an option of this subcommand' "$E2E_TMP/err"
e2e_ok $? "geometry refuses --v-mode (exit 1)"
# flow --system nh on the disc on a variable circle (time-dependent): at
# t = 0 the constraint is r psi' = (R0 + r) phi', (1/4) psi' = (5/4) phi';
# the dependent velocity is phi' (|5/4| > |1/4|), so phi' = psi'/5 = 0
e2e_run flow "$CASES/disc_variable_circle.nh" --system nh --q phi=3/10 --v phi=2 --T 1/10 --json
test "$E2E_RC" -eq 0 && grep -q '^nhoracle: note: v_phi changed from 2 to 0 (completed from the constraints)$' "$E2E_TMP/err"
e2e_ok $? "flow --system nh: v_phi 2 -> 0 noted (issue 29's example)"

e2e_run slowmanifold "$CASES/chaplygin_sleigh.nh" --q phi=0.4 --v x=0.9,y=0.2 --eps 1/100,1/200,1/400 \
    --order 1 --quiet --v-mode require
test "$E2E_RC" -eq 1 && grep -q 'violates constraint' "$E2E_TMP/err"
e2e_ok $? "slowmanifold --v-mode require refuses a v off D (exit 1)"
# flow --system full --v-mode complete on the disk at theta = 0.3:
# x' = R cos(theta) varphi' = cos(0.3), y' = sin(0.3)
e2e_run flow "$DISK" --system full --eps 1/10 --q theta=0.3 --v theta=1,x=1,varphi=2 --T 1/10 \
    --v-mode complete --json
e2e_py "$E2E_TMP/out" <<'PY'
import math
d = json.load(open(sys.argv[1]))
ch = {c["coordinate"]: c for c in d["v_changed"]}
ok = d["v_mode"] == "complete" and sorted(ch) == ["x", "y"] \
    and abs(mid(ch["x"]["used"]) - math.cos(0.3)) < 1e-14 \
    and abs(mid(ch["y"]["used"]) - math.sin(0.3)) < 1e-14
sys.exit(0 if ok else 1)
PY
e2e_ok $? "flow --system full --v-mode complete: (x, y) = (cos 0.3, sin 0.3)"
e2e_done
