"""The pytest plugin: fixture nhoracle_check, failing with the shrunk counterexample."""

import os

from conftest import ROOT

TEST_FILE = '''
import math, sys
sys.path.insert(0, %(tests)r)
from closed_forms import disk_h1_scalar

CASE = %(case)r

def test_correct(nhoracle_check):
    r = nhoracle_check(disk_h1_scalar, CASE, quantity="h", budget=30)
    assert r.passed

def test_planted(nhoracle_check):
    def h1(q, v):
        h = disk_h1_scalar(q, v)
        if 0.4 < q["theta"] < 0.8:
            h[1] += 1e-3
        return h
    nhoracle_check(h1, CASE, quantity="h", budget=200, seed=7)
'''


def _args(pytestconfig):
    # installed: the entry point pytest11 loaded the plugin; from the tree: load it
    return [] if pytestconfig.pluginmanager.has_plugin("nhoracle") else \
        ["-p", "nhoracle.pytest_plugin"]


def test_fixture_reports_counterexample(pytester, pytestconfig):
    pytester.makepyfile(test_user=TEST_FILE % {
        "tests": os.path.dirname(os.path.abspath(__file__)),
        "case": os.path.join(ROOT, "cases", "vertical_disk.nh")})
    res = pytester.runpytest(*_args(pytestconfig), "-p", "no:cacheprovider")
    res.assert_outcomes(passed=1, failed=1)
    out = res.stdout.str()
    assert "NhoracleCheckFailed" in out
    assert "shrunk counterexample: q = {theta=" in out
    assert "candidate 0.001" in out and "certified 0  <-- outside" in out
    assert "seed=7" in out
