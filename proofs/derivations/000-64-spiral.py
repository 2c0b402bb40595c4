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
from spiral import Spiral, rho, vD, show

M = Spiral(rho, 0)                    # mu_bar = rho, V = 0
h1, Pp, P, Gm, DV, dT = M.h1, M.Pp, M.P, M.Gm, M.DV, M.dT
T = {"Ta": -(dT(Pp, h1)*vD + dT(Pp, vD)*h1), "Tb": -Gm(vD, h1), "Tc": 2*Pp*Gm(vD, h1),
     "Td": DV(dT(P, vD)*vD), "Te": DV(Gm(vD, vD)), "Tf": -DV(P*Gm(vD, vD)), "Tg": M.dhq(vD),
     "Th": Gm(vD, h1), "Ti": -DV(Gm(vD, vD))}
for name, V in T.items():
    show(name, V)
