#!/bin/sh
# tests/e2e-check.sh -- nhoracle check (doc/check.md) on the vertical disk
# with the example candidates of examples/ (closed forms derived by hand,
# independent of nhoracle's code): correct candidates pass; a bug planted
# in 0.4 < theta < 0.8 (NH_CHECK_BUG=1) is found and shrunk to a point
# with a short theta inside that region and every other entry 0; the
# regression file replays in `validate`; every kind of misbehaving
# candidate (tests/check_bad_candidate.sh) gives exit 12, the request
# being answered and its point in the regression file; the candidate never outlives nhoracle.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
PYC="python3 $NH_TOP_SRCDIR/examples/check_disk.py"
CC_CAND=$NH_TOP_BUILDDIR/examples/check_disk
BAD="sh $NH_TOP_SRCDIR/tests/check_bad_candidate.sh"
e2e_plan 74

# 1-6: correct candidates pass, each quantity of the protocol
for q in vD h reaction nh_accel; do
    e2e_run check "$DISK" --quantity $q --candidate "$PYC" --budget 60 --batch 8
    e2e_expect_rc 0 "python candidate, $q: no failure"
done
e2e_run check "$DISK" --quantity full --eps 1/100 --candidate "$PYC" --budget 60
e2e_expect_rc 0 "python candidate, full at eps = 1/100"
NH_CHECK_NO_NUMPY=1 e2e_run check "$DISK" --quantity reduced --eps 1/10 --candidate "$PYC" --budget 60
e2e_expect_rc 0 "python candidate (plain Python), reduced order 0"

# a python with numpy, if any: the vectorised path with batches
NPY=
for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import numpy' 2>/dev/null; then NPY=$p; break; fi
done
if [ -n "$NPY" ]; then
    e2e_run check "$DISK" --quantity h --candidate "$NPY $NH_TOP_SRCDIR/examples/check_disk.py" \
        --budget 60 --batch 16
    e2e_expect_rc 0 "python candidate with numpy ($NPY), batches of 16"
else
    e2e_skip "python candidate with numpy" "numpy not installed"
fi

# the protocol lines against the JSON Schema of doc/check.md
rm -f "$E2E_TMP/log"
NH_CHECK_LOG=$E2E_TMP/log e2e_run check "$DISK" --quantity full --eps 1/3 --candidate "$PYC" \
    --budget 12 --batch 4 --param I=1/3
if python3 -c 'import jsonschema' 2>/dev/null; then
    python3 - "$NH_TOP_SRCDIR/doc/check-protocol.schema.json" "$E2E_TMP/log" <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
lines = [json.loads(l) for l in open(sys.argv[2])]
req = [l for l in lines if "quantity" in l]
ans = [l for l in lines if "quantity" not in l]
assert len(req) == 12 and len(ans) == 12, (len(req), len(ans))
for l in req:
    jsonschema.validate(l, {"$ref": "#/$defs/request", "$defs": schema["$defs"]})
for l in ans:
    jsonschema.validate(l, {"$ref": "#/$defs/answer", "$defs": schema["$defs"]})
assert [l["id"] for l in req] == list(range(1, 13))
assert req[0]["eps"] == "1/3" and req[0]["params"]["I"] == "1/3", req[0]
bad = {"id": 1, "value": {"theta": 0}, "error": "x"}
try:
    jsonschema.validate(bad, {"$ref": "#/$defs/answer", "$defs": schema["$defs"]})
    sys.exit(1)
except jsonschema.ValidationError:
    pass
PY
    e2e_ok $? "requests and answers validate against doc/check-protocol.schema.json"
else
    e2e_skip "protocol schema" "python jsonschema not installed"
fi

# the C candidate
if [ -x "$CC_CAND" ]; then
    e2e_run check "$DISK" --quantity h --candidate "$CC_CAND" --budget 100 --tap
    e2e_expect_rc 0 "C candidate, h order 1"
    grep -q '^ok 1 - check h' "$E2E_TMP/out" \
        && grep -q '^# seed 1, tolerance atol 1e-12 + rtol 1e-09 |x|, budget 100$' "$E2E_TMP/out"
    e2e_ok $? "--tap prints ok, the seed, the tolerance, the budget"
