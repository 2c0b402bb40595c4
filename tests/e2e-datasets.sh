#!/bin/sh
# tests/e2e-datasets.sh -- nhoracle emit / validate end to end (issue 4):
# refs/ reproducible byte for byte; the validator on correct and
# deliberately corrupted candidates; the worked example (examples/).
#
# Which candidates are independent of emit's code path:
#   - h1_closed: closed form of the disk's h^(1) (paper 000 (85), derived by
#     hand in tests/t-series_closed.c), written by python from q and vD;
#   - examples/disk_user.c: plain C from the paper's printed equations;
#   - sleigh_closed: the closed-form order-0 (nonholonomic) trajectory of
#     the Chaplygin sleigh (derivation in tests/t-flow_sleigh.c), x and y by
#     Romberg quadrature, python math only: checks the trajectory records
#     (ESTIMATES from lib/ode.h) against an independent truth.
# The corrupted candidates are *plumbing* tests: they start from the
# reference's own values (cand_from_ref) and test the matching and the
# messages, not the numbers.
. "$(dirname "$0")/e2e-lib.sh"
. "$(dirname "$0")/dataset_candidate.sh"

REFS=$NH_TOP_SRCDIR/refs
SMALL=$REFS/vertical_disk.small.csv
T=$E2E_TMP
e2e_plan 91

# ---- refs/ are reproducible (all of them: ~1 s, plus ~10 s for the
# trajectory dataset) ----
NHORACLE=$NHORACLE sh "$REFS/make-refs.sh" "$NH_TOP_SRCDIR" "$T/refs" >"$T/mk.out" 2>&1
e2e_ok $? "make-refs.sh regenerates refs/"
for f in vertical_disk.small.jsonl vertical_disk.small.csv \
         vertical_disk.jsonl vertical_disk.csv chaplygin_sleigh.jsonl chaplygin_sleigh.csv \
         inclined_sleigh.jsonl inclined_sleigh.csv \
         pendulum_radial_friction.jsonl pendulum_radial_friction.csv \
         snakeboard.jsonl snakeboard.csv roller_racer.jsonl roller_racer.csv \
         ball_plane.jsonl ball_plane.csv rolling_disc.jsonl rolling_disc.csv \
         diffdrive_robot.jsonl diffdrive_robot.csv inclined_sleigh_l.jsonl inclined_sleigh_l.csv \
         suslov.jsonl suslov.csv \
         vertical_disk.traj.jsonl vertical_disk.traj.csv; do
    cmp -s "$T/refs/$f" "$REFS/$f"
    e2e_ok $? "refs/$f is byte-identical to a fresh emit (else run 'make refs')"
done

# two independently written files of one model (cases/inclined_sleigh.nh:
# the metric by hand; cases/inclined_sleigh_l.nh: kinetic:, let, d())
# give the same certified records (metadata line aside)
tail -n +2 "$REFS/inclined_sleigh.jsonl" >"$E2E_TMP/is1"
tail -n +2 "$REFS/inclined_sleigh_l.jsonl" >"$E2E_TMP/is2"
cmp -s "$E2E_TMP/is1" "$E2E_TMP/is2"
e2e_ok $? "refs: the inclined sleigh by hand metric and by kinetic energy give identical records"

# ---- the reference against itself (formats agree) ----
e2e_run validate "$REFS/vertical_disk.jsonl" "$REFS/vertical_disk.csv"
e2e_expect_rc 0 "CSV reference validates against the JSON Lines reference"

# ---- plumbing candidate: the reference's own values ----
cand_from_ref "$SMALL" "$T/c0.csv"
e2e_run validate "$SMALL" "$T/c0.csv" --tap
e2e_expect_rc 0 "candidate = reference values passes"

# nfail FILE: the families reported 'not ok' (TAP), space separated
nfail() { sed -n 's/^not ok [0-9]* - \([^:]*\):.*/\1/p' "$1" | tr '\n' ' ' | sed 's/ $//'; }

cand_from_ref "$SMALL" "$T/c1.csv" flip:h:2:0:1
e2e_run validate "$SMALL" "$T/c1.csv" --tap
e2e_expect_rc 9 "sign flip in one component of h^(2)"
test "$(nfail "$T/out")" = "h^(2)"; e2e_ok $? "only h^(2) fails (got: $(nfail "$T/out"))"
grep -q "worst: h^(2) point 0 \[1\]" "$T/out"; e2e_ok $? "worst offender named: h^(2) point 0 [1]"

