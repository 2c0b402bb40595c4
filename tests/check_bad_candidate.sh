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
MODE=$1
while IFS= read -r line; do
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
        *) echo "unknown mode $MODE" >&2; exit 2 ;;
    esac
done
