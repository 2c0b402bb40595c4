#!/bin/sh
# tests/e2e-robust.sh -- hostile and degenerate inputs to nhoracle (issue
# 6): every case must end with its documented exit status
# (doc/exit-codes.md), a one-line "nhoracle: " message containing what
# identifies the problem (the option, file:line:col, or the quantity and
# the point), nothing on standard output and no output file -- never a
# crash (exit >= 128), a sanitizer report or a hang.
#
# The same run writes the table of doc/robustness.md (classes of bad
# input, number of cases, observed behaviour) to
# $NH_TOP_BUILDDIR/robustness-table.md; the last test point fails if the
# committed doc/robustness.md has a different table (regenerate it with
# `make robustness-doc`, which runs this script with
# NH_ROBUST_UPDATE_DOC=1).
#
# To add a class of bad input (e.g. for a new reader): add rb_class
# "<name>" "<expected>" and rb_case lines below, then `make
# robustness-doc`.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
SLEIGH=$CASES/chaplygin_sleigh.nh
DOC=$NH_TOP_SRCDIR/doc/robustness.md
TABLE=$NH_TOP_BUILDDIR/robustness-table.md
T=$E2E_TMP

# ---- case machinery -------------------------------------------------------
rb_rows=$T/rows          # one line per class: name|expected|cases|ok|codes
rb_detail=$T/detail      # one line per case
: >"$rb_rows"
: >"$rb_detail"
rb_cname="" rb_cexp="" rb_cn=0 rb_cok=0 rb_codes=""

rb_flush() {
    if [ -n "$rb_cname" ]; then
        printf '%s|%s|%s|%s|%s\n' "$rb_cname" "$rb_cexp" "$rb_cn" "$rb_cok" "$rb_codes" >>"$rb_rows"
    fi
}

# rb_class NAME EXPECTED-BEHAVIOUR
rb_class() {
    rb_flush
    rb_cname=$1 rb_cexp=$2 rb_cn=0 rb_cok=0 rb_codes=""
    printf '\n**%s** (expected: %s)\n\n' "$1" "$2" >>"$rb_detail"
}

# rb_note_code RC: add RC to the class's list of observed exit codes
rb_note_code() {
    case " $rb_codes " in
        *" $1 "*) ;;
        *) rb_codes=$(echo $rb_codes $1 | tr ' ' '\n' | sort -n | tr '\n' ' ' | sed 's/ $//') ;;
    esac
}

# rb_case RC REGEX DESCRIPTION -- NHORACLE-ARGS...
#   RC: expected exit status; REGEX: extended regexp that the first
#   stderr line must match (after "nhoracle: ").  Also: stdout empty, rc
#   < 128.  A file $T/out.o must not exist afterwards (pass -o $T/out.o
#   to check that no output file is left).
rb_case() {
    rc_exp=$1 re=$2 desc=$3
    shift 4
    rm -f "$T/out.o"
    "$NHORACLE" "$@" >"$T/out" 2>"$T/err" </dev/null
    rc=$?
    first=$(grep -v '^nhoracle: note: ' "$T/err" | grep -v '^nhoracle: raising working precision' | head -n 1)
    ok=0 why=""
    if [ "$rc" -ne "$rc_exp" ]; then ok=1 why="exit $rc, expected $rc_exp"; fi
    if [ "$ok" -eq 0 ] && ! printf '%s\n' "$first" | grep -Eq "^nhoracle: .*($re)"; then
        ok=1 why="message '$first' does not match /$re/"
    fi
    if [ "$ok" -eq 0 ] && [ -s "$T/out" ]; then ok=1 why="standard output not empty"; fi
    if [ "$ok" -eq 0 ] && [ -e "$T/out.o" ]; then ok=1 why="output file left behind"; fi
    if [ "$ok" -eq 0 ] && ls "$T" | grep -q '\.tmp\.'; then ok=1 why="temporary file left behind"; fi
    e2e_ok $ok "$rb_cname: $desc (exit $rc)${why:+: $why}"
    [ "$ok" -eq 0 ] || sed 's/^/#   stderr: /' "$T/err" | head -n 5
    rb_cn=$((rb_cn + 1))
    [ "$ok" -eq 0 ] && rb_cok=$((rb_cok + 1))
    rb_note_code "$rc"
    printf -- '- %s: exit %s%s\n' "$desc" "$rc" "$( [ "$ok" -eq 0 ] || echo " **UNEXPECTED** ($why)")" >>"$rb_detail"
}

# rb_any DESCRIPTION -- ARGS: any documented outcome is fine (0, or 1..8
# with a "nhoracle: " message), but no crash (>= 128) and no output on
# failure.  For corpus replay, where the "right" answer is not known.
rb_any() {
    desc=$1
    shift 2
    "$NHORACLE" "$@" >"$T/out" 2>"$T/err" </dev/null
    rc=$?
    ok=0 why=""
    if [ "$rc" -gt 8 ]; then ok=1 why="exit $rc (crash or signal?)"
    elif [ "$rc" -ne 0 ]; then
        grep -q '^nhoracle: ' "$T/err" || { ok=1 why="no 'nhoracle: ' message"; }
        [ ! -s "$T/out" ] || [ "$rc" -eq 8 ] || { ok=1 why="output printed on failure"; }
    fi
    e2e_ok $ok "$rb_cname: $desc (exit $rc)${why:+: $why}"
    [ "$ok" -eq 0 ] || sed 's/^/#   stderr: /' "$T/err" | head -n 5
    rb_cn=$((rb_cn + 1))
    [ "$ok" -eq 0 ] && rb_cok=$((rb_cok + 1))
    rb_note_code "$rc"
    printf -- '- %s: exit %s%s\n' "$desc" "$rc" "$( [ "$ok" -eq 0 ] || echo " **UNEXPECTED** ($why)")" >>"$rb_detail"
}

# model file from printf format
mk() { printf "$2" >"$T/$1"; }
H3='model t\ncoordinates x, y, z\n'