else
    e2e_skip "C candidate" "examples/check_disk not built"
    e2e_skip "C candidate --tap" "examples/check_disk not built"
fi

# 9-12: the planted bug is found and shrunk (python, batches of 16)
NH_CHECK_BUG=1 e2e_run check "$DISK" --quantity h --candidate "$PYC" --budget 200 --batch 16 \
    --json -o "$E2E_TMP/reg.jsonl"
e2e_expect_rc 9 "planted bug found"
cp "$E2E_TMP/out" "$E2E_TMP/bug.json"
python3 - "$E2E_TMP/bug.json" <<'PY'
import json, sys
from fractions import Fraction
d = json.load(open(sys.argv[1]))
assert d["pass"] is False and d["failing_evaluations"] > 0
s = d["shrunk"]
th = s["q"]["theta"]
# inside the planted region, with at most 2 decimals
assert Fraction("0.4") < Fraction(th) < Fraction("0.8"), th
assert len(th.split(".")[-1]) <= 2 if "." in th else True, th
others = [s["q"][c] for c in ("x", "y", "varphi")] + list(s["v"].values())
assert all(Fraction(x) == 0 for x in others), s
assert s["fails"] is True
assert d["evaluations"] <= 200
PY
e2e_ok $? "shrunk to theta in (0.4, 0.8) with <= 2 decimals, everything else 0"
test -s "$E2E_TMP/reg.jsonl"; e2e_ok $? "-o wrote the regression file"

# issue 34: seed, tolerance and budget in the report and the -o file;
# the shrunk point's simple v (before projection) next to the sent v,
# which lies in D (x' = R cos(theta) varphi', y' = R sin(theta) varphi',
# R = 1/2, checked here with the sent decimals); the candidate's values as
# the doubles it sent (shortest decimals that read back, no ball)
python3 - "$E2E_TMP/bug.json" "$E2E_TMP/reg.jsonl" <<'PY'
import json, math, sys
from fractions import Fraction as F
d = json.load(open(sys.argv[1]))
assert (d["seed"], d["atol"], d["rtol"], d["budget"]) == (1, 1e-12, 1e-9, 200), d
s = d["shrunk"]
th, w = F(s["q"]["theta"]), {k: F(x) for k, x in s["v"].items()}
cos, sin = math.cos(th), math.sin(th)
assert abs(w["x"] - F(1, 2) * F(cos) * w["varphi"]) < 1e-15, s
assert abs(w["y"] - F(1, 2) * F(sin) * w["varphi"]) < 1e-15, s
assert set(s["v_simple"]) == set(s["v"]), s
for c in d["worst"]["components"].values():
    t = c["candidate"]
    assert "+/-" not in t and "[" not in t and repr(float(t)) == repr(float(repr(float(t)))), t
    assert len(t.lstrip("-").replace(".", "").lstrip("0")) <= 17, t
meta = json.loads(open(sys.argv[2]).readline())
sm = meta["sampling"]
assert (sm["seed"], sm["budget"], sm["atol"], sm["rtol"]) == (1, 200, 1e-12, 1e-9), sm
assert len(sm["search_points"]) == sm["points"], sm
assert sm["search_points"][-1]["q"] == s["q"] and sm["search_points"][-1]["v"] == s["v_simple"], sm
PY
e2e_ok $? "report and -o file: seed, tolerance, budget; simple v and v in D; candidate as sent"

# --replay: the recorded points first (a budget of just those points
# finds the failure again, at a recorded point); another quantity: usage
np=$(python3 -c 'import json,sys; print(len(json.loads(open(sys.argv[1]).readline())["sampling"]["search_points"]))' "$E2E_TMP/reg.jsonl")
NH_CHECK_BUG=1 e2e_run check "$DISK" --quantity h --candidate "$PYC" --budget "$np" --seed 5 \
    --replay "$E2E_TMP/reg.jsonl" --json
