#!/usr/bin/env python3
# bench/roller_racer_ref.py JSON -- independent reference for the certified
# `nhoracle flow cases/roller_racer.nh --system nh` of doc/bench.md (issue 33
# item 3): the Lagrange-d'Alembert equations written from the kinetic energy
# and constraints with sympy (G a + C = A^T lambda, A a + (dA v) v = 0), the
# initial velocity G-orthogonally projected onto A v = 0, integrated by
# mpmath odefun at 60 digits; exit 1 unless every printed ball of the last
# point (and the projected v) contains the reference.  Slow (about 8 min of
# CPU for T = 1/2), hence not a test.
import json
import sys
import sympy as sp
from mpmath import mp, mpf, matrix, lu_solve, odefun, iv
mp.dps = 60
x, y, th, ph = sp.symbols('x y theta phi'); q = [x, y, th, ph]
dx, dy, dth, dph = sp.symbols('dx dy dtheta dphi'); v = [dx, dy, dth, dph]
m1, m2, I1, I2, d1, d2 = 2, 1, sp.Rational(1, 3), sp.Rational(1, 4), sp.Rational(1, 2), sp.Rational(2, 5)
x2 = x + d1*sp.cos(th) + d2*sp.cos(th + ph); y2 = y + d1*sp.sin(th) + d2*sp.sin(th + ph)
D = lambda e: sum(sp.diff(e, qi)*vi for qi, vi in zip(q, v))
T = m1/sp.Integer(2)*(dx**2 + dy**2) + I1/2*dth**2 + m2/sp.Integer(2)*(D(x2)**2 + D(y2)**2) + I2/2*(dth + dph)**2
cons = [-sp.sin(th)*dx + sp.cos(th)*dy, -sp.sin(th + ph)*D(x2) + sp.cos(th + ph)*D(y2)]
V = sp.Matrix(v)
G = sp.hessian(T, v); A = sp.Matrix(cons).jacobian(v)
C = (G*V).jacobian(q)*V - sp.Matrix([sp.diff(T, qi) for qi in q])
cA = (A*V).jacobian(q)*V
fG, fA, fC, fcA = [sp.lambdify(q + v, e, 'mpmath') for e in (G, A, C, cA)]
def saddle(s):
    g, a, c, ca = [matrix(f(*s)) for f in (fG, fA, fC, fcA)]
    K = matrix(6, 6); r = matrix(6, 1)
    for i in range(4):
        for j in range(4): K[i, j] = g[i, j]
        for k in range(2): K[i, 4 + k] = -a[k, i]; K[4 + k, i] = a[k, i]
        r[i] = -c[i]
    for k in range(2): r[4 + k] = -ca[k]
    return lu_solve(K, r)
q0 = [mpf(3)/10, -mpf(2)/10, mpf(11)/10, mpf(1)/2]; w = [mpf(0), mpf(0), mpf(1)/5, mpf(3)/10]
# G-orthogonal projection onto A v = 0
g = matrix(fG(*(q0 + w))); a = matrix(fA(*(q0 + w)))
K = matrix(6, 6); r = matrix(6, 1)
for i in range(4):
    for j in range(4): K[i, j] = g[i, j]
    for k in range(2): K[i, 4 + k] = a[k, i]; K[4 + k, i] = a[k, i]
gw = g * matrix(w)
for i in range(4): r[i] = gw[i]
v0 = list(lu_solve(K, r))[:4]
f = odefun(lambda t, s: list(s[4:]) + list(saddle(s))[:4], 0, q0 + v0)
d = json.load(open(sys.argv[1])); pt = d["points"][-1]; Tt = mpf(pt["t"])
sol = f(Tt); names = ['x', 'y', 'theta', 'phi']; bad = 0
def inball(s, val):
    s = s.strip('[]'); mid, rad = s.split('+/-') if '+/-' in s else (s, '0')
    return abs(mpf(mid) - val) <= mpf(rad)
for i, nm in enumerate(names):
    for key, val in (("q", sol[i]), ("v", sol[4 + i])):
        ok = inball(pt[key][nm], val); bad += not ok
        print(key, nm, pt[key][nm], mp.nstr(val, 25), "ok" if ok else "NOT CONTAINED")
for i, nm in enumerate(names):
    ok = inball(d["v"][i], v0[i]); bad += not ok; print("v0", nm, d["v"][i], mp.nstr(v0[i], 25), "ok" if ok else "NOT CONTAINED")
sys.exit(1 if bad else 0)
