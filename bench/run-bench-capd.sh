#!/bin/sh
# bench/run-bench-capd.sh -- `make bench`: the forced pendulum of CAPD's
# example ITimeMapSolutionCurveExample.cpp (bench/capd_forced_pendulum.nh,
# bench/bench_capd_pendulum.c) at 53 bits (CAPD's double intervals), order
# 20 (CAPD's) and the default order, and at 64 and 128 bits: widths at
# t = 1..6 against CAPD's printed enclosure at t = 10 (doc/bench.md "CAPD
# comparison").  Environment: NH_TOP_SRCDIR, NH_TOP_BUILDDIR.
set -e
top_build=${NH_TOP_BUILDDIR:-.}
NH_TOP_SRCDIR=${NH_TOP_SRCDIR:-.}
prog="$top_build/bench/bench_capd_pendulum"
model="$NH_TOP_SRCDIR/bench/capd_forced_pendulum.nh"
echo "CAPD (double, order 20) at t = 10: x in [1.2048370333482143, 1.2048370333483036]" \
     "(width 8.9e-14), x' in [1.1704148266177143, 1.170414826617781] (width 6.7e-14)"
for a in "53 20" "53 0" "64 0" "128 0"; do
    # shellcheck disable=SC2086
    "$prog" "$model" $a
done
