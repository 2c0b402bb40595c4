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
rb_case 6 "needs jets.*GB" "series --order 12 by the covariant route (estimate up front)" -- series "$DISK" --order 12 --route covariant --v theta=1
rb_case 6 "time route at order K = 64 \\(n = 4\\) would need about [0-9.]+ MB of memory, more than the --max-memory limit of 100 MB" "series --order 64 by the time route with --max-memory 100 (estimate up front)" -- series "$DISK" --order 64 --route time --v theta=1 --max-memory 100 -o "$T/out.o"
rb_case 6 "time limit exceeded" "--timeout 1 on a long computation" -- series "$SLEIGH" --order 40 --route time --q phi=0.3 --v x=1,phi=1 --prec 2048 --timeout 1 -o "$T/out.o"

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
