#!/bin/sh
# run-bench.sh -- run by 'make bench' (see bench/bench.am, doc/bench.md).
# Environment: NH_TOP_SRCDIR, NH_TOP_BUILDDIR (set by make);
# BENCH_ARGS: extra arguments for bench_series (e.g. "--quick",
# "--points 200 --budget 10").
set -e
top_build=${NH_TOP_BUILDDIR:-.}
NH_TOP_SRCDIR=${NH_TOP_SRCDIR:-.}
export NH_TOP_SRCDIR
prog="$top_build/bench/bench_series"
echo "bench: $prog ${BENCH_ARGS:-}"
# shellcheck disable=SC2086
exec "$prog" ${BENCH_ARGS:-}