# ---- command line ------------------------------------------------------------
rb_class "command-line options" "exit 1, message names the option"
rb_case 1 "unknown subcommand" "unknown subcommand" -- frobnicate "$DISK"
rb_case 1 "unknown option" "unknown option --frobnicate" -- geometry "$DISK" --frobnicate
rb_case 1 "requires an argument" "option without its argument" -- geometry "$DISK" --prec
rb_case 1 "missing model file" "no model file" -- geometry
rb_case 1 "unexpected argument" "two model files" -- geometry "$DISK" "$DISK"
rb_case 1 "--prec.*out of range" "--prec 0" -- geometry "$DISK" --prec 0
rb_case 1 "--prec.*out of range" "--prec 31 (below the minimum 32)" -- geometry "$DISK" --prec 31
rb_case 1 "--prec.*out of range" "--prec 1000001 (above the maximum)" -- geometry "$DISK" --prec 1000001
rb_case 1 "--prec.*not an integer" "--prec 99999999999999999999999 (overflow)" -- geometry "$DISK" --prec 99999999999999999999999
rb_case 1 "--prec.*not an integer" "--prec abc" -- geometry "$DISK" --prec abc
rb_case 1 "--prec.*out of range" "--prec -64" -- geometry "$DISK" --prec -64
rb_case 1 "--digits.*out of range" "--digits 0" -- geometry "$DISK" --digits 0
rb_case 1 "--digits.*out of range" "--digits 10001" -- geometry "$DISK" --digits 10001
rb_case 1 "--max-prec.*below --prec" "--max-prec below --prec" -- geometry "$DISK" --prec 128 --max-prec 64
rb_case 1 "--param: expected NAME=VALUE" "--param without '='" -- geometry "$DISK" --param m
rb_case 1 "--param.*division by zero" "--param m=1/0" -- geometry "$DISK" --param m=1/0
rb_case 1 "--param.*not a rational" "--param m=abc" -- geometry "$DISK" --param m=abc
rb_case 1 "--param.*nosuch" "--param of an unknown parameter" -- geometry "$DISK" --param nosuch=1
rb_case 1 "--timeout.*out of range" "--timeout 0" -- geometry "$DISK" --timeout 0
rb_case 1 "--timeout.*not an integer" "--timeout 1.5" -- geometry "$DISK" --timeout 1.5
rb_case 1 "--max-memory.*out of range" "--max-memory 1 (below 16 MB)" -- geometry "$DISK" --max-memory 1
rb_case 1 "-o: empty file name" "-o ''" -- geometry "$DISK" -o ""
rb_case 1 "--order.*out of range" "series --order 0" -- series "$DISK" --order 0
rb_case 1 "--order.*out of range" "series --order 65" -- series "$DISK" --order 65
rb_case 1 "--order" "series --order 99999999999999999999" -- series "$DISK" --order 99999999999999999999
params=""
i=0
while [ $i -lt 65 ]; do params="$params --param m=1"; i=$((i + 1)); done
# shellcheck disable=SC2086
rb_case 1 "--param: at most" "65 --param overrides" -- geometry "$DISK" $params

# ---- point specs -----------------------------------------------------------
rb_class "point specs --q / --v" "exit 1, message names --q/--v and the offending part"
rb_case 1 "--q.*(unknown|nosuch)" "unknown coordinate" -- geometry "$DISK" --q nosuch=1
rb_case 1 "--q" "missing value 'theta='" -- geometry "$DISK" --q 'theta='
rb_case 1 "--q.*division by zero" "theta=1/0" -- geometry "$DISK" --q 'theta=1/0'
rb_case 1 "--q" "theta=abc" -- geometry "$DISK" --q 'theta=abc'
rb_case 1 "--q" "missing name '=1'" -- geometry "$DISK" --q '=1'
rb_case 1 "--v" "separators only ',,,'" -- geometry "$DISK" --v ',,,'
rb_case 1 "--q.*(too|exponent)" "theta=1e-99999 (exponent too large)" -- geometry "$DISK" --q 'theta=1e-99999'
long=$(printf '%01200d' 7)
rb_case 1 "--q.*too long" "a 1200-digit number" -- geometry "$DISK" --q "theta=$long"
rb_case 1 "--q.*theta" "theta given twice" -- geometry "$DISK" --q 'theta=1,theta=2'
rb_case 1 "--q" "trailing junk 'theta=1 2'" -- geometry "$DISK" --q 'theta=1 2'

# ---- malformed model files ---------------------------------------------------
rb_class "malformed model files" "exit 2, message names file:line:col"
FLC='[a-z0-9_]+\.nh:[0-9]+:[0-9]+: '
mk empty.nh ''
rb_case 2 "$FLC" "empty file" -- geometry "$T/empty.nh"
printf '\001\002\377\376\000\033[31m' >"$T/binary.nh"
rb_case 2 "$FLC" "binary garbage" -- geometry "$T/binary.nh"
mk paren.nh "${H3}metric diagonal: 1, (1, 1\n"
rb_case 2 "${FLC}expected '\\)'" "unbalanced parenthesis" -- geometry "$T/paren.nh"
mk func.nh "${H3}metric diagonal: 1, foo(x), 1\n"
rb_case 2 "${FLC}.*unknown name 'foo'" "unknown function" -- geometry "$T/func.nh"
mk name.nh "${H3}metric diagonal: 1, w, 1\n"
rb_case 2 "${FLC}.*unknown name 'w'" "unknown name" -- geometry "$T/name.nh"
deep=$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "("; printf "1"; for (i = 0; i < 300; i++) printf ")" }')
mk deep.nh "${H3}metric diagonal: 1, $deep, 1\n"
rb_case 2 "${FLC}.*too deeply nested" "300 nested parentheses" -- geometry "$T/deep.nh"
mk bigexp.nh "${H3}metric diagonal: 1, 1e5000, 1\n"
rb_case 2 "${FLC}.*exponent too large" "literal 1e5000" -- geometry "$T/bigexp.nh"
mk dup.nh 'model t\ncoordinates x, x\nmetric diagonal: 1, 1\n'
rb_case 2 "${FLC}.*duplicate" "duplicate coordinate" -- geometry "$T/dup.nh"
mk dupp.nh "${H3}parameter a = 1\nparameter a = 2\nmetric diagonal: 1, 1, 1\n"
rb_case 2 "${FLC}.*duplicate" "duplicate parameter" -- geometry "$T/dupp.nh"
mk nometric.nh "${H3}constraint: dx\n"
rb_case 2 "${FLC}.*metric" "no metric" -- geometry "$T/nometric.nh"
mk diag.nh "${H3}metric diagonal: 1, 1\n"
rb_case 2 "${FLC}.*3 entries" "diagonal metric with too few entries" -- geometry "$T/diag.nh"
mk prod.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: dx*dy\n"
rb_case 2 "${FLC}.*product of differentials" "constraint quadratic in the differentials" -- geometry "$T/prod.nh"
mk nodiff.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: x\n"
rb_case 2 "${FLC}.*differentials" "constraint without differentials" -- geometry "$T/nodiff.nh"
mk fdiff.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: dx + sin(dy)\n"
rb_case 2 "${FLC}.*differential" "differential inside a function" -- geometry "$T/fdiff.nh"
mk toomany.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: dx\nconstraint: dy\nconstraint: dz\n"
rb_case 2 "${FLC}.*at most 2 constraints" "m = n constraints" -- geometry "$T/toomany.nh"
mk fbefore.nh "${H3}metric diagonal: 1, 1, 1\nfriction: 1\nconstraint: dx\n"
rb_case 2 "${FLC}.*before 'friction'" "friction before the constraints" -- geometry "$T/fbefore.nh"
mk frows.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: dx\nfriction: 1\nfriction: 1\n"
rb_case 2 "${FLC}.*friction" "too many friction rows" -- geometry "$T/frows.nh"
mk pdiv.nh "${H3}parameter a = 1/0\nmetric diagonal: 1, 1, 1\n"
rb_case 2 "${FLC}.*division by zero" "parameter 1/0" -- geometry "$T/pdiv.nh"
# issue 16: let, d(), kinetic:, lagrangian:
mk kin1.nh "${H3}kinetic: dx^2 + dy^2 + dz^2 + x*dy\nconstraint: dx\n"
rb_case 2 "kin1\\.nh:3:[0-9]+: .*degree 1 \\(in dy" "kinetic energy with a term of degree 1" -- geometry "$T/kin1.nh"
mk kin3.nh "${H3}kinetic: dx^2*dy + dz^2\nconstraint: dx\n"
rb_case 2 "kin3\\.nh:3:[0-9]+: .*degree 3" "kinetic energy with a term of degree 3" -- geometry "$T/kin3.nh"
mk lag3.nh "${H3}lagrangian: (dx + dy)^2*dz\nconstraint: dx\n"
rb_case 2 "lag3\\.nh:3:[0-9]+: .*degree 3" "Lagrangian with a term of degree 3" -- geometry "$T/lag3.nh"
mk letcyc.nh "${H3}let u = u + x\nkinetic: dx^2 + dy^2 + dz^2\nconstraint: dx\n"
rb_case 2 "letcyc\\.nh:3:9: .*own definition" "let used in its own definition (cycle)" -- geometry "$T/letcyc.nh"
mk letlate.nh "${H3}let u = v + x\nlet v = y\nkinetic: dx^2 + dy^2 + dz^2\nconstraint: dx\n"
rb_case 2 "letlate\\.nh:3:9: .*unknown name 'v'" "let used before its definition" -- geometry "$T/letlate.nh"
mk letsh.nh "${H3}let y = x\nkinetic: dx^2 + dy^2 + dz^2\nconstraint: dx\n"
rb_case 2 "letsh\\.nh:3:5: .*shadow the coordinate 'y'" "let name shadowing a coordinate" -- geometry "$T/letsh.nh"
mk dvel.nh "${H3}kinetic: dx^2 + dy^2 + dz^2\nconstraint: d(x*dy)\n"
rb_case 2 "dvel\\.nh:4:13: .*in d\\(\\.\\.\\.\\), found one with differentials" "d() of an expression with velocities" -- geometry "$T/dvel.nh"
mk kinmet.nh "${H3}kinetic: dx^2 + dy^2 + dz^2\nmetric diagonal: 1, 1, 1\nconstraint: dx\n"
rb_case 2 "kinmet\\.nh:4:1: .*no 'metric' with 'kinetic'" "kinetic and metric both given" -- geometry "$T/kinmet.nh"
letbig=$(awk 'BEGIN { printf "model t\ncoordinates x, y, z\nlet a1 = x*x\n"; for (i = 2; i <= 30; i++) printf "let a%d = a%d*a%d\n", i, i - 1, i - 1; printf "kinetic: a30*dx^2 + dy^2 + dz^2\nconstraint: dx\n" }')
mk letbig.nh "$letbig"
rb_case 2 "letbig\\.nh:[0-9]+:[0-9]+: .*too large" "lets nested to 2^30 nodes when expanded" -- geometry "$T/letbig.nh"

