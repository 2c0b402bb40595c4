#!/bin/sh
# bench/run-bench-python.sh -- `make bench`: the Python package's in-process
# check (nhoracle.check, python/, doc/python.md) against the subprocess
# protocol of `nhoracle check --candidate` (doc/check.md), per point, with
# the same Python candidate logic: h^(1) of the vertical disk from the closed
# form of examples/check_disk.py.  Same case, quantity, budget, seed and
# precision; --batch 1 (one request per point, as the in-process callback).
# Prints wall-clock seconds and points per second of each and their ratio.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${NH_TOP_SRCDIR:=$(cd "$here/.." && pwd)}"
: "${NH_TOP_BUILDDIR:=$NH_TOP_SRCDIR}"
: "${NHORACLE:=$NH_TOP_BUILDDIR/oracles/nhoracle}"
: "${NHORACLE_LIBRARY:=$NH_TOP_BUILDDIR/lib/.libs/libnhoracle.so}"
PY=${NH_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
if ! "$PY" -c "import cffi, mpmath" 2>/dev/null; then
    echo "bench python: SKIPPED (python3-cffi / python3-mpmath not installed)"
    exit 0
fi
N=${NH_BENCH_PY_N:-2000}
echo "bench python: vertical_disk, h order 1, $N evaluations, seed 0, default precision, Python candidate"
NHORACLE_LIBRARY=$NHORACLE_LIBRARY PYTHONPATH=$NH_TOP_SRCDIR/python \
"$PY" - "$NHORACLE" "$NH_TOP_SRCDIR" "$N" <<'PYEOF' || exit 1
import math, subprocess, sys, time
import nhoracle
nh, top, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
case = top + "/cases/vertical_disk.nh"

def h1(q, v, m=1.0, R=0.5, J=0.125):
    th = q["theta"]
    beta = (m * R * math.cos(th) * v["x"] + m * R * math.sin(th) * v["y"]
            + J * v["varphi"]) / (m * R * R + J)
    c = m * R * v["theta"] * beta
    return [0.0, c * math.sin(th), -c * math.cos(th), 0.0]

model = nhoracle.Model(case)
t0 = time.perf_counter()
r = nhoracle.check(h1, model, quantity="h", order=1, budget=n, seed=0)
t_in = time.perf_counter() - t0
if not r.passed:
    sys.exit("bench python: FAILED: the in-process check failed\n" + r.report())
t0 = time.perf_counter()
cp = subprocess.run([nh, "check", case, "--quantity", "h", "--budget", str(n), "--seed", "0",
                     "--batch", "1", "--tap", "--candidate",
                     sys.executable + " " + top + "/examples/check_disk.py"],
                    capture_output=True, text=True, env={"NH_CHECK_NO_NUMPY": "1",
                                                         "PATH": "/usr/bin:/bin"})
t_sub = time.perf_counter() - t0
if cp.returncode != 0:
    sys.exit("bench python: FAILED (exit %d): %s" % (cp.returncode, cp.stderr.strip()))
print("  in-process nhoracle.check   %d evaluations  wall %6.2f s = %7.0f points/s  "
      "(%.0f us/point)" % (r.evaluations, t_in, r.evaluations / t_in, 1e6 * t_in / r.evaluations))
print("  subprocess --candidate      %d evaluations  wall %6.2f s = %7.0f points/s  "
      "(%.0f us/point)" % (n, t_sub, n / t_sub, 1e6 * t_sub / n))
print("  in-process / subprocess time per point: %.2f" % ((t_in / r.evaluations) / (t_sub / n)))
PYEOF
