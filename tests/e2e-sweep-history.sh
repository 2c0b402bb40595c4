#!/bin/sh
# tests/e2e-sweep-history.sh -- `nhoracle sweep` compares certified
# values and keeps a flag until it is accepted (issue 31, doc/sweep.md
# "Certified values", "Acceptance"): a ball that no longer overlaps the
# baseline's is a regression naming the quantity, component, old and new
# ball; the flag persists two nights; `--accept` records who and why and
# clears it; a changed case file is named beside the regression; an old
# history gets the new tables.  The stub tests/sweep_stub.sh prints the
# balls the test chooses; the last test runs the real series on an
# edited case and checks the message against the two runs' own JSON.
. "$(dirname "$0")/e2e-lib.sh"
if ! command -v sqlite3 >/dev/null 2>&1; then
    echo "1..0 # SKIP the sqlite3 program is not installed (apt-get install sqlite3)"
    exit 0
fi
e2e_plan 14
STUB=$NH_TOP_SRCDIR/tests/sweep_stub.sh
T=$E2E_TMP/tree
mkdir -p "$T/sweeps" "$T/cases"
echo "model a" >"$T/cases/a.nh"
q() { sqlite3 "$1" "$2"; }
printf 'series cases/a.nh --order 2\n' >"$T/sweeps/s.sweep"
H=$E2E_TMP/h.sqlite
OLD='[0.185508420720190 +/- 1e-15]'
NEW='[0.181442540991801 +/- 1e-15]'
run() { e2e_run sweep "$T/sweeps/s.sweep" --db "$H" --oracle "$STUB" --git-rev r1 "$@"; }

# 1. a ball that moved is a regression naming quantity, component, both balls
run
e2e_expect_rc 0 "night 1: first run, nothing to compare"
STUB_BALL=$NEW run
e2e_expect_rc 10 "night 2: h[1][1] moved from 0.18551 to 0.18144 (radii 1e-15)"
e2e_ok "$(grep -qF "value h[1] component 1: $OLD (run 1) and $NEW no longer overlap" "$E2E_TMP/out"; echo $?)" \
    "the message names the quantity, the component, the old ball (run 1) and the new one"
# 2. the flag persists: the baseline is the last accepted run, not the last ok one
STUB_BALL=$NEW run
e2e_ok "$([ $E2E_RC = 10 ] && grep -qF "$OLD (run 1) and $NEW" "$E2E_TMP/out"; echo $?)" \
    "night 3: the same new value is still flagged against run 1"
STUB_BALL='[0.1855 +/- 0.0001]' run
e2e_ok "$([ $E2E_RC = 0 ]; echo $?)" "a wider ball that still overlaps run 1's: no regression"
# 3. acceptance: who, why; the accepted run is the baseline
STUB_BALL=$NEW run
e2e_run sweep --db "$H" --accept 5 --why "a = 0.25 is the new sleigh"
e2e_ok "$([ $E2E_RC = 0 ] && [ "$(q "$H" "select who || '|' || why from accepts where run_id = 5")" = "${USER:-$(id -un)}|a = 0.25 is the new sleigh" ]; echo $?)" \
    "--accept RUN_ID --why: recorded with the user name and the reason"
STUB_BALL=$NEW run
e2e_expect_rc 0 "night after the acceptance: the new value is the baseline"
STUB_BALL=$OLD run
e2e_ok "$([ $E2E_RC = 10 ] && grep -qF "$NEW (run 6) and $OLD" "$E2E_TMP/out"; echo $?)" \
    "going back to the old value is now the change (against run 6: ok and unflagged, so accepted)"
JOB=$(q "$H" "select job_id from results limit 1")
e2e_run sweep --db "$H" --accept "$JOB" --why "reverted"
e2e_ok "$([ $E2E_RC = 0 ] && [ "$(q "$H" "select run_id from accepts where why = 'reverted'")" = 7 ]; echo $?)" \
    "--accept JOB_ID accepts its latest result (run 7)"
e2e_run sweep --db "$H" --accept zz --why x
e2e_expect_rc 1 "--accept with a malformed id"
# 4. a changed case file is named beside the regression
echo "model a, edited" >"$T/cases/a.nh"
STUB_BALL=$NEW run
e2e_ok "$([ $E2E_RC = 10 ] && grep -q 'file .*cases/a.nh changed since run 7: SHA-256' "$E2E_TMP/out"; echo $?)" \
    "the case file's SHA-256 change is reported beside the regression"
# 5. an old history (no balls, no accepts tables) is migrated when opened
q "$H" "drop table balls; drop table accepts; pragma user_version = 0"
run
e2e_ok "$([ "$(q "$H" "pragma user_version")" = 2 ] && [ "$(q "$H" "select count(*) from balls where run_id = (select max(run_id) from runs)")" = 4 ]; echo $?)" \
    "an old history gets the tables balls and accepts (user_version 2), the new run's 4 balls stored"

# 6. real series on an edited case: R = 0.5 -> 0.6 in vertical_disk
cp "$CASES/vertical_disk.nh" "$T/cases/vd.nh"
printf 'series cases/vd.nh --order 2 --q theta=0.3 --v theta=1,varphi=2\n' >"$T/sweeps/vd.sweep"
H2=$E2E_TMP/vd.sqlite
e2e_run sweep "$T/sweeps/vd.sweep" --db "$H2" --git-rev r1
sed -i 's/^parameter R = 0.5$/parameter R = 0.6/' "$T/cases/vd.nh"
e2e_run sweep "$T/sweeps/vd.sweep" --db "$H2" --git-rev r1
cp "$E2E_TMP/out" "$E2E_TMP/vd.tap"
e2e_ok "$([ $E2E_RC = 10 ] && grep -q 'cases/vd.nh changed since run 1' "$E2E_TMP/vd.tap"; echo $?)" \
    "real series, R edited 0.5 -> 0.6 (same job id): regression, the case change named"
q "$H2" "select json from results where run_id = 1" >"$E2E_TMP/j1.json"
q "$H2" "select json from results where run_id = 2" >"$E2E_TMP/j2.json"
e2e_py "$E2E_TMP/vd.tap" "$E2E_TMP/j1.json" "$E2E_TMP/j2.json" <<'PY'
import json, re, sys
tap = open(sys.argv[1]).read()
j1, j2 = json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
def ball(s):
    m = re.match(r"\[([-0-9.e+]+ )?\+/- ([0-9.e+-]+)\]$", s)
    return (float(m.group(1) or 0), float(m.group(2))) if m else (float(s), 0.0)
n = 0
for m in re.finditer(r"value h\[(\d+)\] component (\d+): (.*?) \(run 1\) and (.*?) no longer overlap", tap):
    i, c, old, new = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    assert j1["h"][i][c] == old and j2["h"][i][c] == new, (old, new)
    (a, ra), (b, rb) = ball(old), ball(new)
    assert abs(a - b) > ra + rb + 1e-12 * max(abs(a), abs(b)), (old, new)
    n += 1
assert n >= 1
# and every h component that moved by more than its radii is flagged
moved = sum(1 for i in range(len(j1["h"])) for c in range(len(j1["h"][i]))
            if (lambda A, B: abs(A[0] - B[0]) > A[1] + B[1] + 1e-9 * max(abs(A[0]), abs(B[0]), 1))(ball(j1["h"][i][c]), ball(j2["h"][i][c])))
assert moved == n, (moved, n)
PY
e2e_ok $? "the flagged old/new balls are those of the two runs' own JSON, and every h ball that moved (float check) is flagged"
e2e_done
