#!/bin/sh
# tests/e2e-sec-model.sh -- model consistency and limits (issue 13, items
# 3 and 7(a), 7(b); doc/robustness.md "Symmetric matrices are symmetric
# as functions", "Smaller holes"):
#   - a metric or friction matrix whose two triangles agree only at the
#     point is refused (exit 3) by every subcommand that evaluates it,
#     naming file:line:col of the lower entry and both entries;
#   - the documented nesting limit (200 levels) holds for nested
#     functions, parentheses, unary signs and powers: 200 parse, 201 are
#     refused (exit 2) at the position of the 201st level;
#   - a 64-coordinate model is refused up front (exit 6) with a cost
#     message naming the number of coordinates and the estimated memory.
# Expected positions are counted by hand in the generated lines (see the
# comments); nothing is taken from the program's output.
. "$(dirname "$0")/e2e-lib.sh"

T=$E2E_TMP

# sec_case RC REGEX DESCRIPTION -- ARGS: exit status RC, and (RC != 0) the
# first "nhoracle: " line of standard error matches REGEX (converge
# prints a progress header on standard error first).
sec_case() {
    rc_exp=$1 re=$2 desc=$3
    shift 4
    e2e_run "$@"
    first=$(grep '^nhoracle: ' "$T/err" | grep -v '^nhoracle: raising working precision' | grep -v '^nhoracle: note: ' | head -n 1)
    ok=0 why=""
    if [ "$E2E_RC" -ne "$rc_exp" ]; then ok=1 why="exit $E2E_RC, expected $rc_exp"; fi
    if [ "$ok" -eq 0 ] && [ "$rc_exp" -ne 0 ] && ! printf '%s\n' "$first" | grep -Eq "^nhoracle: .*($re)"; then
        ok=1 why="message '$first' does not match /$re/"
    fi
    e2e_ok $ok "$desc (exit $E2E_RC)${why:+: $why}"
    [ "$ok" -eq 0 ] || sed 's/^/#   stderr: /' "$T/err" | head -n 3
}

e2e_plan 39

# ---- item 3: symmetric matrices are symmetric as functions -------------
# G = [[2, x], [sin(x), 2]]: at x = 0 the triangles agree in value and in
# the first two derivatives (sin x = x - x^3/6 + ...).  Line 4 is
# "metric: sin(x), 2": the lower entry 'sin' is at column 9; the upper
# entry 'x' is at line 3, column 12.
cat >"$T/asym.nh" <<'EOF'
model asym
coordinates x, y
metric: 2, x
metric: sin(x), 2
constraint: dy
EOF
SYM_RE='asym\.nh:4:9: metric G is not symmetric as a function of q: G\[2\]\[1\] differs from G\[1\]\[2\] \(3:12\)'
sec_case 3 "$SYM_RE" "x / sin(x): geometry at x = 0" -- geometry "$T/asym.nh" --q x=0 --v x=1
sec_case 3 "$SYM_RE" "x / sin(x): series --order 3 at x = 0" -- series "$T/asym.nh" --q x=0 --v x=1 --order 3
sec_case 3 "$SYM_RE" "x / sin(x): series --order 4 at x = 0" -- series "$T/asym.nh" --q x=0 --v x=1 --order 4
sec_case 3 "$SYM_RE" "x / sin(x): reduced at x = 0" -- reduced "$T/asym.nh" --q x=0 --v x=1 --k 1 --eps 1/100
sec_case 3 "$SYM_RE" "x / sin(x): nh at x = 0" -- nh "$T/asym.nh" --q x=0 --v x=1
sec_case 3 "$SYM_RE" "x / sin(x): converge at x = 0" -- converge "$T/asym.nh" --q x=0 --v x=1
sec_case 3 "$SYM_RE" "x / sin(x): emit at x = 0" -- emit "$T/asym.nh" --q x=0 --v x=1 --points 0
sec_case 3 "$SYM_RE" "x / sin(x): slowmanifold at x = 0" -- slowmanifold "$T/asym.nh" --q x=0 --v x=1
sec_case 3 "$SYM_RE" "x / sin(x): geometry at x = 1/3 (values differ)" -- geometry "$T/asym.nh" --q x=1/3

# G = [[2, x^2], [x, 2]]: equal at x = 0 and x = 1, first derivatives
# 2x vs 1 differ there.
cat >"$T/sq.nh" <<'EOF'
model sq
coordinates x, y
metric: 2, x^2
metric: x, 2
constraint: dy
EOF
for x in 0 1; do
    sec_case 3 'sq\.nh:4:9: metric G is not symmetric .*derivatives of order 1' \
        "x^2 / x: geometry at x = $x" -- geometry "$T/sq.nh" --q x=$x
    sec_case 3 'sq\.nh:4:9: metric G is not symmetric' \
        "x^2 / x: nh at x = $x" -- nh "$T/sq.nh" --q x=$x --v x=1
