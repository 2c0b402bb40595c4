#!/usr/bin/env python3
"""proofs/derivations/000-64-spiral.py -- the terms of 000 eq (64) (the
reaction force of the generating equation in matrix form, V = 0) at order
eps^1 on D_eps (v = vD + eps h^(1) + O(eps^2)), for the spiral particle
with the position-dependent friction mu_bar = rho
(proofs/models/spiral_particle_friction.nh), derived with sympy from the
paper's definitions ((32), (67), (29), the matrix notation of Remark 3),
not from nhoracle's code.  Prints the `let:` lines of the claim
000-64-spiral; coordinates (rho, th), the model's rr = rho - 2.
Order eps^1 of each term of (64), with h_eps = eps h1 + ...:
  Ta = -[sum dP_perp/dq^k v^k] v   ->  -(dP_perp[h1] vD + dP_perp[vD] h1)
  Tb = -[Gamma(q, v)][P_perp] v    ->  -Gamma(vD, h1)
  Tc = +[P_perp][Gamma(q, v)] v    ->  2 P_perp Gamma(vD, h1)
  Td = +[D^V h][sum dP/dq^k v^k] v ->  D^V h1 (dP[vD] vD)
  Te = +D^V h [Gamma(q, v)][P] v   ->  D^V h1 (Gamma(vD, vD))
  Tf = -[D^V h][P][Gamma(q, v)] v  ->  -D^V h1 (P Gamma(vD, vD))
  Tg = +[dh/dq (q, vD)] v          ->  dh1/dq vD
  Th = +[Gamma(q, v)] h(q, vD)     ->  Gamma(vD, h1)
  Ti = -[D^V h][Gamma(q, v)][P] v  ->  -D^V h1 (Gamma(vD, vD))
"""
import sympy as sp

rho, th, k = sp.symbols("rho th k")
vr, vt = sp.symbols("v_rr v_th")
ur, ut, s = sp.symbols("ur ut s")
q = [rho, th]
G = sp.diag(1, rho**2)
Gi = G.inv()
A = sp.Matrix([[1, -k*rho]])
n = Gi*A.T
S = (A*n)[0]
Pp = n*A/S
P = sp.eye(2) - Pp
mu = rho
Gam = [[[sum(Gi[i, l]*(sp.diff(G[l, j], q[c]) + sp.diff(G[l, c], q[j]) - sp.diff(G[j, c], q[l]))/2
             for l in range(2)) for c in range(2)] for j in range(2)] for i in range(2)]


def Gm(X, Y):
    return sp.Matrix([sum(Gam[i][j][c]*X[j]*Y[c] for j in range(2) for c in range(2)) for i in range(2)])


def dT(T, X):
    return sum((sp.diff(T, q[j])*X[j] for j in range(2)), sp.zeros(2, 2))


def nablaT(T, X, Y):
    return dT(T, X)*Y + Gm(X, T*Y) - T*Gm(X, Y)


Q = Pp/(mu*S)
u = sp.Matrix([ur, ut])
vD = sp.Matrix([vr, vt])
h1u = Q*nablaT(Pp, u, u)          # (67), V = 0, any u
h1 = h1u.subs({ur: vr, ut: vt})


def DV(Y):
    return sp.Matrix([sp.diff(h1u[i].subs({ur: vr + s*Y[0], ut: vt + s*Y[1]}), s).subs(s, 0)
                      for i in range(2)])


def dhq(X):
    return sp.Matrix([sum(sp.diff(h1[i], q[j])*X[j] for j in range(2)) for i in range(2)])


T = {"Ta": -(dT(Pp, h1)*vD + dT(Pp, vD)*h1), "Tb": -Gm(vD, h1), "Tc": 2*Pp*Gm(vD, h1),
     "Td": DV(dT(P, vD)*vD), "Te": DV(Gm(vD, vD)), "Tf": -DV(P*Gm(vD, vD)), "Tg": dhq(vD),
     "Th": Gm(vD, h1), "Ti": -DV(Gm(vD, vD))}
for name, V in T.items():
    for i, cn in enumerate(("r", "t")):
        print("let: %s%s = %s" % (name, cn, str(sp.factor(sp.simplify(V[i]))).replace("**", "^")))