cand_from_ref "$SMALL" "$T/c2.csv" scale:h:1:2
e2e_run validate "$SMALL" "$T/c2.csv"
e2e_expect_rc 9 "dropped factor R = 1/2 in h^(1)"
grep -q "^h^(1) .*FAIL" "$T/out"; e2e_ok $? "h^(1) row says FAIL"

# (the default rtol is 1e-9, shared with check: doc/datasets.md "Tolerances")
cand_from_ref "$SMALL" "$T/c3.csv" relbig:1e-8
e2e_run validate "$SMALL" "$T/c3.csv"
e2e_expect_rc 9 "one value off by 1e-8 relative"
grep -q "FAIL .*rel err 1e-08" "$T/out"; e2e_ok $? "message gives rel err 1e-08"
e2e_run validate "$SMALL" "$T/c3.csv" --rtol 1e-7
e2e_expect_rc 0 "... passes with --rtol 1e-7"
cand_from_ref "$SMALL" "$T/c3b.csv" relbig:5e-10
e2e_run validate "$SMALL" "$T/c3b.csv"
e2e_expect_rc 0 "off by 5e-10 relative: within the default rtol 1e-9"
e2e_run validate "$SMALL" "$T/c3b.csv" --rtol 1e-10
e2e_expect_rc 9 "... fails with --rtol 1e-10 (the old default)"

cand_from_ref "$SMALL" "$T/c4.csv" drop:h:1:0:1
e2e_run validate "$SMALL" "$T/c4.csv"
e2e_expect_rc 9 "a missing record"
grep -q "missing record h^(1) point 0 \[1\]" "$T/out"; e2e_ok $? "message names the missing record"

cand_from_ref "$SMALL" "$T/c5.csv" nan:h:1:0:1
e2e_run validate "$SMALL" "$T/c5.csv"
e2e_expect_rc 9 "a NaN value"
grep -q "c5.csv:[0-9]*: value 'NaN' for h point 0 is not finite" "$T/out"; e2e_ok $? "NaN message names file:line"

cand_from_ref "$SMALL" "$T/c6.csv" dup:h:1:0:1
e2e_run validate "$SMALL" "$T/c6.csv"
e2e_expect_rc 9 "a duplicate key"
grep -q "duplicate key h^(1) point 0 \[1\] (first given on line" "$T/out"; e2e_ok $? "duplicate message"

cand_from_ref "$SMALL" "$T/c7.csv" eps:0.01:100
e2e_run validate "$SMALL" "$T/c7.csv"
e2e_expect_rc 9 "eps given as 1/eps"
grep -q "eps = 100 is not one of the reference's eps values (0.01).*wrong units" "$T/out"; e2e_ok $? "wrong-units message"

cand_from_ref "$SMALL" "$T/c8.csv" eps:0.01:1/50
e2e_run validate "$SMALL" "$T/c8.csv"
e2e_expect_rc 9 "eps not in the reference"
grep -q "eps = 1/50 is not one of" "$T/out"; e2e_ok $? "unknown-eps message"

{ echo "# case_sha256: 0000000000000000000000000000000000000000000000000000000000000000"; cat "$T/c0.csv"; } >"$T/c9.csv"
e2e_run validate "$SMALL" "$T/c9.csv"
e2e_expect_rc 9 "candidate declaring another case's hash"
grep -q "candidate is for a different case" "$T/out"; e2e_ok $? "hash-mismatch message"
e2e_run validate "$REFS/chaplygin_sleigh.jsonl" "$REFS/vertical_disk.jsonl" --tap
e2e_expect_rc 9 "disk dataset validated against the sleigh's reference"

# ---- independent candidate: closed form of h^(1) ----
h1_closed "$REFS/vertical_disk.csv" "$T/h1.csv"
# (h^(1) only: --subset, the other quantities of the points are absent)
e2e_run validate "$REFS/vertical_disk.csv" "$T/h1.csv" --tap --subset
e2e_expect_rc 0 "closed-form h^(1) (paper 000 (85)) passes"
grep -q "^ok [0-9]* - h^(1): 24/24 records pass" "$T/out"; e2e_ok $? "all 24 h^(1) records checked"

