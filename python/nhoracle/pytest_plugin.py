"""pytest plugin (entry point pytest11): the fixture nhoracle_check.

    def test_h1(nhoracle_check):
        nhoracle_check(my_h1, "cases/chaplygin_sleigh.nh", quantity="h", order=1)

fails with the shrunk counterexample, the candidate's values, the
certified balls and the seed to replay (CheckResult.report())."""

import pytest


class NhoracleCheckFailed(AssertionError):
    pass


@pytest.fixture
def nhoracle_check():
    """Call as nhoracle_check(fn, model, **kw) (the arguments of nhoracle.check):
    returns the CheckResult when it passes, fails the test with its report otherwise."""
    from . import check

    def run(fn, model, **kw):
        res = check(fn, model, **kw)
        if not res.passed:
            raise NhoracleCheckFailed(res.report())
        return res
    return run


def pytest_assertrepr_compare(op, left, right):
    from .check import CheckResult
    for x in (left, right):
        if isinstance(x, CheckResult):
            return ["nhoracle check"] + x.report().splitlines()
    return None