# ---- files ---------------------------------------------------------------------
rb_class "files" "exit 5, message names the file; no output file left"
rb_case 5 "does-not-exist\\.nh" "missing model file" -- geometry "$T/does-not-exist.nh"
rb_case 5 "$T" "a directory as model file" -- geometry "$T"
rb_case 5 "nodir/out" "-o into a missing directory" -- geometry "$DISK" -o "$T/nodir/out"
rb_case 5 "is a directory|$T" "-o onto a directory" -- geometry "$DISK" -o "$T"

# ---- degenerate models ---------------------------------------------------------
rb_class "degenerate models at the point" "exit 3, message names the quantity and the point q = (...)"
PT='at q = \('
rb_case 3 "metric G is not positive definite $PT" "metric singular (m = 0)" -- geometry "$DISK" --param m=0
rb_case 3 "metric G is not positive definite $PT" "metric indefinite (m = -1)" -- geometry "$DISK" --param m=-1
mk polar.nh 'model polar\ncoordinates r, t\nmetric diagonal: 1, r^2\nconstraint: dr - dt\n'
rb_case 3 "metric G is not positive definite $PT.*r=0" "metric singular at the point only (polar origin)" -- geometry "$T/polar.nh" --q r=0,t=1
mk asym.nh 'model asym\ncoordinates x, y\nmetric: 1, x\nmetric: 0, 1\nconstraint: dx\n'
mk kinneg.nh "${H3}parameter k = -1\nkinetic: (dx^2 + dy^2 + k*dz^2)/2\nconstraint: dx\n"
rb_case 3 "kinetic energy T \\(.*kinneg\\.nh:4:1\\) is not positive definite $PT" "kinetic energy not positive definite" -- geometry "$T/kinneg.nh"
rb_case 3 "metric G is not symmetric" "metric not symmetric at the point" -- geometry "$T/asym.nh" --q x=1
mk rank.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: dx + dy\nconstraint: 2*dx + 2*dy\n"
rb_case 3 "constraints A have rank < m.*$PT" "constraints of rank 1 < m = 2" -- geometry "$T/rank.nh" --q x=1,y=2,z=3
mk rank0.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: x*dx + x*dy\n"
rb_case 3 "constraints A have rank < m.*$PT.*x=0" "constraint vanishing at the point" -- geometry "$T/rank0.nh"
mk fric.nh "${H3}parameter k = 2\nmetric diagonal: 1, 1, 1\nconstraint: dx\nconstraint: dy\nfriction: 1, k\nfriction: k, 1\n"
rb_case 3 "mu_bar is not positive definite.*D_perp.*$PT" "friction mu_bar indefinite (FR not positive on D_perp)" -- geometry "$T/fric.nh"
rb_case 3 "mu_bar is not positive definite.*D_perp.*$PT" "friction mu_bar singular (image of FR smaller than D_perp)" -- geometry "$T/fric.nh" --param k=1
mk fneg.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: dx\nfriction: -1\n"
rb_case 3 "mu_bar is not positive definite.*$PT" "friction negative" -- geometry "$T/fneg.nh"
mk fasym.nh "${H3}metric diagonal: 1, 1, 1\nconstraint: dx\nconstraint: dy\nfriction: 1, x\nfriction: 0, 1\n"
rb_case 3 "mu_bar is not symmetric" "friction not symmetric at the point" -- geometry "$T/fasym.nh" --q x=1
mk inv.nh 'model inv\ncoordinates r, t\nmetric diagonal: 1, 1\nconstraint: dr - 1/r*dt\n'
rb_case 3 "inv\\.nh:4:[0-9]+: constraint a\\^1.*division by 0 $PT.*r=0" "coordinate singularity 1/r at r = 0 (divisor exactly 0)" -- geometry "$T/inv.nh"
mk logr.nh 'model logr\ncoordinates r, t\nmetric diagonal: 1, 1\nconstraint: dr - dt\npotential: log(r)\n'
rb_case 3 "logr\\.nh:5:[0-9]+: potential V: log .*$PT" "log(r) at r = 0" -- geometry "$T/logr.nh"
mk sqrtx.nh 'model sqrtx\ncoordinates x, y\nmetric diagonal: 1, 1 + sqrt(x)\nconstraint: dx\n'
rb_case 3 "sqrtx\\.nh:3:[0-9]+: metric G.*sqrt.*$PT" "sqrt of a negative value" -- geometry "$T/sqrtx.nh" --q x=-1
mk pole.nh 'model pole\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dx - 1/(x - 1/3)*dy\n'
mk expo.nh 'model expo\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dx - (x + 2)^(10^30)*dy\n'
rb_case 3 "expo\\.nh:4:[0-9]+: constraint a\\^1.*exact exponent too large" "exact exponent with more than 62 bits (10^30)" -- geometry "$T/expo.nh"
mk tanp.nh 'model tanp\ncoordinates x, y\nmetric diagonal: 1, 1 + tan(x)^2\nconstraint: dx\n'
rb_case 3 "logr\\.nh:5:[0-9]+: potential V: log of a non-positive value" "log(r) at r = -1" -- geometry "$T/logr.nh" --q r=-1
rb_case 3 "metric G is not positive definite" "series at a singular metric" -- series "$DISK" --param m=0 --v theta=1
rb_case 3 "metric G is not positive definite" "reduced at a singular metric" -- reduced "$DISK" --param m=0 --v theta=1 --eps 0.1

