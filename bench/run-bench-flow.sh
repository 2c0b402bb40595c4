#!/bin/sh
# bench/run-bench-flow.sh -- `make bench`: the certified Taylor integrator
# (lib/taylor, `nhoracle flow`, doc/flow.md): steps per second and the
# largest radius of the state at each output time T, for the vertical disk
# and the Chaplygin sleigh, systems nh, reduced k = 0, full at eps = 1e-1,
# 1e-2, 1e-3, and reduced k = 1, 2 at eps = 1/10, at 128 and 256 bits
# (issue 14), printed with --digits
# 0.3 prec - 8 (30 at 128 bits, 68 at 256: more is refused) so the radii
# are floored by the decimal output only near the rounding level.  Wall times on a shared
# machine are pessimistic; the numbers are recorded in doc/bench.md.
# Seconds are the user CPU time of the nhoracle process (the machine is
# shared; wall time is not comparable).
# Environment: NH_TOP_SRCDIR, NHORACLE; NH_BENCH_FLOW_QUICK=1 runs only
# 128 bits and skips eps = 1e-3; NH_BENCH_FLOW_LIMIT: seconds per run
# (default 300; a run over it is reported as a timeout).
#
# NH_BENCH_FLOW_SYSTEMS: the systems to run (default all below), e.g.
# "reduced:1 reduced:2".  reduced:K with K > 0 runs at --eps 1/10.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${NH_TOP_SRCDIR:=$(cd "$here/.." && pwd)}"
: "${NHORACLE:=$NH_TOP_SRCDIR/oracles/nhoracle}"
export NHORACLE NH_TOP_SRCDIR
SYSTEMS="nh reduced:0 reduced:1 reduced:2 full:1/10 full:1/100 full:1/1000"
PRECS="128 256"
if [ "${NH_BENCH_FLOW_QUICK:-0}" = 1 ]; then
    SYSTEMS="nh reduced:0 reduced:1 reduced:2 full:1/10 full:1/100"
    PRECS=128
fi
SYSTEMS=${NH_BENCH_FLOW_SYSTEMS:-$SYSTEMS}
# issue 33: the kv comparison cases (exact data, doc/bench.md "Widths against
# kv"): steps and user CPU at 53, 106, 128 bits; the radii are
# deterministic and printed by tests/t-flow_width (asserted <= 10x kv;
# doc/bench.md "Widths against kv")
echo "bench flow: kv comparison cases (nh, exact data); radii: tests/t-flow_width"
python3 - <<'PY'
import json, os, resource, subprocess
exe, top = os.environ["NHORACLE"], os.environ["NH_TOP_SRCDIR"]
cases = [("vertical_disk.nh", "theta=0", "theta=3/4,x=5/8,varphi=5/4", "1"),
         ("chaplygin_sleigh.nh", "x=0,y=0,phi=0", "x=1/2,y=0,phi=1/2", "1"),
         ("chaplygin_sleigh.nh", "x=0,y=0,phi=0", "x=1/2,y=0,phi=1/2", "8")]
for prec in ("53", "106", "128"):
    for case, q, v, T in cases:
        argv = [exe, "flow", os.path.join(top, "cases", case), "--system", "nh", "--q", q,
                "--v", v, "--T", T, "--json", "--prec", prec, "--max-prec", prec, "--digits", "10"]
        c0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        p = subprocess.run(argv, capture_output=True, text=True)
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - c0
        steps = json.loads(p.stdout)["steps"] if p.returncode == 0 else "exit %d" % p.returncode
        print("%-20s T=%-2s %4s bits  steps %-6s user %.2f s" % (case, T, prec, steps, cpu),
              flush=True)
PY
echo "bench flow: disk and sleigh; systems $SYSTEMS; bits $PRECS"
exec python3 - "$SYSTEMS" "$PRECS" <<'PY'
import json, os, resource, subprocess, sys, time
from decimal import Decimal
exe, top = os.environ["NHORACLE"], os.environ["NH_TOP_SRCDIR"]
systems, precs = sys.argv[1].split(), sys.argv[2].split()
limit = int(os.environ.get("NH_BENCH_FLOW_LIMIT", "300"))
cases = [("vertical_disk.nh", "theta=0", "theta=3/4,x=5/8,varphi=5/4,y=1/10"),
         ("chaplygin_sleigh.nh", "x=0,y=0,phi=0", "x=1/2,y=0,phi=1/2")]
def rad(b):
    s = b.strip("[]")
    return Decimal(s.split("+/-")[1].strip()) if "+/-" in s else Decimal(0)
print("%-20s %-12s %4s %-18s %6s %8s %9s  %s" % ("case", "system", "bits", "T list",
      "steps", "cpu s", "steps/s", "max rad of (q, v) at each T"))
for case, q, v in cases:
    for sy in systems:
        name, _, arg = sy.partition(":")
        extra = {"nh": [], "reduced": ["--order", arg]}.get(name, ["--eps", arg])
        if name == "reduced" and arg != "0":
            extra += ["--eps", "1/10"]
        # horizons: the stiff system needs ~0.6 steps per unit of T/eps at
        # its order 60 (128 bits); eps = 1/100 up to the issue's T = 1
        Ts = {"nh": "1/16,1/8,1/4", "reduced": "1/16,1/8,1/4"}.get(name)
        if sy == "reduced:2":
            Ts = "1/32,1/16"      # ~45 times the nh cost per step (doc/flow.md)
        if Ts is None:
            Ts = {"1/10": "1/4,1/2,1", "1/100": "1/4,1/2,1"}.get(arg, "1/32,1/16,1/8")
        for prec in precs:
            if sy == "reduced:2" and prec != "128":
                Ts = "1/128,1/64"     # 256 bits: over 900 s wall for T = 1/16 under load
            argv = [exe, "flow", os.path.join(top, "cases", case), "--system", name,
                    "--q", q, "--v", v, "--T", Ts, "--json", "--prec", prec,
                    "--max-prec", prec, "--digits", str(int(prec) * 3 // 10 - 8)] + extra
            t0 = time.time()
            c0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
            try:
                p = subprocess.run(argv, capture_output=True, text=True, timeout=limit)
            except subprocess.TimeoutExpired:
                print("%-20s %-12s %4s %-18s timeout after %d s" % (case, sy, prec, Ts, limit))
                continue
            sec = time.time() - t0
            cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - c0
            label = name + ("" if name == "nh" else (" k=" if name == "reduced" else " eps=") + arg)
            if name == "reduced" and arg != "0":
                label += " eps=1/10"
            if p.returncode != 0:
                msg = (p.stderr.strip().splitlines() or [""])[-1]
                print("%-20s %-12s %4s %-18s exit %d: %s (%.1f s)" % (case, label, prec, Ts,
                      p.returncode, msg, sec))
                continue
            d = json.loads(p.stdout)
            w = ["%.1e" % max(rad(b) for b in list(pt["q"].values()) + list(pt["v"].values()))
                 for pt in d["points"]]
            print("%-20s %-12s %4s %-18s %6d %8.2f %9.1f  %s" % (case, label, prec, Ts,
                  d["steps"], cpu, d["steps"] / max(cpu, 1e-3), " ".join(w)), flush=True)
PY
