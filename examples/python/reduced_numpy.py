"""A NumPy implementation of the order-0 reduced field of the vertical rolling
disk (cases/vertical_disk.nh), the example of doc/python.md.

The velocity form of the order-k reduced field (paper 000 (69)-(71)) at
k = 0 is  vdot = F - FR_sharp h^(1)(q, vD)  with F = -Gamma(v, v) - grad V
(= 0 for the disk: G constant, V = 0), FR_sharp = G^-1 A^T mu_bar A and
h^(1) = G^-1 A^T S^-1 mu_bar^-1 S^-1 (dA[vD] vD + A F), S = A G^-1 A^T
(the order-eps^0 part of d/dt (A v) = O(eps) on the slow manifold).

Set NH_EXAMPLE_BUG=1 to plant a bug: the sign of the second row of
dA/dtheta is lost (d(-R sin th)/dth = -R cos th written as +R cos th)."""

import os

import numpy as np

m, R, I, J = 1.0, 0.5, 1.0 / 16, 1.0 / 8
G = np.diag([I, m, m, J])
Ginv = np.linalg.inv(G)
BUG = os.environ.get("NH_EXAMPLE_BUG") == "1"


def reduced_vdot(q, v, eps=None, t=None):
    """q, v: dicts of floats by coordinate (theta, x, y, varphi); v in D."""
    th = q["theta"]
    vD = np.array([v["theta"], v["x"], v["y"], v["varphi"]])
    A = np.array([[0, 1, 0, -R * np.cos(th)], [0, 0, 1, -R * np.sin(th)]])
    dA_dth = np.array([[0, 0, 0, R * np.sin(th)],
                       [0, 0, 0, (1 if BUG else -1) * R * np.cos(th)]])
    S = A @ Ginv @ A.T
    Sinv = np.linalg.inv(S)
    h1 = Ginv @ A.T @ Sinv @ Sinv @ (vD[0] * dA_dth @ vD)     # mu_bar = identity, F = 0
    FR_sharp = Ginv @ A.T @ A
    return list(-FR_sharp @ h1)