e2e_expect_rc 9 "--replay FILE with a budget of its $np points: the failure again"
python3 - "$E2E_TMP/out" "$E2E_TMP/reg.jsonl" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
sp = json.loads(open(sys.argv[2]).readline())["sampling"]["search_points"]
assert d["replayed_evaluations"] == len(sp) == d["evaluations"], d
assert {"q": d["worst"]["q"], "v": d["worst"]["v_simple"]} in sp, d["worst"]
PY
e2e_ok $? "--replay: every evaluation replayed, the worst point is a recorded one"
e2e_run check "$DISK" --quantity vD --candidate "$PYC" --replay "$E2E_TMP/reg.jsonl"
e2e_expect_rc 1 "--replay of a file recorded for another quantity"
python3 "$NH_TOP_SRCDIR/examples/check_disk.py" --replay "$E2E_TMP/reg.jsonl" >"$E2E_TMP/good.jsonl"
e2e_run validate "$E2E_TMP/reg.jsonl" "$E2E_TMP/good.jsonl"
e2e_expect_rc 0 "the regression file replays: the correct candidate passes validate"
NH_CHECK_BUG=1 python3 "$NH_TOP_SRCDIR/examples/check_disk.py" --replay "$E2E_TMP/reg.jsonl" >"$E2E_TMP/bad.jsonl"
e2e_run validate "$E2E_TMP/reg.jsonl" "$E2E_TMP/bad.jsonl"
e2e_expect_rc 9 "... and the buggy candidate fails validate"

# 14-15: deterministic for a seed; the domain can exclude the bug
NH_CHECK_BUG=1 e2e_run check "$DISK" --quantity h --candidate "$PYC" --budget 200 --batch 16 --json
cmp -s "$E2E_TMP/out" "$E2E_TMP/bug.json"; e2e_ok $? "same seed, same report"
NH_CHECK_BUG=1 e2e_run check "$DISK" --quantity h --candidate "$PYC" --budget 100 \
    --domain 'theta=-1:0.3,v_theta=-2:2'
e2e_expect_rc 0 "--domain theta=-1:0.3 excludes the planted region"

# 16: the C candidate's planted bug
if [ -x "$CC_CAND" ]; then
    NH_CHECK_BUG=1 e2e_run check "$DISK" --quantity nh_accel --candidate "$CC_CAND" --budget 150
    e2e_expect_rc 9 "C candidate with the planted bug, nh_accel"
else
    e2e_skip "C candidate bug" "examples/check_disk not built"
fi

# the -o file after a candidate error (issue 34): exactly one point, the
# q and v of the request named on standard error, and the quantity there
culprit_file() {
    python3 - "$E2E_TMP/err" "$E2E_TMP/x.jsonl" <<'PY'
import json, sys
from fractions import Fraction as F
err = open(sys.argv[1]).read()
req = json.loads(err.split("being answered; it fails alone too, in a new candidate): ", 1)[1]
                 .split("\n")[0])
lines = [json.loads(l) for l in open(sys.argv[2])]
meta, recs = lines[0], lines[1:]
# the request's point first; a second point when it was shrunk
assert meta["sampling"]["points"] in (1, 2), meta
coords = meta["coordinates"]
for h in ("q", "v"):
    got = {coords[r["i"]]: F(r["mid"]) for r in recs if r["quantity"] == h and r["point"] == 0}
    assert got == {c: F(x) for c, x in req[h].items()}, (h, got, req[h])
assert len([r for r in recs if r["quantity"] == "h"]) == 4 * meta["sampling"]["points"], recs
PY
}

# 17-32: misbehaving candidates: exit 12, the request shown (it fails
# alone too, in a new candidate) and written to -o as a regression point
for m in crash exit hang malformed wrongid nan missing string; do
    rm -f "$E2E_TMP/x.jsonl"
    e2e_run check "$DISK" --quantity h --candidate "$BAD $m" --budget 5 --candidate-timeout 0.5 \
        -o "$E2E_TMP/x.jsonl"
    e2e_expect_rc 12 "candidate $m"
    grep -q 'request 1 (being answered; it fails alone too, in a new candidate): {"id":1,' \
        "$E2E_TMP/err" && culprit_file
    e2e_ok $? "candidate $m: the request shown, its point in the regression file"
done

