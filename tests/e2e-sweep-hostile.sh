#!/bin/sh
# tests/e2e-sweep-hostile.sh -- `nhoracle sweep` takes no command from its
# inputs (issue 31, doc/sweep.md "Hostile inputs"): paths of a sweep file
# (file words and option values) stay in the tree, symbolic links
# included; control characters in the command line's paths are refused;
# the Slurm scripts written for a directory named with $(...), backticks,
# quotes and blanks run nothing but the jobs; a database failing PRAGMA
# quick_check is exit 5 and left byte for byte as it was; a job that
# exits 0 without JSON is "failed" both on the progress line and in the
# database.  The oracle is the stub tests/sweep_stub.sh.
. "$(dirname "$0")/e2e-lib.sh"
if ! command -v sqlite3 >/dev/null 2>&1; then
    echo "1..0 # SKIP the sqlite3 program is not installed (apt-get install sqlite3)"
    exit 0
fi
e2e_plan 15
STUB=$NH_TOP_SRCDIR/tests/sweep_stub.sh
T=$E2E_TMP/tree
mkdir -p "$T/sweeps" "$T/cases"
echo "model a" >"$T/cases/a.nh"
echo "model nojson" >"$T/cases/nojson.nh"
echo "secret" >"$E2E_TMP/outside.txt"
ln -s "$E2E_TMP/outside.txt" "$T/cases/link.nh"
q() { sqlite3 "$1" "$2"; }
printf 'series cases/a.nh --order 2\n' >"$T/sweeps/ok.sweep"

# 1. option values of a line: -o, --points-file, a symbolic link
printf 'emit cases/a.nh -o %s/written.json\n' "$E2E_TMP" >"$T/sweeps/o.sweep"
e2e_run sweep "$T/sweeps/o.sweep" --db "$E2E_TMP/h1.sqlite" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 2 ] && grep -q 'o.sweep:1:20: -o must be a relative path' "$E2E_TMP/err" \
          && [ ! -e "$E2E_TMP/h1.sqlite" ]; echo $?)" "-o /abs/path: exit 2 at the value's file:line:col, no database"
printf 'series cases/a.nh --points-file %s/outside.txt\n' "$E2E_TMP" >"$T/sweeps/p.sweep"
e2e_run sweep "$T/sweeps/p.sweep" --db "$E2E_TMP/h1.sqlite" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 2 ] && grep -q 'p.sweep:1:33: --points-file must be a relative path' "$E2E_TMP/err"; echo $?)" \
    "--points-file /outside: exit 2 at 1:33"
printf 'series cases/a.nh --points-file cases/link.nh\n' >"$T/sweeps/l.sweep"
e2e_run sweep "$T/sweeps/l.sweep" --db "$E2E_TMP/h1.sqlite" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 2 ] && grep -q "l.sweep:1:33: --points-file 'cases/link.nh' leads outside" "$E2E_TMP/err" \
          && ! grep -q secret "$E2E_TMP/err"; echo $?)" "a symbolic link in the tree to a file outside: refused"
printf 'emit cases/link.nh\n' >"$T/sweeps/l2.sweep"
e2e_run sweep "$T/sweeps/l2.sweep" --db "$E2E_TMP/h1.sqlite" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 2 ] && grep -q "l2.sweep:1:6: file 'cases/link.nh' leads outside" "$E2E_TMP/err"; echo $?)" \
    "a file word that is a symbolic link to outside: refused"

# 2. control characters in the command line's paths
NL='
'
for opt in --slurm --out --report; do
    e2e_run sweep "$T/sweeps/ok.sweep" --db "$E2E_TMP/h2.sqlite" --oracle "$STUB" --git-rev r1 \
        $opt "$E2E_TMP/d${NL}touch $E2E_TMP/PWNED"
    e2e_ok "$([ $E2E_RC = 1 ] && grep -q -e "$opt: the path contains a control character" "$E2E_TMP/err" \
              && [ ! -e "$E2E_TMP/d" ] && [ ! -e "$E2E_TMP/d${NL}touch $E2E_TMP/PWNED" ]; echo $?)" \
        "$opt DIR with a newline: exit 1, nothing written"
done

# 3. a Slurm directory whose name a shell would interpret: the scripts run the jobs only
S="$E2E_TMP/s \$(touch PWNED1) \`touch PWNED2\` \"q\" 'q' ;touch PWNED3"
e2e_run sweep "$T/sweeps/ok.sweep" --db "$E2E_TMP/h3.sqlite" --oracle "$STUB" --git-rev r1 --slurm "$S"
e2e_ok "$([ $E2E_RC = 0 ] && bash -n "$S/sweep.sbatch" && sh -n "$S/collect.sh"; echo $?)" \
    "--slurm DIR with \$(...), backticks, quotes: scripts written, valid"
