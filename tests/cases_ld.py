#!/usr/bin/env python3
# tests/cases_ld.py -- independent Lagrange-d'Alembert accelerations for
# the classic cases of doc/cases.md (issue 16), used by tests/e2e-cases.sh.
# The energies and constraints are written here again from the physics
# (not read from the .nh files); the equations of motion are built by
# SymPy: d/dt dL/dqdot - dL/dq = A^T lambda, A qddot + (dA/dt) qdot = 0
# (a second method, independent of nhoracle's routes), solved at 50
# digits.  Usage: cases_ld.py CASE NH_JSON; exit 0 if every acc_* ball
# of the JSON contains the SymPy value (up to the printed digits).
import json, re, sys
import sympy as sp

case, path = sys.argv[1], sys.argv[2]
d = json.load(open(path))
names = d["coordinates"]
q = sp.symbols(names)
qd = sp.symbols(["d" + s for s in names])
Q = dict(zip(names, q)); V = dict(zip(names, qd))
R = sp.Rational
S = sp.sin; C = sp.cos

if case == "rolling_disc":
    m, Rr, g = R(1), R(1, 2), R(981, 100)
    A_, C_ = m * Rr**2 / 4, m * Rr**2 / 2
    x, y, th, ph, ps = q
    u = sp.Matrix([S(th) * S(ph), -S(th) * C(ph), C(th)])
    e = sp.Matrix([C(ph), S(ph), 0])
    nn = e.cross(u)
    ez = sp.Matrix([0, 0, 1])
    centre = sp.Matrix([x, y, 0]) + Rr * u
    vc = centre.jacobian(q) * sp.Matrix(qd)
    # omega = phidot e_z + thetadot e + psidot nn, principal moments (A, A, C)
    om = V["phi"] * ez + V["theta"] * e + V["psi"] * nn
    om_n = om.dot(nn)
    T = m / 2 * vc.dot(vc) + A_ / 2 * (om.dot(om) - om_n**2) + C_ / 2 * om_n**2
    L = T - m * g * Rr * C(th)
    # contact point material velocity = 0 (horizontal components)
    vcontact = vc + om.cross(-Rr * u)
    Amat = sp.Matrix([[sp.diff(vcontact[k], w) for w in qd] for k in (0, 1)])
elif case == "diffdrive_robot":
    m, I, J, a, b, r, w = R(3, 2), R(1, 5), R(1, 50), R(1, 4), R(1, 10), R(1, 10), R(3, 10)
    x, y, ph, tl, tr = q
    c = sp.Matrix([x + a * C(ph) - b * S(ph), y + a * S(ph) + b * C(ph)])
    vc = c.jacobian(q) * sp.Matrix(qd)
    L = m / 2 * vc.dot(vc) + I / 2 * V["phi"]**2 + J / 2 * (V["tl"]**2 + V["tr"]**2)
    # velocities of the two wheel centres (axle midpoint +- w nn) along the
    # heading equal r times the wheel rates; no sideways slip
    fwd = C(ph) * V["x"] + S(ph) * V["y"]
    cons = [-S(ph) * V["x"] + C(ph) * V["y"], fwd + w * V["phi"] - r * V["tr"],
            fwd - w * V["phi"] - r * V["tl"]]
    Amat = sp.Matrix([[sp.diff(k, v) for v in qd] for k in cons])
elif case in ("inclined_sleigh", "inclined_sleigh_l"):
    m, I, a, g, al = R(1), R(1), R(1, 5), R(981, 100), R(1, 10)
    x, y, ph = q
    c = sp.Matrix([x + a * C(ph), y + a * S(ph)])
    vc = c.jacobian(q) * sp.Matrix(qd)
    L = m / 2 * vc.dot(vc) + I / 2 * V["phi"]**2 - m * g * S(al) * c[0]
    Amat = sp.Matrix([[-S(ph), C(ph), 0]])
