"""The example of doc/python.md (examples/python): the NumPy reduced field passes,
its planted bug is found by the plugin's check and by the Hypothesis property."""

import os

import pytest

from conftest import ROOT

EX = os.path.join(ROOT, "examples", "python")


def _run(pytester, pytestconfig, monkeypatch, bug):
    pytest.importorskip("numpy")
    monkeypatch.setenv("PYTHONPATH", EX + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if bug:
        monkeypatch.setenv("NH_EXAMPLE_BUG", "1")
    else:
        monkeypatch.delenv("NH_EXAMPLE_BUG", raising=False)
    args = [] if pytestconfig.pluginmanager.has_plugin("nhoracle") else \
        ["-p", "nhoracle.pytest_plugin"]
    return pytester.runpytest_subprocess(*args, "-p", "no:cacheprovider",
                                         os.path.join(EX, "test_reduced_numpy.py"))


def test_example_passes(pytester, pytestconfig, monkeypatch):
    _run(pytester, pytestconfig, monkeypatch, False).assert_outcomes(passed=2)


def test_example_planted_bug_found(pytester, pytestconfig, monkeypatch):
    res = _run(pytester, pytestconfig, monkeypatch, True)
    res.assert_outcomes(failed=2)
    out = res.stdout.str()
    # the lost sign flips vdot_y = R thetadot phidot cos(theta) (hand-derived,
    # examples/check_disk.py): the shrunk point has theta = 0, the y line is outside
    assert "shrunk counterexample: q = {theta=0, x=0, y=0, varphi=0}" in out
    ylines = [ln for ln in out.splitlines() if ln.strip().startswith(("E             y ",))]
    assert ylines and "<-- outside" in ylines[0]
    assert "Falsifying example" in out
