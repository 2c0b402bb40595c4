#!/bin/sh
# tests/e2e-sec-prove.sh -- nhoracle prove reads only files inside the top
# directory (issue 13 item 2, doc/proofs.md "Paths in documents"): the
# paths a claim names (case:, ghat:, a rate claim's formula: field file)
# are relative to --top; an absolute path, '..' leaving the tree and a
# symbolic link inside the tree pointing outside are refused (exit 2,
# message "DOC:LINE:COL: claim 'ID': KEY: ...") without opening the file,
# so that no content of it appears in the message; a FIFO or a directory
# is refused (exit 5) at once instead of blocking; a default top of / is
# refused (exit 1).  Every run is under `timeout 20`: a run that times
# out (exit 124) fails.
#
# Tree: $T/top/cases/vertical_disk.nh (a copy), $T/top/docs/*.md,
# $T/top/link.nh -> ../outside/secret.nh, $T/top/fifo, $T/top/dir/;
# $T/outside/secret.nh and secret.field hold the token $TOKEN only.
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 20

T=$E2E_TMP
TOP=$T/top
TOKEN=Qx9OutsideTokenRw2
mkdir -p "$TOP/cases" "$TOP/docs" "$TOP/dir" "$T/outside"
cp "$CASES/vertical_disk.nh" "$TOP/cases/vertical_disk.nh"
cp "$CASES/vertical_disk_002.nh" "$TOP/cases/vertical_disk_002.nh"
printf '%s a b c\n' "$TOKEN" >"$T/outside/secret.nh"
printf '%s a b c\n' "$TOKEN" >"$T/outside/secret.field"
ln -s ../outside/secret.nh "$TOP/link.nh"
if ! mkfifo "$TOP/fifo" 2>/dev/null; then
    echo "1..0 # SKIP mkfifo not available"
    exit 0
fi

# claim with case VALUE (line 3, value at column 7) and a formula that
# holds for the vertical disk (metric diag(I, m, m, J), cases/vertical_disk.nh)
claim() {
    printf '# doc\n```claim\nid: a\ncase: %s\nquantity: G\nformula: [[I, 0, 0, 0], [0, m, 0, 0], [0, 0, m, 0], [0, 0, 0, J]]\npoints: 2\nverdict: holds\n```\n' "$1"
}

# run nhoracle under timeout 20: sec_run ARGS...; E2E_RC, out, err
sec_run() {
    timeout 20 "$NHORACLE" "$@" >"$E2E_TMP/out" 2>"$E2E_TMP/err" </dev/null
    E2E_RC=$?
}

# sec_case RC ERE DESCRIPTION -- ARGS...: exit RC (not a timeout), stderr
# matches ERE (ERE "-": stderr empty), and neither output contains the
# token of the outside file
sec_case() {
    rc=$1 re=$2 what=$3
    shift 4
    sec_run "$@"
    if [ "$E2E_RC" -eq 124 ]; then
        e2e_ok 1 "$what (timed out after 20 s: blocked)"
    elif [ "$E2E_RC" -ne "$rc" ]; then
        e2e_ok 1 "$what (expected exit $rc, got $E2E_RC)"
    elif [ "$re" = - ] && [ -s "$E2E_TMP/err" ]; then
        e2e_ok 1 "$what (unexpected message on stderr)"
    elif [ "$re" != - ] && ! grep -Eq -- "$re" "$E2E_TMP/err"; then
        e2e_ok 1 "$what (stderr does not match '$re')"
    elif grep -q "$TOKEN" "$E2E_TMP/err" "$E2E_TMP/out"; then
        e2e_ok 1 "$what (the output contains content of the refused file)"
    else
        e2e_ok 0 "$what (exit $rc)"
    fi
    [ "$E2E_RC" -eq "$rc" ] || sed 's/^/#   stderr: /' "$E2E_TMP/err" | head -5
}

# ---- allowed: paths inside the tree ------------------------------------
claim cases/vertical_disk.nh >"$TOP/docs/ok.md"
sec_case 0 - "case: cases/vertical_disk.nh with --top" -- prove "$TOP/docs/ok.md" --top "$TOP"
sec_case 0 - "case: cases/vertical_disk.nh, default top (parent of docs/)" -- prove "$TOP/docs/ok.md"
claim docs/../cases/vertical_disk.nh >"$TOP/docs/dotdot-in.md"
sec_case 0 - "case: '..' that stays inside the tree" -- prove "$TOP/docs/dotdot-in.md" --top "$TOP"

# ---- refused: absolute paths, '..' out, symlink out --------------------
claim /etc/passwd >"$TOP/docs/passwd.md"
sec_case 2 "passwd\\.md:4:7: claim 'a': case: absolute path '/etc/passwd' refused" \
    "case: /etc/passwd refused" -- prove "$TOP/docs/passwd.md" --top "$TOP"
