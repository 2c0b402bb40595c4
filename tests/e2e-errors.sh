#!/bin/sh
# tests/e2e-errors.sh -- nhoracle error handling: each failure has its
# documented exit status (doc/exit-codes.md) and a "nhoracle: " message.
. "$(dirname "$0")/e2e-lib.sh"

DISK=$CASES/vertical_disk.nh
e2e_plan 14

# parse error: message names file:line:col
bad=$E2E_TMP/bad.nh
printf 'this is @@ not a model (\n' >"$bad"
e2e_run series "$bad"
e2e_expect_rc 2 "malformed model file"
grep -q "^nhoracle: .*bad\.nh:[0-9][0-9]*:[0-9][0-9]*" "$E2E_TMP/err"; e2e_ok $? "parse error message has file:line:col"

e2e_run series "$E2E_TMP/does-not-exist.nh"
e2e_expect_rc 5 "missing model file"

# degenerate model at the point: zero mass makes G singular
e2e_run geometry "$DISK" --param m=0
e2e_expect_rc 3 "degenerate metric (--param m=0)"
grep -q '^nhoracle: ' "$E2E_TMP/err"; e2e_ok $? "model error message starts with 'nhoracle: '"
e2e_run series "$DISK" --param m=0 --v 'theta=1'
e2e_expect_rc 3 "series at a degenerate point"

e2e_run series "$DISK" --param nosuchparam=1
test "$E2E_RC" -ne 0; e2e_ok $? "unknown --param is an error (exit $E2E_RC)"

# -o into a nonexistent directory: exit 5 and no file
e2e_run series "$DISK" --order 1 -o "$E2E_TMP/nodir/out.txt"
e2e_expect_rc 5 "-o into a nonexistent directory"
test ! -e "$E2E_TMP/nodir"; e2e_ok $? "nothing created"

# -o into a read-only directory (meaningless as root)
mkdir "$E2E_TMP/ro"
chmod 555 "$E2E_TMP/ro"
if [ "$(id -u)" -eq 0 ]; then
    e2e_skip "-o into a read-only directory" "running as root"
    e2e_skip "nothing created in the read-only directory" "running as root"
else
    e2e_run series "$DISK" --order 1 -o "$E2E_TMP/ro/out.txt"
    e2e_expect_rc 5 "-o into a read-only directory"
    test -z "$(ls -A "$E2E_TMP/ro")"; e2e_ok $? "nothing created in the read-only directory"
fi

# precision cap: 3000 certified digits cannot be had at 64 bits
e2e_run series "$DISK" --v 'theta=0.7,varphi=1.3' --order 1 --prec 64 --max-prec 128 --digits 3000
e2e_expect_rc 4 "precision cap reached"
grep -q 'too wide' "$E2E_TMP/err"; e2e_ok $? "precision error names the quantity that was too wide"
test ! -s "$E2E_TMP/out"; e2e_ok $? "no uncertified output printed"

e2e_done
