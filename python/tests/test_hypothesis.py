"""Hypothesis: nhoracle.strategies.points and a property against the reference."""

from fractions import Fraction

import mpmath as mp
from hypothesis import given, settings
from hypothesis import strategies as st

import nhoracle
from closed_forms import chaplygin_sleigh, close, disk_h1_scalar
from conftest import case
from nhoracle.strategies import points

SLEIGH = nhoracle.Model(case("chaplygin_sleigh.nh"))
DISK = nhoracle.Model(case("vertical_disk.nh"))


def _mp(s):
    f = Fraction(s)
    return mp.mpf(f.numerator) / f.denominator


@settings(max_examples=25, deadline=None, derandomize=True)
@given(points(SLEIGH, "phi=-3:3,v_phi=-2:2"))
def test_sleigh_h1_reference_contains_closed_form(pt):
    q, v = pt
    mp.mp.dps = 60
    s = SLEIGH.series(q, v, 1)
    _, h1 = chaplygin_sleigh([_mp(q[c]) for c in SLEIGH.coordinates],
                             [_mp(v[c]) for c in SLEIGH.coordinates])
    for i in range(3):
        assert close(s.h[0][i], h1[i])


@settings(max_examples=40, deadline=None, derandomize=True)
@given(points(DISK, {"theta": ("0.25", "1/2"), "v_x": (0, 0)}))
def test_points_are_exact_grid_points_in_the_domain(pt):
    q, v = pt
    assert set(q) == set(DISK.coordinates) == set(v)
    th = Fraction(q["theta"])
    assert Fraction(1, 4) <= th <= Fraction(1, 2)
    assert (th * 10 ** 6).denominator == 1      # on the 10^-6 grid
    assert v["x"] == "0"
    assert all(-1 <= Fraction(q[c]) <= 1 for c in ("x", "y", "varphi"))


@settings(max_examples=15, deadline=None, derandomize=True)
@given(points(DISK))
def test_float_candidate_within_tolerance_of_ball(pt):
    """The user's own property: a float implementation within the default tolerance
    of the certified ball at the drawn point."""
    q, v = pt
    atol, rtol = nhoracle.tolerance_defaults()
    s = DISK.series(q, v, 1)
    c = disk_h1_scalar({k: float(Fraction(x)) for k, x in q.items()},
                       {k: float(Fraction(x)) for k, x in s_vD(s).items()})
    for i in range(4):
        x = s.h[0][i]
        assert abs(c[i] - float(x)) <= atol + rtol * abs(float(x)) + float(x.rad)


def s_vD(s):
    """vD of the series as floats by coordinate (the closed form takes v in D)."""
    return {c: str(Fraction(float(b))) for c, b in zip(DISK.coordinates, s.vD)}


@settings(max_examples=8, deadline=None, derandomize=True)
@given(lo=st.integers(-90, 60), seed=st.integers(0, 2 ** 32 - 1))
def test_check_finds_a_bug_planted_in_any_theta_band(lo, seed):
    """A property of check itself: a 1e-3 slip on x confined to theta in [lo, lo + 0.3]
    (a sixth or more of the default box) is found, and the shrunk counterexample lies
    in the band."""
    a, b = lo / 100, lo / 100 + 0.3

    def buggy(q, v):
        h = disk_h1_scalar(q, v)
        if a <= q["theta"] <= b:
            h[1] += 1e-3
        return h
    r = nhoracle.check(buggy, DISK, quantity="h", budget=200, seed=seed)
    assert not r.passed
    assert a <= float(r.counterexample["q"]["theta"]) <= b
    assert r.error.failing[1]
