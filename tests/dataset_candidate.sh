# tests/dataset_candidate.sh -- helpers of tests/e2e-datasets.sh (sourced):
# candidate files made from a reference CSV with python3 (csv module only).
#
# cand_from_ref REF.csv OUT.csv [EDIT]
#   plumbing candidate: every record's `value` (and key, with the time t
#   of trajectory records) copied from the reference
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
rd = csv.DictReader(lines)
cols = [c for c in ("quantity", "k", "eps", "point", "i", "j", "l", "t", "value") if c in rd.fieldnames]
for r in rd:
    rows.append({k: r[k] for k in cols})
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
    w = csv.DictWriter(f, fieldnames=cols)
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

# sleigh_closed REF.csv OUT.csv [dropJ]: candidate for the ORDER-0 REDUCED
# TRAJECTORIES (reduced_q[k=0], reduced_v[k=0]) of cases/chaplygin_sleigh.nh
# (m = I = 1, a = 1/5) from the closed-form solution of the Chaplygin
# sleigh, with only python's math module.  The derivation is the one in the
# header comment of tests/t-flow_sleigh.c (ours): with u the speed of the
# contact point along the blade and omega = phidot, J = I + m a^2,
#   m udot = m a omega^2,  J omegadot = -m a u omega,
#   U = sqrt(u0^2 + (J/m) omega0^2), k = a m U / J, t0 = -atanh(u0/U)/k,
#   u = U tanh(k (t - t0)),  omega = Omega sech(k (t - t0)),
#   Omega = sgn(omega0) U sqrt(m/J),
#   phi = phi0 + (Omega/k) [gd(k (t - t0)) - gd(-k t0)],  gd(x) = 2 atan(tanh(x/2)),
# and (xdot, ydot) = u (cos phi, sin phi), so x, y are quadratures of the
# closed form (Romberg, converged to ~1e-15: a second, independent method).
# Initial data (q, vD) read from the reference's q and vD records (order-0
# reduced systems start at (q, vD); u0 = cos(phi) vD_x + sin(phi) vD_y,
# omega0 = vD_phi).  Times and eps from the reference's metadata.
# dropJ: the classic slip J = I (the m a^2 term of the moment of inertia
# about the contact point dropped): must fail.
sleigh_closed() {
    python3 - "$@" <<'PYEOF'
import csv, sys, math, json
ref, out = sys.argv[1], sys.argv[2]
bad = len(sys.argv) > 3 and sys.argv[3] == "dropJ"
m, I, a = 1.0, 1.0, 0.2
J = I if bad else I + m * a * a
meta, rows = None, []
with open(ref, newline="") as f:
    for l in f:
        if l.startswith("# {"):
            meta = json.loads(l[2:])
        elif not l.startswith("#"):
            rows.append(l)
q, vD = {}, {}
for r in csv.DictReader(rows):
    if r["quantity"] == "q":
        q[(int(r["point"]), int(r["i"]))] = float(r["value"])
    if r["quantity"] == "vD":
        vD[(int(r["point"]), int(r["i"]))] = float(r["value"])
def gd(x):
    return 2.0 * math.atan(math.tanh(x / 2.0))
def romberg(f, a0, b0, levels=18, tol=1e-15):
    R = [[0.5 * (b0 - a0) * (f(a0) + f(b0))]]
    for n in range(1, levels):
        h = (b0 - a0) / 2 ** n
        s = sum(f(a0 + (2 * j - 1) * h) for j in range(1, 2 ** (n - 1) + 1))
        row = [0.5 * R[-1][0] + h * s]
        for k in range(1, n + 1):
            row.append(row[k - 1] + (row[k - 1] - R[-1][k - 1]) / (4 ** k - 1))
        R.append(row)
        if n > 4 and abs(row[-1] - R[-2][-1]) < tol * max(1.0, abs(row[-1])):
            break
    return R[-1][-1]
w = csv.writer(open(out, "w", newline=""))
w.writerow(["quantity", "k", "eps", "point", "i", "t", "value"])
for p in sorted({p for (p, i) in q}):
    x0, y0, phi0 = q[(p, 0)], q[(p, 1)], q[(p, 2)]
    u0 = math.cos(phi0) * vD[(p, 0)] + math.sin(phi0) * vD[(p, 1)]
    om0 = vD[(p, 2)]
    U = math.sqrt(u0 * u0 + J / m * om0 * om0)
    k = a * m * U / J
    Om = math.copysign(U * math.sqrt(m / J), om0)
    t0 = -math.atanh(u0 / U) / k
    u = lambda t: U * math.tanh(k * (t - t0))
    om = lambda t: Om / math.cosh(k * (t - t0))
    phi = lambda t: phi0 + Om / k * (gd(k * (t - t0)) - gd(-k * t0))
    for T in meta["times"]:
        t = float(T)
        x = x0 + romberg(lambda s: u(s) * math.cos(phi(s)), 0.0, t)
        y = y0 + romberg(lambda s: u(s) * math.sin(phi(s)), 0.0, t)
        vals = {"reduced_q": (x, y, phi(t)),
                "reduced_v": (u(t) * math.cos(phi(t)), u(t) * math.sin(phi(t)), om(t))}
        for e in meta["eps"]:
            for qty, vec in vals.items():
                for i, val in enumerate(vec):
                    w.writerow([qty, 0, e, p, i, T, repr(val)])
PYEOF
}