# issue 34: hostile answers and pipes: exit 12 with the fault named, no
# crash (a NUL byte was SIGSEGV), no hang (a closed pipe was a blocking
# waitpid), the request's point in the -o file; the 70 MB line is refused long before
# --timeout 10 (the old guard rescanned the buffer after every read)
for mc in 'nul:contains a NUL byte' 'dupkey:key "theta" given twice' \
          'nonl:answer 1 is not ended by a newline' \
          'closeout:closed its standard output but did not exit within 0.5 s' \
          'closein:closed its standard input but did not exit within 0.5 s' \
          'huge:wrote more than 67108864 bytes'; do
    m=${mc%%:*}; msg=${mc#*:}
    rm -f "$E2E_TMP/x.jsonl"
    # closein: a first batch larger than a pipe's buffer (500 replayed
    # requests, ~170 kB), so that the write meets the closed pipe whenever
    # the candidate closes it
    set -- --budget 5
    if [ $m = closein ]; then
        python3 -c 'import json; print(json.dumps({"case": "vertical_disk", "sampling": {"quantity": "h", "search_points": [{"q": {c: "0.%03d" % i for c in ("theta", "x", "y", "varphi")}, "v": {c: "0.5" for c in ("theta", "x", "y", "varphi")}} for i in range(500)]}}))' \
            >"$E2E_TMP/big.jsonl"
        set -- --budget 1000 --batch 500 --replay "$E2E_TMP/big.jsonl"
    fi
    e2e_run check "$DISK" --quantity h --candidate "$BAD $m" "$@" --candidate-timeout 0.5 \
        --timeout 10 -o "$E2E_TMP/x.jsonl"
    e2e_expect_rc 12 "candidate $m: exit 12"
    grep -qF "$msg" "$E2E_TMP/err" && culprit_file
    e2e_ok $? "candidate $m: '$msg', the request's point in the regression file"
done

# issue 34: every candidate error reaches the test runner: --tap gives a
# "not ok" line, --json an object, naming the request being answered (in
# a batch of 16, request 9 where the candidate crashed, not the 16th
# sent), the seed and the tolerance; the exit code stays 12
e2e_run check "$DISK" --quantity h --candidate "$BAD crash9" --budget 40 --batch 16 --seed 7 --tap
e2e_expect_rc 12 "crash at request 9 of a batch of 16, --tap"
grep -q '^not ok 1 - check h of vertical_disk: the candidate misbehaved at request 9$' "$E2E_TMP/out" \
    && grep -q '^# seed 7, tolerance atol 1e-12 + rtol 1e-09 |x|, budget 40$' "$E2E_TMP/out" \
    && grep -q '^# request (fails alone too): {"id":9,' "$E2E_TMP/out" \
    && grep -q 'request 9 (being answered; it fails alone too, in a new candidate): {"id":9,' \
        "$E2E_TMP/err"
e2e_ok $? "--tap: not ok naming request 9, the seed, the tolerance, the request"
# a crash that depends on the candidate's state (its 9th line, whatever
# it is): request 9 is named but does not fail alone, nor does any
# earlier one; no -o file then
rm -f "$E2E_TMP/x.jsonl"
e2e_run check "$DISK" --quantity h --candidate "$BAD crashnth" --budget 40 --batch 16 --json \
    -o "$E2E_TMP/x.jsonl"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d["request_id"] == 9 and d["fails_alone"] is False))' \
    "$E2E_TMP/out" && test ! -e "$E2E_TMP/x.jsonl" && grep -q 'alone, in a new candidate, it does not fail' "$E2E_TMP/err"
e2e_ok $? "a state-dependent crash: request 9 named, fails_alone false, no -o file (rc $E2E_RC)"
for m in crash9 hang nonl; do
    e2e_run check "$DISK" --quantity h --candidate "$BAD $m" --budget 40 --batch 16 --json \
        --candidate-timeout 0.5
    want=9; [ $m = crash9 ] || want=1
    python3 - "$E2E_TMP/out" $want <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = int(sys.argv[2])
assert d["pass"] is False and d["request_id"] == want, d
assert d["request"]["id"] == want and set(d["request"]["q"]) == {"theta", "x", "y", "varphi"}, d
assert d["seed"] == 1 and d["atol"] == 1e-12 and d["rtol"] == 1e-9 and d["budget"] == 40, d
assert d["candidate_error"] and d["fails_alone"] is True, d
PY
    e2e_ok $? "--json, candidate $m: an object naming request $want, seed, tolerance (rc $E2E_RC)"
