#!/bin/sh
# tests/check_bad_candidate.sh MODE -- a misbehaving candidate for
# `nhoracle check` (tests/e2e-check.sh): answers the first request
# correctly-shaped but wrong in the way MODE says (the disk, 4 components).
#   crash      killed by SIGSEGV on the first request
#   exit       exits with status 3 on the first request
#   hang       never answers (exec sleep; its pid written to $NH_BAD_PIDFILE if set)
#   malformed  a truncated JSON line
#   wrongid    the answer carries id 999
#   nan        a NaN component (JSON literal NaN)
#   missing    only the theta component
#   string     a component that is the string "abc"
#   nul        a NUL byte inside the answer line
#   dupkey     the component theta given twice (0, then 12345)
#   nonl       a correct-shaped answer without its final newline, then hangs
#   huge       70 MB without a newline, then hangs
#   closeout   closes its standard output at once and keeps running
#   closein    closes its standard input at once and keeps running
#   hangchild  hangs in a child process (a shell wrapper's child); the
#              child's pid written to $NH_BAD_PIDFILE if set
#   crash9     answers 0 to requests 1-8, killed by SIGSEGV on request 9
#   crashnth   answers 0 to its first 8 lines, killed by SIGSEGV on its 9th
#   bigmem PY  allocates 400 MB, then runs the correct candidate PY
MODE=$1
case $MODE in
    closeout) exec >&-; exec sleep 30 ;;
    closein) exec <&-; exec sleep 30 ;;
    bigmem) python3 -c 'b = bytearray(400 << 20); b[-1] = 1' || exit 3; exec python3 "$2" ;;
esac
nth=0
while IFS= read -r line; do
    nth=$((nth + 1))
    id=$(printf '%s\n' "$line" | sed 's/^{"id":\([0-9]*\).*/\1/')
    case $MODE in
        crash) kill -SEGV $$ ;;
        exit) exit 3 ;;
        hang) [ -n "$NH_BAD_PIDFILE" ] && echo $$ >"$NH_BAD_PIDFILE"; exec sleep 60 ;;
        malformed) echo "{\"id\": $id, \"value\": {\"theta\": 0," ;;
        wrongid) echo '{"id": 999, "value": {"theta": 0, "x": 0, "y": 0, "varphi": 0}}' ;;
        nan) echo "{\"id\": $id, \"value\": {\"theta\": NaN, \"x\": 0, \"y\": 0, \"varphi\": 0}}" ;;
        missing) echo "{\"id\": $id, \"value\": {\"theta\": 0}}" ;;
        string) echo "{\"id\": $id, \"value\": {\"theta\": \"abc\", \"x\": 0, \"y\": 0, \"varphi\": 0}}" ;;
        crash9) [ "$id" -ge 9 ] && kill -SEGV $$
                echo "{\"id\": $id, \"value\": {\"theta\": 0, \"x\": 0, \"y\": 0, \"varphi\": 0}}" ;;
        crashnth) [ "$nth" -ge 9 ] && kill -SEGV $$
                  echo "{\"id\": $id, \"value\": {\"theta\": 0, \"x\": 0, \"y\": 0, \"varphi\": 0}}" ;;
        nul) printf '{"id": %s, "value": {"theta": 0\000, "x": 0, "y": 0, "varphi": 0}}\n' "$id" ;;
        dupkey) echo "{\"id\": $id, \"value\": {\"theta\": 0, \"x\": 0, \"y\": 0, \"varphi\": 0, \"theta\": 12345}}" ;;
        nonl) printf '{"id": %s, "value": {"theta": 0, "x": 0, "y": 0, "varphi": 0}}' "$id"; exec sleep 30 ;;
        huge) head -c 70000000 /dev/zero | tr '\000' a; exec sleep 30 ;;
        hangchild) sleep 30 & [ -n "$NH_BAD_PIDFILE" ] && echo $! >"$NH_BAD_PIDFILE"; wait; exit 0 ;;
        *) echo "unknown mode $MODE" >&2; exit 2 ;;
    esac
done
