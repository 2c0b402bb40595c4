#!/usr/bin/env python3
"""proofs/derivations/002-lemma2-notA.py -- 002 Lemma 2's conditions (A),
(B) typed from the print for the vertical disk of 002 Sec 8
(cases/vertical_disk_002.nh: g = I, constraints dx - cos(phi) dtheta,
dy - sin(phi) dtheta) and the D-preserving modification
proofs/ghat/vertical_disk_002_notA.nh (ghat = I + c (dphi (x) beta +
beta (x) dphi), beta = -sin(phi) dx + cos(phi) dy), which fails (A).
Frame: X_a = (X_phi, X_theta) of D (the independent coordinates),
X_i = G^-1 A^T e_i of D^g; [X_alpha, X_beta] = R^gamma_alpha,beta X_gamma,
nabla_{X_alpha} X_beta = Gamma^gamma_alpha,beta X_gamma (Levi-Civita of g),
everything from the paper's definitions with sympy, not from nhoracle.
Prints the `let:` lines of the claim 002-AB-notA: the residuals
A_c = ghat_bk R^k_ac v^a v^b (c in D) and
B_i = (g_ki Gamma^k_ab + X_a(ghat_bi) - ghat_bk R^k_ai - ghat_di Gamma^d_ab) v^a v^b.
Indices a, b, c, d run over D, i, k over D^g, as in 002.
"""
import sympy as sp

x, y, phi, th, c = sp.symbols("x y phi theta c")
vphi, vth = sp.symbols("v_phi v_theta")
q = [x, y, phi, th]
g = sp.eye(4)
gh = sp.Matrix([[1, 0, -c*sp.sin(phi), 0], [0, 1, c*sp.cos(phi), 0],
                [-c*sp.sin(phi), c*sp.cos(phi), 1, 0], [0, 0, 0, 1]])
X = [sp.Matrix([0, 0, 1, 0]), sp.Matrix([sp.cos(phi), sp.sin(phi), 0, 1]),
     sp.Matrix([1, 0, 0, -sp.cos(phi)]), sp.Matrix([0, 1, 0, -sp.sin(phi)])]
F = sp.Matrix.hstack(*X)
Fi = sp.simplify(F.inv())
D, Dg = [0, 1], [2, 3]


def dvec(W, Y):                  # directional derivative DW[Y]
    return sp.Matrix([sum(sp.diff(W[r], q[j])*Y[j] for j in range(4)) for r in range(4)])


def comps(W):
    return sp.simplify(Fi*W)


R = [[comps(dvec(X[b], X[a]) - dvec(X[a], X[b])) for b in range(4)] for a in range(4)]   # R[a][b][gamma]
Gam = [[comps(dvec(X[b], X[a])) for b in range(4)] for a in range(4)]  # g = I: Gamma coord = 0
gf = sp.simplify(F.T*g*F)
ghf = sp.simplify(F.T*gh*F)
v = {0: vphi, 1: vth}


def Xder(a, f):
    return sum(sp.diff(f, q[j])*X[a][j] for j in range(4))


A = {}
for cc in D:
    A[cc] = sp.simplify(sum(ghf[b, k]*R[a][cc][k]*v[a]*v[b] for a in D for b in D for k in Dg))
B = {}
for i in Dg:
    B[i] = sp.simplify(sum((sum(gf[k, i]*Gam[a][b][k] for k in Dg) + Xder(a, ghf[b, i])
                            - sum(ghf[b, k]*R[a][i][k] for k in Dg)
                            - sum(ghf[d, i]*Gam[a][b][d] for d in D))*v[a]*v[b] for a in D for b in D))


def s(e):
    return str(sp.factor(e)).replace("**", "^")


for cc in D:
    print("let: A%d = %s" % (cc + 1, s(A[cc])))
for i in Dg:
    print("let: B%d = %s" % (i + 1, s(B[i])))