done

# issue 34: a crashing or hanging point is shrunk like a wrong value: the
# C example crashes (NH_CHECK_CRASH=crash) or hangs (=hang) only when
# 0.3 < x < 0.8 and 0.2 < theta < 0.9; the shrunk point must lie in that
# region, have fewer decimals than the culprit, carry y = varphi = 0 (they
# do not matter), reach TAP and JSON, and be the second point of -o, whose
# replay crashes again at its first request
shrunk_ok() {
    python3 - "$E2E_TMP/out" "$E2E_TMP/x.jsonl" <<'PY'
import json, sys
from fractions import Fraction as F
d = json.load(open(sys.argv[1]))
req, sh = d["request"], d["shrunk"]
q = {c: F(x) for c, x in sh["q"].items()}
assert F(3, 10) < q["x"] < F(8, 10) and F(2, 10) < q["theta"] < F(9, 10), sh
assert q["y"] == 0 and q["varphi"] == 0, sh
def decimals(s):
    return len(s.split(".")[1]) if "." in s else 0
assert sum(map(decimals, sh["q"].values())) < sum(map(decimals, req["q"].values())), (sh, req)
assert sh["simplifications"] >= 1 and sh["candidates"] >= sh["simplifications"], sh
lines = [json.loads(l) for l in open(sys.argv[2])]
meta, recs = lines[0], lines[1:]
coords = meta["coordinates"]
assert meta["sampling"]["points"] == 2, meta
got = {coords[r["i"]]: F(r["mid"]) for r in recs if r["quantity"] == "q" and r["point"] == 1}
assert got == q, (got, q)
PY
}
if [ -x "$CC_CAND" ]; then
    for how in crash hang; do
        rm -f "$E2E_TMP/x.jsonl"
        NH_CHECK_CRASH=$how e2e_run check "$DISK" --quantity h --candidate "$CC_CAND" --json \
            --candidate-timeout 0.3 -o "$E2E_TMP/x.jsonl"
        [ $E2E_RC = 12 ] && shrunk_ok
        e2e_ok $? "a $how confined to a region: shrunk inside it, simpler, in JSON and -o (rc $E2E_RC)"
    done
    NH_CHECK_CRASH=crash e2e_run check "$DISK" --quantity h --candidate "$CC_CAND" --tap \
        --replay "$E2E_TMP/x.jsonl"
    [ $E2E_RC = 12 ] && grep -q '^not ok 1 - .*misbehaved at request 1$' "$E2E_TMP/out" \
        && grep -q '^# shrunk ([0-9]* simplifications\{0,1\} in [0-9]* new candidates): q = ' "$E2E_TMP/out"
    e2e_ok $? "--replay of that -o file: the candidate misbehaves at request 1; TAP shows the shrunk point"
else
    for t in 1 2 3; do e2e_skip "shrinking a crash ($t)" "examples/check_disk not built"; done
fi

# issue 34: the candidate's whole process group is killed: a shell
# wrapper's child (hangchild) does not survive --candidate-timeout,
# --timeout or SIGTERM (a zombie left to init counts as dead)
alive() { st=$(ps -o stat= -p "$1" 2>/dev/null); [ -n "$st" ] && [ "${st#Z}" = "$st" ]; }
gone() { i=0; while alive "$1" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done; ! alive "$1"; }
NH_BAD_PIDFILE=$E2E_TMP/cpid; export NH_BAD_PIDFILE
for how in candidate-timeout timeout; do
    rm -f "$NH_BAD_PIDFILE"
    if [ $how = timeout ]; then
        e2e_run check "$DISK" --quantity h --candidate "$BAD hangchild" --budget 5 --timeout 1
        want=6
    else
        e2e_run check "$DISK" --quantity h --candidate "$BAD hangchild" --budget 5 \
            --candidate-timeout 0.5
        want=12
    fi
    cpid=$(cat "$NH_BAD_PIDFILE" 2>/dev/null)
    test "$E2E_RC" -eq $want && test -n "$cpid" && gone "$cpid"
    e2e_ok $? "--$how: exit $want and the candidate's child was killed (rc $E2E_RC)"
