#!/bin/sh
# tests/t-layering.sh -- the layering rule of doc/hacking.md ("Layering"),
# checked over the #include lines of lib/, oracles/, tests/, bench/ and
# fuzz/ by scripts/check-layering: a wrong arrow fails make check.
: "${NH_TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
echo "1..3"
if ! command -v python3 >/dev/null 2>&1; then
    echo "not ok 1 - python3 is needed by scripts/check-layering"
    echo "not ok 2 - # SKIP no python3"
    echo "not ok 3 - # SKIP no python3"
    exit 1
fi
out=$(python3 "$NH_TOP_SRCDIR/scripts/check-layering" "$NH_TOP_SRCDIR" 2>&1)
rc=$?
printf '%s\n' "$out" | sed 's/^/# /'
if [ "$rc" -eq 0 ]; then echo "ok 1 - no include violates the layering rule"; else echo "not ok 1 - layering violations (listed above)"; fi
# the checker itself must catch a wrong arrow: a copy of lib/ with one
# upward include added
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nh-layering.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/lib/jet"
cp "$NH_TOP_SRCDIR"/lib/*.h "$tmp/lib/"
printf '#include "jet.h"\n#include "series.h"\n' >"$tmp/lib/jet/up.c"
printf '#include "impl.h"\n' >"$tmp/lib/stray.c"
bad=$(python3 "$NH_TOP_SRCDIR/scripts/check-layering" "$tmp" 2>&1)
if printf '%s\n' "$bad" | grep -q 'lib/jet/up.c:2: #include "series.h": module jet' \
    && printf '%s\n' "$bad" | grep -q 'lib/stray.c: a source file directly in lib/'; then
    echo "ok 2 - the checker reports an upward include and a file outside the module folders"
else
    printf '%s\n' "$bad" | sed 's/^/# /'
    echo "not ok 2 - the checker missed a planted violation"
fi
# oracles/cli/impl.h, the private header of the command line's shared
# machinery, may be included from oracles/cli/ only: a copy with an
# include of it from inside (accepted) and from a subcommand, through
# cli/, and from a test climbing with ../ (all three refused)
tmp3=$(mktemp -d "${TMPDIR:-/tmp}/nh-layering.XXXXXX") || exit 99
trap 'rm -rf "$tmp" "$tmp3"' EXIT
mkdir -p "$tmp3/lib" "$tmp3/oracles/cli" "$tmp3/tests"
cp "$NH_TOP_SRCDIR"/lib/*.h "$tmp3/lib/"
: >"$tmp3/oracles/cli/cli.h"
: >"$tmp3/oracles/cli/impl.h"
printf '#include "cli.h"\n#include "impl.h"\n' >"$tmp3/oracles/cli/inside.c"
printf '#include "cli.h"\n#include "impl.h"\n' >"$tmp3/oracles/cmd_x.c"
printf '#include "cli/impl.h"\n' >"$tmp3/oracles/cmd_y.c"
printf '#include "../oracles/cli/impl.h"\n' >"$tmp3/tests/t-x.c"
bad=$(python3 "$NH_TOP_SRCDIR/scripts/check-layering" "$tmp3" 2>&1)
if printf '%s\n' "$bad" | grep -q '^oracles/cmd_x.c:2: #include "impl.h": oracles/cli/impl.h' \
    && printf '%s\n' "$bad" | grep -q '^oracles/cmd_y.c:1: #include "cli/impl.h": oracles/cli/impl.h' \
    && printf '%s\n' "$bad" | grep -q '^tests/t-x.c:1: #include "../oracles/cli/impl.h": oracles/cli/impl.h' \
    && ! printf '%s\n' "$bad" | grep -q '^oracles/cli/' \
    && printf '%s\n' "$bad" | grep -q '3 violation(s)'; then
    echo "ok 3 - oracles/cli/impl.h is accepted inside oracles/cli/ and refused from outside"
else
    printf '%s\n' "$bad" | sed 's/^/# /'
    echo "not ok 3 - the checker misjudged an include of oracles/cli/impl.h"
fi
[ "$rc" -eq 0 ]
