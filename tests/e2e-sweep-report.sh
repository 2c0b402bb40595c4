#!/bin/sh
# tests/e2e-sweep-report.sh -- `nhoracle sweep --report DIR` checked in a
# real headless browser (chromium): the page renders one row per job, the
# job with a regression is marked (class "regression", text REGRESSION),
# the trend SVGs load, and the screenshot is not blank.  SKIPs (with the
# reason) when chromium is not installed; never passes without it.
. "$(dirname "$0")/e2e-lib.sh"
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
    echo "1..0 # SKIP chromium is not installed (apt-get install chromium; scripts/setup installs it)"
    exit 0
fi
e2e_plan 7
STUB=$NH_TOP_SRCDIR/tests/sweep_stub.sh
T=$E2E_TMP/tree
mkdir -p "$T/sweeps" "$T/cases"
for f in a b c; do echo "model $f" >"$T/cases/$f.nh"; done
echo "# doc" >"$T/cases/doc.md"
printf 'case cases/a.nh\ncase cases/b.nh\ncase cases/c.nh\nprove cases/doc.md\n' >"$T/sweeps/r.sweep"
H=$E2E_TMP/h.sqlite
R=$E2E_TMP/report
e2e_run sweep "$T/sweeps/r.sweep" --db "$H" --oracle "$STUB" --git-rev r1
STUB_VERDICT=refuted e2e_run sweep "$T/sweeps/r.sweep" --db "$H" --oracle "$STUB" --git-rev r1 --report "$R"
e2e_expect_rc 10 "second run: the prove job's verdict changed"
e2e_ok "$([ -f "$R/index.html" ] && [ -f "$R/svg/$(ls "$R/svg" | grep -m1 'trend.svg$')" ]; echo $?)" \
    "index.html and trend SVGs written"

chrome() {
    "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$E2E_TMP/profile" "$@" 2>>"$E2E_TMP/chrome.err"
}
chrome --dump-dom "file://$R/index.html" >"$E2E_TMP/dom.html"
e2e_ok "$([ "$(grep -o '<tr class="job ' "$E2E_TMP/dom.html" | wc -l)" = 4 ]; echo $?)" \
    "the browser's DOM has 4 job rows"
e2e_ok "$([ "$(grep -o '<tr class="job regression"' "$E2E_TMP/dom.html" | wc -l)" = 1 ] &&
          grep -q 'REGRESSION' "$E2E_TMP/dom.html" && grep -q 'verdict changed from holds' "$E2E_TMP/dom.html"; echo $?)" \
    "exactly one row marked as a regression, with its reason"
e2e_ok "$([ "$(grep -o 'href="json/[0-9a-f]*\.json"' "$E2E_TMP/dom.html" | wc -l)" = 4 ]; echo $?)" "links to the 4 JSON files"
chrome --screenshot="$E2E_TMP/shot.png" --window-size=1200,800 "file://$R/index.html" >/dev/null
# the screenshot: decode the PNG (zlib, filter bytes), count distinct
# colours and the red-ish pixels of the regression row (background #f88)
python3 - "$E2E_TMP/shot.png" >"$E2E_TMP/png.txt" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat = 8, b""
while pos < len(d):
    n, t = struct.unpack(">I4s", d[pos:pos + 8]); body = d[pos + 8:pos + 8 + n]
    if t == b"IHDR": w, h, bd, ct = struct.unpack(">IIBB", body[:10])
    if t == b"IDAT": idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4}[ct]; raw = zlib.decompress(idat); stride = w * bpp
prev = bytearray(stride); rows = []; i = 0
for y in range(h):
    f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); prev = line
cols = set(); red = 0
for r in rows[::4]:
    for x in range(0, w, 4):
        px = r[x * bpp:x * bpp + 3]; cols.add(px)
        if px[0] > 230 and 120 < px[1] < 150 and 120 < px[2] < 150: red += 1
print(len(cols), red)
PY
read ncol nred <"$E2E_TMP/png.txt"
e2e_ok "$([ "${ncol:-0}" -ge 5 ]; echo $?)" "screenshot is not blank (${ncol:-?} colours)"
e2e_ok "$([ "${nred:-0}" -ge 50 ]; echo $?)" "the regression row is visibly red in the screenshot (${nred:-?} sampled pixels)"
e2e_done
