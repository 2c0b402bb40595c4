#!/bin/sh
# tests/e2e-sec-cli.sh -- security and consistency of the command line
# (issue 13, items 1, 5 and 7; doc/robustness.md, "Security and model
# consistency"): no byte of a --plot prefix reaches a shell or runs as
# gnuplot code, a failed or killed gnuplot leaves no file, every
# subcommand exits 5 when standard output cannot be written, -o never
# overwrites the input, follows a symbolic link or replaces a read-only
# file or a device, and converge --json --no-timings is byte-identical
# between runs.  Each check failed on the code before issue 13.
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 30
DISK=$CASES/vertical_disk.nh
PT="--q theta=0.3 --v theta=1,varphi=2"
CONV="converge $DISK $PT --T 1/2 --t1 1/4 --nt 2 --eps-geom 1e-2,1e-3,2 --kmax 0 --prec 128 --tol 1e-14 --quiet"
T=$E2E_TMP

# ---- 1. --plot: no shell, no gnuplot code, no leftovers ------------------
# a prefix that a shell would expand ($(...)) and one that would end a
# gnuplot string literal and call gnuplot's system()
mkdir "$T/p1" "$T/p2"
P1="$T/p1/x\$(touch PWNED)"
# shellcheck disable=SC2086
(cd "$T/p1" && "$NHORACLE" $CONV --plot "$P1" >"$T/out" 2>"$T/err")
rc=$?
test "$rc" -eq 0; e2e_ok $? "--plot with \$(...) in the prefix: exit 0 (got $rc)"
test -z "$(find "$T" -name 'PWNED*')"; e2e_ok $? "--plot: the shell syntax in the prefix was not run"
test -s "$P1.dat" && test -s "$P1.gp"; e2e_ok $? "--plot: PREFIX.dat and PREFIX.gp under the literal name"
if command -v gnuplot >/dev/null 2>&1; then
    test -s "$P1.png" && test -s "$P1.svg"; e2e_ok $? "--plot: PREFIX.png and PREFIX.svg under the literal name"
else
    e2e_skip "--plot: PREFIX.png and PREFIX.svg" "gnuplot not installed"
fi

P2="$T/p2/a'.system(\"touch GPWNED\").'b"
# shellcheck disable=SC2086
(cd "$T/p2" && "$NHORACLE" $CONV --plot "$P2" >"$T/out" 2>"$T/err")
rc=$?
test "$rc" -eq 0; e2e_ok $? "--plot with a quote in the prefix: exit 0 (got $rc)"
if command -v gnuplot >/dev/null 2>&1; then
    # what a user does with the script: run it where it is
    (cd "$T/p2" && gnuplot -e "set terminal svg" "./$(basename "$P2").gp" >"$T/p2.svg" 2>"$T/gperr")
    test -z "$(find "$T" -name 'GPWNED*')" && test -s "$T/p2.svg"
    e2e_ok $? "--plot: the written PREFIX.gp quotes the name (gnuplot runs it, no system() call)"
else
    grep -q "'a''.system" "$P2.gp"
    e2e_ok $? "--plot: the written PREFIX.gp doubles the quote in the name"
fi

# a gnuplot that dies by SIGKILL half-way through its picture (it writes
# where real gnuplot would: the 'set output' file of its -e argument, else
# standard output)
mkdir "$T/bin" "$T/p3"
cat >"$T/bin/gnuplot" <<'EOF'
#!/bin/sh
out=
case $2 in *"set output '"*) out=$(printf '%s\n' "$2" | sed "s/.*set output '\([^']*\)'.*/\1/") ;; esac
if [ -n "$out" ]; then printf 'PARTIAL' >"$out"; else printf 'PARTIAL'; fi
kill -9 $$
EOF
chmod +x "$T/bin/gnuplot"
# shellcheck disable=SC2086
(cd "$T/p3" && PATH="$T/bin:$PATH" "$NHORACLE" $CONV --plot "$T/p3/k" >"$T/out" 2>"$T/err")
rc=$?
test "$rc" -eq 0 && test -s "$T/p3/k.dat" && test -s "$T/p3/k.gp"
e2e_ok $? "killed gnuplot: exit 0, PREFIX.dat and PREFIX.gp written (got $rc)"
test "$(ls "$T/p3" | tr '\n' ' ')" = "k.dat k.gp "
e2e_ok $? "killed gnuplot: no picture and no temporary file left ($(ls "$T/p3" | tr '\n' ' '))"
grep -q '^nhoracle: warning: no plot picture' "$T/err"; e2e_ok $? "killed gnuplot: a warning says so"

# a control character could end the line of a gnuplot string literal
nl='
'
e2e_run $CONV --plot "$T/p3/a${nl}b"
e2e_expect_rc 1 "--plot: a newline in the prefix is a usage error"

