#!/bin/sh
# tests/e2e-curvature-note.sh -- the curvature note where a user
# evaluates a model at a point (issue 16, "checks at the point"):
# `geometry`, `series` and `reduced` (like `nh`) say on stderr, and in
# JSON "curvature_vanishes", when the curvature of the constraint
# distribution D is zero within its balls at the point.
#  - holonomic: the one-form cos(y) dx - x sin(y) dy = d(x cos(y)) is
#    exact, so D = ker of it is integrable and its curvature is 0 at
#    every point (by hand: d of an exact form is 0): note, true;
#  - nonholonomic: the Chaplygin sleigh, -sin(phi) dx + cos(phi) dy, with
#    a ^ da = -(sin^2 + cos^2) dx ^ dy ^ dphi != 0 everywhere (by hand):
#    no note, false.
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 6

printf 'model holo\ncoordinates x, y, z\nmetric diagonal: 1, 2, 3\nconstraint: cos(y)*dx - x*sin(y)*dy\n' \
    >"$E2E_TMP/holo.nh"

note_check() {  # WANT(true|false) LABEL -- SUBCOMMAND ARGS...
    want=$1; label=$2; shift 3
    e2e_run "$@" --json
    rc=$E2E_RC
    if [ "$want" = true ]; then
        grep -q 'note: the curvature of the constraint distribution D.*may be holonomic' "$E2E_TMP/err"
    else
        ! grep -q 'may be holonomic' "$E2E_TMP/err"
    fi
    g=$?
    python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["curvature_vanishes"] is (sys.argv[2] == "true")' \
        "$E2E_TMP/out" "$want"
    j=$?
    [ "$rc" -eq 0 ] && [ "$g" -eq 0 ] && [ "$j" -eq 0 ]
    e2e_ok $? "$label"
}

HOLO="$E2E_TMP/holo.nh --q x=0.3,y=0.2 --v y=1,z=2"
SLEIGH="$CASES/chaplygin_sleigh.nh --q phi=0.3 --v x=1,phi=0.5"
for c in 'true holonomic one-form, note, curvature_vanishes true:HOLO' \
         'false Chaplygin sleigh, no note, curvature_vanishes false:SLEIGH'; do
    w=${c%% *}; lbl=${c#* }; lbl=${lbl%%:*}; which=${c##*:}
    eval "args=\$$which"
    # shellcheck disable=SC2086
    note_check "$w" "geometry, $lbl" -- geometry $args
    # shellcheck disable=SC2086
    note_check "$w" "series, $lbl" -- series $args --order 2
    # shellcheck disable=SC2086
    note_check "$w" "reduced, $lbl" -- reduced $args --k 1 --eps 1/100
done
e2e_done