# ---- inconclusive balls: retried, then exit 7 at the cap ------------------------
rb_class "points where the terms cannot be separated (ball of a denominator containing 0)" "precision raised up to the cap --max-prec, then exit 7 naming the quantity and the point; no output file"
rb_case 7 "precision cap of 4096 bits.*division by a ball containing 0 $PT" "pole at an inexact point (x = 1/3 rounded)" -- geometry "$T/pole.nh" --q x=1/3 -o "$T/out.o"
rb_case 7 "precision cap of 4096 bits.*division by a ball containing 0 $PT" "the same in series (terms cannot be separated)" -- series "$T/pole.nh" --q x=1/3 --v y=1
mk sphere.nh 'model sphere\ncoordinates s, t\nmetric diagonal: sin(t)^2, 1\nconstraint: dt\n'
rb_case 7 "precision cap of 128 bits.*metric G is not certified positive definite.*$PT" "metric sin(t)^2 at t = pi to 63 digits (sin^2 ~ 1e-128) with --prec 64 --max-prec 128" -- geometry "$T/sphere.nh" --prec 64 --max-prec 128 --q t=3.14159265358979323846264338327950288419716939937510582097494459
mk rk13.nh 'model rk13\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: (x - 1/3)*dx\n'
rb_case 7 "precision cap of 4096 bits.*constraints A have rank < m = 1 or are too close.*$PT" "constraint (x - 1/3) dx at x = 1/3 (rounded)" -- geometry "$T/rk13.nh" --q x=1/3
rb_case 7 "precision cap of 256 bits.*tan at a ball where cos contains 0 $PT" "tan 1e-100 from its pole pi/2 with --max-prec 256" -- geometry "$T/tanp.nh" --max-prec 256 --q x=1.5707963267948966192313216916397514420985846996875529104874722961539082031431044993140174126710585339

# ---- precision exhaustion ----------------------------------------------------
rb_class "precision exhaustion" "exit 4 at the cap --max-prec, message names the quantity; no digits printed, no output file"
rb_case 4 "too wide for 3000 digits even at the precision cap of 128 bits" "3000 digits at a cap of 128 bits (text)" -- series "$DISK" --v theta=0.7,varphi=1.3 --order 1 --prec 64 --max-prec 128 --digits 3000
rb_case 4 "too wide.*cap of 128 bits" "the same with --json" -- series "$DISK" --v theta=0.7,varphi=1.3 --order 1 --prec 64 --max-prec 128 --digits 3000 --json
rb_case 4 "too wide.*cap of 128 bits" "the same with -o FILE" -- series "$DISK" --v theta=0.7,varphi=1.3 --order 1 --prec 64 --max-prec 128 --digits 3000 -o "$T/out.o"
rb_case 4 "too wide.*cap of 64 bits" "geometry: 100 digits at 64 bits" -- geometry "$SLEIGH" --q phi=0.3 --v x=1 --prec 64 --max-prec 64 --digits 100

# ---- resource limits -----------------------------------------------------------
rb_class "resource limits" "exit 6 (or 1 for out-of-range options) with an estimate of the cost; no output file"
rb_case 6 "would need about [0-9.e+]+ MB.*--max-memory" "--prec 1000000 with --max-memory 100 (estimate up front)" -- geometry "$DISK" --prec 1000000 --max-memory 100 -o "$T/out.o"
rb_case 6 "covariant route at order K = 64 \\(n = 4\\) would need about [0-9.]+ MB of memory, more than the --max-memory limit of 50 MB" "series --order 64 by the covariant route with --max-memory 50 (estimate up front)" -- series "$DISK" --order 64 --route covariant --v theta=1 --max-memory 50 -o "$T/out.o"
rb_case 6 "time route at order K = 64 \\(n = 4\\) would need about [0-9.]+ MB of memory, more than the --max-memory limit of 100 MB" "series --order 64 by the time route with --max-memory 100 (estimate up front)" -- series "$DISK" --order 64 --route time --v theta=1 --max-memory 100 -o "$T/out.o"
rb_case 6 "time limit exceeded" "--timeout 1 on a long computation" -- series "$SLEIGH" --order 40 --route time --q phi=0.3 --v x=1,phi=1 --prec 2048 --timeout 1 -o "$T/out.o"

# ---- dataset and candidate files (nhoracle validate) ------------------------------
# validate prints its report on standard output also when the candidate
# fails (exit 9): rb_validate runs it through $T/validate-report, which
# keeps the report in $T/report and turns the exit status into 99 unless
# the report contains REPORT-REGEX (the problem, named by file:line).
cat >"$T/validate-report" <<EOF
#!/bin/sh
"$NHORACLE" "\$@" >"$T/report"
rc=\$?
if [ "\$rc" -eq 9 ] && ! grep -Eq -- "\$RB_REPORT_RE" "$T/report"; then
    echo "nhoracle: the validate report does not match /\$RB_REPORT_RE/" >&2
    exit 99
