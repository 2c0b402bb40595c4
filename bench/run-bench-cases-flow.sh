#!/bin/sh
# bench/run-bench-cases-flow.sh -- `make bench`: enclosure widths at T of
# every shipped case (issue 14, "enclosure widths at T recorded for each
# shipped case"; doc/bench.md "Widths of every shipped case").  For each
# line of cases/flow-points.txt (model, --q, --v: a documented regular
# point) it runs `nhoracle flow` with --system nh (T = 1/16, 1/8, 1/4) and,
# for the models of the original class (linear autonomous: the others exit
# 3 and are reported so), --system full --eps 1/10 (T = 1/16, 1/8, 1/4) and
# --system reduced --order 1 --eps 1/10 (T = 1/16, 1/8), at --prec P
# --max-prec P --digits 0.3 P - 8 (so the printed radii are not the
# decimal floor 10^-digits), and prints the steps, the user CPU time of
# the nhoracle process, and the largest radius of (q, v) at each output
# time (certified upper bounds, read from the JSON balls).
# Environment: NH_TOP_SRCDIR, NHORACLE; NH_BENCH_CASES_PREC (default 128);
# NH_BENCH_CASES_LIMIT: seconds per run (default 120; a run over it is
# reported as a timeout); NH_BENCH_CASES_ONLY: a substring of the model
# file names to run (default all).  Programs are run with an argument
# vector.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${NH_TOP_SRCDIR:=$(cd "$here/.." && pwd)}"
: "${NHORACLE:=$NH_TOP_SRCDIR/oracles/nhoracle}"
export NHORACLE NH_TOP_SRCDIR
echo "bench flow (every shipped case): cases/flow-points.txt, ${NH_BENCH_CASES_PREC:-128} bits"
exec python3 - <<'PY'
import json, os, resource, subprocess
from decimal import Decimal
exe, top = os.environ["NHORACLE"], os.environ["NH_TOP_SRCDIR"]
prec = os.environ.get("NH_BENCH_CASES_PREC", "128")
limit = int(os.environ.get("NH_BENCH_CASES_LIMIT", "120"))
only = os.environ.get("NH_BENCH_CASES_ONLY", "")
digits = str(int(prec) * 3 // 10 - 8)
SYSTEMS = [("nh", ["--system", "nh"], "1/16,1/8,1/4"),
           ("full eps=1/10", ["--system", "full", "--eps", "1/10"], "1/16,1/8,1/4"),
           ("reduced k=1 eps=1/10", ["--system", "reduced", "--order", "1", "--eps", "1/10"],
            "1/16,1/8")]

def rad(b):
    s = b.strip("[]")
    return Decimal(s.split("+/-")[1].strip()) if "+/-" in s else Decimal(0)

def points():
    for line in open(os.path.join(top, "cases", "flow-points.txt")):
        f = line.split("#")[0].split()
        if len(f) == 3 and only in f[0]:
            yield f

print("| case | system | T list | steps | CPU s | max rad (q, v) at each T |")
print("|---|---|---|---|---|---|")
for case, q, v in points():
    for label, extra, Ts in SYSTEMS:
        argv = [exe, "flow", os.path.join(top, "cases", case)] + extra + [
            "--q", q, "--v", v, "--T", Ts, "--json", "--prec", prec, "--max-prec", prec,
            "--digits", digits]
        c0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        try:
            p = subprocess.run(argv, capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            print("| %s | %s | %s | timeout after %d s | | |" % (case, label, Ts, limit), flush=True)
            continue
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - c0
        if p.returncode == 3 and label != "nh":
            print("| %s | %s | | outside the original class (exit 3) | | |" % (case, label))
            continue
        if p.returncode != 0:
            msg = (p.stderr.strip().splitlines() or [""])[-1].replace("|", "/")
            print("| %s | %s | %s | exit %d: %s | %.2f | |" % (case, label, Ts, p.returncode,
                  msg, cpu), flush=True)
            continue
        d = json.loads(p.stdout)
        w = ["%.1e" % max(rad(b) for b in list(pt["q"].values()) + list(pt["v"].values()))
             for pt in d["points"]]
        print("| %s | %s | %s | %d | %.2f | %s |" % (case, label, Ts.replace(",", ", "),
              d["steps"], cpu, " ".join(w)), flush=True)
PY