# ---- 5. standard output that cannot be written: exit 5 ----------------
if [ -w /dev/full ]; then
    "$NHORACLE" emit "$DISK" --points 1 -o "$T/ref.jsonl" 2>/dev/null
    for cmd in "geometry $DISK $PT" "series $DISK $PT --order 2" "reduced $DISK $PT --eps 1/10" \
        "nh $DISK $PT" "$CONV" "emit $DISK --points 1" "validate $T/ref.jsonl $T/ref.jsonl" \
        "prove $NH_TOP_SRCDIR/proofs/011-bundle-chain-rule.md" "--help" "geometry --help"; do
        # shellcheck disable=SC2086
        "$NHORACLE" $cmd >/dev/full 2>"$T/err"
        rc=$?
        test "$rc" -eq 5 && grep -q '^nhoracle: cannot write to standard output' "$T/err"
        e2e_ok $? "> /dev/full: nhoracle ${cmd%% *}: exit 5 and a message (got $rc)"
    done
else
    for i in 1 2 3 4 5 6 7 8 9 10; do e2e_skip "> /dev/full ($i)" "/dev/full not available"; done
fi

# ---- 7. -o: the input, links, read-only files, devices ----------------
mkdir "$T/o"
cp "$DISK" "$T/o/m.nh"
chmod u+w "$T/o/m.nh"   # distcheck: the source tree (and so the copy) is read-only
e2e_run geometry "$T/o/m.nh" -o "$T/o/m.nh"
test "$E2E_RC" -eq 1 && cmp -s "$DISK" "$T/o/m.nh"
e2e_ok $? "-o naming the model file: exit 1, the model file is intact (got $E2E_RC)"
ln -s m.nh "$T/o/link.nh"
e2e_run emit "$T/o/link.nh" --points 1 -o "$T/o/m.nh"
test "$E2E_RC" -eq 1 && cmp -s "$DISK" "$T/o/m.nh"
e2e_ok $? "emit -o naming the model file through a link: exit 1, intact (got $E2E_RC)"

echo keep >"$T/o/target"
ln -s target "$T/o/sym"
e2e_run geometry "$DISK" -o "$T/o/sym"
test "$E2E_RC" -eq 5 && test -L "$T/o/sym" && test "$(cat "$T/o/target")" = keep
e2e_ok $? "-o onto a symbolic link: exit 5, link and target untouched (got $E2E_RC)"
grep -q 'symbolic link' "$T/err"; e2e_ok $? "-o onto a symbolic link: the message says so"

echo ro >"$T/o/ro"
chmod 444 "$T/o/ro"
e2e_run geometry "$DISK" -o "$T/o/ro"
test "$E2E_RC" -eq 5 && test "$(cat "$T/o/ro")" = ro
e2e_ok $? "-o onto a read-only file: exit 5, the file is untouched, also as root (got $E2E_RC)"
chmod 644 "$T/o/ro"

mkdir "$T/o/dir"
e2e_run geometry "$DISK" -o "$T/o/dir"
e2e_expect_rc 5 "-o onto a directory"

# a FIFO stands for a device (-o /dev/null): written through, never
# replaced by a regular file (which as root would destroy /dev/null)
mkfifo "$T/o/fifo"
cat "$T/o/fifo" >"$T/o/fromfifo" &
reader=$!
e2e_run geometry "$DISK" -o "$T/o/fifo"
wait "$reader"
test "$E2E_RC" -eq 0 && test -p "$T/o/fifo" && grep -q '^nhoracle geometry' "$T/o/fromfifo"
e2e_ok $? "-o onto a FIFO (a device): written through, still a FIFO (got $E2E_RC)"
test -z "$(ls "$T/o" | grep '\.tmp\.')"; e2e_ok $? "-o: no temporary file left by any of these"

# ---- 7. converge --json is byte-deterministic with --no-timings -------
# shellcheck disable=SC2086
"$NHORACLE" $CONV --json --no-timings -o "$T/c1.json" 2>/dev/null
# shellcheck disable=SC2086
"$NHORACLE" $CONV --json --no-timings -o "$T/c2.json" 2>/dev/null
cmp -s "$T/c1.json" "$T/c2.json"; e2e_ok $? "converge --json --no-timings: two runs byte-identical"
# shellcheck disable=SC2086
"$NHORACLE" $CONV --json -o "$T/c3.json" 2>/dev/null
python3 - "$T/c1.json" "$T/c3.json" <<'EOF'
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
assert "timings" not in a and "timings" in b
assert not any(k.startswith("seconds") for r in b["rows"] for k in r)
t = b.pop("timings")
assert len(t["full_seconds"]) == len(b["eps"]) and t["total_seconds"] >= 0
assert a == b   # timings are the only difference
EOF
e2e_ok $? "converge --json: wall-clock times only under \"timings\", the rest identical"
e2e_done
