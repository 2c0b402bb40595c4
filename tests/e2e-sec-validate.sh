#!/bin/sh
# tests/e2e-sec-validate.sh -- issue 13, item 6 and part of item 7:
# `nhoracle validate` never passes with nothing checked, requires every
# computed quantity of the reference (--subset relaxes this to whole
# vectors/matrices), prints the number of values checked,
# and refuses ambiguous candidates: a CSV header naming a column twice, a
# JSON object with a repeated key (doc/datasets.md, doc/robustness.md).
#
# The reference is the committed refs/vertical_disk.small.csv (3 points);
# candidates are cut out of it by python (plumbing: the reference's own
# values, so that only the selection decides the outcome).  The expected
# counts are computed here by python from the reference, independently of
# the validator.
. "$(dirname "$0")/e2e-lib.sh"

REF=$NH_TOP_SRCDIR/refs/vertical_disk.small.csv
REFJ=$NH_TOP_SRCDIR/refs/vertical_disk.small.jsonl
T=$E2E_TMP
e2e_plan 42

# pick REF OUT EXPR: CSV candidate (quantity,k,eps,point,i,j,l,value) with
# the reference rows r for which the python expression EXPR is true
pick() {
    python3 - "$@" <<'PYEOF'
import csv, sys
ref, out, expr = sys.argv[1], sys.argv[2], sys.argv[3]
cols = ["quantity", "k", "eps", "point", "i", "j", "l", "value"]
with open(ref, newline="") as f:
    rows = list(csv.DictReader(l for l in f if not l.startswith("#")))
with open(out, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(cols)
    for r in rows:
        if eval(expr):
            w.writerow([r[c] for c in cols])
PYEOF
}
# rows OUT.csv: the number of data rows of a candidate written by pick
rows() { echo $(($(wc -l <"$1") - 1)); }

# ---- only the echoed inputs q, v ----
pick "$REF" "$T/qv.csv" 'r["quantity"] in ("q", "v")'
test "$(rows "$T/qv.csv")" -eq 24; e2e_ok $? "candidate with only q, v: 24 rows (3 points x (q, v) x 4)"
e2e_run validate "$REF" "$T/qv.csv"
e2e_expect_rc 9 "only the echoed inputs q, v: FAIL"
grep -q "^values checked: 0 " "$E2E_TMP/out"; e2e_ok $? "... report says 'values checked: 0'"
grep -q "0 values checked: the candidate supplies no value of a computed quantity" "$E2E_TMP/out"
e2e_ok $? "... and why (first problem)"
grep -q "^result: FAIL" "$E2E_TMP/out"; e2e_ok $? "... result: FAIL"
e2e_run validate "$REF" "$T/qv.csv" --subset
e2e_expect_rc 9 "only q, v with --subset: still FAIL"
grep -q "^values checked: 0 " "$E2E_TMP/out"; e2e_ok $? "... values checked: 0"
e2e_run validate "$REF" "$T/qv.csv" --require-all
e2e_expect_rc 9 "only q, v with --require-all: FAIL"
e2e_run validate "$REF" "$T/qv.csv" --subset --tap
e2e_expect_rc 9 "only q, v, --subset --tap: FAIL"
grep -q "^not ok [0-9]* - values checked: 0 " "$E2E_TMP/out"; e2e_ok $? "... TAP line 'not ok N - values checked: 0'"
e2e_run validate "$REF" "$T/qv.csv" --subset --json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["pass"] is False and d["checked"] == 0 and d["subset"] is True, d
assert d["messages"][0].endswith("so nothing was validated"), d["messages"][0]
' "$E2E_TMP/out"
e2e_ok $? "... --json: pass false, \"checked\": 0, the reason first"

# ---- nothing usable at all ----
: >"$T/empty.csv"
e2e_run validate "$REF" "$T/empty.csv" --subset
e2e_expect_rc 2 "empty candidate (--subset): unusable file"
printf '{"format":"my-solver","case_sha256":"7507af3ba84a2cbb"}\n' >"$T/metaonly.jsonl"
e2e_run validate "$REF" "$T/metaonly.jsonl" --subset
e2e_expect_rc 2 "candidate with a metadata line and no records: unusable file"
printf 'quantity,point,i,value\nh,99,0,1\nnosuch,0,0,1\n' >"$T/nomatch.csv"
e2e_run validate "$REF" "$T/nomatch.csv" --subset
e2e_expect_rc 9 "candidate whose records match nothing: FAIL"
grep -q "^values checked: 0 " "$E2E_TMP/out"; e2e_ok $? "... values checked: 0"

# ---- a partial candidate: h^(1) and G of every point ----
pick "$REF" "$T/part.csv" 'r["quantity"] == "G" or (r["quantity"] == "h" and r["k"] == "1")'
n=$(rows "$T/part.csv")
test "$n" -eq 60; e2e_ok $? "partial candidate: 60 rows (3 points x (16 G + 4 h^(1)))"
e2e_run validate "$REF" "$T/part.csv"
e2e_expect_rc 9 "partial candidate without --subset: FAIL (it covers the points, not their quantities)"
grep -q "missing record Gamma point 0 \[0,0,0\]" "$E2E_TMP/out"; e2e_ok $? "... missing records named (Gamma point 0 [0,0,0])"
grep -q "missing record vD point 0 \[0\]" "$E2E_TMP/out"; e2e_ok $? "... vD is computed, hence required"
e2e_run validate "$REF" "$T/part.csv" --subset
e2e_expect_rc 0 "partial candidate with --subset: PASS"
grep -q "^values checked: $n " "$E2E_TMP/out"; e2e_ok $? "... report says 'values checked: $n'"
grep -q "^Gamma .*(not provided)" "$E2E_TMP/out"; e2e_ok $? "... absent families listed as not provided"
e2e_run validate "$REF" "$T/part.csv" --subset --tap
e2e_expect_rc 0 "... --tap"
grep -q "^ok [0-9]* - values checked: $n (computed quantities; points covered: 3 of 3)" "$E2E_TMP/out"
e2e_ok $? "... TAP line 'ok N - values checked: $n'"
e2e_run validate "$REF" "$T/part.csv" --subset --json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["pass"] is True and d["checked"] == int(sys.argv[2]) and d["points_covered"] == 3, d
' "$E2E_TMP/out" "$n"
e2e_ok $? "... --json: \"checked\": $n"
e2e_run validate "$REF" "$T/part.csv" --subset --require-all
e2e_expect_rc 1 "--subset with --require-all: usage error"

# echoed inputs are compared but not counted
pick "$REF" "$T/partqv.csv" 'r["quantity"] in ("q", "v", "G")'
e2e_run validate "$REF" "$T/partqv.csv" --subset
e2e_expect_rc 0 "G with the echoed q, v (--subset): PASS"
grep -q "^values checked: 48 " "$E2E_TMP/out"; e2e_ok $? "... values checked: 48 (G only: q, v not counted)"

# a vector given in part fails even with --subset
pick "$REF" "$T/half.csv" '(r["quantity"] == "h" and r["k"] == "1") and not (r["point"] == "1" and r["i"] == "2")'
e2e_run validate "$REF" "$T/half.csv" --subset
e2e_expect_rc 9 "--subset: h^(1) at point 1 given without component 2: FAIL"
grep -q "missing record h^(1) point 1 \[2\]" "$E2E_TMP/out"; e2e_ok $? "... the missing component is named"

# all of one point, nothing of the others: every point is required by
# default (and by --require-all); --subset lets whole points be absent
pick "$REF" "$T/p0.csv" 'r["point"] == "0"'
e2e_run validate "$REF" "$T/p0.csv"
e2e_expect_rc 9 "every record of point 0 only: FAIL (points 1, 2 missing)"
grep -q "^points covered: 1 of 3$" "$E2E_TMP/out"; e2e_ok $? "... report says 'points covered: 1 of 3'"
e2e_run validate "$REF" "$T/p0.csv" --require-all
e2e_expect_rc 9 "... FAIL with --require-all"
e2e_run validate "$REF" "$T/p0.csv" --subset
e2e_expect_rc 0 "... PASS with --subset"

# ---- item 7: ambiguous candidates ----
printf 'quantity,k,point,i,value,Value\nh,1,0,0,0,1\n' >"$T/dupcol.csv"
e2e_run validate "$REF" "$T/dupcol.csv"
e2e_expect_rc 2 "CSV header naming 'value' twice: unusable file"
grep -q "dupcol\.csv:1: the CSV header names the column 'value' twice (columns 5 and 6)" "$E2E_TMP/err"
e2e_ok $? "... message names file:line and the columns"
printf '# comment\nquantity,point,i,POINT,value\nvD,0,0,0,1.1\n' >"$T/dupcol2.csv"
e2e_run validate "$REF" "$T/dupcol2.csv"
e2e_expect_rc 2 "CSV header naming 'point' twice (any case): unusable file"
grep -q "dupcol2\.csv:2: the CSV header names the column 'point' twice (columns 2 and 4)" "$E2E_TMP/err"
e2e_ok $? "... message names line 2"

python3 - "$REFJ" "$T/dupkey.jsonl" <<'PYEOF'
import sys
lines = open(sys.argv[1]).read().splitlines()[1:]
out = [l for l in lines if '"quantity":"h","k":1,' in l]
# a second "value" member (its value differs) on the third record
out[2] = out[2].replace('"value":', '"value":12345,"value":', 1)
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PYEOF
e2e_run validate "$REFJ" "$T/dupkey.jsonl" --subset
e2e_expect_rc 9 "JSON Lines candidate with a repeated key: FAIL"
grep -q 'dupkey\.jsonl:3: repeated key "value" in a JSON object' "$E2E_TMP/out"; e2e_ok $? "... message names file:line and the key"

python3 - "$REFJ" "$T/dupref.jsonl" <<'PYEOF'
import sys
lines = open(sys.argv[1]).read().splitlines()
lines[5] = lines[5].replace('"mid":', '"mid":"0","mid":', 1)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PYEOF
e2e_run validate "$T/dupref.jsonl" "$REFJ"
e2e_expect_rc 2 "reference with a repeated key: damaged (exit 2)"
grep -q 'dupref\.jsonl:6: repeated key "mid"' "$E2E_TMP/err"; e2e_ok $? "... message names file:line and the key"
e2e_done
