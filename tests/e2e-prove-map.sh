#!/bin/sh
# tests/e2e-prove-map.sh -- claims relating two models under a time-dependent
# point map g_t (issue 21, 003 Sec 3; doc/proofs.md "Two models and a map"):
# the checks have power (a map with a wrong rotation rate, and a moving-frame
# model with the wrong sign of its Coriolis term, are refuted), and bad input
# is refused with file:line:col and the documented exit code: a map with the
# wrong number of components (2), a map that uses a velocity (2), a case2 path
# leaving the tree (2), case2 without map (2), an unknown pair group (2), and a
# map whose dg_t is singular at the point (3).  Lemma 5.2 on the ball of 003
# Example 3.2 with a fixed-frame split whose vertical space does not
# correspond (dependent2: x, y) is refuted.
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 10

TOP=$E2E_TMP/top
mkdir -p "$TOP/models" "$TOP/docs"
MOD=$NH_TOP_SRCDIR/proofs/models
cp "$MOD/003_turntable_sleigh_fixed.nh" "$MOD/003_turntable_sleigh_moving.nh" "$TOP/models/"
# the moving file with the Coriolis term of the centre of mass of wrong sign
sed 's/^let ux = d(xc) - Om\*yc\*dt/let ux = d(xc) + Om*yc*dt/' "$MOD/003_turntable_sleigh_moving.nh" \
    >"$TOP/models/wrong_moving.nh"
if cmp -s "$TOP/models/wrong_moving.nh" "$MOD/003_turntable_sleigh_moving.nh"; then
    echo "Bail out! the Coriolis term of 003_turntable_sleigh_moving.nh was not found"
    exit 1
fi
printf 'k = 1\n' >"$E2E_TMP/outside.nh"

AL='W0*t + W1*t^2/2'
MAP="X = b1*sin(t) + cos($AL)*x - sin($AL)*y, Y = b2*t + sin($AL)*x + cos($AL)*y, Phi = phi + $AL"

# doc CASE MAP VERDICT [EXTRA-LINE]: one claim 'a' (Theorem 3.1) on line 3..
doc() {
    printf '# doc\n```claim\nid: a\ncase: %s\ncase2: models/003_turntable_sleigh_fixed.nh\nmap: %s\ndependent: y\nquantity: acc_lagrange\nlhs: [qddot_X, qddot_Y, qddot_Phi, res_Q_1]\nformula: [acc_Q_X, acc_Q_Y, acc_Q_Phi, 0]\npoints: 3\nseed: 5\n%bverdict: %s\n```\n' \
        "$1" "$2" "$4" "$3" >"$TOP/docs/x.md"
}

doc models/003_turntable_sleigh_moving.nh "$MAP" holds
e2e_run prove "$TOP/docs/x.md"
e2e_expect_rc 0 "Theorem 3.1 on the turntable pair holds"

doc models/003_turntable_sleigh_moving.nh "$(echo "$MAP" | sed 's/W0\*t/(W0 + 1\/10)*t/g')" refuted
e2e_run prove "$TOP/docs/x.md"
e2e_expect_rc 0 "a map with the wrong rotation rate is refuted"

doc models/wrong_moving.nh "$MAP" refuted
e2e_run prove "$TOP/docs/x.md"
e2e_expect_rc 0 "a moving-frame model with the wrong Coriolis sign is refuted"

# err_case RC ERE DESCRIPTION: the last run exited RC, stderr matches ERE
err_case() {
    if [ "$E2E_RC" -eq "$1" ] && grep -Eq -- "$2" "$E2E_TMP/err"; then
        e2e_ok 0 "$3 (exit $1)"
    else
        e2e_ok 1 "$3 (expected exit $1 and '$2', got $E2E_RC)"
        sed 's/^/#   stderr: /' "$E2E_TMP/err" | head -3
    fi
}

doc models/003_turntable_sleigh_moving.nh "X = x, Y = y" holds
e2e_run prove "$TOP/docs/x.md"
err_case 2 "x\.md:6:6: map: 2 components for the 3 coordinates .*'Phi' is missing" "a map with two components"

doc models/003_turntable_sleigh_moving.nh "X = x + t*v_x, Y = y, Phi = phi" holds
e2e_run prove "$TOP/docs/x.md"
err_case 2 "x\.md:6:16: map: component 'X' uses the velocity 'v_x'" "a map that uses a velocity"

doc models/003_turntable_sleigh_moving.nh "$MAP" holds
sed 's#^case2: .*#case2: ../outside.nh#' "$TOP/docs/x.md" >"$TOP/docs/y.md"
e2e_run prove "$TOP/docs/y.md"
err_case 2 "y\.md:5:8: claim 'a': case2: path '\.\./outside\.nh' leads outside the top directory" "a case2 path leaving the tree"

grep -v '^map:' "$TOP/docs/x.md" >"$TOP/docs/y.md"
e2e_run prove "$TOP/docs/y.md"
err_case 2 "y\.md:2: claim 'a': 'case2:' needs 'map:'" "case2 without map"

doc models/003_turntable_sleigh_moving.nh "$MAP" holds 'pair: map, speed\n'
e2e_run prove "$TOP/docs/x.md"
err_case 2 "x\.md:13:7: pair: unknown group 'speed'" "an unknown pair group"

doc models/003_turntable_sleigh_moving.nh "X = x^3 + y, Y = y, Phi = phi" holds 'fix: x = 0\n'
e2e_run prove "$TOP/docs/x.md"
err_case 3 "x\.md:6:6: map: dg_t is singular at x = \(0, " "dg_t singular at the point"

# Lemma 5.2 (claim 003-lem5.2 of proofs/003-jovanovic.md) with the split
# (x, y) of the fixed frame: refuted
mkdir -p "$TOP/cases"
cp "$CASES/rotating_plane_ball.nh" "$TOP/cases/"
cp "$MOD/003_rotating_table_ball_moving.nh" "$TOP/proofs_models_ball.nh"
awk '/^```claim$/ { inblk = 1; buf = "" } inblk { buf = buf $0 "\n" }
     /^```$/ && inblk { inblk = 0; if (buf ~ /id: 003-lem5.2\n/) printf "# doc\n%s", buf }' \
    "$NH_TOP_SRCDIR/proofs/003-jovanovic.md" |
    sed -e 's#^case: .*#case: proofs_models_ball.nh#' -e 's#^dependent2: .*#dependent2: x, y#' \
        -e 's#^verdict: holds#verdict: refuted#' >"$TOP/docs/z.md"
if grep -q 'dependent2: x, y' "$TOP/docs/z.md"; then
    e2e_run prove "$TOP/docs/z.md"
    e2e_expect_rc 0 "Lemma 5.2 with a fixed-frame split that does not correspond is refuted"
else
    e2e_ok 1 "claim 003-lem5.2 not found in proofs/003-jovanovic.md"
fi

e2e_done
