#!/bin/sh
# tests/e2e-points-file.sh -- --points-file (many points, one process):
# each point's output equals that of a separate run with --q/--v (the
# second method: one process per point), and every bad input gives its
# documented exit with no output file.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
e2e_plan 9
P=$E2E_TMP/points.txt
cat > "$P" <<'PTS'
# q            v
theta=0.3      theta=1,varphi=2
theta=0.1,x=1  -            # v = 0
-              theta=2,x=1/3
PTS

# 1-3. JSON: one object per line, each equal to the single-point run
e2e_run series "$DISK" --points-file "$P" --order 2 --json -o "$E2E_TMP/batch.jsonl"
e2e_expect_rc 0 "series --points-file --json"
i=0
ok=0
for spec in "theta=0.3|theta=1,varphi=2" "theta=0.1,x=1|" "|theta=2,x=1/3"; do
    i=$((i + 1))
    "$NHORACLE" series "$DISK" --q "${spec%%|*}" --v "${spec#*|}" --order 2 --json > "$E2E_TMP/one$i.json" 2>/dev/null || ok=1
done
python3 - "$E2E_TMP" <<'PY' || ok=1
import json, sys
d = sys.argv[1]
lines = open(d + "/batch.jsonl").read().splitlines()
assert len(lines) == 3, len(lines)
for i, l in enumerate(lines, 1):
    assert json.loads(l) == json.load(open("%s/one%d.json" % (d, i))), i
PY
e2e_ok $ok "each line equals the JSON of a separate --q/--v run (3 points)"

e2e_run geometry "$DISK" --points-file "$P"
grep -c '^# point [123] ('"$P"':[234]): ' "$E2E_TMP/out" > "$E2E_TMP/n"
[ "$E2E_RC" -eq 0 ] && [ "$(cat "$E2E_TMP/n")" = 3 ]
e2e_ok $? "geometry text output: three blocks headed '# point i (FILE:LINE)'"

# 4. a third field: parse error at file:line:col, no output file
printf 'theta=0.3 theta=1 x=2\n' > "$E2E_TMP/bad3.txt"
e2e_run series "$DISK" --points-file "$E2E_TMP/bad3.txt" -o "$E2E_TMP/bad3.out"
e2e_expect_rc 2 "three fields on a line"
grep -q "bad3.txt:1:19: expected 'Q_SPEC \[V_SPEC\]'" "$E2E_TMP/err" && [ ! -e "$E2E_TMP/bad3.out" ]
e2e_ok $? "message names file:line:col, no output file"

# 5. a bad spec on line 3: usage error naming the line, nothing written
printf 'theta=0.3 -\n\ntheta=zz -\n' > "$E2E_TMP/badspec.txt"
e2e_run series "$DISK" --points-file "$E2E_TMP/badspec.txt" -o "$E2E_TMP/badspec.out"
[ "$E2E_RC" -ne 0 ] && grep -q "badspec.txt:3: " "$E2E_TMP/err" && [ ! -e "$E2E_TMP/badspec.out" ]
e2e_ok $? "bad spec on line 3: error names FILE:3, no output file (exit $E2E_RC)"

# 6. no point at all
printf '# nothing\n\n' > "$E2E_TMP/empty.txt"
e2e_run series "$DISK" --points-file "$E2E_TMP/empty.txt"
e2e_expect_rc 2 "a points file without points"

# 7. missing file
e2e_run series "$DISK" --points-file "$E2E_TMP/nonexistent.txt"
e2e_expect_rc 5 "a missing points file"

# 8. a subcommand without the batch mode
e2e_run emit "$DISK" --points-file "$P" -o "$E2E_TMP/e.jsonl"
e2e_expect_rc 1 "emit refuses --points-file"
e2e_done