fi
exit \$rc
EOF
chmod +x "$T/validate-report"
# rb_validate RC REGEX REPORT-REGEX DESCRIPTION -- ARGS
rb_validate() {
    RB_REPORT_RE=$3
    export RB_REPORT_RE
    rbv_rc=$1 rbv_re=$2 rbv_desc=$4
    shift 5
    rbv_save=$NHORACLE
    NHORACLE=$T/validate-report
    rb_case "$rbv_rc" "$rbv_re" "$rbv_desc" -- "$@"
    NHORACLE=$rbv_save
}
REF=$NH_TOP_SRCDIR/fuzz/corpus/dataset/ref-traj.jsonl
CH='quantity,k,eps,point,i,j,l,t,value\n'
NP='does not pass'
rb_class "dataset and candidate files (validate)" "exit 2 for a file unusable as a whole, exit 9 for bad records (the report names file:line), exit 5 if unreadable; message names the file (and line)"
mk c-empty.csv ''
rb_case 2 "c-empty\\.csv: empty file" "empty candidate" -- validate "$REF" "$T/c-empty.csv"
mk c-bin.csv 'quantity,point,value\nq,0,\000\001\377\n'
rb_case 2 "c-bin\\.csv: binary data \\(NUL byte" "binary garbage (NUL byte)" -- validate "$REF" "$T/c-bin.csv"
mk c-nohdr.csv 'q,,,0,0,,,,0.3\nq,,,0,1,,,,0\n'
rb_case 2 "c-nohdr\\.csv:1: expected a CSV header" "CSV without a header" -- validate "$REF" "$T/c-nohdr.csv"
mk c-noval.csv 'quantity,point,i\nq,0,0\n'
rb_case 2 "c-noval\\.csv:1: expected a CSV header.*value" "CSV header without a value column" -- validate "$REF" "$T/c-noval.csv"
mk c-hdronly.csv "$CH"
rb_case 2 "c-hdronly\\.csv: no records" "CSV header only" -- validate "$REF" "$T/c-hdronly.csv"
mk c-comments.csv '# a comment\n# {"case_sha256":"00"}\n'
rb_case 2 "c-comments\\.csv: no CSV header" "comment lines only" -- validate "$REF" "$T/c-comments.csv"
mk c-ctlhdr.csv '\033[2J\033[31m,1,2\n'
rb_case 2 "c-ctlhdr\\.csv:1: expected a CSV header.*found '\\?\\[2J\\?\\[31m" "header of terminal escapes (shown as '?')" -- validate "$REF" "$T/c-ctlhdr.csv"
mk r-nometa.jsonl '{"quantity":"q","point":0,"i":0,"mid":"0.3","rad":"0","value":0.3}\n'
rb_case 2 "r-nometa\\.jsonl: not a reference dataset" "reference without metadata line" -- validate "$T/r-nometa.jsonl" "$REF"
mk r-badrad.jsonl '{"format":"nhoracle-dataset","eps":["0.01"]}\n{"quantity":"q","point":0,"i":0,"mid":"0.3","rad":"-1","value":0.3}\n'
rb_case 2 "reference .*r-badrad\\.jsonl is damaged: .*r-badrad\\.jsonl:2: .*mid/rad" "reference record with a negative radius" -- validate "$T/r-badrad.jsonl" "$REF"
rb_case 5 "c-missing\\.csv: cannot open" "candidate file missing" -- validate "$REF" "$T/c-missing.csv"
mk c-trunc.jsonl '{"quantity":"q","point":0,"i":0,"value":0.3}\n{"quantity":"q","point":0,"i":1,"val'
rb_validate 9 "c-trunc\\.jsonl $NP" "c-trunc\\.jsonl:2: not a JSON object \\(truncated line\\)" "truncated JSON line" -- validate "$REF" "$T/c-trunc.jsonl"
mk c-types.jsonl '{"quantity":["q"],"point":0,"i":0,"value":0.3}\n'
rb_validate 9 "c-types\\.jsonl $NP" "c-types\\.jsonl:1: quantity must be a JSON string, found array" "quantity of the wrong JSON type (array)" -- validate "$REF" "$T/c-types.jsonl"
mk c-pstr.jsonl '{"quantity":"q","point":"zero","i":0,"value":0.3}\n'
rb_validate 9 "c-pstr\\.jsonl $NP" "c-pstr\\.jsonl:1: bad or missing point id 'zero'" "point id a string" -- validate "$REF" "$T/c-pstr.jsonl"
mk c-vnull.jsonl '{"quantity":"q","point":0,"i":0,"value":null}\n'
rb_validate 9 "c-vnull\\.jsonl $NP" "c-vnull\\.jsonl:1: \"value\" is null" "value null" -- validate "$REF" "$T/c-vnull.jsonl"
mk c-noval.jsonl '{"quantity":"q","point":0,"i":0}\n'
rb_validate 9 "c-noval\\.jsonl $NP" "c-noval\\.jsonl:1: record without a \"value\" member" "JSON record without value" -- validate "$REF" "$T/c-noval.jsonl"
mk c-array.jsonl '{"quantity":"q","point":0,"i":0,"value":0.3}\n[1,2]\n'
rb_validate 9 "c-array\\.jsonl $NP" "c-array\\.jsonl:2: not a JSON object" "a JSON line that is not an object" -- validate "$REF" "$T/c-array.jsonl"
mk c-nan.csv "${CH}q,,,0,0,,,,nan\n"
rb_validate 9 "c-nan\\.csv $NP" "c-nan\\.csv:2: value 'nan' .*not finite" "value NaN" -- validate "$REF" "$T/c-nan.csv"
mk c-inf.csv "${CH}q,,,0,0,,,,-inf\n"
rb_validate 9 "c-inf\\.csv $NP" "c-inf\\.csv:2: value '-inf' .*not finite" "value -Inf" -- validate "$REF" "$T/c-inf.csv"
mk c-huge.csv "${CH}q,,,0,0,,,,1e999\n"
rb_validate 9 "c-huge\\.csv $NP" "c-huge\\.csv:2: value '1e999' .*not finite" "value 1e999 (overflows a double)" -- validate "$REF" "$T/c-huge.csv"
mk c-abc.csv "${CH}q,,,0,0,,,,abc\n"
rb_validate 9 "c-abc\\.csv $NP" "c-abc\\.csv:2: unparsable value 'abc'" "value not a number" -- validate "$REF" "$T/c-abc.csv"
mk c-bigidx.csv "${CH}q,,,99999999999999999999,0,,,,0.3\n"
rb_validate 9 "c-bigidx\\.csv $NP" "c-bigidx\\.csv:2: bad or missing point id '9+'" "point id 10^20 (overflow)" -- validate "$REF" "$T/c-bigidx.csv"
mk c-kbad.csv "${CH}h,-1,,0,0,,,,0\n"
rb_validate 9 "c-kbad\\.csv $NP" "c-kbad\\.csv:2: unparsable order k '-1'" "negative order k" -- validate "$REF" "$T/c-kbad.csv"
mk c-ncols.csv "${CH}q,,,0,0,,,0.3\n"
rb_validate 9 "c-ncols\\.csv $NP" "c-ncols\\.csv:2: expected 9 comma-separated fields" "CSV row with a missing field" -- validate "$REF" "$T/c-ncols.csv"
mk c-ctl.csv "${CH}\033[31m,,,0,0,,,,0\n"
rb_validate 9 "c-ctl\\.csv $NP" "c-ctl\\.csv:2: bad or missing quantity '\\?\\[31m'" "quantity with a terminal escape (shown as '?')" -- validate "$REF" "$T/c-ctl.csv"
mk c-dup.csv "${CH}q,,,0,0,,,,0.3\nq,,,0,0,,,,0.3\n"
rb_validate 9 "c-dup\\.csv $NP" "c-dup\\.csv:3: duplicate key .*first given on line 2" "duplicate record" -- validate "$REF" "$T/c-dup.csv"
mk c-extra.csv "${CH}q,,,0,0,,,,0.3\nq,,,0,7,,,,0\n"
rb_validate 9 "c-extra\\.csv $NP" "c-extra\\.csv:3: extra record q point 0 \\[7\\]" "record not in the reference" -- validate "$REF" "$T/c-extra.csv"
mk c-epsinv.csv "${CH}vDdot,0,100,0,0,,,,0\n"
rb_validate 9 "c-epsinv\\.csv $NP" "c-epsinv\\.csv:2: eps = 100 is not one of the reference's eps values.*1/eps" "eps given as 1/eps" -- validate "$REF" "$T/c-epsinv.csv"
mk c-time.csv "${CH}full_q,,0.01,0,0,,,0.7,0.85\n"
rb_validate 9 "c-time\\.csv $NP" "c-time\\.csv:2: time t = 0.7 is not one of the reference's output times" "time not in the reference" -- validate "$REF" "$T/c-time.csv"
mk c-hash.csv "# case_sha256: 0123456789abcdef\n${CH}q,,,0,0,,,,0.3\n"
rb_validate 9 "c-hash\\.csv $NP" "different case: its case_sha256 0123456789abcdef" "candidate declares another case_sha256" -- validate "$REF" "$T/c-hash.csv"
mk c-bom.csv '\357\273\277quantity,point,i,value\nq,0,0,0.4\n'
rb_validate 9 "c-bom\\.csv $NP" "c-bom\\.csv:2: FAIL q point 0 \\[0\\]" "UTF-8 byte order mark, then a wrong value (the header is read)" -- validate "$REF" "$T/c-bom.csv"

