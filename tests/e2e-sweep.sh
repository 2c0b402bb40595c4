#!/bin/sh
# tests/e2e-sweep.sh -- `nhoracle sweep` (doc/sweep.md): the engine, the
# SQLite history, resumption after a kill, a crashing job, two sweeps on
# one database, the regression rules (exit 10, TAP, JUnit), the Slurm
# scripts and collector, and one small real sweep (sweeps/check.sweep).
# Most tests run the stub tests/sweep_stub.sh as the oracle: its answers
# are chosen here, so each regression rule is checked against a known
# answer; the real sweep checks the observed orders against the theory
# (predicted k+1, doc/convergence.md), not against a recorded output.
. "$(dirname "$0")/e2e-lib.sh"
if ! command -v sqlite3 >/dev/null 2>&1; then
    echo "1..0 # SKIP the sqlite3 program is not installed (apt-get install sqlite3)"
    exit 0
fi
e2e_plan 35
STUB=$NH_TOP_SRCDIR/tests/sweep_stub.sh
T=$E2E_TMP/tree
mkdir -p "$T/sweeps" "$T/cases"
for f in a b crash slow1 slow2 slow3 slow4 burn; do echo "model $f" >"$T/cases/$f.nh"; done
echo "# doc" >"$T/cases/doc.md"
q() { sqlite3 "$1" "$2"; }

# 1. a sweep with a crashing job: recorded as crashed, the others kept
cat >"$T/sweeps/one.sweep" <<'SW'
# cases x init list: 2 jobs for a, 2 for crash
init deps d
case cases/a.nh --q x=0.3
case cases/crash.nh
prove cases/doc.md --points 2
SW
export STUB_LOG=$E2E_TMP/log1
e2e_run sweep "$T/sweeps/one.sweep" --db "$E2E_TMP/h1.sqlite" --oracle "$STUB" --jobs 2 \
    --junit "$E2E_TMP/j1.xml" --git-rev r1
e2e_expect_rc 10 "a crashing job is a regression"
e2e_ok "$([ "$(q "$E2E_TMP/h1.sqlite" "select count(*) from results")" = 5 ]; echo $?)" "5 jobs recorded"
e2e_ok "$([ "$(q "$E2E_TMP/h1.sqlite" "select count(*) from results where status='crashed' and signal=11")" = 2 ]; echo $?)" \
    "both crash jobs recorded as crashed by SIGSEGV"
e2e_ok "$([ "$(q "$E2E_TMP/h1.sqlite" "select count(*) from orders where run_id=1")" = 20 ]; echo $?)" \
    "orders of the 2 good converge jobs kept (2 x 2 k x 5 quantities)"
e2e_ok "$([ "$(grep -c '^not ok' "$E2E_TMP/out")" = 2 ] && grep -q '^1\.\.5$' "$E2E_TMP/out"; echo $?)" "TAP: 5 tests, 2 not ok"
e2e_ok "$(grep -q 'failures="2"' "$E2E_TMP/j1.xml"; echo $?)" "JUnit: 2 failures"
e2e_ok "$([ "$(q "$E2E_TMP/h1.sqlite" "pragma journal_mode")" = wal ]; echo $?)" "database in WAL mode"

# 1b. the same sweep on GNU parallel (--engine parallel: the job array of
# --slurm run by parallel -j N, then collected): the same records
if command -v parallel >/dev/null 2>&1; then
    export STUB_LOG=$E2E_TMP/log1p
    e2e_run sweep "$T/sweeps/one.sweep" --db "$E2E_TMP/h1p.sqlite" --oracle "$STUB" --jobs 2 \
        --engine parallel --git-rev r1
    e2e_expect_rc 10 "engine parallel: a crashing job is a regression"
    e2e_ok "$([ "$(q "$E2E_TMP/h1p.sqlite" "select count(*) from results")" = 5 ] \
        && [ "$(q "$E2E_TMP/h1p.sqlite" "select count(*) from results where status='crashed' and signal=11")" = 2 ] \
        && [ "$(q "$E2E_TMP/h1p.sqlite" "select count(*) from orders where run_id=1")" = 20 ]; echo $?)" \
        "engine parallel: 5 jobs recorded, the 2 crashes by SIGSEGV, the orders of the good jobs kept"
    e2e_ok "$([ "$(wc -l <"$STUB_LOG")" = 5 ]; echo $?)" "engine parallel: each job ran once"
    unset STUB_LOG
