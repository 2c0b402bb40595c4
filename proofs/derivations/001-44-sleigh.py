#!/usr/bin/env python3
"""proofs/derivations/001-44-sleigh.py -- 001 eq (44),
omega^alpha_beta,gamma = lambda^alpha_i Gamma^i_jk f^j_beta f^k_gamma
+ lambda^alpha_i (d_k f^i_beta) f^k_gamma, typed with sympy for the
Chaplygin sleigh (cases/chaplygin_sleigh.nh, dependent y) in nhoracle's
frame of proofs/001 (f_x = d_x + tan(phi) d_y, f_phi = d_phi of D,
f_y = G^-1 A^T of D^g), with the Christoffel symbols of the coordinate
metric from (5), and lowered with kappa: the entry [z][i][j] is
kappa(f_z, nabla_{f_i} f_j) = f_z^T G (Gamma(f_i, f_j) + Df_j[f_i]) (the
layout of nhoracle's frame_Gamma_low).  Prints the `formula:` of the
claim 001-44-sleigh.
"""
import sympy as sp

x, y, phi = sp.symbols("x y phi")
m, I, a = sp.symbols("m I a")
q = [x, y, phi]
s, c = sp.sin(phi), sp.cos(phi)
G = sp.Matrix([[m, 0, -m*a*s], [0, m, m*a*c], [-m*a*s, m*a*c, I + m*a**2]])
Gi = sp.simplify(G.inv())
A = sp.Matrix([[-s, c, 0]])
f = {"x": sp.Matrix([1, sp.tan(phi), 0]), "y": sp.simplify(Gi*A.T), "phi": sp.Matrix([0, 0, 1])}
order = ["x", "y", "phi"]
Gam = [[[sum(Gi[i, l]*(sp.diff(G[l, j], q[k]) + sp.diff(G[l, k], q[j]) - sp.diff(G[j, k], q[l]))/2
             for l in range(3)) for k in range(3)] for j in range(3)] for i in range(3)]


def nabla(X, Y):                 # (44) before the change of frame: Gamma(X, Y) + DY[X]
    return sp.Matrix([sum(Gam[i][j][k]*Y[j]*X[k] for j in range(3) for k in range(3))
                      + sum(sp.diff(Y[i], q[k])*X[k] for k in range(3)) for i in range(3)])


rows = []
for z in order:
    mat = []
    for i in order:
        row = []
        for j in order:
            e = sp.simplify((f[z].T*G*nabla(f[i], f[j]))[0])
            row.append(str(e).replace("**", "^"))
        mat.append("[" + ", ".join(row) + "]")
    rows.append("[" + ", ".join(mat) + "]")
print("formula: [" + ",\n          ".join(rows) + "]")
