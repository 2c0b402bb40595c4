#!/usr/bin/python3
"""SymPy derivation of h^(1..3) for the vertical rolling disk (issue 17).

Independent of nhoracle: the model is typed in here from paper 000 Sec 5
(metric (72) G = diag(I, m, m, J), constraints (73) dx = R cos(theta)
dvarphi, dy = R sin(theta) dvarphi, friction (81) mu = 1; parameters of
cases/vertical_disk.nh: m = 1, R = 1/2, I = 1/16, J = 1/8), and the terms
h^(k) of h_eps = sum_k eps^k h^(k) (paper 000 eq (66)) are derived from
the classical invariance condition (60) by symbolic differentiation:

    q' = v,  v' = F(q, v) - (1/eps) FR_sharp v,  F = -Gamma(v, v) - grad V,
    u = P v,  H = P_perp v = h_eps(q, u),
    (1/eps) FR_sharp H = (d/dt P_perp) v + P_perp F
                         - dh/dq v - dh/du ((d/dt P) v + P F),

so that h = eps Q B with Q = G^-1 A^T S^-1 mu^-1 S^-1 A (Q FR_sharp =
P_perp) and, collecting eps^(k-1), h^(k) = Q [B]_(k-1) with h^(j), j < k,
as explicit functions of (q, u).  Christoffel symbols from G by (5).

Usage: sympy_disk_h.py POINTS_FILE   (lines "theta_value varphi_rate"
as in bench/run-bench-sympy.sh); prints one JSON line per point with
vD and h^(1..3) (30 digits).  Timing: run it under /usr/bin/time.
"""
import json
import sys

import sympy as sp

K = 3
th, x, y, ph = sp.symbols("theta x y varphi")
q = [th, x, y, ph]
n = 4
u = sp.symbols("u0:4")
eps = sp.Symbol("eps")
m, R, I, J = sp.Integer(1), sp.Rational(1, 2), sp.Rational(1, 16), sp.Rational(1, 8)

G = sp.diag(I, m, m, J)
A = sp.Matrix([[0, 1, 0, -R * sp.cos(th)], [0, 0, 1, -R * sp.sin(th)]])
mu = sp.eye(2)
V = sp.Integer(0)

Gi = G.inv()
S = A * Gi * A.T
Si = sp.simplify(S.inv())
Pperp = sp.simplify(Gi * A.T * Si * A)
P = sp.eye(n) - Pperp
Q = sp.simplify(Gi * A.T * Si * mu.inv() * Si * A)
gradV = Gi * sp.Matrix([sp.diff(V, c) for c in q])
Gam = [[[sum(Gi[i, l] * (sp.diff(G[l, k], q[j]) + sp.diff(G[l, j], q[k]) - sp.diff(G[j, k], q[l]))
             for l in range(n)) / 2 for k in range(n)] for j in range(n)] for i in range(n)]


def ddt_matrix(M, v):
    """sum_l dM/dq^l v^l"""
    return sum((sp.diff(M, q[l]) * v[l] for l in range(n)), sp.zeros(*M.shape))


def free_force(v):
    return sp.Matrix([-sum(Gam[i][j][k] * v[j] * v[k] for j in range(n) for k in range(n))
                      for i in range(n)]) - gradV


U = sp.Matrix(u)
h = []  # h[j-1]: h^(j) as a function of (q, u)
for k in range(1, K + 1):
    # v truncated at eps^(k-1): the eps^(k-1) coefficient of B needs no more
    v = U + sum((eps ** j * h[j - 1] for j in range(1, k)), sp.zeros(n, 1))
    F = free_force(v)
    udot = ddt_matrix(P, v) * v + P * F
    Hfun = sum((eps ** j * h[j - 1] for j in range(1, k)), sp.zeros(n, 1))
    dH = sp.zeros(n, 1)
    for j in range(n):
        dH += Hfun.diff(q[j]) * v[j] + Hfun.diff(u[j]) * udot[j]
    B = ddt_matrix(Pperp, v) * v + Pperp * F - dH
    Bk = B.applyfunc(lambda e: sp.expand(e).coeff(eps, k - 1))
    h.append((Q * Bk).applyfunc(sp.simplify))

fh = sp.lambdify([q, u], [hk for hk in h], modules="mpmath")
fP = sp.lambdify([q], P, modules="mpmath")


def main(path):
    import mpmath
    mpmath.mp.dps = 40
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        tq, rate = (mpmath.mpf(sp.Rational(s).p) / sp.Rational(s).q for s in line.split())
        qv = [tq, 0, 0, 0]
        vv = mpmath.matrix([1, 0, 0, rate])
        vD = fP(qv) * vv
        hs = fh(qv, [vD[i] for i in range(n)])
        print(json.dumps({"theta": str(line.split()[0]), "varphi_rate": line.split()[1],
                          "vD": [mpmath.nstr(vD[i], 30) for i in range(n)],
                          "h": [[mpmath.nstr(hk[i], 30) for i in range(n)] for hk in hs]}))


if __name__ == "__main__":
    main(sys.argv[1])
