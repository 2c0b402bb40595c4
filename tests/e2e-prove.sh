#!/bin/sh
# tests/e2e-prove.sh -- nhoracle prove on every literate proof document
# proofs/*.md (papers 000-004, derivations 010-011, 020): every computed verdict must equal the one recorded in the
# document and no claim may be undecided (exit 0); doc/errata.md must be
# exactly what the tool generates; the report files; a flipped recorded
# verdict is caught (exit 11); a malformed block is a parse error (exit 2).
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 42

docs=$(cd "$NH_TOP_SRCDIR" && ls proofs/*.md)
n=$(echo "$docs" | wc -w)
if [ "$n" -ne 8 ]; then e2e_ok 1 "expected 8 proof documents, found $n"; else e2e_ok 0 "8 proof documents (000-004, 010-011, 020)"; fi

# one run over every document (the rate claims integrate: run once)
( cd "$NH_TOP_SRCDIR" && "$NHORACLE" prove $docs --errata "$E2E_TMP/errata.md" \
    --report "$E2E_TMP/report" --coverage "$E2E_TMP/coverage.md" ) >"$E2E_TMP/out" 2>"$E2E_TMP/err"
E2E_RC=$?
e2e_expect_rc 0 "prove proofs/*.md: every verdict as recorded, none undecided"
grep -E "MISMATCH|claims:" "$E2E_TMP/out" | sed 's/^/# /'
sed 's/^/# /' "$E2E_TMP/err" | head -10

for d in $docs; do
    python3 - "$E2E_TMP/report.json" "$d" <<'PY'
import json, sys
cl = [c for c in json.load(open(sys.argv[1]))["claims"] if c["document"] == sys.argv[2]]
assert len(cl) >= 10, len(cl)
bad = [c["id"] for c in cl if not c["match"] or c["verdict"] == "undecided"]
assert not bad, bad
PY
    e2e_ok $? "$d: every claim's verdict equals the recorded one"
done

# doc/errata.md is generated: compare with the regenerated file byte for byte
cmp -s "$E2E_TMP/errata.md" "$NH_TOP_SRCDIR/doc/errata.md"
rc=$?
e2e_ok $rc "doc/errata.md is up to date (regenerate: nhoracle prove proofs/*.md --errata doc/errata.md)"
[ $rc -eq 0 ] || diff "$E2E_TMP/errata.md" "$NH_TOP_SRCDIR/doc/errata.md" | head -10 | sed 's/^/# /'

# doc/proofs-coverage.md is generated too (issue 21): a stale page, a
# changed verdict of a covered item or a new claim all change it
cmp -s "$E2E_TMP/coverage.md" "$NH_TOP_SRCDIR/doc/proofs-coverage.md"
rc=$?
e2e_ok $rc "doc/proofs-coverage.md is up to date (regenerate: make proofs-coverage-doc)"
[ $rc -eq 0 ] || diff "$E2E_TMP/coverage.md" "$NH_TOP_SRCDIR/doc/proofs-coverage.md" | head -10 | sed 's/^/# /'

# every coverage row names existing claims with their recorded verdicts;
# the counts add up; every item list entry is a row
python3 - "$E2E_TMP/report.json" "$NH_TOP_SRCDIR/proofs/items" <<'PY'
import json, sys, os
d = json.load(open(sys.argv[1]))
cl = {c["id"]: c for c in d["claims"]}
cov = d["coverage"]
n = 0
for it in cov["items"]:
    for c in it["claims"]:
        assert c["id"] in cl, (it["item"], c["id"])
        assert c["verdict"] == cl[c["id"]]["recorded"], (it["item"], c)
    assert (it["status"] in ("checked", "input")) == bool(it["claims"]), it
    assert it["status"] != "not checkable" or it["reason"].split(":")[0] in ("definition", "qualitative", "cannot build"), it
n = sum(1 for f in os.listdir(sys.argv[2]) if f.endswith(".txt")
        for l in open(os.path.join(sys.argv[2], f)) if l.strip() and not l.lstrip().startswith("#"))
assert len(cov["items"]) == n, (len(cov["items"]), n)
a = cov["papers"]["all"]
assert a["items"] == n == a["checked"] + a["input"] + a["not_checkable"] + a["not_written"] + a["unreviewed"], a
assert a["checked"] == a["holds"] + a["refuted"] + a["pending"] + a["undecided"], a
for p in ("002", "003", "004"):
    assert cov["papers"][p]["checked"] >= 8, p
PY
e2e_ok $? "coverage JSON: rows name existing claims with their recorded verdicts, counts add up"

# the committed page itself (issue 21): every claim id a row names exists
# and carries its recorded verdict, and no rate claim is left pending;
# the same checker on a copy with one id renamed must fail
cat >"$E2E_TMP/rows.py" <<'PY'
import json, re, sys
cl = {c["id"]: c for c in json.load(open(sys.argv[1]))["claims"]}
bad = []
for line in open(sys.argv[2]):
    if not line.startswith("| ") or line.count("|") < 6:
        continue
    for cid, v in re.findall(r"`([^`]+)` \(([a-z]+)\)", line.split("|")[4]):
        if cid not in cl or cl[cid]["recorded"] != v:
            bad.append((cid, v))
assert not bad, bad
assert not [c for c in cl.values() if c["recorded"] == "pending"], "pending rate claims"
PY
python3 "$E2E_TMP/rows.py" "$E2E_TMP/report.json" "$NH_TOP_SRCDIR/doc/proofs-coverage.md"
e2e_ok $? "doc/proofs-coverage.md: every row names an existing claim with its recorded verdict; no claim pending"
sed 's/`003-thm6.2` (holds)/`003-thm6.3` (holds)/' "$NH_TOP_SRCDIR/doc/proofs-coverage.md" >"$E2E_TMP/cov-bad.md"
! cmp -s "$E2E_TMP/cov-bad.md" "$NH_TOP_SRCDIR/doc/proofs-coverage.md"
e2e_ok $? "planted: a coverage row renamed to a missing claim id (003-thm6.3)"
python3 "$E2E_TMP/rows.py" "$E2E_TMP/report.json" "$E2E_TMP/cov-bad.md" 2>/dev/null
[ $? -ne 0 ]
e2e_ok $? "... is caught by the row check (and by the page comparison above)"

# a claim covering an item that is not listed, or one listed as not
# checkable, is a malformed document (exit 2, file:line:col), before
# anything is evaluated; a malformed items file names file:line
mkdir -p "$E2E_TMP/cov/proofs/items" "$E2E_TMP/cov/cases"
cp "$NH_TOP_SRCDIR/cases/vertical_disk.nh" "$E2E_TMP/cov/cases/"
printf 'eq1 | equation | checkable | x\neq2 | equation | not checkable: definition: introduces y | y\n' \
    >"$E2E_TMP/cov/proofs/items/000.txt"
printf '# x\n```claim\nid: a\ncovers: 000:eq1, 000:eq9\ncase: cases/vertical_disk.nh\nquantity: P_perp\nformula: 0\nverdict: refuted\n```\n' \
    >"$E2E_TMP/cov/proofs/a.md"
e2e_run prove "$E2E_TMP/cov/proofs/a.md" --coverage "$E2E_TMP/cov/out.md"
e2e_expect_rc 2 "covers: an unknown item -> exit 2"
grep -q "a.md:4:18: claim 'a': covers: unknown item '000:eq9'" "$E2E_TMP/err" && test ! -s "$E2E_TMP/out" \
    && test ! -e "$E2E_TMP/cov/out.md"
e2e_ok $? "... naming file:line:col and the item, nothing evaluated, no page written"
sed 's/000:eq9/000:eq2/' "$E2E_TMP/cov/proofs/a.md" >"$E2E_TMP/cov/proofs/b.md"
e2e_run prove "$E2E_TMP/cov/proofs/b.md" --coverage "$E2E_TMP/cov/out.md"
e2e_expect_rc 2 "covers: an item listed as not checkable -> exit 2 (the list and the claims disagree)"
sed 's/, 000:eq9//' "$E2E_TMP/cov/proofs/a.md" >"$E2E_TMP/cov/proofs/c.md"
e2e_run prove "$E2E_TMP/cov/proofs/c.md" --coverage "$E2E_TMP/cov/out.md"
e2e_expect_rc 0 "a valid covers: -> exit 0"
grep -q '^| eq1 | equation | x | `a` (refuted) | \*\*refuted\*\* |$' "$E2E_TMP/cov/out.md" \
    && grep -q '^| 000 | 2 | 1 | 0 | 1 | 0 | 0 | 0 | 1 | 1 | 0 | 0 | 0 | 0 |$' "$E2E_TMP/cov/out.md"
e2e_ok $? "... the page has the row with the claim and its verdict, and the counts"
# issue 32: a not-checkable reason outside the rule is refused (file:line,
# no page); an item covered only by an input: claim is "input, not checked"
printf 'eq1 | equation | checkable | x\neq2 | equation | not checkable: derivation step | y\n' \
    >"$E2E_TMP/cov/proofs/items/000.txt"
e2e_run prove "$E2E_TMP/cov/proofs/c.md" --coverage "$E2E_TMP/cov/out3.md"
e2e_expect_rc 2 "an items file with the reason 'derivation step' -> exit 2"
grep -q "items/000.txt:2: item 'eq2': not checkable reason 'derivation step' is not allowed" "$E2E_TMP/err" \
    && test ! -e "$E2E_TMP/cov/out3.md"
e2e_ok $? "... naming file:line and the item, no page written"
printf 'eq1 | equation | checkable | x\n' >"$E2E_TMP/cov/proofs/items/000.txt"
sed 's/^covers: 000:eq1$/covers: 000:eq1\ninput: the case file typed from eq1/' "$E2E_TMP/cov/proofs/c.md" \
    >"$E2E_TMP/cov/proofs/d.md"
e2e_run prove "$E2E_TMP/cov/proofs/d.md" --coverage "$E2E_TMP/cov/out4.md"
e2e_expect_rc 0 "an item covered only by an input: claim -> exit 0"
grep -q '^| eq1 | equation | x | `a` (refuted) | \*\*input, not checked\*\*' "$E2E_TMP/cov/out4.md" \
    && grep -q '^| 000 | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |$' "$E2E_TMP/cov/out4.md"
e2e_ok $? "... the row says input, not checked, and the counts have it as input, not checked"
printf 'eq1 | equation | maybe | x\n' >"$E2E_TMP/cov/proofs/items/000.txt"
e2e_run prove "$E2E_TMP/cov/proofs/c.md" --coverage "$E2E_TMP/cov/out2.md"
e2e_expect_rc 2 "an items file with an unknown status -> exit 2"
grep -q "items/000.txt:1: status 'maybe'" "$E2E_TMP/err" && test ! -e "$E2E_TMP/cov/out2.md"
e2e_ok $? "... naming file:line, no page written"

python3 - "$E2E_TMP/report.json" "$E2E_TMP/report.md" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
cl = d["claims"]
assert len(cl) > 20, len(cl)
assert all(c["match"] for c in cl)
assert d["mismatches"] == 0
assert all(c["verdict"] in ("holds", "refuted", "pending") for c in cl)
ref = [c for c in cl if c["verdict"] == "refuted"]
assert ref and all("witness" in c and "difference" in c and c.get("corrected_verdict", "holds") == "holds" for c in ref)
md = open(sys.argv[2]).read()
assert md.startswith("# nhoracle prove report") and "| 000-86 |" in md
PY
e2e_ok $? "JSON and Markdown reports: every claim matches, refuted claims carry witness and difference"

# the nonholonomic documents (002-004) carry refuted claims of 004 with
# their corrected formulas, and use the time-dependent quantities
python3 - "$E2E_TMP/report.json" <<'PY'
import json, sys
cl = {c["id"]: c for c in json.load(open(sys.argv[1]))["claims"]}
for i in ("004-solved-velocities", "004-xi-0", "004-B4-a", "004-B5-a", "004-cartan-sign"):
    assert cl[i]["verdict"] == "refuted" and cl[i]["corrected_verdict"] == "holds", i
    assert "t = " in cl[i]["witness"], i
for i in ("004-eq2", "004-B-ab-brackets", "003-6.7", "003-thm6.2", "003-ex6.1-L", "002-ghat-42", "002-ref3-geodesic"):
    assert cl[i]["verdict"] == "holds", i
PY
e2e_ok $? "004's five refuted claims (witness with t) have corrected formulas that hold; key 002/003/004 claims hold"
grep -q "004-B5-a" "$NH_TOP_SRCDIR/doc/errata.md"
e2e_ok $? "doc/errata.md lists 004-B5-a"

# the derivation documents: Thm 2 on every shipped friction case, and the
# bundle-map derivatives (000 Prop 2) against closed forms and the chain rule
python3 - "$E2E_TMP/report.json" <<'PY'
import json, sys
cl = {c["id"]: c for c in json.load(open(sys.argv[1]))["claims"]}
for t in ("disk", "sleigh", "pendulum", "inclined", "disk002"):
    for i in ("010-routes-" + t, "010-h1-67-covariant-" + t, "011-67-" + t):
        assert cl[i]["verdict"] == "holds", i
for i in ("011-chain-rule-pendulum", "011-DV-pendulum-closed", "011-nablaH-pendulum-closed",
          "011-euler-sleigh", "010-react1-pendulum-covariant"):
    assert cl[i]["verdict"] == "holds", i
PY
e2e_ok $? "010/011: both routes and (67) agree on the five friction cases; chain rule (28) holds"

# a wrong chain rule (one D^V term with the wrong sign) is refuted
sed 's/nablaH_h1_x_x + s\*DV_h1_x_y/nablaH_h1_x_x - s*DV_h1_x_y/' \
    "$NH_TOP_SRCDIR/proofs/011-bundle-chain-rule.md" >"$E2E_TMP/wrong28.md"
e2e_run prove "$E2E_TMP/wrong28.md" --top "$NH_TOP_SRCDIR" --only 011-chain-rule-pendulum
e2e_expect_rc 11 "chain rule (28) with a sign error in D^V h -> refuted (verdict mismatch)"

# a flipped verdict of a nonholonomic claim is caught too
sed 's/^verdict: refuted$/verdict: holds/' "$NH_TOP_SRCDIR/proofs/004-baksa.md" >"$E2E_TMP/flipped4.md"
e2e_run prove "$E2E_TMP/flipped4.md" --top "$NH_TOP_SRCDIR" --only 004-B4-a
e2e_expect_rc 11 "recorded 'holds' for 004's B^4_1 -> verdict mismatch"

# a nonholonomic quantity without what it needs is a parse error
printf '# x\n```claim\nid: a\ncase: cases/vertical_disk_002.nh\nquantity: acc_geodesic\nformula: 0\nverdict: holds\n```\n' >"$E2E_TMP/bad2.md"
e2e_run prove "$E2E_TMP/bad2.md" --top "$NH_TOP_SRCDIR"
e2e_expect_rc 2 "acc_geodesic without ghat: -> parse error"
grep -q "needs 'ghat:'" "$E2E_TMP/err"
e2e_ok $? "the message names the missing key"

# a flipped recorded verdict is caught, naming file:line
sed 's/^verdict: refuted$/verdict: holds/' "$NH_TOP_SRCDIR/proofs/000-gzenda-chhabra.md" \
    >"$E2E_TMP/flipped.md"
e2e_run prove "$E2E_TMP/flipped.md" --top "$NH_TOP_SRCDIR" --only 000-86
e2e_expect_rc 11 "recorded 'holds' for the refuted (86) -> verdict mismatch"
grep -q "flipped.md:[0-9]*: claim '000-86': recorded verdict 'holds', computed 'refuted'" "$E2E_TMP/err"
e2e_ok $? "mismatch message names file:line and both verdicts"

printf '# x\n```claim\nid: a\ncase: cases/vertical_disk.nh\nquantity: P\nformula: [[1, 0], [0, 1]\nverdict: holds\n```\n' >"$E2E_TMP/bad.md"
e2e_run prove "$E2E_TMP/bad.md" --top "$NH_TOP_SRCDIR"
e2e_expect_rc 2 "malformed formula -> parse error with file:line:col"

# a malformed claim after a valid one fails before anything is evaluated:
# the report names only the bad claim, no verdict line is printed
{ cat "$NH_TOP_SRCDIR/proofs/000-gzenda-chhabra.md"
  printf '\n```claim\nid: late\ncase: cases/vertical_disk.nh\nquantity: P\nformula: [[1, 0], [0, 1]\nverdict: holds\n```\n'; } >"$E2E_TMP/late.md"
e2e_run prove "$E2E_TMP/late.md" --top "$NH_TOP_SRCDIR"
e2e_expect_rc 2 "malformed last claim: exit 2"
test ! -s "$E2E_TMP/out" && grep -q "late.md:[0-9]*:[0-9]*:" "$E2E_TMP/err"
e2e_ok $? "... before any claim is evaluated (no report on stdout), naming file:line:col"
# all documents take about 2 s at their default points (2026-11-26), too
# close to the limit; at 1000 points each they take minutes
e2e_run prove "$NH_TOP_SRCDIR"/proofs/*.md --points 1000 --timeout 1 --report "$E2E_TMP/rep"
e2e_expect_rc 6 "prove --timeout 1 on all documents at 1000 points (minutes of work)"
test ! -e "$E2E_TMP/rep.md" && grep -q "time limit exceeded" "$E2E_TMP/err"
e2e_ok $? "... no report file, message names the limit"

e2e_done