elif case == "suslov":
    Iten = sp.Matrix([[2, R(1, 5), R(1, 3)], [R(1, 5), 3, R(1, 4)], [R(1, 3), R(1, 4), 4]])
    ph, th, ps = q
    # body angular velocity from the rotation matrix (z-x-z), Omega^ = R^T Rdot
    def rz(t): return sp.Matrix([[C(t), -S(t), 0], [S(t), C(t), 0], [0, 0, 1]])
    def rx(t): return sp.Matrix([[1, 0, 0], [0, C(t), -S(t)], [0, S(t), C(t)]])
    Rot = rz(ph) * rx(th) * rz(ps)
    Rdot = sum((sp.diff(Rot, qq) * vv for qq, vv in zip(q, qd)), sp.zeros(3, 3))
    Om = sp.simplify(Rot.T * Rdot)
    om = sp.Matrix([Om[2, 1], Om[0, 2], Om[1, 0]])
    L = (om.T * Iten * om)[0] / 2
    Amat = sp.Matrix([[sp.diff(om[2], v) for v in qd]])
else:
    sys.exit("unknown case " + case)

DIG = 50
def num(s):
    """exact value of a printed rational or ball midpoint and radius"""
    s = s.strip()
    m_ = re.match(r"^\[([-+0-9.e]+) \+/- ([0-9.e+-]+)\]$", s)
    if s.startswith("[+/-"):
        return sp.Float(0, DIG), sp.Float(s[4:-1], DIG)
    if m_:
        return sp.Float(m_.group(1), DIG), sp.Float(m_.group(2), DIG)
    return sp.Float(s, DIG), sp.Float(0, DIG)

n = len(q)
qv = [num(s)[0] for s in d["q"]]
sub = dict(zip(q, qv))
dep = [names.index(s) for s in d["dependent"]]
ind = [i for i in range(n) if i not in dep]
vv = [num(d["v"][i])[0] for i in range(n)]
# dependent velocities from the constraints (solved here, 50 digits)
An = Amat.subs(sub).evalf(DIG)
sol = (An[:, dep]).LUsolve(-(An[:, ind] * sp.Matrix([vv[i] for i in ind])))
for k, i in enumerate(dep):
    vv[i] = sol[k]
sub.update(dict(zip(qd, vv)))

G = sp.hessian(L, qd)
p = sp.Matrix([sp.diff(L, v) for v in qd])
rhs = sp.Matrix([sp.diff(L, qq) for qq in q]) - p.jacobian(q) * sp.Matrix(qd)
Adot_qd = sum((sp.diff(Amat, qq) * v for qq, v in zip(q, qd)), sp.zeros(*Amat.shape)) * sp.Matrix(qd)
mm = Amat.shape[0]
K = sp.zeros(n + mm, n + mm)
K[:n, :n] = G.subs(sub).evalf(DIG)
K[:n, n:] = -An.T
K[n:, :n] = An
b = sp.zeros(n + mm, 1)
b[:n, 0] = rhs.subs(sub).evalf(DIG)
b[n:, 0] = -Adot_qd.subs(sub).evalf(DIG)
x = K.LUsolve(b)
qdd = [x[i] for i in range(n)]

ok = True
for key in ("acc_lagrange", "acc_voronets", "acc_connection"):
    if key not in d:
        continue
    for i in range(n):
        mid, rad = num(d[key][i])
        tol = rad + abs(mid) * sp.Float(10, DIG)**(1 - d["digits"]) + sp.Float(10, DIG)**(-d["digits"])
        if abs(mid - qdd[i]) > tol:
            ok = False
            print("# %s %s[%s]: nhoracle %s, SymPy %s" % (case, key, names[i], d[key][i], sp.N(qdd[i], 20)))

if case == "suslov":
    # Euler-Poincare-Suslov (body frame): I omegadot = (I omega) x omega + lambda e3,
    # omega3 = 0: its first two rows, with omegadot from nhoracle's qddot.
    mid = [num(s)[0] for s in d["acc_lagrange"]]
    Jm = om.jacobian(qd)
    omv = om.subs(sub).evalf(DIG)
    omd = (om.jacobian(q) * sp.Matrix(qd)).subs(sub).evalf(DIG) + Jm.subs(sub).evalf(DIG) * sp.Matrix(mid)
    res = Iten * omd - (Iten * omv).cross(omv)
    if not (abs(omv[2]) < 1e-25 and abs(omd[2]) < 1e-10 and abs(res[0]) < 1e-10 and abs(res[1]) < 1e-10):
        ok = False
        print("# suslov: Euler-Poincare-Suslov residual", sp.N(res.T, 5), "omega3", sp.N(omv[2], 5), sp.N(omd[2], 5))
print("# cases_ld: " + ("ok" if ok else "FAILED"))
sys.exit(0 if ok else 1)
