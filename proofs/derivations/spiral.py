"""proofs/derivations/spiral.py -- the spiral particle (polar coordinates
(rho, th), G = diag(1, rho^2), one constraint dr - k rho dth) and the
objects of paper 000 built on it from the paper's definitions, shared by
000-64-spiral.py and 000-68-spiral.py: P_perp, P, the Christoffel symbols
(5), (nabla_X T)(Y) (32), h^(1)(q, u) by (67) for any u, D^V h^(1) (29),
dh^(1)/dq, nabla^H h^(1) (30), (33).  mu is the friction coefficient
(a sympy expression), V the potential.
"""
import sympy as sp

rho, th, k = sp.symbols("rho th k")
vr, vt = sp.symbols("v_rr v_th")
ur, ut, s = sp.symbols("ur ut s")
q = [rho, th]
vD = sp.Matrix([vr, vt])


class Spiral:
    def __init__(self, mu, V):
        G = sp.diag(1, rho**2)
        self.Gi = Gi = G.inv()
        A = sp.Matrix([[1, -k*rho]])
        n = Gi*A.T
        S = (A*n)[0]
        self.Pp = n*A/S                  # P_perp
        self.P = sp.eye(2) - self.Pp
        self.gradV = Gi*sp.Matrix([sp.diff(V, x) for x in q])
        self.Gam = [[[sum(Gi[i, l]*(sp.diff(G[l, j], q[c]) + sp.diff(G[l, c], q[j])
                                    - sp.diff(G[j, c], q[l]))/2 for l in range(2))
                      for c in range(2)] for j in range(2)] for i in range(2)]
        self.Q = self.Pp/(mu*S)          # FR_sharp = mu S on D_perp
        u = sp.Matrix([ur, ut])
        self.h1u = self.Q*(self.nablaT(self.Pp, u, u) - self.Pp*self.gradV)   # (67), any u
        self.h1 = self.h1u.subs({ur: vr, ut: vt})

    def Gm(self, X, Y):
        return sp.Matrix([sum(self.Gam[i][j][c]*X[j]*Y[c] for j in range(2) for c in range(2))
                          for i in range(2)])

    @staticmethod
    def dT(T, X):
        return sum((sp.diff(T, q[j])*X[j] for j in range(2)), sp.zeros(2, 2))

    def nablaT(self, T, X, Y):           # (32)
        return self.dT(T, X)*Y + self.Gm(X, T*Y) - T*self.Gm(X, Y)

    def DV(self, Y):                     # (29)
        return sp.Matrix([sp.diff(self.h1u[i].subs({ur: vr + s*Y[0], ut: vt + s*Y[1]}), s).subs(s, 0)
                          for i in range(2)])

    def dhq(self, X):
        return sp.Matrix([sum(sp.diff(self.h1[i], q[j])*X[j] for j in range(2)) for i in range(2)])

    def nablaH(self, X):                 # (30), (33)
        return self.dhq(X) + self.Gm(X, self.h1) - self.DV(self.Gm(X, vD))


def show(name, V):
    for i, cn in enumerate(("r", "t")):
        print("let: %s%s = %s" % (name, cn, str(sp.factor(sp.simplify(V[i]))).replace("**", "^")))
