#!/bin/sh
# tests/e2e-model-lang.sh -- the model language of issue 16 from the
# command line (doc/model-format.md "Derived parameters"): --param a=...
# re-evaluates the parameters defined from a (values checked against
# the hand values m R^2/4, m R^2/2), the JSON output lists the values
# actually used, overriding a derived parameter says so on stderr, and
# a kinetic energy that is not positive definite is exit 3 naming it.
. "$(dirname "$0")/e2e-lib.sh"

T=$E2E_TMP
e2e_plan 6

printf '%s\n' 'model disk_k' 'coordinates theta, x, y, varphi' \
    'parameter m = 1' 'parameter R = 0.5' 'parameter I = m*R^2/4' 'parameter J = m*R^2/2' \
    'kinetic: 1/2*(I*dtheta^2 + m*(dx^2 + dy^2) + J*dvarphi^2)' \
    'constraint: dx - R*cos(theta)*dvarphi' 'constraint: d(y) - R*sin(theta)*dvarphi' >"$T/disk.nh"

# R = 3, m = 2: I = 2*9/4 = 9/2, J = 2*9/2 = 9 (by hand)
e2e_run geometry "$T/disk.nh" --param R=3 --param m=2 --json
e2e_expect_rc 0 "geometry with --param R=3 --param m=2"
tr -d ' \n' <"$T/out" | grep -q '"parameters":{"m":"2","R":"3","I":"9/2","J":"9"}'
e2e_ok $? "JSON lists the re-evaluated derived parameters I = 9/2, J = 9"
grep -q 'note: --param' "$T/err"
[ $? -ne 0 ]
e2e_ok $? "no note when only base parameters are set"

e2e_run geometry "$T/disk.nh" --param J=5 --param R=1 --json
tr -d ' \n' <"$T/out" | grep -q '"parameters":{"m":"1","R":"1","I":"1/4","J":"5"}'
e2e_ok $? "J set directly stays 5, I follows R = 1 (1/4)"
grep -q "^nhoracle: note: --param J overrides a derived parameter" "$T/err"
e2e_ok $? "overriding a derived parameter says so on stderr"

e2e_run geometry "$T/disk.nh" --param J=-1
grep -q "kinetic energy T (.*disk.nh:7:1) is not positive definite at q = (" "$T/err" && [ "$E2E_RC" -eq 3 ]
e2e_ok $? "kinetic energy not positive definite: exit 3 naming it (exit $E2E_RC)"
e2e_done