# ---- the worked example (examples/): printed (85)-(90) ----
NHORACLE=$NHORACLE NH_TOP_SRCDIR=$NH_TOP_SRCDIR sh "$NH_TOP_SRCDIR/examples/validate-disk.sh" --tap >"$T/ex.out" 2>"$T/ex.err"
rc=$?
test $rc -eq 9; e2e_ok $? "example with the printed equations does not pass (exit $rc)"
test "$(nfail "$T/ex.out")" = "h^(2) vDdot[k=1]"; e2e_ok $? "exactly h^(2) (86) and vDdot[k=1] (89) fail (got: $(nfail "$T/ex.out"))"
for fam in 'h^(1): 24/24' 'qdot[k=0]: 48/48' 'vDdot[k=0]: 48/48' 'qdot[k=1]: 48/48'; do
    grep -F -q -- "- $fam records pass" "$T/ex.out"; e2e_ok $? "example: $fam records pass ((85), (87), (88), (90))"
done
NHORACLE=$NHORACLE NH_TOP_SRCDIR=$NH_TOP_SRCDIR sh "$NH_TOP_SRCDIR/examples/validate-disk.sh" --corrected --tap >"$T/ex2.out" 2>"$T/ex2.err"
e2e_ok $? "example with corrected (86) and (89) passes entirely"

# ---- --json ----
e2e_run validate "$SMALL" "$T/c1.csv" --json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
bad = [r for r in d["records"] if not r["pass"]]
assert d["pass"] is False and len(bad) == 1 and bad[0]["record"] == "h^(2) point 0 [1]", bad
' "$T/out"
e2e_ok $? "--json: one failing record, named"

# ---- trajectories (estimates) ----
TRAJ=$REFS/vertical_disk.traj.csv
e2e_run validate "$REFS/vertical_disk.traj.jsonl" "$TRAJ" --tap
e2e_expect_rc 0 "trajectory dataset: CSV validates against JSON Lines"
grep -q "^ok [0-9]* - full_q: 32/32 records pass against ESTIMATES" "$T/out"; e2e_ok $? "full_q reported as estimates"
grep -q '"status":"estimate"' "$REFS/vertical_disk.traj.jsonl"; e2e_ok $? "trajectory records have status estimate"
grep -c ',estimate$' "$TRAJ" | grep -qx 192; e2e_ok $? "192 estimate rows (2 points x 2 eps x 2 times x 3 systems x (q, v) x 4)"
python3 -c '
import json, sys
m = json.loads(open(sys.argv[1]).readline())
t = m["trajectories"]
assert m["times"] == ["0.5", "1"] and t["init"] == "deps" and t["lift_order"] == 2, m
assert "ESTIMATE" in t["status"] and t["integrator"]["rtol"] == "1e-20", t
' "$REFS/vertical_disk.traj.jsonl"
e2e_ok $? "metadata: times, init deps, lift order, integrator tolerances, status"

# closed-form sleigh (independent truth) against an emitted reference
e2e_run emit "$CASES/chaplygin_sleigh.nh" --points 3 --seed 11 --order 1 --reduced-orders 0 \
    --eps 1/10 --times 1/2:1 --traj-orders 0 --init d --estimate --format csv -o "$T/sl.csv"
e2e_expect_rc 0 "emit sleigh trajectories (order 0, --init d)"
sleigh_closed "$T/sl.csv" "$T/slc.csv"
# (the order-0 reduced trajectories only: --subset)
e2e_run validate "$T/sl.csv" "$T/slc.csv" --tap --subset
e2e_expect_rc 0 "closed-form sleigh trajectory passes"
grep -q "^ok [0-9]* - reduced_q\[k=0\]: 18/18 records pass against ESTIMATES" "$T/out" \
  && grep -q "^ok [0-9]* - reduced_v\[k=0\]: 18/18 records pass against ESTIMATES" "$T/out"