else
    for t in "crash recorded" "records" "each job once"; do
        e2e_skip "engine parallel: $t" "GNU parallel is not installed (apt-get install parallel)"
    done
fi
e2e_run sweep "$T/sweeps/one.sweep" --db "$E2E_TMP/h1q.sqlite" --engine slurm
e2e_expect_rc 1 "--engine slurm: usage error (local or parallel)"
e2e_run sweep "$T/sweeps/one.sweep" --db "$E2E_TMP/h1q.sqlite" --engine parallel --slurm "$E2E_TMP/sl"
e2e_expect_rc 1 "--engine parallel with --slurm: usage error"

# 2. regressions: a moved order / an order outside its prediction / a changed verdict
cat >"$T/sweeps/two.sweep" <<'SW'
case cases/a.nh
case cases/b.nh
prove cases/doc.md
SW
H=$E2E_TMP/h2.sqlite
unset STUB_LOG
e2e_run sweep "$T/sweeps/two.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_expect_rc 0 "first run: orders 1 [0.99, 1.01] contain the predicted 1"
# 1 [0.99, 1.01] -> 1.3 [0.7, 1.9]: the wider interval contains the old
# estimate and the prediction, but 1.3 is outside [0.99, 1.01] + 0.25
STUB_ORDER=1.3 STUB_CIW=0.6 e2e_run sweep "$T/sweeps/two.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_expect_rc 10 "order moved 1 -> 1.3 while its interval widened to +-0.6: not hidden by the widening"
e2e_ok "$(grep -q 'moved from 1.0000 .* the new estimate is outside the old interval' "$E2E_TMP/out" && ! grep -q 'does not contain' "$E2E_TMP/out"; echo $?)" \
    "flagged as moved, still within order-tol of the prediction"
STUB_ORDER=1.05 e2e_run sweep "$T/sweeps/two.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_expect_rc 0 "1.05 [1.04, 1.06] against the accepted run 1 (run 2 is flagged, no baseline): within order-tol both ways"
STUB_ORDER=1.05 STUB_VERDICT=refuted e2e_run sweep "$T/sweeps/two.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_expect_rc 10 "changed claim verdict"
e2e_ok "$(grep -q "claim 'c1': verdict changed from holds" "$E2E_TMP/out" && [ "$(grep -c '^not ok' "$E2E_TMP/out")" = 1 ]; echo $?)" \
    "only the prove job is flagged"
STUB_ORDER=1.5 e2e_run sweep "$T/sweeps/two.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 10 ] && grep -q 'does not contain the predicted 1' "$E2E_TMP/out"; echo $?)" \
    "order 1.5 [1.49, 1.51]: interval + order-tol 0.25 excludes the prediction"
e2e_ok "$([ "$(q "$H" "select count(*) from runs where finished is not null")" = 5 ]; echo $?)" "5 complete runs in the history"
# an order exact within the integration error (converge: "exact", no
# slope) and a fit through two eps (intervals null) are no regressions
H=$E2E_TMP/h2x.sqlite
e2e_run sweep "$T/sweeps/two.sweep" --db "$H" --oracle "$STUB" --git-rev r1
STUB_EXACT=1 e2e_run sweep "$T/sweeps/two.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 0 ] && [ "$(q "$H" "select count(*) from orders where run_id=2")" = 10 ]; echo $?)" \
    "exact order k = 1: not recorded as an order (2 jobs x 5 quantities of k = 0), no regression"
