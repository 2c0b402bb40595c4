#!/bin/sh
# tests/t-api-docs.sh -- every public declaration of the installed headers
# (lib/*.h: functions, function types, struct members, enum constants,
# macros such as the error codes NH_ERR_*) has a docstring
# (scripts/check-api-docs, no exception); the
# checker is checked on planted headers (an undocumented function, member
# and error code are reported; documented ones, a group under one comment
# and a trailing member comment are not; with --baseline, a listed
# declaration that is documented now fails); the umbrella nhoracle.h
# includes every header of lib/.
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 5
CHK=$NH_TOP_SRCDIR/scripts/check-api-docs
hdrs=$(ls "$NH_TOP_SRCDIR"/lib/*.h)
# the generated nh_config.h (in the build tree of a VPATH build)
[ -f "$NH_TOP_SRCDIR/lib/nh_config.h" ] || [ ! -f "$NH_TOP_BUILDDIR/lib/nh_config.h" ] ||
    hdrs="$hdrs $NH_TOP_BUILDDIR/lib/nh_config.h"

# shellcheck disable=SC2086
python3 "$CHK" $hdrs >"$E2E_TMP/out" 2>&1
rc=$?
e2e_ok $rc "every public declaration has a docstring: $(tail -n 1 "$E2E_TMP/out")"
[ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/out" | head -n 30

cat >"$E2E_TMP/bad.h" <<'H'
/* bad.h -- planted */
#ifndef BAD_H
#define BAD_H
#define BAD_ERR_X 9

/* Documented. */
int bad_documented(int x);
int bad_group_member(int x);

int bad_undocumented(int x,
                     int y);
typedef struct
{
    int with_comment;   /* trailing */
    double no_comment;
}
bad_struct;
#endif
H
python3 "$CHK" "$E2E_TMP/bad.h" >"$E2E_TMP/bad" 2>&1
rc=$?
grep -q "bad.h:10: function bad_undocumented has no docstring" "$E2E_TMP/bad" &&
    grep -q "bad.h:15: member no_comment has no docstring" "$E2E_TMP/bad" &&
    grep -q "bad.h:4: macro BAD_ERR_X has no docstring" "$E2E_TMP/bad" && [ $rc -eq 1 ]
e2e_ok $? "the checker reports an undocumented function, member and error code (exit 1)"
[ "$(grep -c 'has no docstring' "$E2E_TMP/bad")" -eq 3 ]
e2e_ok $? "... and nothing else (documented function, its group, trailing member comment)"

# a baseline entry that is documented now fails
printf 'bad.h: function bad_documented\nbad.h: function bad_undocumented\nbad.h: member no_comment\nbad.h: macro BAD_ERR_X\n' \
    >"$E2E_TMP/base"
python3 "$CHK" --baseline "$E2E_TMP/base" "$E2E_TMP/bad.h" >"$E2E_TMP/stale" 2>&1
rc=$?
grep -q "bad.h: function bad_documented: documented (or gone) now" "$E2E_TMP/stale" && [ $rc -eq 1 ]
e2e_ok $? "a stale baseline entry fails"

missing=""
for h in $hdrs; do
    b=$(basename "$h")
    [ "$b" = nhoracle.h ] && continue
    grep -q "^#include \"$b\"" "$NH_TOP_SRCDIR/lib/nhoracle.h" || missing="$missing $b"
done
[ -z "$missing" ]
e2e_ok $? "lib/nhoracle.h includes every public header${missing:+ (missing:$missing)}"

e2e_done
