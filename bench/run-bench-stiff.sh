#!/bin/sh
# bench/run-bench-stiff.sh -- `make bench` (issue 33 item 2): the certified
# full friction system as eps -> 0, through its slow manifold (the
# default) and by the Taylor method throughout (--no-slow-manifold), on
# the vertical disk and the Chaplygin sleigh with data off D, T = 1, 128
# bits.  Prints user CPU (the nhoracle process: resource.getrusage of the
# children), steps (of them along the slow manifold), the layer's end and
# the largest radius at T; the numbers are recorded in doc/bench.md
# ("Stiff flows through the slow manifold").  The Taylor method alone is
# run only down to eps = 1/1000 (its cost grows like 1/eps: ~23 s there).
# Then item 2's ratio: 5 interleaved runs at eps = 1/10, 1/1000, 1/10000
# and the ratio of the medians.
# Environment: NH_TOP_SRCDIR, NHORACLE.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${NH_TOP_SRCDIR:=$(cd "$here/.." && pwd)}"
: "${NHORACLE:=$NH_TOP_SRCDIR/oracles/nhoracle}"
export NHORACLE NH_TOP_SRCDIR
echo "bench stiff: full system, data off D, T = 1, 128 bits (user CPU of nhoracle)"
python3 - <<'PY'
import json, os, resource, subprocess
exe, top = os.environ["NHORACLE"], os.environ["NH_TOP_SRCDIR"]
cases = [("vertical_disk.nh", "theta=0", "theta=3/4,x=5/8,varphi=5/4,y=1/10"),
         ("chaplygin_sleigh.nh", "x=0,y=0,phi=0", "x=1/2,y=1/10,phi=1/2")]
runs = [("1/10", ""), ("1/100", ""), ("1/1000", ""), ("1/10000", ""), ("1/100000", ""),
        ("1/10", "--no-slow-manifold"), ("1/100", "--no-slow-manifold"),
        ("1/1000", "--no-slow-manifold")]
print("| case | eps | route | steps | along the manifold | layer until | largest radius | CPU s |")
print("|---|---|---|---|---|---|---|---|")
for case, q, v in cases:
    for eps, flag in runs:
        argv = [exe, "flow", os.path.join(top, "cases", case), "--system", "full", "--eps", eps,
                "--q", q, "--v", v, "--T", "1", "--prec", "128", "--max-prec", "128",
                "--digits", "30", "--json"] + ([flag] if flag else [])
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        p = subprocess.run(argv, capture_output=True, text=True)
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
        if p.returncode != 0:
            print("| %s | %s | %s | exit %d | | | | %.2f |" % (case, eps, flag or "default",
                  p.returncode, cpu))
            continue
        d = json.loads(p.stdout)
        sm = d.get("slow_manifold")
        rad = 0.0
        for key in ("q", "v"):
            for s in d["points"][-1][key].values():
                if "+/-" in s:
                    rad = max(rad, float(s.split("+/-")[1].strip(" ]")))
        print("| %s | %s | %s | %d | %s | %s | %.2g | %.2f |" % (
            case, eps, "Taylor only" if flag else ("slow manifold" if sm else "Taylor (not stiff)"),
            d["steps"], sm["steps"] if sm else "-", "%.4g" % sm["layer_until"] if sm else "-",
            rad, cpu))
print()
# Issue 33 item 2's ratio on a noisy machine: 5 interleaved runs per
# eps, the ratio of the medians to eps = 1/10's.
print("| case | eps | user CPU s (5 interleaved runs) | median | / median at 1/10 |")
print("|---|---|---|---|---|")
import statistics
for case, q, v in cases:
    times = {e: [] for e in ("1/10", "1/1000", "1/10000")}
    for r in range(5):
        for eps in times:
            argv = [exe, "flow", os.path.join(top, "cases", case), "--system", "full",
                    "--eps", eps, "--q", q, "--v", v, "--T", "1", "--prec", "128",
                    "--max-prec", "128", "--digits", "30"]
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
            subprocess.run(argv, capture_output=True, check=True)
            times[eps].append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before)
    base = statistics.median(times["1/10"])
    for eps, ts in times.items():
        med = statistics.median(ts)
        print("| %s | %s | %s | %.2f | %.1fx |" % (case, eps, " ".join("%.2f" % t for t in ts),
                                                    med, med / base))
PY