done
# SIGTERM while it hangs: the candidate itself (hang: its pid) and a
# shell wrapper's child (hangchild: the child's pid)
for m in hang hangchild; do
    rm -f "$NH_BAD_PIDFILE"
    "$NHORACLE" check "$DISK" --quantity h --candidate "$BAD $m" --candidate-timeout 60 \
        >/dev/null 2>&1 &
    nhpid=$!
    i=0
    while [ ! -s "$NH_BAD_PIDFILE" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    kill -TERM $nhpid
    wait $nhpid
    rc=$?
    cpid=$(cat "$NH_BAD_PIDFILE" 2>/dev/null)
    test "$rc" -eq 143 && test -n "$cpid" && gone "$cpid"
    e2e_ok $? "SIGTERM, candidate $m: exit 143 and the process in the pid file was killed (rc $rc)"
done
unset NH_BAD_PIDFILE

# issue 34: --max-memory limits nhoracle, not the candidate (which
# allocates 400 MB); --candidate-max-memory limits the candidate
e2e_run check "$DISK" --quantity h --candidate "$BAD bigmem $NH_TOP_SRCDIR/examples/check_disk.py" \
    --budget 5 --max-memory 200
e2e_expect_rc 0 "--max-memory 200 does not limit the candidate"
e2e_run check "$DISK" --quantity h --candidate "$BAD bigmem $NH_TOP_SRCDIR/examples/check_disk.py" \
    --budget 5 --candidate-max-memory 100
e2e_expect_rc 12 "--candidate-max-memory 100 does"

# 33: a candidate that cannot be run, a quoted path with a blank
e2e_run check "$DISK" --quantity h --candidate "$E2E_TMP/no such program"
e2e_expect_rc 12 "a program that does not exist"
mkdir -p "$E2E_TMP/dir with 'blank"
cp "$NH_TOP_SRCDIR/tests/check_bad_candidate.sh" "$E2E_TMP/dir with 'blank/bad.sh"
e2e_run check "$DISK" --quantity h --budget 5 \
    --candidate "sh \"$E2E_TMP/dir with 'blank/bad.sh\" wrongid"
grep -q 'expected "id": 1' "$E2E_TMP/err"; e2e_ok $? "quoted program path with a blank and a quote"
e2e_run check "$DISK" --quantity h --candidate "sh 'unterminated"
e2e_expect_rc 1 "unterminated quote in --candidate"

# usage errors
e2e_run check "$DISK" --quantity G --candidate "$PYC"
e2e_expect_rc 1 "a quantity that is not an n-vector"
e2e_run check "$DISK" --quantity reduced --candidate "$PYC"
e2e_expect_rc 1 "reduced without --eps"

# 41-44: a reference error at one point skips that point: the disk with
# G_xx = m x^2/x^2 (same dynamics, the metric undefined at x = 0 exactly)
# on x in {-10^-6, 0, 10^-6}; on x = 0 alone nothing can be checked
sed 's|^metric diagonal: I, m, m, J|metric diagonal: I, m*x^2/x^2, m, J|' "$DISK" >"$E2E_TMP/sing.nh"
e2e_run check "$E2E_TMP/sing.nh" --quantity h --candidate "$PYC" --budget 60 --batch 8 \
    --domain x=-1/1000000:1/1000000 --tap
e2e_expect_rc 0 "singular points skipped, the others checked"
grep -q '^# skipped [1-9][0-9]* points where the reference failed; the first: .*x=0' \
    "$E2E_TMP/out"
e2e_ok $? "--tap reports the skipped points and the first reason"
e2e_run check "$E2E_TMP/sing.nh" --quantity h --candidate "$PYC" --budget 60 \
    --domain x=-1/1000000:1/1000000 --json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d["skipped_points"] > 0 and d["evaluations"] + d["skipped_points"] == 60 and "division by 0" in d["first_skipped"]))' \
    "$E2E_TMP/out"
e2e_ok $? "--json: skipped_points + evaluations = budget, first_skipped names the division"
e2e_run check "$E2E_TMP/sing.nh" --quantity h --candidate "$PYC" --budget 20 --domain x=0:0
e2e_expect_rc 3 "every point singular: exit 3 (no point could be checked)"
e2e_done
