"""Model.series against closed forms derived by hand and against the CLI."""

import fractions
import json
import subprocess

import mpmath as mp
import pytest

import nhoracle
from closed_forms import chaplygin_sleigh, close, vertical_disk
from conftest import case

mp.mp.dps = 80

DISK_POINTS = [
    ({"theta": "0.3"}, {"theta": "0.2", "x": "1", "y": "0.5", "varphi": "2"}),
    ({"theta": "-1.25", "x": "3"}, {"theta": "-0.7", "x": "0.25", "y": "-1", "varphi": "0.125"}),
    ({"theta": "2"}, {"theta": "1", "varphi": "-1"}),
]


def _mp(d, names):
    return [mp.mpf(fractions.Fraction(d.get(c, "0")).numerator)
            / fractions.Fraction(d.get(c, "0")).denominator for c in names]


@pytest.mark.parametrize("q,v", DISK_POINTS)
def test_disk_h1_closed_form(q, v):
    m = nhoracle.Model(case("vertical_disk.nh"))
    s = m.series(q, v, 1)
    vD, h1 = vertical_disk(_mp(q, m.coordinates), _mp(v, m.coordinates))
    for i in range(4):
        assert close(s.vD[i], vD[i]), (i, s.vD[i], vD[i])
        assert close(s.h[0][i], h1[i]), (i, s.h[0][i], h1[i])
        # reaction^(1) = -FR_sharp h^(1) is a different vector; h^(1) must be nonzero here
    assert s.routes_agree is True
    assert any(not b.contains(0) for b in s.h[0])


@pytest.mark.parametrize("q,v", [({"phi": "0.4"}, {"x": "1", "y": "0.3", "phi": "-0.5"}),
                                 ({"x": "2", "phi": "-2.5"}, {"x": "-0.2", "y": "1", "phi": "1.5"})])
def test_sleigh_h1_closed_form(q, v):
    m = nhoracle.Model(case("chaplygin_sleigh.nh"))
    s = m.series(q, v, 2)
    vD, h1 = chaplygin_sleigh(_mp(q, m.coordinates), _mp(v, m.coordinates))
    for i in range(3):
        assert close(s.vD[i], vD[i])
        assert close(s.h[0][i], h1[i]), (i, s.h[0][i], h1[i])
    assert s.routes_agree is True
    assert len(s.h) == 2 and len(s.reaction) == 2


def test_params_override_changes_h1_as_derived():
    m = nhoracle.Model(case("chaplygin_sleigh.nh"), params={"a": fractions.Fraction(1, 2),
                                                            "I": "3"})
    q, v = {"phi": "0.7"}, {"x": "0.5", "y": "-1", "phi": "0.25"}
    s = m.series(q, v, 1)
    _, h1 = chaplygin_sleigh(_mp(q, m.coordinates), _mp(v, m.coordinates), I=3, a=mp.mpf(1) / 2)
    for i in range(3):
        assert close(s.h[0][i], h1[i])


def _spec(d):
    return ",".join("%s=%s" % kv for kv in d.items())


@pytest.mark.parametrize("name,q,v,order", [
    ("vertical_disk.nh", DISK_POINTS[0][0], DISK_POINTS[0][1], 3),
    ("chaplygin_sleigh.nh", {"phi": "0.4"}, {"x": "1", "y": "0.3", "phi": "-0.5"}, 2),
    # the CLI raises to 512 bits here (its route-agreement criterion); the printed
    # digits do not depend on it
    ("chaplygin_sleigh.nh", {"phi": "0.4"}, {"x": "1", "y": "0.3", "phi": "-0.5"}, 8),
])
def test_series_equals_cli_digit_for_digit(nhoracle_exe, name, q, v, order):
    """`nhoracle series ... --json` and Model.series print the same balls."""
    argv = [nhoracle_exe, "series", case(name), "--q", _spec(q), "--v", _spec(v),
            "--order", str(order), "--json"]
    cp = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    assert cp.returncode == 0, cp.stderr
    out = json.loads(cp.stdout)
    s = nhoracle.Model(case(name)).series(q, v, order)
    assert [b.str(15) for b in s.vD] == out["vD"]
    assert [[b.str(15) for b in hk] for hk in s.h] == out["h"]
    assert [[b.str(15) for b in hk] for hk in s.h_covariant] == out["h_covariant"]
    assert [[b.str(15) for b in rk] for rk in s.reaction] == out["reaction_time"]
    assert s.routes_agree == out["agree"]


def test_affine_series_equals_cli(nhoracle_exe):
    """A time-dependent affine model (the time route only, `series --t`)."""
    argv = [nhoracle_exe, "series", case("affine_line.nh"), "--q", "x=0.5", "--v", "x=0.2,y=1",
            "--t", "1/3", "--order", "2", "--json"]
    cp = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    assert cp.returncode == 0, cp.stderr
    out = json.loads(cp.stdout)
    s = nhoracle.Model(case("affine_line.nh")).series({"x": "0.5"}, {"x": "0.2", "y": 1}, 2,
                                                      t="1/3")
    assert s.routes_agree is None
    assert [b.str(15) for b in s.vD] == out["vD"]
    assert [b.str(15) for b in s.v_p] == out["v_p"]
    assert [[b.str(15) for b in hk] for hk in s.h] == out["h"]
    assert [[b.str(15) for b in rk] for rk in s.reaction] == out["reaction_time"]
    assert [b.str(15) for b in s.acc0] == out["acc0"]
