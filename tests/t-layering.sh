#!/bin/sh
# tests/t-layering.sh -- the layering rule of doc/hacking.md ("Layering"),
# checked over the #include lines of lib/, oracles/, tests/, bench/ and
# fuzz/ by scripts/check-layering: a wrong arrow fails make check.
: "${NH_TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
echo "1..2"
if ! command -v python3 >/dev/null 2>&1; then
    echo "not ok 1 - python3 is needed by scripts/check-layering"
    echo "not ok 2 - # SKIP no python3"
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
[ "$rc" -eq 0 ]
