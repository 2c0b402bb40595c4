#!/bin/sh
# tests/e2e-robust-determinism.sh -- the same input gives byte-identical
# output on every run (issue 6): a few commands, text and JSON, stdout
# and -o FILE, each run twice and compared with cmp.  (nhoracle is
# single-threaded: FLINT's thread count is never raised, so there is no
# thread-count dependence to test.)
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
SLEIGH=$CASES/chaplygin_sleigh.nh
e2e_plan 6

twice() {
    desc=$1
    shift
    "$NHORACLE" "$@" >"$E2E_TMP/a" 2>"$E2E_TMP/ae"
    ra=$?
    "$NHORACLE" "$@" >"$E2E_TMP/b" 2>"$E2E_TMP/be"
    rb=$?
    test "$ra" -eq 0 && test "$ra" -eq "$rb" && test -s "$E2E_TMP/a" && \
        cmp -s "$E2E_TMP/a" "$E2E_TMP/b" && cmp -s "$E2E_TMP/ae" "$E2E_TMP/be"
    e2e_ok $? "$desc: two runs byte-identical (exit $ra, $rb)"
}

twice "geometry text" geometry "$DISK" --q theta=0.3,varphi=1 --v theta=1,x=2
twice "geometry json" geometry "$SLEIGH" --q phi=0.7 --v x=1 --json
twice "series both routes" series "$DISK" --order 3 --v theta=0.7,varphi=1.3
twice "series json, precision raised" series "$SLEIGH" --order 2 --q phi=0.2 --v x=1,phi=1 --digits 60 --prec 64 --json
twice "reduced" reduced "$SLEIGH" --k 2 --eps 1/10 --q phi=0.2 --v x=1,phi=1

"$NHORACLE" series "$DISK" --order 2 --v theta=1 -o "$E2E_TMP/o1" 2>/dev/null
"$NHORACLE" series "$DISK" --order 2 --v theta=1 -o "$E2E_TMP/o2" 2>/dev/null
cmp -s "$E2E_TMP/o1" "$E2E_TMP/o2" && test -s "$E2E_TMP/o1"
e2e_ok $? "series -o FILE: two runs byte-identical"
e2e_done
