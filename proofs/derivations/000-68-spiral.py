#!/usr/bin/env python3
"""proofs/derivations/000-68-spiral.py -- the terms of 000 eq (68) on the
spiral particle under gravity (proofs/models/spiral_particle_gravity.nh),
derived with sympy from the paper's definitions (32), (67), (29), (30),
(33), independently of nhoracle's code.  Prints the `let:` lines of the
claim 000-68-typed (proofs/000-gzenda-chhabra.md) and h^(2) on D.
Coordinates (rho, th) here; the model's coordinate is rr = rho - 2.
"""
import sympy as sp
from spiral import Spiral, rho, th, k, vr, vt, vD, show

g = sp.Symbol("g")
M = Spiral(1, g*rho*sp.sin(th))
T = {"T1": M.nablaT(M.Pp, M.h1, vD), "T2": M.nablaT(M.Pp, vD, M.h1), "T3": M.nablaH(vD),
     "T4": M.DV(M.nablaT(M.P, vD, vD)), "T5": M.DV(M.P*M.gradV)}
for name, V in T.items():
    show(name, V)
h2 = M.Q*(T["T1"] + T["T2"]) - M.Q*(T["T4"] - T["T5"]) - M.Q*T["T3"]    # (68) as printed
print("# h2 on D:", [str(sp.factor(sp.simplify(e.subs(vr, k*rho*vt)))).replace("**", "^") for e in h2])