if grep -Eq "found name|'root'" "$E2E_TMP/err"; then r=1; else r=0; fi
e2e_ok $r "case: /etc/passwd: no token of /etc/passwd in the message"
claim "$T/outside/secret.nh" >"$TOP/docs/abs.md"
sec_case 2 "abs\\.md:4:7: claim 'a': case: absolute path .* refused" \
    "case: absolute path of a file outside the tree" -- prove "$TOP/docs/abs.md" --top "$TOP"
claim "$TOP/cases/vertical_disk.nh" >"$TOP/docs/abs-in.md"
sec_case 2 "abs-in\\.md:4:7: claim 'a': case: absolute path" \
    "case: absolute path even of a file inside the tree" -- prove "$TOP/docs/abs-in.md" --top "$TOP"
claim ../outside/secret.nh >"$TOP/docs/dotdot.md"
sec_case 2 "dotdot\\.md:4:7: claim 'a': case: path '\\.\\./outside/secret\\.nh' leads outside the top directory" \
    "case: ../ leaving the tree" -- prove "$TOP/docs/dotdot.md" --top "$TOP"
sec_case 2 "dotdot\\.md:4:7: claim 'a': case: path .* leads outside" \
    "case: ../ leaving the default top" -- prove "$TOP/docs/dotdot.md"
claim cases/../../outside/secret.nh >"$TOP/docs/dotdot2.md"
sec_case 2 "dotdot2\\.md:4:7: claim 'a': case: path .* leads outside" \
    "case: cases/../../ leaving the tree" -- prove "$TOP/docs/dotdot2.md" --top "$TOP"
claim link.nh >"$TOP/docs/link.md"
sec_case 2 "link\\.md:4:7: claim 'a': case: path 'link\\.nh' leads outside the top directory .*symbolic links" \
    "case: symbolic link inside the tree pointing outside" -- prove "$TOP/docs/link.md" --top "$TOP"
printf '```claim\nid: g\ncase: cases/vertical_disk_002.nh\nghat: ../outside/secret.nh\nquantity: acc_geodesic\nformula: 0\nverdict: holds\n```\n' >"$TOP/docs/ghat.md"
sec_case 2 "ghat\\.md:4:7: claim 'g': ghat: path '\\.\\./outside/secret\\.nh' leads outside" \
    "ghat: leaving the tree" -- prove "$TOP/docs/ghat.md" --top "$TOP"
printf '```claim\nid: r\nkind: rate\ncase: cases/vertical_disk.nh\nformula: ../outside/secret.field\neps-list: 1/50, 1/60\nexpect: 1\nverdict: holds\n```\n' >"$TOP/docs/rate.md"
sec_case 2 "rate\\.md:5:10: claim 'r': formula: path '\\.\\./outside/secret\\.field' leads outside" \
    "rate claim: formula: field file leaving the tree" -- prove "$TOP/docs/rate.md" --top "$TOP"

# ---- inside the tree but not a regular file: refused at once -----------
claim fifo >"$TOP/docs/fifo.md"
sec_case 5 "fifo\\.md:4: claim 'a': .*fifo: cannot read: a FIFO \\(named pipe\\), not a regular file" \
    "case: a FIFO (no writer) refused at once, not blocking" -- prove "$TOP/docs/fifo.md" --top "$TOP"
claim dir >"$TOP/docs/dir.md"
sec_case 5 "dir\\.md:4: claim 'a': .*dir: cannot read: a directory, not a regular file" \
    "case: a directory" -- prove "$TOP/docs/dir.md" --top "$TOP"

# ---- FIFOs given on the command line (every reader uses nh_file_read) ---
sec_case 5 "fifo: cannot read: a FIFO" "prove FIFO (the document itself a FIFO)" -- prove "$TOP/fifo" --top "$TOP"
sec_case 5 "fifo: cannot read: a FIFO" "geometry FIFO (model file a FIFO)" -- geometry "$TOP/fifo"
sec_case 5 "fifo: cannot read: a FIFO" "emit FIFO (model file a FIFO)" -- emit "$TOP/fifo"

# ---- --top must be a directory ----------------------------------------
sec_case 1 "--top .*: not a directory" "--top naming no directory: usage error" -- prove "$TOP/docs/ok.md" --top "$T/nosuch"

# a document directly below / (here /tmp/X.md): its default top would be
# /, from which "etc/passwd" is inside; refused unless --top is given
R=$(mktemp /tmp/nhoracle-sec-XXXXXX 2>/dev/null)
if [ -n "$R" ] && [ "$(cd "$(dirname "$R")/.." && pwd -P)" = / ]; then
    claim etc/passwd >"$R"
    sec_case 1 "default top directory .* is /: name the tree with --top" \
        "document in /tmp: default top / refused" -- prove "$R"
    rm -f "$R"
else
    [ -n "$R" ] && rm -f "$R"
    e2e_skip "document in /tmp: default top / refused" "cannot create a file in /tmp"
fi

e2e_done
