# tests/dataset_candidate.sh -- helpers of tests/e2e-datasets.sh (sourced):
# candidate files made from a reference CSV with python3 (csv module only).
#
# cand_from_ref REF.csv OUT.csv [EDIT]
#   plumbing candidate: every record's `value` copied from the reference
#   (this tests the validator's matching and reporting, NOT the numbers),
#   then EDIT applied, one of
#     flip:QTY:K:POINT:I      negate that record's value
#     scale:QTY:K:FACTOR      multiply every value of family QTY^(K) by FACTOR
#     relbig:EPS              change the largest-|value| non-point record by
#                             relative EPS
#     drop:QTY:K:POINT:I      delete that record
#     nan:QTY:K:POINT:I       replace its value by NaN
#     dup:QTY:K:POINT:I       repeat that record
#     eps:OLD:NEW             rename eps OLD to NEW in every record
cand_from_ref() {
    python3 - "$@" <<'PYEOF'
import csv, sys
ref, out = sys.argv[1], sys.argv[2]
edit = sys.argv[3].split(":") if len(sys.argv) > 3 else ["none"]
rows = []
with open(ref, newline="") as f:
    lines = [l for l in f if not l.startswith("#")]
for r in csv.DictReader(lines):
    rows.append({k: r[k] for k in ("quantity", "k", "eps", "point", "i", "j", "l", "value")})
def key(r):
    return (r["quantity"], r["k"], r["point"], r["i"])
def match(r, q, k, p, i):
    return key(r) == (q, k, p, i)
kind = edit[0]
res = []
if kind == "relbig":
    cands = [r for r in rows if r["quantity"] not in ("q", "v", "vD")]
    big = max(cands, key=lambda r: abs(float(r["value"])))
    big["value"] = repr(float(big["value"]) * (1 + float(edit[1])))
for r in rows:
    if kind == "flip" and match(r, *edit[1:5]):
        r["value"] = repr(-float(r["value"]))
    if kind == "scale" and r["quantity"] == edit[1] and r["k"] == edit[2]:
        r["value"] = repr(float(r["value"]) * float(edit[3]))
    if kind == "nan" and match(r, *edit[1:5]):
        r["value"] = "NaN"
    if kind == "eps" and r["eps"] == edit[1]:
        r["eps"] = edit[2]
    if kind == "drop" and match(r, *edit[1:5]):
        continue
    res.append(r)
    if kind == "dup" and match(r, *edit[1:5]):
        res.append(dict(r))
with open(out, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=["quantity", "k", "eps", "point", "i", "j", "l", "value"])
    w.writeheader()
    w.writerows(res)
PYEOF
}

# h1_closed REF.csv OUT.csv: candidate for h^(1) of the vertical disk
# from the closed form (paper 000 eq (85), confirmed by hand in
# tests/t-series_closed.c): h^(1) = (m R / mu) v_theta v_varphi
# (0, sin theta, -cos theta, 0), m = 1, R = 1/2, mu = 1, with theta and
# vD read from the reference (records q, vD).  Independent of emit.
h1_closed() {
    python3 - "$1" "$2" <<'PYEOF'
import csv, sys, math
m, R, mu = 1.0, 0.5, 1.0
q, vD = {}, {}
with open(sys.argv[1], newline="") as f:
    for r in csv.DictReader(l for l in f if not l.startswith("#")):
        if r["quantity"] == "q":
            q[(int(r["point"]), int(r["i"]))] = float(r["value"])
        if r["quantity"] == "vD":
            vD[(int(r["point"]), int(r["i"]))] = float(r["value"])
with open(sys.argv[2], "w") as f:
    f.write("quantity,k,point,i,value\n")
    for p in sorted({p for (p, i) in q}):
        th, vt, vp = q[(p, 0)], vD[(p, 0)], vD[(p, 3)]
        a = m * R / mu * vt * vp
        for i, x in enumerate((0.0, a * math.sin(th), -a * math.cos(th), 0.0)):
            f.write("h,1,%d,%d,%r\n" % (p, i, x))
PYEOF
}