# ---- field files of converge --field ---------------------------------------------
rb_class "field files (converge --field)" "exit 2, message names file:line:col (the file alone when qdot: or vdot: is missing); exit 5 if unreadable; exit 3 naming file:line:col when the field is certainly undefined along the solution (7 when a ball only meets the singular set at the precision cap), exit 7 naming the file when its solution blows up"
FQ='qdot: [v_x, v_y, v_phi]\n'
FV='vdot: [0, 0, 0]\n'
rb_field() { rb_case "$1" "$2" "$3" -- converge "$SLEIGH" --quiet --kmax 1 --eps 1/100,1/50 --T 1/10 --nt 1 --field "$T/$4"; }
mk f-empty.field ''
rb_field 2 "f-empty\\.field: the field needs both" "empty file" f-empty.field
mk f-nov.field "start: vD\n$FQ"
rb_field 2 "f-nov\\.field: the field needs both" "vdot: missing" f-nov.field
mk f-key.field "$FQ${FV}xdot: [1, 2, 3]\n"
rb_field 2 "f-key\\.field:3:1: unknown key 'xdot'" "unknown key" f-key.field
mk f-crlf.field "# comment\r\n\r\nqdot: [v_x,\r\n  v_y, v_phi]\r\nvdot: [0, 0, 0]\r\n\r\n\033[31mx: 1\r\n"
rb_field 2 "f-crlf\\.field:7:1: unknown key '\\?\\[31mx'" "CRLF lines, blank lines, a key with a terminal escape on line 7" f-crlf.field
# (the line numbers were once recounted from the start of the file for
# every line: quadratic, minutes for this file)
awk 'BEGIN { for (i = 0; i < 200000; i++) print "# x"; print "xdot: 1" }' >"$T/f-long.field"
rb_field 2 "f-long\\.field:200001:1: unknown key 'xdot'" "200000 comment lines, then a bad key" f-long.field
awk 'BEGIN { for (i = 0; i < 5000; i++) print "start: v" }' >"$T/f-many.field"
rb_field 2 "f-many\\.field:4097:1: more than 4096 'key:' entries" "5000 entries" f-many.field
mk f-colon.field "qdot [v_x, v_y, v_phi]\n$FV"
rb_field 2 "f-colon\\.field:1:1: expected 'qdot:'" "line without 'key:'" f-colon.field
mk f-cont.field "  $FQ$FV"
rb_field 2 "f-cont\\.field:1:1: continuation line before any key" "continuation line first" f-cont.field
mk f-dup.field "$FQ$FQ$FV"
rb_field 2 "f-dup\\.field:2:1: duplicate 'qdot:'" "qdot: twice" f-dup.field
mk f-len.field "qdot: [v_x, v_y]\n$FV"
rb_field 2 "f-len\\.field:1:[0-9]+: 'qdot:' must be a list of 3" "list of 2 expressions for 3 coordinates" f-len.field
mk f-let.field "let: 2c = 1\n$FQ$FV"
rb_field 2 "f-let\\.field:1:[0-9]+: bad name in 'let:'" "let: with a bad name" f-let.field
mk f-letre.field "let: phi = 1\n$FQ$FV"
rb_field 2 "f-letre\\.field:1:[0-9]+: 'let: phi' redefines a coordinate" "let: redefining a coordinate" f-letre.field
mk f-letv.field "let: c = [1, 2]\n$FQ$FV"
rb_field 2 "f-letv\\.field:1:[0-9]+: 'let:' must define a scalar" "let: of a list" f-letv.field
mk f-start.field "start: w\n$FQ$FV"
rb_field 2 "f-start\\.field:1:[0-9]+: 'start:' must be 'vD' or 'v'" "bad start:" f-start.field
mk f-syntax.field "qdot: [v_x, (v_y, v_phi]\n$FV"
rb_field 2 "f-syntax\\.field:1:[0-9]+: expected '\\)'" "unbalanced parenthesis" f-syntax.field
mk f-name.field "qdot: [v_x, v_y, v_theta]\n$FV"
rb_field 2 "f-name\\.field:1:[0-9]+: .*unknown name 'v_theta'" "name of another model" f-name.field
deep=$(printf '%0300d' 0 | tr 0 '(')x$(printf '%0300d' 0 | tr 0 ')')
mk f-deep.field "qdot: [v_x, v_y, $deep]\n$FV"
rb_field 2 "f-deep\\.field:1:[0-9]+: .*too deeply nested" "300 nested parentheses" f-deep.field
mk f-exp.field "qdot: [v_x, v_y, 1e5000]\n$FV"
rb_field 2 "f-exp\\.field:1:[0-9]+: .*exponent too large" "literal 1e5000" f-exp.field
mk f-bin.field "qdot: [v_x, \000\377, v_phi]\n$FV"
rb_field 2 "f-bin\\.field:1:13: NUL byte" "binary data (NUL byte)" f-bin.field
rb_field 5 "f-missing\\.field: cannot open" "field file missing" f-missing.field
mk f-log.field "${FQ}vdot: [0, log(-1 - x^2), 0]\n"
rb_field 3 "f-log\\.field:2:[0-9]+: log of a non-positive value" "log of a negative value along the solution (certain: not retried)" f-log.field
# phidot' = 1e300 phidot^2 from phidot = 1: blows up at once (refused
# after one RK4 step instead of evaluating at ever larger states)
mk f-blow.field "${FQ}vdot: [0, 0, v_phi^2*1e300]\n"
rb_case 7 "f-blow\\.field: the RK4 solution of the field leaves \\|y\\| < 2\\^1000" "solution blowing up" -- converge "$SLEIGH" --quiet --kmax 1 --eps 1/100,1/50 --T 1/10 --nt 1 --v phi=1 --field "$T/f-blow.field"

