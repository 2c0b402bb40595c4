#!/bin/sh
# bench/run-bench-check.sh -- `make bench`: the speed of `nhoracle check`
# (doc/check.md, issue 15 target: at least 2000 checked points per second
# for h order 1 on the vertical disk at the default precision, one core,
# with a candidate that answers instantly).  The candidate is the C
# example examples/check_disk (closed forms, microseconds per point).
# Reports, for --batch 1 and --batch 100, 4000 evaluations (half random,
# then Nelder-Mead and no shrinking since the candidate is correct): the
# wall-clock time and the CPU time (user + sys of nhoracle and the
# candidate), and points per second for each; then the needle study
# (issue 34, doc/bench.md): how many of 20 seeds find a narrow bug.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${NH_TOP_SRCDIR:=$(cd "$here/.." && pwd)}"
: "${NH_TOP_BUILDDIR:=$NH_TOP_SRCDIR}"
: "${NHORACLE:=$NH_TOP_BUILDDIR/oracles/nhoracle}"
CAND=$NH_TOP_BUILDDIR/examples/check_disk
if [ ! -x "$CAND" ]; then
    echo "bench check: SKIPPED (examples/check_disk not built: make examples/check_disk)"
    exit 0
fi
N=4000
echo "bench check: vertical_disk, h order 1, $N evaluations, default precision, C candidate"
for b in 1 100; do
    python3 - "$NHORACLE" "$NH_TOP_SRCDIR/cases/vertical_disk.nh" "$CAND" "$N" "$b" <<'PY' || exit 1
import resource, subprocess, sys, time
nh, case, cand, n, b = sys.argv[1:]
t0 = time.perf_counter()
r = subprocess.run([nh, "check", case, "--quantity", "h", "--candidate", cand,
                    "--budget", n, "--batch", b, "--tap"], capture_output=True, text=True)
wall = time.perf_counter() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = ru.ru_utime + ru.ru_stime
if r.returncode != 0:
    print("bench check: FAILED (exit %d): %s" % (r.returncode, r.stderr.strip()))
    sys.exit(1)
print("  --batch %-4s wall %6.2f s = %6.0f points/s;  CPU %6.2f s = %6.0f points/s"
      % (b, wall, int(n) / wall, cpu, int(n) / cpu))
PY
done

# The needle study (issue 34, doc/check.md "The search"): a relative 1e-7
# bug confined to 0.4 < phi < 0.4 + W of the disk, phi in [-3.2, 3.2]
# (examples/check_disk with NH_CHECK_NEEDLE=W): W = 0.01 (1/640 of phi's
# range) at budget 1024, W = 0.001 (1/6400) at budget 8192; 20 seeds each;
# goal 20/20 (the low-discrepancy phase cuts phi into more cells than that).
for wb in 0.01:1024:640 0.001:8192:6400; do
    w=${wb%%:*}; rest=${wb#*:}; b=${rest%%:*}; frac=${rest#*:}
    found=0; t0=$(date +%s.%N)
    for s in $(seq 1 20); do
        NH_CHECK_NEEDLE=$w "$NHORACLE" check "$NH_TOP_SRCDIR/cases/vertical_disk.nh" --quantity h \
            --candidate "$CAND" --budget "$b" --seed "$s" --domain varphi=-3.2:3.2 --tap >/dev/null 2>&1
        [ $? -eq 9 ] && found=$((found + 1))
    done
    t1=$(date +%s.%N)
    echo "  needle 1/$frac of phi (W = $w), budget $b: found in $found/20 seeds" \
         "($(echo "($t1 - $t0) / 20" | bc -l | cut -c1-5) s per run)"
done
