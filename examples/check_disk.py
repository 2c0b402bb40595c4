#!/usr/bin/env python3
"""check_disk.py -- an example candidate for `nhoracle check` (doc/check.md):
the vertical rolling disk of cases/vertical_disk.nh, from formulas derived
by hand (below), independently of nhoracle's code.

    nhoracle check cases/vertical_disk.nh --quantity h \
        --candidate 'python3 examples/check_disk.py'

Protocol: one JSON request per line on standard input, one JSON answer per
line on standard output, in order.  Every complete line available is
processed as one batch (vectorised with numpy when it is installed, plain
Python otherwise), so `--batch N` lets numpy work on N points at once.

Planted bug (for the tests and the demonstration): with NH_CHECK_BUG=1 in
the environment, 1e-3 is added to the x component of every answer when
0.4 < theta < 0.8 -- a slip confined to a fifth of the default theta range.
NH_CHECK_NO_NUMPY=1 forces the plain-Python path; NH_CHECK_LOG=FILE appends
every request and answer line to FILE.

Replay: `check_disk.py --replay REGRESSION.jsonl` reads a regression file
written by `nhoracle check -o` and prints a candidate file (JSON lines
records quantity, k, eps, point, i, value) for `nhoracle validate`.

Derivation.  q = (theta, x, y, phi), G = diag(I, m, m, J), V = 0,
constraints a^1 = dx - R cos(theta) dphi, a^2 = dy - R sin(theta) dphi,
i.e. A = [[0, 1, 0, -R c], [0, 0, 1, -R s]] (c = cos theta, s = sin
theta), friction mu_bar = identity, FR_sharp = G^-1 A^T A.

vD.  D = ker A is spanned by e1 = d/dtheta and e2 = (0, R c, R s, 1),
G-orthogonal (G is diagonal and e1 has only a theta entry), |e2|_G^2 =
m R^2 + J.  So vD = P v = (v_theta, beta R c, beta R s, beta) with
beta = <v, e2>_G / |e2|_G^2 = (m R c v_x + m R s v_y + J v_phi) / (m R^2 + J).

h^(1).  On the slow manifold v = vD + eps h^(1) + O(eps^2), h in D_perp =
range(G^-1 A^T).  Since A vD = 0, A v = eps A h^(1) + O(eps^2), so
d/dt(A v) = O(eps).  But d/dt(A v) = (dA[v]) v + A vdot and vdot =
F - (1/eps) FR_sharp v with F = -Gamma(v, v) - grad V = 0 here (G constant,
V = 0); the O(1) terms give A FR_sharp h^(1) = (dA[vD]) vD.  With
S = A G^-1 A^T and h^(1) = G^-1 A^T w: A FR_sharp h^(1) = S S w, so
w = S^-2 (dA[vD]) vD.  Here dA[vD] vD = R thetadot phidot (s, -c) with
thetadot = v_theta, phidot = beta, and S = (1/m)(I2 + alpha u u^T),
u = (c, s), alpha = m R^2 / J; (s, -c) is orthogonal to u, so S^-2 acts
on it as m^2.  Then h^(1) = G^-1 A^T w = m R thetadot phidot (0, s, -c, 0)
(the phi entry -R (c w1 + s w2) / J vanishes).

reaction^(1) = -FR_sharp h^(1): A h^(1) = m R thetadot phidot (s, -c), so
FR_sharp h^(1) = G^-1 A^T A h^(1) = R thetadot phidot (0, s, -c, 0) and
reaction^(1) = R thetadot phidot (0, -s, c, 0).

reduced, order 0: vdot = F - FR_sharp h^(1) = reaction^(1) (000 (69)-(71)
with k = 0).

nh_accel (Lagrange-d'Alembert): G qddot = A^T lambda and the
differentiated constraints xddot = -R s thetadot phidot + R c phiddot,
yddot = R c thetadot phidot + R s phiddot give I thetaddot = 0 and
(J + m R^2) phiddot = 0, so qddot = R thetadot phidot (0, -s, c, 0)
(thetadot = v_theta, phidot = v_phi of the completed velocity).

full: vdot = F - (1/eps) FR_sharp v = -(1/eps) G^-1 A^T (a1, a2) with
(a1, a2) = A v = (v_x - R c v_phi, v_y - R s v_phi):
vdot = -(1/eps) (0, a1 / m, a2 / m, -R (c a1 + s a2) / J).
"""
import json
import math
import os
import sys
from fractions import Fraction

try:
    import numpy as np
except ImportError:             # plain Python
    np = None
if os.environ.get("NH_CHECK_NO_NUMPY") == "1":     # force the plain-Python path
    np = None

COORDS = ("theta", "x", "y", "varphi")
BUG = os.environ.get("NH_CHECK_BUG") == "1"
LOG = os.environ.get("NH_CHECK_LOG")    # append requests and answers to this file


def num(s):
    """an exact decimal or p/q string as a float"""
    return float(Fraction(s))


