import os
import shutil

import pytest

pytest_plugins = ["pytester"]

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def case(name):
    return os.path.join(ROOT, "cases", name)


@pytest.fixture
def nhoracle_exe():
    """The CLI of the same tree (oracles/nhoracle), or NHORACLE_EXE."""
    exe = os.environ.get("NHORACLE_EXE") or os.path.join(ROOT, "oracles", "nhoracle")
    if not os.path.exists(exe):
        exe = shutil.which("nhoracle")
    if not exe:
        pytest.skip("the nhoracle program is not built")
    return exe
