#!/bin/sh
# tests/installcheck.sh -- the installed library as a C user sees it
# (issue 29; run by `make installcheck`, which first installs into the
# temporary DESTDIR NH_INST_DESTDIR).  Uses nothing of the build tree but
# the `nhoracle` program (NHORACLE) to compare numbers with, the cases/
# and refs/ of the sources and examples/*.c:
#   - a copy of the installed nhoracle.pc with prefix moved under the
#     DESTDIR is the only source of compiler flags (PKG_CONFIG_PATH);
#   - every installed header compiles alone (-std=c99 -Wall -Werror) with
#     only `pkg-config --cflags nhoracle`; the umbrella nhoracle.h
#     includes every installed header; nh_config.h defines only
#     NHORACLE_-prefixed macros; libnhoracle.so has NEEDED entries for
#     every library it calls;
#   - examples/*.c build with `pkg-config --cflags --libs nhoracle` (-lm
#     for their own math calls) and -Wl,-rpath,LIBDIR (LIBDIR = pkg-config
#     --variable=libdir nhoracle: what a program needs for a library in a
#     prefix outside the linker's search path; doc/tutorial-c.md), run
#     against the installed libnhoracle.so (checked with ldd), and one is
#     linked statically against libnhoracle.a with `pkg-config --static`;
#   - their numbers agree with the CLI's: series_point's balls of vD and
#     h^(1..3) overlap those of `nhoracle series --json`; dataset_h's
#     dataset passes `nhoracle validate --subset` against refs/ and a copy
#     with one h value moved by 1e-6 fails; converge_study's observed
#     orders equal those of `nhoracle converge --json` (the same
#     estimates, to 1e-9); check_inproc (a C function as candidate) gives
#     the verdicts of `nhoracle check` with examples/check_disk.py, with
#     and without the planted bug, and shrinks to theta in (0.4, 0.8).
. "$(dirname "$0")/e2e-lib.sh"

D=${NH_INST_DESTDIR:?NH_INST_DESTDIR: run through make installcheck}
EX=$NH_TOP_SRCDIR/examples
CC=${CC:-cc}

pc=$(find "$D" -name nhoracle.pc | head -n 1)
[ -n "$pc" ] || { echo "1..0 # SKIP no nhoracle.pc under $D"; exit 0; }
mkdir -p "$E2E_TMP/pc"
sed -e "s,^\\(prefix\\|exec_prefix\\|libdir\\|includedir\\)=/,\\1=$D/," "$pc" >"$E2E_TMP/pc/nhoracle.pc"
# the caller's PKG_CONFIG_PATH stays behind (a FLINT 3 outside the
# default paths: nhoracle.pc then has Requires: flint)
PKG_CONFIG_PATH=$E2E_TMP/pc${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}; export PKG_CONFIG_PATH
unset PKG_CONFIG_SYSROOT_DIR
CFLAGS_NH=$(pkg-config --cflags nhoracle) || exit 99
LIBS_NH=$(pkg-config --libs nhoracle) || exit 99
LIBDIR=$(pkg-config --variable=libdir nhoracle)
INC=$(pkg-config --variable=includedir nhoracle)/nhoracle
headers=$(cd "$INC" && ls *.h)
nh=$(echo $headers | wc -w)

e2e_plan $((nh + 15))

