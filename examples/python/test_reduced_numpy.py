"""pytest file of doc/python.md: nhoracle checks reduced_numpy.reduced_vdot.

    python3 -m pytest examples/python/test_reduced_numpy.py
    NH_EXAMPLE_BUG=1 python3 -m pytest examples/python/test_reduced_numpy.py"""

import os

from hypothesis import given, settings

import nhoracle
from nhoracle.strategies import points
from reduced_numpy import reduced_vdot

CASE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "cases",
                    "vertical_disk.nh")
DISK = nhoracle.Model(CASE)


def test_reduced_field(nhoracle_check):
    # the search and shrink of `nhoracle check`, in-process; fails with the report
    nhoracle_check(reduced_vdot, DISK, quantity="reduced", order=0, eps="1/100", seed=0)


@settings(max_examples=20, deadline=None)
@given(points(DISK, "theta=-1:1"))
def test_reduced_field_at_drawn_points(pt):
    # a property of one's own: the certified reference at each drawn point
    q, v = pt
    ref = DISK.reduced(q, v, eps="1/100", order=0)
    vD = {c: float(b) for c, b in zip(DISK.coordinates, ref.qdot)}   # order 0: qdot = vD
    got = reduced_vdot({c: float(x) for c, x in q.items()}, vD)
    atol, rtol = nhoracle.tolerance_defaults()
    for c, x in zip(got, ref.vdot):
        assert abs(c - float(x)) <= atol + rtol * abs(float(x)) + float(x.rad)