STUB_NOCI=1 e2e_run sweep "$T/sweeps/two.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_expect_rc 0 "null intervals (two-eps fit): unbounded, no regression"

# 3. CPU time above 2x the median of the last good runs
cat >"$T/sweeps/t.sweep" <<'SW'
time-floor 0.3
case cases/burn.nh
SW
H=$E2E_TMP/h3.sqlite
for i in 1 2 3; do e2e_run sweep "$T/sweeps/t.sweep" --db "$H" --oracle "$STUB" --git-rev r1; done
STUB_BURN=20000000 e2e_run sweep "$T/sweeps/t.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 10 ] && grep -q 'cpu time .* more than 2 x the median' "$E2E_TMP/out"; echo $?)" \
    "a job burning ~1 s of CPU (2e7 awk iterations) against a median of ~0.05 s is flagged"

# 4. a sweep killed mid-run is resumed: only the missing jobs run
cat >"$T/sweeps/slow.sweep" <<'SW'
case cases/slow1.nh
case cases/slow2.nh
case cases/slow3.nh
case cases/slow4.nh
SW
H=$E2E_TMP/h4.sqlite
export STUB_LOG=$E2E_TMP/log4 STUB_SLEEP=1
"$NHORACLE" sweep "$T/sweeps/slow.sweep" --db "$H" --oracle "$STUB" --jobs 1 --git-rev r1 \
    >/dev/null 2>&1 &
pid=$!
i=0
while [ "$(q "$H" "select count(*) from results" 2>/dev/null)" != 2 ] && [ $i -lt 100 ]; do
    sleep 0.1; i=$((i + 1))
done
kill -9 $pid; wait $pid 2>/dev/null
before=$(wc -l <"$STUB_LOG")
e2e_ok "$([ "$(q "$H" "select count(*) from results")" = 2 ]; echo $?)" "killed after 2 of 4 jobs"
: >"$STUB_LOG"
e2e_run sweep "$T/sweeps/slow.sweep" --db "$H" --oracle "$STUB" --jobs 2 --git-rev r1
e2e_expect_rc 0 "restarted sweep completes"
e2e_ok "$([ "$(q "$H" "select count(*) from runs")" = 1 ] && [ "$(q "$H" "select count(*) from results")" = 4 ] &&
          [ "$(wc -l <"$STUB_LOG")" -eq $((4 - 2)) ]; echo $?)" \
    "same run resumed: only the $((4 - 2)) missing jobs ran (the killed one's included; $before started before the kill)"
unset STUB_LOG

# 5. two sweeps on one database at the same time
H=$E2E_TMP/h5.sqlite
STUB_SLEEP=0.2 "$NHORACLE" sweep "$T/sweeps/slow.sweep" --db "$H" --oracle "$STUB" --jobs 2 --git-rev r1 >/dev/null 2>&1 &
p1=$!
STUB_SLEEP=0.2 "$NHORACLE" sweep "$T/sweeps/slow.sweep" --db "$H" --oracle "$STUB" --jobs 2 --git-rev r1 >/dev/null 2>&1 &
p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
e2e_ok "$([ $r1 = 0 ] && [ $r2 = 0 ] && [ "$(q "$H" "pragma integrity_check")" = ok ] &&
          [ "$(q "$H" "select count(*) from results")" = 8 ] &&
          [ "$(q "$H" "select count(*) from runs where finished is not null")" = 2 ]; echo $?)" \
    "two concurrent sweeps: two complete runs, 8 results, integrity_check ok"