done

# the same function written twice is a symmetric model
cat >"$T/same.nh" <<'EOF'
model same
coordinates x, y
metric: 2, sin(2*x)/4
metric: sin(x)*cos(x)/2, 2
constraint: dy
EOF
sec_case 0 '' "sin(2x)/4 / sin x cos x/2: geometry at x = 1/3 accepted" -- geometry "$T/same.nh" --q x=1/3 --v x=1
sec_case 0 '' "sin(2x)/4 / sin x cos x/2: series --order 4 at x = 0 accepted" -- series "$T/same.nh" --q x=0 --v x=1 --order 4

# friction mu_bar = [[2, x], [sin(x), 2]] (line 7, column 11: 'sin')
cat >"$T/fr.nh" <<'EOF'
model fr
coordinates x, y, z
metric diagonal: 1, 1, 1
constraint: dy
constraint: dz
friction: 2, x
friction: sin(x), 2
EOF
sec_case 3 'fr\.nh:7:11: friction mu_bar is not symmetric as a function of q: mu_bar\[2\]\[1\]' \
    "friction x / sin(x): geometry at x = 0" -- geometry "$T/fr.nh" --q x=0
sec_case 3 'fr\.nh:7:11: friction mu_bar is not symmetric' \
    "friction x / sin(x): series --order 4 at x = 0" -- series "$T/fr.nh" --q x=0 --v x=1 --order 4

# ---- item 7(a): the nesting limit is 200 levels --------------------------
# Line 3 is "metric diagonal: 1, 2 + E": E starts at column 25.
#   sin:   E = sin(^N x )^N; the 201st 'sin(' starts at 25 + 200*4 = 825,
#          the error is at its '(' (column 828);
#   paren: E = (^N x )^N;    the 201st '(' is at column 25 + 200 = 225;
#   neg:   E = -^N x;        the 201st '-' is at column 225;
#   pow:   E = x (^1)^N;     the k-th '^' is at 26 + 2(k-1), the 201st at 426.
nest_file() {
    python3 - "$1" "$2" >"$T/nest.nh" <<'EOF'
import sys
kind, n = sys.argv[1], int(sys.argv[2])
e = {"sin": "sin(" * n + "x" + ")" * n, "paren": "(" * n + "x" + ")" * n,
     "neg": "-" * n + "x", "pow": "x" + "^1" * n}[kind]
print("model nest\ncoordinates x, y\nmetric diagonal: 1, 2 + " + e + "\nconstraint: dy")
EOF
}
for kc in sin:828 paren:225 neg:225 pow:426; do
    kind=${kc%:*} col=${kc#*:}
    nest_file $kind 200
    sec_case 0 '' "200 levels of $kind parse and evaluate" -- geometry "$T/nest.nh" --q x=0
    nest_file $kind 201
    sec_case 2 "nest\\.nh:3:$col: expression too deeply nested" \
        "201 levels of $kind refused at the 201st" -- geometry "$T/nest.nh" --q x=0
done

# ---- item 7(b): 64 coordinates are refused up front ----------------------
# Diagonal metric 2 + sin(q_i), one constraint; --max-memory 2000 makes
# the limit independent of the machine (the geometry alone needs n^3 =
# 262144 Christoffel jets of 65 or more coefficients: several GB); each
# refusal must come before any heavy computation (--timeout 60 bounds a
# regression).
python3 - >"$T/big64.nh" <<'EOF'
n = 64
names = ["q%d" % i for i in range(n)]
print("model big64\ncoordinates " + ", ".join(names))
print("metric diagonal: " + ", ".join("2 + sin(%s)" % x for x in names))
print("constraint: dq1 - cos(q0)*dq2")
EOF
COST_RE='64 coordinates.*would need about [0-9.e+]+ MB of memory, more than the --max-memory limit'
for sub in geometry "series --order 2" "reduced --k 1 --eps 1/100" nh converge slowmanifold "emit --points 1"; do
    start=$(date +%s)
    # shellcheck disable=SC2086
    sec_case 6 "$COST_RE" "64 coordinates: $sub refused up front" -- $sub "$T/big64.nh" --max-memory 2000 --timeout 60
    end=$(date +%s)
    e2e_ok $([ $((end - start)) -le 10 ] && echo 0 || echo 1) "64 coordinates: $sub refused within 10 s ($((end - start)) s)"
done

e2e_done
