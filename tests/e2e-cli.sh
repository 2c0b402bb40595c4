#!/bin/sh
# tests/e2e-cli.sh -- nhoracle command line: help, version, option
# validation (usage errors exit 1), geometry and reduced subcommands.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
e2e_plan 23

e2e_run --help
e2e_expect_rc 0 "nhoracle --help"
grep -q '^Usage: nhoracle SUBCOMMAND' "$E2E_TMP/out"; e2e_ok $? "--help prints the usage line"

e2e_run --version
e2e_expect_rc 0 "nhoracle --version"
grep -q '^nhoracle [0-9]' "$E2E_TMP/out"; e2e_ok $? "--version prints 'nhoracle VERSION'"

for sub in geometry series reduced; do
    e2e_run $sub --help
    e2e_expect_rc 0 "nhoracle $sub --help"
done

e2e_run
e2e_expect_rc 1 "no arguments"
e2e_run frobnicate "$DISK"
e2e_expect_rc 1 "unknown subcommand"
grep -q "unknown subcommand 'frobnicate'" "$E2E_TMP/err"; e2e_ok $? "unknown subcommand is named"
e2e_run series "$DISK" --no-such-option
e2e_expect_rc 1 "unknown option"
e2e_run series "$DISK" --order 0
e2e_expect_rc 1 "--order 0 rejected"
e2e_run series "$DISK" --order 100000
e2e_expect_rc 1 "absurd --order rejected"
e2e_run series "$DISK" --prec 8
e2e_expect_rc 1 "--prec below 32 rejected"
e2e_run series "$DISK" --digits 0
e2e_expect_rc 1 "--digits 0 rejected"
e2e_run reduced "$DISK" --k 1
e2e_expect_rc 1 "reduced without --eps"
e2e_run series "$DISK" --q 'nosuchcoord=1'
e2e_expect_rc 1 "unknown coordinate name in --q"
e2e_run series
e2e_expect_rc 1 "missing model file"

# geometry: JSON with the documented keys; P + P_perp = I and P_perp A^T...
e2e_run geometry "$DISK" --q 'theta=0.3' --v 'theta=1,varphi=2' --json
e2e_expect_rc 0 "geometry --json"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = len(d["coordinates"])
def mid(s):
    s = s.strip("[]").split("+/-")[0].strip()
    return float(s) if s else 0.0
for key in ["G", "A", "mu_bar", "P", "P_perp", "FR_sharp", "Q", "nabla_v_P", "nabla_v_P_perp"]:
    assert key in d, key
for key in ["G", "P", "P_perp", "FR_sharp", "Q", "nabla_v_P", "nabla_v_P_perp"]:
    assert len(d[key]) == n and all(len(r) == n for r in d[key]), key
assert isinstance(d["Gamma"], list) and len(d["grad_V"]) == n
# identities (independent of the implementation): P + P_perp = I,
# nabla_v P + nabla_v P_perp = 0 (covariant derivative of the identity)
for i in range(n):
    for j in range(n):
        assert abs(mid(d["P"][i][j]) + mid(d["P_perp"][i][j]) - (i == j)) < 1e-12
        assert abs(mid(d["nabla_v_P"][i][j]) + mid(d["nabla_v_P_perp"][i][j])) < 1e-12
PY
e2e_ok $? "geometry JSON: keys, shapes, P + P_perp = I, nabla_v(P + P_perp) = 0"

e2e_run reduced "$DISK" --q 'theta=0.3' --v 'theta=1,varphi=2' --eps 1/100 --k 1 --json
e2e_expect_rc 0 "reduced --json"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = len(d["coordinates"])
for key in ["qdot", "vDdot", "vdot", "vD"]:
    assert len(d[key]) == n, key
assert len(d["h"]) == 2
PY
e2e_ok $? "reduced JSON has qdot, vDdot, vdot, vD and h^(1..k+1)"

# a malformed --t is a usage error on every model (it used to be ignored
# on linear time-independent models)
e2e_run reduced "$DISK" --q 'theta=0.3' --v 'theta=1,varphi=2' --eps 1/100 --k 1 --t abc
e2e_expect_rc 1 "reduced --t abc on a time-independent model"

e2e_done