e2e_ok $? "all 36 reduced_q[k=0], reduced_v[k=0] records checked"
e2e_run validate "$T/sl.csv" "$T/slc.csv" --atol 0 --rtol 1e-13 --subset
e2e_expect_rc 0 "... agreeing to 1e-13 relative (double-precision candidate)"
sleigh_closed "$T/sl.csv" "$T/slbad.csv" dropJ
e2e_run validate "$T/sl.csv" "$T/slbad.csv" --tap --subset
e2e_expect_rc 9 "closed form with J = I (m a^2 dropped) fails"
test "$(nfail "$T/out")" = "reduced_q[k=0] reduced_v[k=0]"; e2e_ok $? "both trajectory families fail (got: $(nfail "$T/out"))"
grep -q "# worst: reduced_.*reference ESTIMATE .*, error estimate" "$T/out"; e2e_ok $? "worst offender says ESTIMATE"
e2e_run validate "$T/sl.csv" "$T/slbad.csv" --subset
grep -q "families marked (estimate) hold ESTIMATES, not certified enclosures" "$T/out"; e2e_ok $? "text report says these are estimates"
cand_from_ref "$TRAJ" "$T/tr1.csv"
python3 - "$T/tr1.csv" <<'PYEOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    if r["quantity"] == "full_v" and r["point"] == "1" and r["i"] == "3" and r["t"] == "1" and r["eps"] == "0.01":
        r["value"] = repr(float(r["value"]) * (1 + 1e-9))
w = csv.DictWriter(open(sys.argv[1], "w", newline=""), fieldnames=list(rows[0].keys()))
w.writeheader(); w.writerows(rows)
PYEOF
e2e_run validate "$TRAJ" "$T/tr1.csv" --atol 0 --rtol 0 --tap
e2e_expect_rc 9 "trajectory value off by 1e-9 relative fails (error estimate ~1e-21)"
test "$(nfail "$T/out")" = "full_v"; e2e_ok $? "only full_v fails (got: $(nfail "$T/out"))"
e2e_run emit "$CASES/vertical_disk.nh" --points 1 --init d
e2e_expect_rc 1 "--init without --times is a usage error"
e2e_run emit "$CASES/vertical_disk.nh" --points 1 --times 1:1/2
e2e_expect_rc 1 "decreasing --times is a usage error"
e2e_run emit "$CASES/vertical_disk.nh" --points 1 --times 1 --traj-tol 1e-60 --prec 64 --estimate -o "$T/tight.jsonl"
e2e_expect_rc 4 "integrator tolerance too tight for the precision: exit 4"
grep -q "point 0, eps = 0.01 (full system): integrator: step size underflow" "$T/err" && test ! -e "$T/tight.jsonl"
e2e_ok $? "message names point, eps and system; no output file"

# a terminal escape in the reference's "case" does not reach the report raw
python3 - "$SMALL" "$T/esc.csv" <<'PYEOF'
import sys
src, dst = sys.argv[1], sys.argv[2]
lines = open(src).read().splitlines()
out = []
for l in lines:
    if l.startswith('#') and '"case"' in l:
        l = l.replace('"case":"vertical_disk"', '"case":"vertical_disk\\u001b[31m"', 1)
    out.append(l)
open(dst, 'w').write('\n'.join(out) + '\n')
PYEOF
e2e_run validate "$T/esc.csv" "$T/esc.csv"
grep -q '^reference: .*(case vertical_disk?\[31m,' "$T/out" && ! grep -q "$(printf '\033')" "$T/out"
e2e_ok $? "an escape byte in the reference's case name is shown as '?' in the report"

# ---- errors ----
e2e_run validate "$SMALL"
e2e_expect_rc 1 "validate with one file"
e2e_run validate "$SMALL" "$T/nonexistent.csv"
e2e_expect_rc 5 "missing candidate file"
: >"$T/empty.csv"
e2e_run validate "$SMALL" "$T/empty.csv"
e2e_expect_rc 2 "empty candidate"
printf 'quantity,point,value\n' >"$T/hdr.csv"
e2e_run validate "$SMALL" "$T/hdr.csv"
e2e_expect_rc 2 "candidate with only a header"
grep -q "no records" "$T/err"; e2e_ok $? "message: no records"
e2e_run emit "$CASES/vertical_disk.nh" --points 1 -o "$T/nodir/x.jsonl"
e2e_expect_rc 5 "emit -o into a nonexistent directory"
echo keep >"$T/keep.jsonl"
e2e_run emit "$CASES/vertical_disk.nh" --q 'nosuch=1' -o "$T/keep.jsonl"
e2e_expect_rc 1 "emit with a bad --q"
test "$(cat "$T/keep.jsonl")" = keep; e2e_ok $? "a failed emit leaves the existing output file alone"
e2e_done
