#!/bin/sh
# tests/e2e-list-args.sh -- the one parser of lists of exact rationals
# (oracles/cli/args.c nh_parse_fmpq_list): --eps of converge,
# slowmanifold and emit refuse the same bad lists with the same exit
# status (1, NH_ERR_USAGE, doc/exit-codes.md), a message naming the
# option, the item's 1-based index and its column in the argument, and
# no output file; ',' and ':' separate items alike.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
e2e_plan 30

# bad LIST, expected message (after "nhoracle: ")
check_bad() {
    for cmd in converge slowmanifold emit; do
        rm -f "$E2E_TMP/o"
        e2e_run "$cmd" "$DISK" --eps "$1" -o "$E2E_TMP/o"
        e2e_expect_rc 1 "$cmd --eps '$1'"
        grep -qxF "nhoracle: $2" "$E2E_TMP/err" && [ ! -e "$E2E_TMP/o" ]
        e2e_ok $? "$cmd --eps '$1': '$2', no output file"
    done
}

check_bad '1/10,abc,1/100' \
    "--eps item 2 (column 6): 'abc' is not a rational number (examples: 3, -1/2, 0.25, 1e-3)"
check_bad '1/10,,1/100' "--eps item 2 (column 6): empty"
check_bad '1/10:1/20,-1/30' "--eps item 3 (column 11): must be positive, found '-1/30'"
check_bad '0.1,1/20,1/10' "--eps item 3 (column 10): value '1/10' repeated (item 1)"

# too few values: each command's minimum (emit 1, converge 2, slowmanifold 3)
e2e_run converge "$DISK" --eps 1/10
e2e_expect_rc 1 "converge --eps with one value"
grep -qxF "nhoracle: --eps: need at least 2 values, found 1 in '1/10'" "$E2E_TMP/err"
e2e_ok $? "converge: need at least 2 values"
e2e_run slowmanifold "$DISK" --eps 1/10,1/20
e2e_expect_rc 1 "slowmanifold --eps with two values"
grep -qxF "nhoracle: --eps: need at least 3 values, found 2 in '1/10,1/20'" "$E2E_TMP/err"
e2e_ok $? "slowmanifold: need at least 3 values"

# emit --times: increasing, at most NH_DATASET_MAX_T = 1000
e2e_run emit "$DISK" --times 1:1/2
grep -qxF "nhoracle: --times item 2 (column 3): must be larger than the previous item, found '1/2'" \
    "$E2E_TMP/err" && [ "$E2E_RC" -eq 1 ]
e2e_ok $? "emit --times 1:1/2: not increasing, exit 1"

# ',' and ':' are the same separator: the same dataset
e2e_run emit "$DISK" --eps '1/100,1/10' --order 1 --reduced-orders 0 --points 0 --q theta=0.3 \
    -o "$E2E_TMP/comma.jsonl"
e2e_run emit "$DISK" --eps '1/100:1/10' --order 1 --reduced-orders 0 --points 0 --q theta=0.3 \
    -o "$E2E_TMP/colon.jsonl"
cmp -s "$E2E_TMP/comma.jsonl" "$E2E_TMP/colon.jsonl" && [ "$E2E_RC" -eq 0 ]
e2e_ok $? "emit --eps 1/100,1/10 and 1/100:1/10 give the same dataset"

e2e_done