# ---- proof documents (nhoracle prove, lib/proof/proof_parse.c, lib/expr/expr_formula.c) --
rb_class "proof documents (prove)" "exit 2 naming file:line (file:line:col in formulas), 5 for unreadable files, 6 above the limits; nothing run, nothing printed"
PF_TOP=$NH_TOP_SRCDIR
PF_C='```claim\nid: a\ncase: cases/vertical_disk.nh\n'
PF_E='verdict: holds\n```\n'
mk pf-empty.md ''
rb_case 2 "pf-empty\\.md:1: no claim block" "empty document" -- prove "$T/pf-empty.md"
mk pf-prose.md '# Title\n\nProse only, and a block:\n\n```sh\nnhoracle prove x.md\n```\n'
rb_case 2 "pf-prose\\.md:1: no claim block" "document without claim blocks" -- prove "$T/pf-prose.md"
mk pf-nul.md '```claim\nid: a\000b\n```\n'
rb_case 2 "pf-nul\\.md:2:6: NUL byte" "binary data (NUL byte)" -- prove "$T/pf-nul.md"
mk pf-esc.md '```claim\nid: a\033[2J\n```\n'
rb_case 2 "pf-esc\\.md:2:6: control character 0x1b in a claim block" "terminal escape sequence in a claim block" -- prove "$T/pf-esc.md"
mk pf-utf8.md '```claim\nid: a\nquantity: \303\050\n```\n'
rb_case 2 "pf-utf8\\.md:3:11: byte 0xc3 that is not UTF-8" "invalid UTF-8 in a claim block" -- prove "$T/pf-utf8.md"
mk pf-unterm.md "# x\n${PF_C}quantity: G\nformula: 0\nverdict: holds\n"
rb_case 2 "pf-unterm\\.md:2: unterminated claim block" "unterminated claim block" -- prove "$T/pf-unterm.md"
mk pf-hidden.md '```python\nprint(1)\n\n```claim\nid: a\n```\n'
rb_case 2 "pf-hidden\\.md:4: '\`\`\`claim' inside the \`\`\` block opened at line 1" "claim fence inside an unclosed code block" -- prove "$T/pf-hidden.md"
mk pf-open.md "${PF_C}quantity: G\nformula: 0\n${PF_E}\n\`\`\`sh\nls\n"
rb_case 2 "pf-open\\.md:9: unterminated \`\`\` block" "unclosed code block after the claims" -- prove "$T/pf-open.md"
mk pf-key.md "${PF_C}quantity: G\nformla: 0\n${PF_E}"
rb_case 2 "pf-key\\.md:5: unknown key 'formla'" "unknown key" -- prove "$T/pf-key.md"
mk pf-rep.md "${PF_C}quantity: G\nformula: 0\nformula: 1\n${PF_E}"
rb_case 2 "pf-rep\\.md:6: repeated key 'formula'" "repeated key" -- prove "$T/pf-rep.md"
mk pf-noid.md '```claim\ncase: cases/vertical_disk.nh\nquantity: G\nformula: 0\nverdict: holds\n```\n'
rb_case 2 "pf-noid\\.md:1: claim block has no 'id:'" "missing id" -- prove "$T/pf-noid.md"
mk pf-emptyid.md '```claim\nid:\ncase: cases/vertical_disk.nh\nquantity: G\nformula: 0\nverdict: holds\n```\n'
rb_case 2 "pf-emptyid\\.md:2: empty 'id:'" "empty id" -- prove "$T/pf-emptyid.md"
mk pf-dup.md "${PF_C}quantity: G\nformula: 0\n${PF_E}${PF_C}quantity: G\nformula: 0\n${PF_E}"
rb_case 2 "pf-dup\\.md:8: duplicate claim id 'a' \\(first at line 1\\)" "duplicate id" -- prove "$T/pf-dup.md"
mk pf-cont.md '```claim\n   continued\nid: a\n```\n'
rb_case 2 "pf-cont\\.md:2: continuation line without a key" "continuation line without a key" -- prove "$T/pf-cont.md"
mk pf-points.md "${PF_C}quantity: G\nformula: 0\npoints: 0\n${PF_E}"
rb_case 2 "pf-points\\.md:6: bad value for 'points'" "points: 0" -- prove "$T/pf-points.md"
mk pf-prec.md "${PF_C}quantity: G\nformula: 0\nprec: 99999999999999999999999\n${PF_E}"
rb_case 2 "pf-prec\\.md:6: bad value for 'prec'" "prec: 10^23 (overflow)" -- prove "$T/pf-prec.md"
mk pf-eps.md "${PF_C}quantity: full_vdot\nformula: 0\neps: 1e5000\n${PF_E}"
rb_case 2 "pf-eps\\.md:6: bad value for 'eps'" "eps: 1e5000 (exponent too large)" -- prove "$T/pf-eps.md"
mk pf-nan.md '```claim\nid: a\nkind: rate\ncase: cases/chaplygin_sleigh.nh\neps-list: 1/50, 1/200\nexpect: nan\nverdict: holds\n```\n'
rb_case 2 "pf-nan\\.md:6: bad value for 'expect'" "rate claim with expect: nan" -- prove "$T/pf-nan.md"
mk pf-verdict.md "${PF_C}quantity: G\nformula: 0\nverdict: maybe\n\`\`\`\n"
rb_case 2 "pf-verdict\\.md:6: unknown verdict 'maybe'" "unknown verdict" -- prove "$T/pf-verdict.md"
mk pf-route.md "${PF_C}quantity: h1\nroute: sideways\nformula: 0\n${PF_E}"
rb_case 2 "pf-route\\.md:5: bad value for 'route'" "unknown route" -- prove "$T/pf-route.md"
mk pf-kind.md "${PF_C}kind: lemma\nquantity: G\nformula: 0\n${PF_E}"
rb_case 2 "pf-kind\\.md:4: claim 'a': unknown kind 'lemma'" "unknown kind" -- prove "$T/pf-kind.md"
mk pf-qty.md "${PF_C}quantity: h0\nformula: 0\n${PF_E}"
rb_case 2 "pf-qty\\.md:4:11: unknown quantity 'h0'" "unknown quantity" -- prove "$T/pf-qty.md" --top "$PF_TOP"
mk pf-shape.md "${PF_C}quantity: G\nformula: [1, 2, 3]\n${PF_E}"
rb_case 2 "pf-shape\\.md:5:10: claim 'a': formula has shape 3, G is 4 x 4" "formula of the wrong shape" -- prove "$T/pf-shape.md" --top "$PF_TOP"
mk pf-ragged.md "${PF_C}quantity: G\nformula: [[1, 0], [0]]\n${PF_E}"
rb_case 2 "pf-ragged\\.md:5:[0-9]+: ragged list" "ragged list" -- prove "$T/pf-ragged.md" --top "$PF_TOP"
mk pf-nest.md "${PF_C}quantity: Gamma\nformula: [[[[0]]]]\n${PF_E}"
rb_case 2 "pf-nest\\.md:5:[0-9]+: lists nested deeper than 3" "lists nested 4 deep" -- prove "$T/pf-nest.md" --top "$PF_TOP"
pf_deep=$(printf '(%.0s' $(seq 300))theta$(printf ')%.0s' $(seq 300))
mk pf-deep.md "${PF_C}quantity: dEdt\neps: 1\nformula: $pf_deep\n${PF_E}"
rb_case 2 "pf-deep\\.md:6:[0-9]+: expression too deeply nested" "300 nested parentheses in a formula" -- prove "$T/pf-deep.md" --top "$PF_TOP"
mk pf-name.md "${PF_C}quantity: G\nformula: [[w, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]\n${PF_E}"
rb_case 2 "pf-name\\.md:5:12: .*unknown name 'w'" "unknown name in a formula" -- prove "$T/pf-name.md" --top "$PF_TOP"
mk pf-big.md "${PF_C}quantity: dEdt\neps: 1\nformula: 1e5000\n${PF_E}"
rb_case 2 "pf-big\\.md:6:10: .*exponent too large" "literal 1e5000 in a formula" -- prove "$T/pf-big.md" --top "$PF_TOP"
mk pf-let.md "${PF_C}quantity: G\nlet: theta = 1\nformula: 0\n${PF_E}"
rb_case 2 "pf-let\\.md:5:6: 'let: theta' redefines" "let redefining a coordinate" -- prove "$T/pf-let.md" --top "$PF_TOP"
mk pf-fix.md "${PF_C}quantity: vD\nfix: w = 1\nformula: 0\n${PF_E}"
rb_case 2 "pf-fix\\.md:5:6: fix: unknown coordinate 'w'" "fix: unknown coordinate" -- prove "$T/pf-fix.md" --top "$PF_TOP"
mk pf-dep.md '```claim\nid: a\ncase: cases/rotating_plane_ball.nh\ndependent: phi, nosuch\nquantity: B_a\nformula: 0\nverdict: holds\n```\n'
rb_case 2 "pf-dep\\.md:4:12: dependent: unknown coordinate 'nosuch'" "dependent: unknown coordinate" -- prove "$T/pf-dep.md" --top "$PF_TOP"
mk pf-gp.md '```claim\nid: a\ncase: cases/vertical_disk_002.nh\nghat-param: alpha = 2\nquantity: acc_lagrange\nformula: 0\nverdict: holds\n```\n'
rb_case 2 "pf-gp\\.md:4:13: ghat-param: without ghat" "ghat-param without ghat" -- prove "$T/pf-gp.md" --top "$PF_TOP"
mk pf-epsl.md '```claim\nid: a\nkind: rate\ncase: cases/chaplygin_sleigh.nh\neps-list: 1/50\nexpect: 1\nverdict: holds\n```\n'
rb_case 2 "pf-epsl\\.md:5: claim 'a': eps-list needs at least 2 values" "rate claim with one eps" -- prove "$T/pf-epsl.md" --top "$PF_TOP"
mk pf-case.md '```claim\nid: a\ncase: cases/does-not-exist.nh\nquantity: G\nformula: 0\nverdict: holds\n```\n'
rb_case 5 "pf-case\\.md:3: claim 'a': .*does-not-exist\\.nh: cannot open" "missing case file" -- prove "$T/pf-case.md" --top "$PF_TOP"
mk pf-badcase.md "${PF_C}quantity: G\nformula: 0\n${PF_E}"
mkdir -p "$T/pf-top/cases" && mk pf-top/cases/vertical_disk.nh '# not a model file\n'
rb_case 2 "pf-badcase\\.md:3: claim 'a': .*vertical_disk\\.nh:[0-9]+:[0-9]+: expected" "case file that is not a model file" -- prove "$T/pf-badcase.md" --top "$T/pf-top"
rb_case 5 "pf-nosuch\\.md: cannot open" "missing document" -- prove "$T/pf-nosuch.md"
rb_case 5 "$T.*(directory|cannot read)" "a directory as document" -- prove "$T"
awk 'BEGIN { for (i = 0; i < 10001; i++) printf "```claim\nid: c%d\ncase: c\nquantity: G\nverdict: holds\n```\n", i }' >"$T/pf-many.md"
rb_case 6 "pf-many\\.md:60001: more than 10000 claim blocks" "10001 claim blocks (limit)" -- prove "$T/pf-many.md"
awk 'BEGIN { printf "```claim\nid: a\ncase: cases/vertical_disk.nh\nquantity: G\nformula: [0"; for (i = 1; i < 200000; i++) printf ",0"; printf "]\nverdict: holds\n```\n" }' >"$T/pf-wide.md"
rb_case 2 "pf-wide\\.md:5:10: claim 'a': formula has shape 200000" "a formula of 200000 elements (parsed in linear time)" -- prove "$T/pf-wide.md" --top "$PF_TOP"
awk 'BEGIN { printf "```claim\nid: a\ncase: cases/vertical_disk.nh\nquantity: nosuch\nevidence: x\n"; for (i = 0; i < 500000; i++) printf " y\n"; printf "formula: 0\nverdict: holds\n```\n" }' >"$T/pf-long.md"
rb_case 2 "pf-long\\.md:4:11: unknown quantity 'nosuch'" "a value of 500000 continuation lines (read in linear time)" -- prove "$T/pf-long.md" --top "$PF_TOP"
rb_class "fuzz seed corpus: proof documents (fuzz/corpus/proof, malformed ones), prove" "no crash: a documented error with a message, nothing printed"
for f in "$NH_TOP_SRCDIR"/fuzz/corpus/proof/bad-* "$NH_TOP_SRCDIR"/fuzz/corpus/proof/binary-* "$NH_TOP_SRCDIR"/fuzz/corpus/proof/empty*; do
    [ -f "$f" ] || continue
    cp "$f" "$T/c.md"
    rb_any "$(basename "$f")" -- prove "$T/c.md" --top "$PF_TOP"
