#!/bin/sh
# tests/sweep_stub.sh -- a stand-in for nhoracle in the sweep tests
# (tests/e2e-sweep*.sh, `nhoracle sweep --oracle`): prints the JSON a real
# subcommand would, with values the test chooses, so that the engine, the
# database and the regression rules are tested against known answers.
#   STUB_LOG      append "KIND FILE" per invocation (which jobs ran)
#   STUB_ORDER    observed order of q_T etc. (default 1), interval
#                 +-STUB_CIW (default 0.01), predicted 1
#   STUB_BALL     the ball h[1] component 1 of series/emit/nh jobs (default
#                 "[0.185508420720190 +/- 1e-15]"; h[0] is always "0")
#   STUB_VERDICT  verdict of the claim of a prove job (default holds)
#   STUB_EXACT    set: order k = 1 is "exact" (observed, intervals null),
#                 as converge prints an order exact within the
#                 integration error
#   STUB_NOCI     set: the intervals are null (a fit through two eps)
#   files named *crash*: the stub kills itself with SIGSEGV
#   files named *slow*:  sleeps STUB_SLEEP seconds (default 0)
#   files named *nojson*: says "done" on stderr, exits 0, prints no JSON
#   files named *fail*: says "error: STUB_ERROR" on stderr and exits 2
#   files named *burn*:  a loop of STUB_BURN iterations in awk (CPU time,
#                        whatever the load; 2e7: about 1 s)
kind=$1
file=$2
[ -n "${STUB_LOG:-}" ] && echo "$kind $file" >>"$STUB_LOG"
case "$file" in
    *crash*) kill -SEGV $$ ;;
    *nojson*) echo "done" >&2; exit 0 ;;
    *fail*) echo "error: ${STUB_ERROR:-the stub was told to fail}" >&2; exit 2 ;;
    *slow*) sleep "${STUB_SLEEP:-0}" ;;
    *burn*) awk -v n="${STUB_BURN:-0}" 'BEGIN { for (i = 0; i < n; i++) s += i; exit s < 0 }' ;;
esac
o=${STUB_ORDER:-1}
w=${STUB_CIW:-0.01}
lo=$(awk "BEGIN { print $o - $w }")
hi=$(awk "BEGIN { print $o + $w }")
case "$kind" in
    converge)
        printf '{"command":"converge","case":"%s","orders":[' "$(basename "$file" .nh)"
        for k in 0 1; do
            [ $k -gt 0 ] && printf ','
            printf '{"k":%d,"predicted":1' "$k"
            ko=$o klo=$lo khi=$hi
            [ -n "${STUB_NOCI:-}" ] && klo=null khi=null
            if [ $k -eq 1 ] && [ -n "${STUB_EXACT:-}" ]; then
                ko=null klo=null khi=null
                printf ',"exact":{"estimate":true,"eps":0.01,"tol_loose":1e-18,"tol_tight":1e-21,"diff_loose":1e-20,"diff_tight":1e-23}'
            fi
            for q in q_T v_T q_max v_max defect_max; do
                printf ',"%s":{"observed":%s,"ci_lo":%s,"ci_hi":%s,"predicted":1}' "$q" "$ko" "$klo" "$khi"
            done
            printf '}'
        done
        printf ']}\n' ;;
    prove)
        printf '{"subcommand":"prove","claims":[{"id":"c1","recorded":"holds","verdict":"%s"}]}\n' \
            "${STUB_VERDICT:-holds}" ;;
    *) printf '{"subcommand":"%s","h":[["0","0"],["0","%s"]]}\n' "$kind" \
           "${STUB_BALL:-[0.185508420720190 +/- 1e-15]}" ;;
esac
