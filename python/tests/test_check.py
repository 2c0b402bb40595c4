"""nhoracle.check in-process: a correct candidate passes, planted bugs are found."""

import math

import pytest

import nhoracle
from closed_forms import disk_h1_scalar
from conftest import case


@pytest.fixture(scope="module")
def disk():
    return nhoracle.Model(case("vertical_disk.nh"))


def test_correct_h1_passes(disk):
    r = nhoracle.check(disk_h1_scalar, disk, quantity="h", order=1, budget=60, seed=3)
    assert r.passed and bool(r)
    assert r.evaluations == 60
    assert r.counterexample is None
    # the worst point's reference contains nothing far from the candidate
    assert r.worst.score < 1


def _buggy(q, v):
    """The planted bug of examples/check_disk.py: 1e-3 added to the x component
    of h^(1) when 0.4 < theta < 0.8."""
    h = disk_h1_scalar(q, v)
    if 0.4 < q["theta"] < 0.8:
        h[1] += 1e-3
    return h


def test_planted_bug_found_and_shrunk(disk):
    r = nhoracle.check(_buggy, disk, quantity="h", order=1, budget=200, seed=0)
    assert not r.passed
    th = float(r.counterexample["q"]["theta"])
    assert 0.4 < th < 0.8
    # shrinking reaches simple values: the other coordinates and the velocity are 0
    assert all(r.counterexample["q"][c] == "0" for c in ("x", "y", "varphi"))
    # the failing component is x: candidate = 1e-3 + the true value, certainly outside
    assert r.error.failing == [False, True, False, False]
    ref = r.error.reference[1]
    assert ref.contains(0) or abs(float(ref)) < 1e-3   # h^(1) at the shrunk point
    assert not ref.contains(r.error.candidate[1])
    rep = r.report()
    assert "shrunk counterexample" in rep and "seed=0" in rep and ref.str() in rep


def test_exception_is_a_failure_with_its_point(disk):
    def crashes(q, v):
        if q["theta"] > 0.25:
            raise ZeroDivisionError("planted crash")
        return disk_h1_scalar(q, v)
    r = nhoracle.check(crashes, disk, quantity="h", budget=80, seed=1)
    assert not r.passed
    assert float(r.counterexample["q"]["theta"]) > 0.25
    assert "ZeroDivisionError: planted crash" in r.error.exception
    assert "planted crash" in r.report()


def test_wrong_length_and_nan_are_failures(disk):
    r = nhoracle.check(lambda q, v: [0.0, 0.0], disk, quantity="vD", budget=10)
    assert not r.passed and "expected 4" in r.error.exception
    r = nhoracle.check(lambda q, v: [math.nan] * 4, disk, quantity="vD", budget=10)
    assert not r.passed and "NaN" in r.error.exception


def test_domain_restricts_points(disk):
    seen = []

    def rec(q, v):
        seen.append(q["theta"])
        return disk_h1_scalar(q, v)
    r = nhoracle.check(rec, disk, quantity="h", budget=30, domain="theta=0.1:0.2")
    assert r.passed
    assert seen and all(0.1 <= t <= 0.2 for t in seen)


def test_tolerance_defaults_are_the_library_ones():
    atol, rtol = nhoracle.tolerance_defaults()
    assert (atol, rtol) == (1e-12, 1e-9)   # doc/datasets.md "Tolerances"
    # a candidate off by 1e-7 relative fails at the default rtol, passes at rtol 1e-6
    disk = nhoracle.Model(case("vertical_disk.nh"))

    def off(q, v):
        return [x * (1 + 1e-7) for x in disk_h1_scalar(q, v)]
    assert not nhoracle.check(off, disk, budget=20).passed
    assert nhoracle.check(off, disk, budget=20, rtol=1e-6).passed


def test_unknown_quantity_is_usage_error(disk):
    with pytest.raises(nhoracle.UsageError, match="nosuch"):
        nhoracle.check(disk_h1_scalar, disk, quantity="nosuch")


def test_same_search_and_shrink_as_cli(nhoracle_exe, disk):
    """nhoracle.check and `nhoracle check --candidate` with the same planted bug
    (examples/check_disk.py, NH_CHECK_BUG=1) and seed: the same evaluations, failing
    count and shrunk point."""
    import json
    import os
    import subprocess
    import sys
    from conftest import ROOT
    env = dict(os.environ, NH_CHECK_BUG="1", NH_CHECK_NO_NUMPY="1")
    cp = subprocess.run([nhoracle_exe, "check", case("vertical_disk.nh"), "--quantity", "h",
                         "--seed", "5", "--budget", "150", "--json", "--candidate",
                         sys.executable + " " + os.path.join(ROOT, "examples", "check_disk.py")],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, check=False)
    assert cp.returncode == 9, cp.stderr
    cli = json.loads(cp.stdout)
    r = nhoracle.check(_buggy, disk, quantity="h", order=1, budget=150, seed=5)
    assert r.passed is False and cli["pass"] is False
    assert r.evaluations == cli["evaluations"]
    assert r.nfailed == cli["failing_evaluations"]
    assert r.counterexample["q"] == cli["shrunk"]["q"]
    assert r.counterexample["v"] == cli["shrunk"]["v"]
