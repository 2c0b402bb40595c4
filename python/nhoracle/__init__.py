"""nhoracle: certified (Arb ball) references for mechanical systems with
nonholonomic constraints realized by strong friction, from Python.

The package is a thin cffi (ABI mode) layer over libnhoracle: Model loads
a case file; its methods return Balls; check() drives a Python function
with the search and shrink of `nhoracle check`; validate() checks a
dataset like `nhoracle validate`.  See doc/python.md."""

from .errors import (Error, UsageError, ParseError, ModelError, PrecisionError, IOError_,
                     ResourceError, DomainError, CandidateError)
from .ball import Ball
from .model import Model, Series, Point, Result
from .check import check, validate, tolerance_defaults, CheckResult
from ._lib import LIBRARY_PATH

__all__ = ["Model", "Ball", "Series", "Point", "Result", "check", "validate",
           "tolerance_defaults", "CheckResult", "Error", "UsageError", "ParseError",
           "ModelError", "PrecisionError", "IOError_", "ResourceError", "DomainError",
           "CandidateError", "LIBRARY_PATH"]
__version__ = "0.1.0"
