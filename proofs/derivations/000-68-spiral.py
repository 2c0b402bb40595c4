#!/usr/bin/env python3
"""proofs/derivations/000-68-spiral.py -- the terms of 000 eq (68) on the
spiral particle under gravity (proofs/models/spiral_particle_gravity.nh),
derived with sympy from the paper's definitions (32), (67), (29), (30),
(33), independently of nhoracle's code.  Prints the `let:` lines of the
claim 000-68-typed (proofs/000-gzenda-chhabra.md) and h^(2) on D.
Coordinates (rho, th) here; the model's coordinate is rr = rho - 2.
"""
import sympy as sp

rho, th, k, g = sp.symbols("rho th k g")
vr, vt = sp.symbols("v_rr v_th")
ur, ut, s = sp.symbols("ur ut s")
q = [rho, th]
G = sp.diag(1, rho**2)
Gi = G.inv()
A = sp.Matrix([[1, -k*rho]])
n = Gi*A.T
S = (A*n)[0]
Pp = n*A/S                       # P_perp
P = sp.eye(2) - Pp
V = g*rho*sp.sin(th)
gradV = Gi*sp.Matrix([sp.diff(V, x) for x in q])
Gam = [[[sum(Gi[i, l]*(sp.diff(G[l, j], q[c]) + sp.diff(G[l, c], q[j]) - sp.diff(G[j, c], q[l]))/2
             for l in range(2)) for c in range(2)] for j in range(2)] for i in range(2)]


def Gm(X, Y):
    return sp.Matrix([sum(Gam[i][j][c]*X[j]*Y[c] for j in range(2) for c in range(2)) for i in range(2)])


def nablaT(T, X, Y):             # (32): (nabla_X T)(Y) = dT[X] Y + Gamma(X, T Y) - T Gamma(X, Y)
    dT = sum((sp.diff(T, q[j])*X[j] for j in range(2)), sp.zeros(2, 2))
    return dT*Y + Gm(X, T*Y) - T*Gm(X, Y)


mu = 1
Q = Pp/(mu*S)                    # FR_sharp = mu S on D_perp
u = sp.Matrix([ur, ut])
h1u = Q*(nablaT(Pp, u, u) - Pp*gradV)     # (67), any u
vD = sp.Matrix([vr, vt])
h1 = h1u.subs({ur: vr, ut: vt})


def DV(Y):                       # (29)
    return sp.Matrix([sp.diff(h1u[i].subs({ur: vr + s*Y[0], ut: vt + s*Y[1]}), s).subs(s, 0)
                      for i in range(2)])


def nablaH(X):                   # (30), (33)
    dhq = sp.Matrix([sum(sp.diff(h1[i], q[j])*X[j] for j in range(2)) for i in range(2)])
    return dhq + Gm(X, h1) - DV(Gm(X, vD))


T = {"T1": nablaT(Pp, h1, vD), "T2": nablaT(Pp, vD, h1), "T3": nablaH(vD),
     "T4": DV(nablaT(P, vD, vD)), "T5": DV(P*gradV)}


def c(e):
    return str(sp.factor(sp.simplify(e))).replace("**", "^")


for name, Vv in T.items():
    for i, cn in enumerate(("r", "t")):
        print("let: %s%s = %s" % (name, cn, c(Vv[i])))
h2 = Q*(T["T1"] + T["T2"]) - Q*(T["T4"] - T["T5"]) - Q*T["T3"]    # (68) as printed
print("# h2 on D:", [c(e.subs(vr, k*rho*vt)) for e in h2])