done

# ---- fuzz seed corpus, through the program ---------------------------------------
rb_class "fuzz seed corpus: model files (fuzz/corpus/model), geometry at q = 0 and q = 0.3" "no crash: exit 0 or a documented error with a message, no output on error"
for f in "$NH_TOP_SRCDIR"/fuzz/corpus/model/*; do
    [ -f "$f" ] || continue
    b=$(basename "$f")
    cp "$f" "$T/c.nh"
    rb_any "$b" -- geometry "$T/c.nh" --digits 10
    rb_any "$b at x=0.3" -- geometry "$T/c.nh" --digits 10 --q x=0.3
done
rb_class "fuzz seed corpus: point specs (fuzz/corpus/point) as --q" "no crash: exit 0 or 1 with a message"
for f in "$NH_TOP_SRCDIR"/fuzz/corpus/point/*; do
    [ -f "$f" ] || continue
    rb_any "$(basename "$f")" -- geometry "$SLEIGH" --digits 10 --q "$(tr -d '\000' <"$f")"
done
rb_flush

# ---- the table -----------------------------------------------------------------
{
    echo "| class of bad input | cases | expected | observed |"
    echo "|---|---:|---|---|"
    while IFS='|' read -r name exp n nok codes; do
        if [ "$n" -eq "$nok" ]; then obs="all $n as expected (exit ${codes})"
        else obs="**$((n - nok)) of $n NOT as expected** (exit ${codes})"; fi
        echo "| $name | $n | $exp | $obs |"
    done <"$rb_rows"
    echo
    echo "Cases:"
    cat "$rb_detail"
} >"$TABLE.new"
# a path in the corpus-replay lines would differ between machines: none is printed
mv "$TABLE.new" "$TABLE"

BEGIN='<!-- BEGIN robustness-table: generated by tests/e2e-robust.sh, regenerate with make robustness-doc -->'
END='<!-- END robustness-table -->'
if [ "${NH_ROBUST_UPDATE_DOC:-0}" = 1 ]; then
    awk -v b="$BEGIN" -v e="$END" -v t="$TABLE" '
        $0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
        $0 == e { skip = 0 }
        !skip { print }' "$DOC" >"$T/doc.new" && cp "$T/doc.new" "$DOC"
fi
awk -v b="$BEGIN" -v e="$END" '$0 == e { p = 0 } p { print } $0 == b { p = 1 }' "$DOC" >"$T/doc.table"
if cmp -s "$T/doc.table" "$TABLE"; then
    e2e_ok 0 "doc/robustness.md has the table generated by this run"
else
    e2e_ok 1 "doc/robustness.md has the table generated by this run (run 'make robustness-doc' and commit)"
    diff "$T/doc.table" "$TABLE" | head -n 20 | sed 's/^/#   /'
fi
e2e_plan "$e2e_n"
e2e_done
