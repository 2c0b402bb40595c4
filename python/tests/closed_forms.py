"""Independent references (mpmath at the precision set by the caller; the
functions evaluate every constant at call time) for the tests, derived by hand (not by nhoracle).

h^(1) of a purely kinetic model with constraints A(q) qdot = 0 and friction
-(1/eps) G^-1 A^T mu_bar A v (paper 000 (39)-(40)): on the slow manifold
v = vD + eps h1 + O(eps^2), A v = eps A h1 + O(eps^2).  Differentiating
A v along the flow, d/dt (A v) = dA[v] v + A vdot with vdot = f - (1/eps)
G^-1 A^T mu_bar A v, f = -Gamma(v, v) (geodesic), and d/dt (A v) = O(eps):
at order eps^0,  dA[vD] vD + A f - S mu_bar A h1 = 0,  S = A G^-1 A^T.
h1 lies in D_perp = G^-1 A^T R^m: h1 = G^-1 A^T sigma, A h1 = S sigma, so
    sigma = S^-1 mu_bar^-1 S^-1 (dA[vD] vD + A f),   h1 = G^-1 A^T sigma,
with vD = P v, P = I - G^-1 A^T S^-1 A (000 (78)).  The partial
derivatives of G and A below are taken by hand from the case files."""

import mpmath as mp


def _h1(G, dG, A, dA, mu, v):
    """G n x n, dG[l] = dG/dq^l, A m x n, dA[l] = dA/dq^l, mu m x m, v n (mpmath)."""
    n = G.rows
    Gi = G ** -1
    S = A * Gi * A.T
    P = mp.eye(n) - Gi * A.T * S ** -1 * A
    vD = P * v
    # Christoffel symbols Gamma^i_jk = 1/2 G^il (d_j G_lk + d_k G_lj - d_l G_jk)
    f = mp.matrix(n, 1)
    for i in range(n):
        s = 0
        for j in range(n):
            for k in range(n):
                for l in range(n):
                    s += Gi[i, l] * (dG[j][l, k] + dG[k][l, j] - dG[l][j, k]) * vD[j] * vD[k] / 2
        f[i] = -s
    dAv = mp.matrix(A.rows, n)
    for l in range(n):
        dAv += dA[l] * vD[l]
    sigma = S ** -1 * mu ** -1 * S ** -1 * (dAv * vD + A * f)
    return vD, Gi * A.T * sigma


def vertical_disk(q, v, m=1, R=mp.mpf(1) / 2, I=mp.mpf(1) / 16, J=mp.mpf(1) / 8):
    """cases/vertical_disk.nh: coordinates theta, x, y, varphi; G = diag(I, m, m, J),
    A = [[0, 1, 0, -R cos th], [0, 0, 1, -R sin th]], mu_bar = identity."""
    th = q[0]
    G = mp.diag([I, m, m, J])
    Z = mp.zeros(4, 4)
    A = mp.matrix([[0, 1, 0, -R * mp.cos(th)], [0, 0, 1, -R * mp.sin(th)]])
    dA0 = mp.matrix([[0, 0, 0, R * mp.sin(th)], [0, 0, 0, -R * mp.cos(th)]])
    Zm = mp.zeros(2, 4)
    return _h1(G, [Z, Z, Z, Z], A, [dA0, Zm, Zm, Zm], mp.eye(2), mp.matrix(v))


def chaplygin_sleigh(q, v, m=1, I=1, a=None):
    """cases/chaplygin_sleigh.nh: coordinates x, y, phi; G of paper 001 (9),
    A = [-sin phi, cos phi, 0], mu_bar = 1."""
    a = mp.mpf(1) / 5 if a is None else a   # at the caller's precision
    ph = q[2]
    s, c = mp.sin(ph), mp.cos(ph)
    G = mp.matrix([[m, 0, -m * a * s], [0, m, m * a * c], [-m * a * s, m * a * c, I + m * a ** 2]])
    dGphi = mp.matrix([[0, 0, -m * a * c], [0, 0, -m * a * s], [-m * a * c, -m * a * s, 0]])
    Z = mp.zeros(3, 3)
    A = mp.matrix([[-s, c, 0]])
    dAphi = mp.matrix([[-c, -s, 0]])
    Zm = mp.zeros(1, 3)
    return _h1(G, [Z, Z, dGphi], A, [Zm, Zm, dAphi], mp.eye(1), mp.matrix(v))


def disk_h1_scalar(q, v, m=1.0, R=0.5, J=0.125):
    """examples/check_disk.py's hand-derived form, in floats (a candidate):
    h^(1) = m R v_theta beta (0, sin th, -cos th, 0),
    beta = (m R cos th v_x + m R sin th v_y + J v_phi) / (m R^2 + J)."""
    import math
    th = q["theta"]
    beta = (m * R * math.cos(th) * v["x"] + m * R * math.sin(th) * v["y"]
            + J * v["varphi"]) / (m * R * R + J)
    c = m * R * v["theta"] * beta
    return [0.0, c * math.sin(th), -c * math.cos(th), 0.0]


def close(ball, x, slack=mp.mpf(10) ** -60):
    """x (an mpmath value computed at high precision) within the ball, up to the
    slack that covers mpmath's own rounding."""
    return abs(ball.mid - x) <= ball.rad + slack