# ---- headers ---------------------------------------------------------
for h in $headers; do
    printf '#include <nhoracle/%s>\n#include <nhoracle/%s>\nint nh_installcheck_dummy;\n' "$h" "$h" \
        >"$E2E_TMP/h.c"
    # shellcheck disable=SC2086
    $CC -std=c99 -Wall -Werror -c -o "$E2E_TMP/h.o" "$E2E_TMP/h.c" $CFLAGS_NH 2>"$E2E_TMP/h.err"
    rc=$?
    e2e_ok $rc "<nhoracle/$h> compiles alone (twice) with only pkg-config --cflags"
    [ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/h.err" | head -n 10
done

missing=""
for h in $headers; do
    [ "$h" = nhoracle.h ] && continue
    grep -q "^#include \"$h\"" "$INC/nhoracle.h" || missing="$missing $h"
done
[ -z "$missing" ]
e2e_ok $? "nhoracle.h includes every installed header${missing:+ (missing:$missing)}"

bad=$(sed -n 's/^#[ \t]*\(define\|undef\)[ \t]*\([A-Za-z_0-9]*\).*/\2/p' "$INC/nh_config.h" | grep -v '^NHORACLE_')
[ -z "$bad" ]
e2e_ok $? "nh_config.h defines only NHORACLE_ macros${bad:+ (also: $bad)}"

needed=$(readelf -d "$LIBDIR/libnhoracle.so" 2>/dev/null | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p')
miss=""
# GMP only when libnhoracle itself calls it: with FLINT 2 the inline
# functions of its headers do (__gmpz_*), with FLINT 3 none may, and an
# as-needed link then rightly drops it (libflint NEEDs it).
libs="libjson-c libsqlite3 libgsl libnettle libflint"
nm -D --undefined-only "$LIBDIR/libnhoracle.so" 2>/dev/null | grep -q ' __gmp' && libs="$libs libgmp"
for l in $libs; do
    echo "$needed" | grep -q "^$l\\." || miss="$miss $l"
done
[ -z "$miss" ]
e2e_ok $? "libnhoracle.so NEEDs every library it calls ($libs)${miss:+ (missing:$miss)}"

# ---- examples: build, link, run ----------------------------------------
# -Wl,-rpath for the installed libdir and, when nhoracle.pc requires
# flint (FLINT 3, maybe in a prefix of its own), for FLINT's libdir: the
# programs call FLINT directly (doc/tutorial-c.md).
RPATHS="-Wl,-rpath,$LIBDIR"
if pkg-config --print-requires nhoracle | grep -q '^flint'; then
    FLINT_LIBDIR=$(pkg-config --variable=libdir flint) && RPATHS="$RPATHS -Wl,-rpath,$FLINT_LIBDIR"
fi
build() { # NAME: examples/NAME.c -> $E2E_TMP/NAME
    # shellcheck disable=SC2086
    $CC -std=c99 -Wall -Werror -o "$E2E_TMP/$1" "$EX/$1.c" $CFLAGS_NH $LIBS_NH -lm \
        $RPATHS 2>"$E2E_TMP/$1.err"
}
nbuilt=0
for x in series_point dataset_h converge_study check_inproc; do
    build $x && nbuilt=$((nbuilt + 1)) || sed 's/^/#   /' "$E2E_TMP/$x.err" | head -n 10
done
[ $nbuilt -eq 4 ]
e2e_ok $? "examples/{series_point,dataset_h,converge_study,check_inproc}.c build with pkg-config --cflags --libs ($nbuilt of 4)"

ldd "$E2E_TMP/series_point" 2>/dev/null | grep -q "libnhoracle.*=> $LIBDIR/"
e2e_ok $? "series_point loads libnhoracle.so from the installed libdir (rpath)"

P="--q theta=0.3,x=1/2 --v theta=1,x=-1/4,varphi=2"
"$E2E_TMP/series_point" "$CASES/vertical_disk.nh" theta=0.3,x=1/2 theta=1,x=-1/4,varphi=2 3 \
    >"$E2E_TMP/sp.txt"
e2e_ok $? "series_point runs (vertical_disk, K = 3)"
# shellcheck disable=SC2086
"$NHORACLE" series "$CASES/vertical_disk.nh" $P --order 3 --route time --json \
    -o "$E2E_TMP/sp.json" >/dev/null 2>&1
python3 - "$E2E_TMP/sp.txt" "$E2E_TMP/sp.json" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, re, sys
from fractions import Fraction as F
def ball(s):
    # Arb's printed ball "[m +/- r]", "[+/- r]", or a number whose digits
    # are all correct (within one unit of the last printed digit)
    m = re.match(r"^\[(?:([-+0-9.e]+) )?\+/- ([0-9.e+-]+)\]$", s)
    if m:
        c = F(m.group(1)) if m.group(1) else F(0)
        return c, F(m.group(2))
    c = F(s)
    frac = s.split("e")[0].split(".")
    ulp = F(1, 10 ** len(frac[1])) if len(frac) > 1 else F(1)
    if "e" in s:
        ulp *= F(10) ** int(s.split("e")[1])
    return c, ulp
def overlap(a, b):
    (c1, r1), (c2, r2) = ball(a), ball(b)
    return abs(c1 - c2) <= r1 + r2
mine = {}
for line in open(sys.argv[1]):
    w = line.split(None, 3) if line.startswith("h ") else line.split(None, 2)
    key = tuple(w[:-1]); mine[key] = w[-1].strip()
cli = json.load(open(sys.argv[2]))
n = len(cli["vD"]); cnt = 0
for i in range(n):
    assert overlap(mine[("vD", str(i))], cli["vD"][i]), ("vD", i)
    cnt += 1
for k, hk in enumerate(cli["h"], 1):
    for i in range(n):
        assert overlap(mine[("h", str(k), str(i))], hk[i]), ("h", k, i, mine[("h", str(k), str(i))], hk[i])
        cnt += 1
assert cnt == 4 * n == len(mine), (cnt, len(mine))
print("overlap", cnt)
PY
rc=$?
e2e_ok $rc "series_point's vD, h^(1..3) balls overlap nhoracle series --json's"
[ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/py"

# static: libnhoracle.a and pkg-config --static
# shellcheck disable=SC2086
$CC -std=c99 -o "$E2E_TMP/series_static" "$EX/series_point.c" $CFLAGS_NH "$LIBDIR/libnhoracle.a" \
    $(pkg-config --static --libs nhoracle | sed 's/-lnhoracle//') -lm $RPATHS 2>"$E2E_TMP/st.err" &&
    "$E2E_TMP/series_static" "$CASES/vertical_disk.nh" theta=0.3,x=1/2 theta=1,x=-1/4,varphi=2 3 \
        >"$E2E_TMP/sps.txt" && cmp -s "$E2E_TMP/sp.txt" "$E2E_TMP/sps.txt" &&
    ! ldd "$E2E_TMP/series_static" | grep -q libnhoracle
rc=$?
e2e_ok $rc "linked statically with libnhoracle.a + pkg-config --static --libs: same output"
[ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/st.err" | head -n 10

# dataset
"$E2E_TMP/dataset_h" "$CASES/vertical_disk.nh" "$NH_TOP_SRCDIR/refs/vertical_disk.jsonl" 3 \
    >"$E2E_TMP/mine.jsonl"
e2e_ok $? "dataset_h writes a dataset of vD, h^(1..3) at the points of refs/vertical_disk.jsonl"
"$NHORACLE" validate --subset "$NH_TOP_SRCDIR/refs/vertical_disk.jsonl" "$E2E_TMP/mine.jsonl" \
    >"$E2E_TMP/val.txt" 2>&1
rc=$?
grep -q "values checked: 96 " "$E2E_TMP/val.txt"
e2e_ok $((rc + $?)) "nhoracle validate --subset refs/vertical_disk.jsonl passes it (96 values)"
[ $rc -eq 0 ] || tail -n 5 "$E2E_TMP/val.txt" | sed 's/^/#   /'
python3 - "$E2E_TMP/mine.jsonl" >"$E2E_TMP/bad.jsonl" <<'PY'
import json, sys
done = False
for line in open(sys.argv[1]):
    r = json.loads(line)
    if not done and r.get("quantity") == "h" and r.get("k") == 2 and r.get("value", 0) != 0:
        r["value"] += 1e-6; r["mid"] = repr(r["value"]); done = True
    print(json.dumps(r))
PY
"$NHORACLE" validate --subset "$NH_TOP_SRCDIR/refs/vertical_disk.jsonl" "$E2E_TMP/bad.jsonl" \
    >/dev/null 2>&1
[ $? -eq 9 ]
e2e_ok $? "... and fails (exit 9) with one h^(2) value moved by 1e-6"

# convergence study
"$E2E_TMP/converge_study" "$CASES/vertical_disk.nh" theta=0.3 theta=1,varphi=2 1 >"$E2E_TMP/cs.txt"
rc=$?
"$NHORACLE" converge "$CASES/vertical_disk.nh" --q theta=0.3 --v theta=1,varphi=2 \
    --eps-geom 1e-1,1e-2,3 --kmax 1 --T 1 --nt 3 --quiet --json -o "$E2E_TMP/cs.json" >/dev/null 2>&1
python3 - "$E2E_TMP/cs.txt" "$E2E_TMP/cs.json" >"$E2E_TMP/py" 2>&1 <<'PY'
import json, sys
cli = {o["k"]: o for o in json.load(open(sys.argv[2]))["orders"]}
n = 0
for line in open(sys.argv[1]):
    k, key, obs, lo, hi, pred = line.split()
    c = cli[int(k)][key]
    assert abs(float(obs) - c["observed"]) <= 1e-9, (k, key, obs, c["observed"])
    assert float(pred) == c["predicted"], (k, key, pred, c["predicted"])
    n += 1
assert n == 2 * 5, n
print("orders", n)
PY
e2e_ok $((rc + $?)) "converge_study's observed orders (k = 0, 1) = nhoracle converge --json's"
[ $rc -eq 0 ] || sed 's/^/#   /' "$E2E_TMP/py"

# check, in-process
"$E2E_TMP/check_inproc" "$CASES/vertical_disk.nh" 64 >"$E2E_TMP/ci.txt"
rc1=$?
"$NHORACLE" check "$CASES/vertical_disk.nh" --quantity h --budget 64 \
    --candidate "python3 $EX/check_disk.py" >/dev/null 2>&1
rc2=$?
[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && grep -q "^verdict pass" "$E2E_TMP/ci.txt"
e2e_ok $? "check_inproc (C callback) passes, as nhoracle check with check_disk.py (exit $rc1, $rc2)"
NH_CHECK_BUG=1 "$E2E_TMP/check_inproc" "$CASES/vertical_disk.nh" 64 >"$E2E_TMP/cib.txt"
rc1=$?
NH_CHECK_BUG=1 "$NHORACLE" check "$CASES/vertical_disk.nh" --quantity h --budget 64 \
    --candidate "python3 $EX/check_disk.py" >/dev/null 2>&1
rc2=$?
th=$(sed -n 's/^theta //p' "$E2E_TMP/cib.txt")
[ $rc1 -eq 9 ] && [ $rc2 -eq 9 ] && python3 -c "import sys; from fractions import Fraction as F; sys.exit(not (F(2, 5) < F(sys.argv[1]) < F(4, 5)))" "$th"
e2e_ok $? "with the planted bug both fail (exit 9; got $rc1, $rc2), shrunk theta $th in (0.4, 0.8)"

# version
printf '#include <stdio.h>\n#include <string.h>\n#include <nhoracle/nhoracle.h>\nint main(void) { printf("%%s\\n", NHORACLE_VERSION); return strcmp(NHORACLE_VERSION, nhoracle_version()) != 0; }\n' >"$E2E_TMP/v.c"
# shellcheck disable=SC2086
$CC -o "$E2E_TMP/v" "$E2E_TMP/v.c" $CFLAGS_NH $LIBS_NH $RPATHS 2>/dev/null &&
    v=$("$E2E_TMP/v") && [ "$v" = "$(pkg-config --modversion nhoracle)" ] &&
    "$NHORACLE" --version 2>&1 | grep -q " $v\$"
e2e_ok $? "NHORACLE_VERSION = nhoracle_version() = the .pc's Version = nhoracle --version"

e2e_done
