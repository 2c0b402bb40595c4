"""nh, reduced and flow of the vertical disk against its closed-form motion.

Vertical disk (cases/vertical_disk.nh, G constant): with x' = R cos(th) u,
y' = R sin(th) u (u = varphi'), the constrained Lagrangian
(I w^2 + (m R^2 + J) u^2) / 2 (w = theta') has no coordinate dependence, so
th'' = 0, varphi'' = 0 and x'' = -R sin(th) w u, y'' = R cos(th) w u; the motion
is th = th0 + w t, varphi = varphi0 + u t, x = x0 + R u (sin th - sin th0) / w,
y = y0 - R u (cos th - cos th0) / w."""

from fractions import Fraction

import mpmath as mp

import nhoracle
from closed_forms import close
from conftest import case

DISK = nhoracle.Model(case("vertical_disk.nh"))
R = mp.mpf(1) / 2


def test_nh_accelerations():
    mp.mp.dps = 60
    th, w, u = mp.mpf(3) / 10, mp.mpf(-7) / 10, mp.mpf(5) / 4
    r = DISK.nh({"theta": "0.3"}, {"theta": "-0.7", "varphi": "1.25"})
    expect = [0, -R * mp.sin(th) * w * u, R * mp.cos(th) * w * u, 0]
    for name in ("acc", "acc_voronets", "acc_connection"):
        for i in range(4):
            assert close(getattr(r, name)[i], expect[i]), (name, i)


def test_reduced_order0_on_D_is_the_nh_field():
    """At v in D (theta = 0: v = (w, R u, 0, u)) the order-0 reduced field is the
    nonholonomic one: qdot = v, vDdot = (0, 0, R w u, 0)."""
    r = DISK.reduced({"theta": 0}, {"theta": "0.5", "x": "0.5", "varphi": 1}, eps="1/10",
                     order=0)
    assert [b.contains(x) for b, x in zip(r.qdot, [Fraction(1, 2), Fraction(1, 2), 0, 1])] \
        == [True] * 4
    assert [b.contains(x) for b, x in zip(r.vDdot, [0, 0, Fraction(1, 4), 0])] == [True] * 4


def test_flow_nh_contains_closed_form():
    mp.mp.dps = 60
    th0, w, u, T = mp.mpf(3) / 10, mp.mpf(-7) / 10, mp.mpf(5) / 4, mp.mpf(1) / 2
    pts = DISK.flow({"theta": "0.3"}, {"theta": "-0.7", "varphi": "1.25"}, "1/2",
                    times=["1/4", "1/2"])
    assert len(pts) == 2 and pts[-1].t == "1/2" and all(p.certified for p in pts)
    th = th0 + w * T
    q = [th, R * u * (mp.sin(th) - mp.sin(th0)) / w, -R * u * (mp.cos(th) - mp.cos(th0)) / w,
         u * T]
    v = [w, R * mp.cos(th) * u, R * mp.sin(th) * u, u]
    for i in range(4):
        assert close(pts[-1].q[i], q[i]), (i, pts[-1].q[i], q[i])
        assert close(pts[-1].v[i], v[i]), (i, pts[-1].v[i], v[i])
    assert all(b.rad < 1e-8 for b in pts[-1].q)



def _overlap(a, b):
    return abs(a.mid - b.mid) <= a.rad + b.rad


def test_flow_reduced_order0_equals_nh_and_full_is_close():
    """000: the order-0 reduced system on D is the nonholonomic one (a different
    integration, NH_FLOW_REDUCED k = 0 vs NH_FLOW_NH): from a point in D (theta = 0,
    v = (w, R u, 0, u) exactly) the balls overlap; the full friction system at
    eps = 1/10 from the same point stays within O(eps) of them (000 Thm 1)."""
    q, v = {"theta": 0}, {"theta": "-0.7", "x": "0.625", "varphi": "1.25"}
    nh = DISK.flow(q, v, "1/4")[0]
    red = DISK.flow(q, v, "1/4", system="reduced", order=0)[0]
    full = DISK.flow(q, v, "1/4", system="full", eps="1/10")[0]
    assert all(_overlap(a, b) for a, b in zip(red.q, nh.q))
    assert all(_overlap(a, b) for a, b in zip(red.v, nh.v))
    assert all(abs(float(a) - float(b)) < 2e-2 for a, b in zip(full.q, nh.q))
    assert any(abs(float(a) - float(b)) > 1e-12 for a, b in zip(full.q, nh.q))


def test_flow_full_slow_manifold_meets_taylor():
    """The full system at eps = 1/1000 with data off D (v_y = 1/10): through the
    slow manifold (the default) and by the Taylor method throughout
    (slow_manifold=False), two certified methods; th'' = 0 holds for the full
    system too (no constraint involves theta, G diagonal), so theta(1/8) = 3/32."""
    q, v = {"theta": 0}, {"theta": "3/4", "x": "5/8", "y": "1/10", "varphi": "5/4"}
    a = DISK.flow(q, v, "1/8", system="full", eps="1/1000", prec=128)[0]
    b = DISK.flow(q, v, "1/8", system="full", eps="1/1000", prec=128,
                  slow_manifold=False)[0]
    assert all(_overlap(x, y) for x, y in zip(a.q + a.v, b.q + b.v))
    assert a.q[0].contains(Fraction(3, 32))
    assert all(x.rad < 1e-25 for x in a.q + a.v)
