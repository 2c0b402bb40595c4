"""setuptools hook (the metadata is in pyproject.toml): records, in
nhoracle/_where.py of the installed package, where the source tree's
libnhoracle.so is (lib/.libs of the tree this was installed from), the last
place nhoracle._lib looks after NHORACLE_LIBRARY and the installed libdirs."""

import os

from setuptools import setup
from setuptools.command.build_py import build_py

TREE_LIB = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                         "lib", ".libs", "libnhoracle.so"))


class BuildPy(build_py):
    def run(self):
        super().run()
        path = os.path.join(self.build_lib, "nhoracle", "_where.py")
        with open(path, "w") as f:
            f.write('"""Written at install time by setup.py."""\n'
                    "BUILD_TREE_LIB = %r\n" % TREE_LIB)


setup(cmdclass={"build_py": BuildPy})