(cd "$E2E_TMP" && SLURM_ARRAY_TASK_ID=0 bash "$S/sweep.sbatch" 2>/dev/null)
(cd "$E2E_TMP" && sh "$S/collect.sh" --git-rev r1 >/dev/null 2>&1)
e2e_ok "$([ ! -e "$E2E_TMP/PWNED1" ] && [ ! -e "$E2E_TMP/PWNED2" ] && [ ! -e "$E2E_TMP/PWNED3" ] \
          && [ ! -e "$T/PWNED1" ] && [ ! -e "$T/PWNED2" ] && [ ! -e "$T/PWNED3" ]; echo $?)" \
    "running the task and the collector executed nothing from the name"
e2e_ok "$([ "$(q "$E2E_TMP/h3.sqlite" "select count(*) from results where status='ok'")" = 1 ] \
          && [ -s "$S/out/$(head -1 "$S/jobs.list").json" ]; echo $?)" "the job ran in the odd directory and was collected"

# 4. a damaged database: exit 5, the message, the file untouched
H=$E2E_TMP/bad.sqlite
python3 - "$H" <<'PY'
import sqlite3, sys
p = sys.argv[1]
c = sqlite3.connect(p)
c.execute("PRAGMA page_size=1024")
c.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)")
c.execute("CREATE INDEX tb ON t(b)")
c.executemany("INSERT INTO t(b) VALUES (?)", [("row %05d" % i,) for i in range(400)])
c.commit(); c.close()
# damage the index b-tree: overwrite the cell area of page 4 (a leaf page)
with open(p, "r+b") as f:
    f.seek(3 * 1024 + 200); f.write(b"\xff" * 400)
c = sqlite3.connect(p)
r = c.execute("PRAGMA quick_check").fetchone()[0]
c.close()
sys.exit(0 if r != "ok" else 1)
PY
damaged=$?
sum0=$(sha256sum <"$H")
e2e_run sweep "$T/sweeps/ok.sweep" --db "$H" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $damaged = 0 ] && [ $E2E_RC = 5 ] && grep -q 'fails PRAGMA quick_check' "$E2E_TMP/err" \
          && [ "$(sha256sum <"$H")" = "$sum0" ] && [ ! -e "$H-wal" ]; echo $?)" \
    "a database failing quick_check (python's sqlite3 says so): exit 5, message, file untouched"
head -c 3000 /dev/urandom >"$E2E_TMP/junk.sqlite"
sum0=$(sha256sum <"$E2E_TMP/junk.sqlite")
e2e_run sweep "$T/sweeps/ok.sweep" --db "$E2E_TMP/junk.sqlite" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 5 ] && [ "$(sha256sum <"$E2E_TMP/junk.sqlite")" = "$sum0" ]; echo $?)" \
    "not a database at all: exit 5, untouched"

# 5. a job that exits 0 without JSON: "failed" on the progress line and in the database
printf 'series cases/nojson.nh\n' >"$T/sweeps/nj.sweep"
e2e_run sweep "$T/sweeps/nj.sweep" --db "$E2E_TMP/h5.sqlite" --oracle "$STUB" --git-rev r1
e2e_ok "$([ $E2E_RC = 10 ] && grep -q 'nojson.nh: failed (exit 0' "$E2E_TMP/err" \
          && ! grep -q 'nojson.nh: ok' "$E2E_TMP/err" \
          && [ "$(q "$E2E_TMP/h5.sqlite" "select status from results")" = failed ]; echo $?)" \
    "local engine: exit 0 without JSON is 'failed' on stderr and in the database"
e2e_run sweep "$T/sweeps/nj.sweep" --db "$E2E_TMP/h5s.sqlite" --oracle "$STUB" --git-rev r1 --slurm "$E2E_TMP/nj"
(cd "$E2E_TMP" && SLURM_ARRAY_TASK_ID=0 bash "$E2E_TMP/nj/sweep.sbatch" 2>/dev/null)
sh "$E2E_TMP/nj/collect.sh" --git-rev r1 >/dev/null 2>"$E2E_TMP/err"
e2e_ok "$(grep -q 'nojson.nh: failed (exit 0' "$E2E_TMP/err" \
          && [ "$(q "$E2E_TMP/h5s.sqlite" "select status from results")" = failed ]; echo $?)" \
    "collector: the same job is 'failed' on stderr and in the database"
e2e_ok "$([ -z "$(find "$E2E_TMP" -name 'PWNED*')" ]; echo $?)" "no file PWNED* anywhere in the test directory"
e2e_done
