#!/bin/sh
# tests/e2e-sec-limits.sh -- every subcommand that lists the common
# options honours --timeout, --max-memory and SIGTERM (issue 13, item 4;
# doc/robustness.md, "Every subcommand honours its limits and signals"):
# the documented exit status (6, 6, 143), a "nhoracle: " message, and no
# output file, report file or temporary file left.  Before issue 13,
# `emit` installed none of them (it wrote a 103 MB file after
# --timeout 1).  Listed in SLOW_TESTS (fuzz/fuzz.am): about 30 s.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
PT="--q theta=0.3 --v theta=1,varphi=2"
# 1e6 bits and 10^4 digits: seconds of work for the pointwise subcommands,
# and the up-front estimate of the geometry jets at that precision is
# about 480 MB
HEAVY="--prec 1000000 --max-prec 1000000 --digits 10000"
O=$E2E_TMP/o
mkdir "$O"

# jobs: NAME|ARGS that run for many seconds (the -o / --report target is
# appended by run_job).  Each must outlast the 1 s limit by a wide margin
# on a fast machine: prove 001 alone at its default points came down to
# 1.0 s and raced --timeout 1, so prove runs 000 and 001 at 1000 points
# (about 20 s); nh on the disk at 1e6 bits took 2.5 s and converge 3.6 s,
# so nh runs the rolling disc (6.5 s) and converge T = 20 (14 s).
# Measured 2026-11-26 on the 2-vCPU VM, plain -O2 build.
cat >"$E2E_TMP/jobs" <<EOF
geometry|geometry $DISK $PT $HEAVY
series|series $DISK $PT --order 48
reduced|reduced $DISK $PT --k 3 --eps 1/100 $HEAVY
nh|nh $CASES/rolling_disc.nh --q theta=0.3 --v phi=1,psi=2,theta=1/2 $HEAVY
slowmanifold|slowmanifold $DISK $PT --quiet
converge|converge $DISK $PT --T 20 --quiet
emit|emit $DISK --points 5000 --quiet
prove|prove $NH_TOP_SRCDIR/proofs/000-gzenda-chhabra.md $NH_TOP_SRCDIR/proofs/001-eldering.md --points 1000
EOF
njobs=$(wc -l <"$E2E_TMP/jobs")
e2e_plan $((njobs * 3 * 2))

asan=0
"$NHORACLE" geometry "$DISK" --max-memory 1000 >/dev/null 2>"$E2E_TMP/err"
grep -q 'not enforced in an AddressSanitizer build' "$E2E_TMP/err" && asan=1

# run_job ARGS...: start the job in the background with its output
# target in $O; sets pid
run_job() {
    case $1 in
        prove) "$NHORACLE" "$@" --report "$O/report" >"$E2E_TMP/out" 2>"$E2E_TMP/err" & ;;
        *) "$NHORACLE" "$@" -o "$O/out" >"$E2E_TMP/out" 2>"$E2E_TMP/err" & ;;
    esac
    pid=$!
}

# check NAME WHAT WANT-RC REGEX RC
check() {
    test "$5" -eq "$3"; e2e_ok $? "$1: $2: exit $3 (got $5)"
    if [ "$5" -ne "$3" ]; then sed 's/^/#   stderr: /' "$E2E_TMP/err" | head -n 3; fi
    test -z "$(ls -A "$O")" && grep -Eq "^nhoracle: .*($4)" "$E2E_TMP/err"
    e2e_ok $? "$1: $2: message, and no output or temporary file left"
    rm -rf "$O"/* "$O"/.[!.]* 2>/dev/null
}

while IFS='|' read -r name args; do
    # --timeout 1: the alarm fires long before the job is done
    # shellcheck disable=SC2086
    run_job $args --timeout 1
    wait "$pid"
    check "$name" "--timeout 1" 6 "time limit exceeded" $?

    # SIGTERM one second in
    # shellcheck disable=SC2086
    run_job $args
    sleep 1
    kill -s TERM "$pid"
    wait "$pid"
    check "$name" "SIGTERM" 143 "SIGTERM" $?

    # --max-memory: refused up front by the cost estimate (1e6 bits) or by
    # the address-space limit (an allocation fails: exit 6)
    if [ "$asan" -eq 1 ] && [ "$name" = prove ]; then
        e2e_skip "$name: --max-memory: exit 6" "AddressSanitizer build"
        e2e_skip "$name: --max-memory: message, no file" "AddressSanitizer build"
        continue
    fi
    case $name in
        prove) margs="$args --max-memory 16" ;;
        series) margs="$args --max-memory 64" ;;
        *) margs="$args $HEAVY --max-memory 64" ;;
    esac
    # shellcheck disable=SC2086
    run_job $margs
    wait "$pid"
    check "$name" "--max-memory" 6 "memory" $?
done <"$E2E_TMP/jobs"
e2e_done
