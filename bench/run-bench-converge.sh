#!/bin/sh
# bench/run-bench-converge.sh -- `make bench`: one full convergence table
# (doc/convergence.md): the vertical disk, orders k = 0..2, 6 eps from
# 1e-2 to 1e-4, T = 2, 128 bits, initial data on D_eps.  Reports the
# total time, and per eps the steps and time per step of the full system
# (Radau IIA) and of each reduced system (GBS), so that the cost vs eps
# is visible.  Target: under 60 s on 2 cores (doc/convergence.md has the
# measured numbers).  Step counts include both runs of the global error
# estimate only through the seconds (the integrator reports the steps of
# the returned, finer run).  With NHORACLE_BASE=path/to/old/nhoracle
# (b440336, issue 33) it also prints the CPU ratio of the default study
# (doc/bench.md, "converge: 4x").
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${NH_TOP_SRCDIR:=$(cd "$here/.." && pwd)}"
: "${NHORACLE:=$NH_TOP_SRCDIR/oracles/nhoracle}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nh-bench-conv.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

echo "bench converge: vertical_disk, k = 0..2, eps 1e-2..1e-4 (6), T = 2, 128 bits"
t0=$(date +%s.%N)
"$NHORACLE" converge "$NH_TOP_SRCDIR/cases/vertical_disk.nh" \
    --q theta=0.3 --v theta=1,varphi=2 --kmax 2 --T 2 --eps-geom 1e-2,1e-4,6 \
    --prec 128 --json -o "$tmp/c.json" --quiet || { echo "bench converge: FAILED"; exit 1; }
t1=$(date +%s.%N)
python3 - "$tmp/c.json" "$t0" "$t1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
wall = float(sys.argv[3]) - float(sys.argv[2])
print("%-10s %-22s %-22s %-22s %-22s" % ("eps", "full: steps s us/step",
      "k=0: steps s ms/step", "k=1: steps s ms/step", "k=2: steps s ms/step"))
rows = d["rows"]
for e in sorted(set(r["eps"] for r in rows), reverse=True):
    rs = sorted([r for r in rows if r["eps"] == e], key=lambda r: r["k"])
    f = rs[0]
    line = "%-10.4g %5d %6.2f %8.0f   " % (e, f["steps_full"], f["seconds_full"],
                                          1e6 * f["seconds_full"] / max(f["steps_full"], 1))
    for r in rs:
        line += "%5d %6.2f %7.1f   " % (r["steps_reduced"], r["seconds_reduced"],
                                        1e3 * r["seconds_reduced"] / max(r["steps_reduced"], 1))
    print(line)
print("observed orders:", ", ".join("k=%d %.3f [%.3f, %.3f]" % (o["k"], o["q_max"]["observed"],
      o["q_max"]["ci_lo"], o["q_max"]["ci_hi"]) for o in d["orders"]))
print("total: %.1f s wall (study %.1f s; target < 60 s on 2 cores)" % (wall, d["seconds"]))
PY

# Issue 33 item 4: the default study of doc/bench.md ("converge: 4x")
# against the 2026-11-24 code (b440336, built elsewhere; its nhoracle in
# NHORACLE_BASE): user + sys CPU of each binary, 3 runs interleaved, and
# the ratio of the medians (target >= 4).  Skipped without NHORACLE_BASE.
if [ -n "${NHORACLE_BASE:-}" ]; then
    python3 - "$NHORACLE_BASE" "$NHORACLE" "$NH_TOP_SRCDIR/cases/vertical_disk.nh" <<'PY'
import resource, subprocess, sys
base, new, case = sys.argv[1:4]
args = ["converge", case, "--q", "theta=0.3", "--v", "theta=1,varphi=2", "--quiet", "--json",
        "-o", "/dev/null"]
def cpu(binary):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary] + args, check=True, stderr=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
t = {base: [], new: []}
for _ in range(3):
    for b in (base, new):
        t[b].append(cpu(b))
med = {b: sorted(v)[1] for b, v in t.items()}
print("converge default (disk): base %s s, this %s s CPU; ratio %.2f (target >= 4)"
      % (" ".join("%.2f" % x for x in t[base]), " ".join("%.2f" % x for x in t[new]),
         med[base] / med[new]))
PY
fi