# 6. a malformed sweep file: file:line:col, exit 2, no database rows
printf 'case cases/a.nh\nfrobnicate 3\n' >"$T/sweeps/bad.sweep"
e2e_run sweep "$T/sweeps/bad.sweep" --db "$E2E_TMP/h6.sqlite" --oracle "$STUB"
e2e_ok "$([ $E2E_RC = 2 ] && grep -q 'bad.sweep:2:1: unknown keyword' "$E2E_TMP/err"; echo $?)" "bad keyword: exit 2, file:line:col"
printf 'case ../etc/passwd\n' >"$T/sweeps/bad.sweep"
e2e_run sweep "$T/sweeps/bad.sweep" --db "$E2E_TMP/h6.sqlite" --oracle "$STUB"
e2e_ok "$([ $E2E_RC = 2 ] && grep -q "bad.sweep:1:6: file '../etc/passwd' leads outside the tree" "$E2E_TMP/err"; echo $?)" "a path leaving the tree is refused"

# 7. Slurm: the array script run task by task (as Slurm would), then the collector
S=$E2E_TMP/slurm
e2e_run sweep "$T/sweeps/one.sweep" --db "$E2E_TMP/h7.sqlite" --oracle "$STUB" --slurm "$S"
e2e_ok "$([ $E2E_RC = 0 ] && grep -q '^#SBATCH --array=0-4$' "$S/sweep.sbatch" && bash -n "$S/sweep.sbatch"; echo $?)" \
    "sbatch script with --array=0-4"
for t in 0 1 2 3 4; do SLURM_ARRAY_TASK_ID=$t bash "$S/sweep.sbatch" 2>/dev/null; done
sh "$S/collect.sh" --git-rev r1 >"$E2E_TMP/out" 2>"$E2E_TMP/err"
e2e_ok "$([ $? = 10 ] && [ "$(q "$E2E_TMP/h7.sqlite" "select count(*) from results where status='ok'")" = 3 ] &&
          [ "$(q "$E2E_TMP/h7.sqlite" "select count(*) from results where status='crashed'")" = 2 ] &&
          [ "$(q "$E2E_TMP/h7.sqlite" "select count(*) from results where cpu >= 0 and wall > 0")" = 5 ]; echo $?)" \
    "collector: 3 ok, 2 crashed, times read"

# 7b. expansion: the cross product, and the stable id = SHA-256 of the words
printf 'prec 128 256\ninit deps d\neps-geom 1e-2,1e-3,3 1e-3,1e-4,3\ncase cases/a.nh --q x=1\n' >"$T/sweeps/x.sweep"
e2e_run sweep "$T/sweeps/x.sweep" --db "$E2E_TMP/h9.sqlite" --oracle "$STUB" --git-rev r1
e2e_ok "$([ "$(grep -c '^ok' "$E2E_TMP/out")" = 8 ]; echo $?)" "2 prec x 2 init x 2 eps lists = 8 jobs"
want=$(python3 -c 'import hashlib; print(hashlib.sha256(b"\0".join([b"converge", b"cases/a.nh", b"--prec", b"128", b"--init", b"deps", b"--eps-geom", b"1e-2,1e-3,3", b"--q", b"x=1"])).hexdigest()[:16])')
e2e_ok "$(grep -q "^ok [0-9]* - $want converge" "$E2E_TMP/out"; echo $?)" "job id $want = SHA-256 of its words (computed by python)"

# 8. a real small sweep: observed orders of the real converge against k+1
H=$E2E_TMP/h8.sqlite
e2e_run sweep "$NH_TOP_SRCDIR/sweeps/check.sweep" --db "$H" --jobs 2 --git-rev r1
e2e_expect_rc 0 "sweeps/check.sweep: no regression on its first run"
bad=$(q "$H" "select count(*) from orders where quantity in ('q_T','v_T') and not (ci_lo - 0.25 <= k + 1 and k + 1 <= ci_hi + 0.25)")
n=$(q "$H" "select count(*) from orders where quantity = 'q_T'")
e2e_ok "$([ "$bad" = 0 ] && [ "$n" -ge 2 ]; echo $?)" "real converge: $n orders q(T) recorded, all intervals near k+1"
e2e_done