def formulas(lib, quantity, order, eps, th, vth, vx, vy, vph, m, R, I, J):
    """the four components; th, v* are floats or numpy arrays"""
    c, s = lib.cos(th), lib.sin(th)
    zero = 0 * th
    if quantity in ("h", "reaction", "reduced"):
        if order != (0 if quantity == "reduced" else 1):
            raise ValueError("only %s of order %d is implemented" % (quantity, order))
        beta = (m * R * c * vx + m * R * s * vy + J * vph) / (m * R * R + J)
        k = R * vth * beta
        if quantity == "h":
            return [zero, m * k * s, -m * k * c, zero]
        return [zero, -k * s, k * c, zero]
    if quantity == "vD":
        beta = (m * R * c * vx + m * R * s * vy + J * vph) / (m * R * R + J)
        return [vth, beta * R * c, beta * R * s, beta]
    if quantity == "nh_accel":
        k = R * vth * vph
        return [zero, -k * s, k * c, zero]
    if quantity == "full":
        a1, a2 = vx - R * c * vph, vy - R * s * vph
        return [zero, -a1 / m / eps, -a2 / m / eps, R * (c * a1 + s * a2) / J / eps]
    raise ValueError("quantity %s is not implemented" % quantity)


def answer(reqs):
    """answers (dicts) for a list of requests of the same kind"""
    r0 = reqs[0]
    p = {k: num(v) for k, v in r0["params"].items()}
    eps = num(r0["eps"]) if "eps" in r0 else None
    cols = [[num(r[key][c]) for r in reqs] for key in ("q", "v") for c in COORDS]
    th, vth, vx, vy, vph = cols[0], cols[4], cols[5], cols[6], cols[7]
    if np is not None:
        args = [np.array(a) for a in (th, vth, vx, vy, vph)]
        val = formulas(np, r0["quantity"], r0.get("order", 0), eps, *args,
                       p["m"], p["R"], p["I"], p["J"])
        val = [np.broadcast_to(v, args[0].shape).tolist() for v in val]
    else:
        val = [[] for _ in COORDS]
        for j in range(len(reqs)):
            one = formulas(math, r0["quantity"], r0.get("order", 0), eps, th[j], vth[j], vx[j],
                           vy[j], vph[j], p["m"], p["R"], p["I"], p["J"])
            for i in range(4):
                val[i].append(one[i])
    out = []
    for j, r in enumerate(reqs):
        v = {c: float(val[i][j]) for i, c in enumerate(COORDS)}
        if BUG and 0.4 < th[j] < 0.8:
            v["x"] += 1e-3
        out.append({"id": r["id"], "value": v})
    return out


def serve():
    buf = b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        buf += chunk
        *lines, buf = buf.split(b"\n")
        reqs = [json.loads(l) for l in lines if l.strip()]
        out = []
        i = 0
        while i < len(reqs):    # runs of the same quantity as one batch
            j = i
            while j < len(reqs) and reqs[j]["quantity"] == reqs[i]["quantity"]:
                j += 1
            try:
                out += answer(reqs[i:j])
            except ValueError as e:
                out += [{"id": r["id"], "error": str(e)} for r in reqs[i:j]]
            i = j
        text = "".join(json.dumps(a) + "\n" for a in out)
        if LOG:
            with open(LOG, "ab") as f:
                f.write(b"".join(l + b"\n" for l in lines if l.strip()) + text.encode())
        sys.stdout.write(text)
        sys.stdout.flush()


RECORD_TO_PROTOCOL = {"h": "h", "reaction": "reaction", "vdot": "reduced", "vD": "vD",
                      "acc_lagrange": "nh_accel", "full_vdot": "full"}


def replay(path):
    """a candidate file for `nhoracle validate` from a regression file"""
    with open(path) as f:
        recs = [json.loads(l) for l in f if l.strip()]
    meta, recs = recs[0], recs[1:]
    params = meta.get("parameters") or {"m": "1", "R": "1/2", "I": "1/16", "J": "1/8"}
    pts = {}
    for r in recs:
        if r["quantity"] in ("q", "v"):
            pts.setdefault(r["point"], {"q": {}, "v": {}})[r["quantity"]][COORDS[r["i"]]] = r["mid"]
    for r in recs:
        if r["quantity"] in ("q", "v"):
            continue
        req = dict(pts[r["point"]], id=0, params=params,
                   quantity=RECORD_TO_PROTOCOL[r["quantity"]])
        if r["k"] is not None:
            req["order"] = r["k"]
        if r["eps"] is not None:
            req["eps"] = r["eps"]
        elif meta.get("eps"):
            req["eps"] = meta["eps"][0]
        v = answer([req])[0]["value"][COORDS[r["i"]]]
        print(json.dumps({"quantity": r["quantity"], "k": r["k"], "eps": r["eps"],
                          "point": r["point"], "i": r["i"], "value": v}))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--replay":
        replay(sys.argv[2])
    else:
        serve()
