"""Ball: exact midpoint and radius, exact containment."""

from fractions import Fraction

import mpmath as mp
import pytest

import nhoracle
from conftest import case


def _P_disk_theta0():
    """P = I - G^-1 A^T S^-1 A of the vertical disk at theta = 0 in exact rationals
    (G = diag(1/16, 1, 1, 1/8), A = [[0, 1, 0, -1/2], [0, 0, 1, 0]])."""
    G = [Fraction(1, 16), Fraction(1), Fraction(1), Fraction(1, 8)]
    A = [[0, 1, 0, Fraction(-1, 2)], [0, 0, 1, 0]]
    S = [[sum(A[a][k] * A[b][k] / G[k] for k in range(4)) for b in range(2)] for a in range(2)]
    det = S[0][0] * S[1][1] - S[0][1] * S[1][0]
    Si = [[S[1][1] / det, -S[0][1] / det], [-S[1][0] / det, S[0][0] / det]]
    P = [[(1 if i == j else 0)
          - sum(A[a][i] / G[i] * Si[a][b] * A[b][j] for a in range(2) for b in range(2))
          for j in range(4)] for i in range(4)]
    return P


def _frac(x):
    """An mpf as an exact Fraction (mpmath's man * 2^exp)."""
    man, exp = mp.mpf(x).man_exp
    return Fraction(man) * Fraction(2) ** exp


def test_metric_is_exact():
    g = nhoracle.Model(case("vertical_disk.nh")).geometry({"theta": 0})
    b = g.G[0][0]
    assert b.mid == mp.mpf(1) / 16 and b.rad == 0
    assert b.contains(Fraction(1, 16)) and b.contains(0.0625) and b.contains("1/16")
    assert not b.contains(Fraction(1, 16) + Fraction(1, 2 ** 200))
    assert float(b) == 0.0625
    assert str(b) == "0.0625000000000000"


def test_projection_contains_exact_rationals():
    P = _P_disk_theta0()
    g = nhoracle.Model(case("vertical_disk.nh")).geometry({"theta": 0})
    for i in range(4):
        for j in range(4):
            assert g.P[i][j].contains(P[i][j]), (i, j, g.P[i][j], P[i][j])
    # P[1][3] = 1/6 (not dyadic): the ball is proper, its mid is not 2/3
    assert P[1][3] == Fraction(1, 6)
    b = g.P[1][3]
    assert b.rad > 0 and b.rad < mp.mpf(2) ** -200
    assert not b.contains(Fraction(1, 6) + Fraction(1, 10 ** 70))


def test_mid_rad_exact_conversion():
    """mid and rad are the exact dyadic numbers of Arb, not rounded to doubles:
    mid +/- rad brackets 1/6 while the double 1/6 is far outside."""
    b = nhoracle.Model(case("vertical_disk.nh")).geometry({"theta": 0}).P[1][3]
    one_sixth = Fraction(1, 6)
    lo, hi = _frac(b.mid) - _frac(b.rad), _frac(b.mid) + _frac(b.rad)
    assert lo <= one_sixth <= hi
    assert not b.contains(1 / 6)          # the double 1/6 is off by 9e-18
    assert b.contains(b.mid)
    assert _frac(b.mid).denominator > 2 ** 200   # more than 53 bits
    assert str(b).startswith("[0.166666666666667 +/-")


def test_contains_rejects_non_numbers():
    b = nhoracle.Model(case("vertical_disk.nh")).geometry({"theta": 0}).G[0][0]
    with pytest.raises(TypeError):
        b.contains([1])
    with pytest.raises(ValueError):
        b.contains(float("nan"))
