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
e2e_plan 14
STUB=$NH_TOP_SRCDIR/tests/sweep_stub.sh
T=$E2E_TMP/tree
mkdir -p "$T/sweeps" "$T/cases"
for f in a b c fail; do echo "model $f" >"$T/cases/$f.nh"; done
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
chrome --screenshot="$E2E_TMP/shot.png" --window-size=1200,1600 "file://$R/index.html" >/dev/null
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

# issue 31: labels (options, git revision, date), the error text of a
# failed job, accepted changes, one page per job with its history, the
# CPU axis of the trends
e2e_run sweep --db "$H" --accept 2 --why "the refuted verdict is right"
printf 'case cases/a.nh\ncase cases/b.nh\ncase cases/c.nh\nprove cases/doc.md\nseries cases/fail.nh --order 2\n' >"$T/sweeps/r2.sweep"
R2=$E2E_TMP/report2
STUB_VERDICT=refuted STUB_ERROR='h^(1) is undefined at q = (0.3)' \
    e2e_run sweep "$T/sweeps/r2.sweep" --db "$H" --oracle "$STUB" --git-rev rev-abc123 --report "$R2"
chrome --dump-dom "file://$R2/index.html" >"$E2E_TMP/dom2.html"
e2e_ok "$([ $E2E_RC = 10 ] && [ "$(grep -o '<tr class="job regression"' "$E2E_TMP/dom2.html" | wc -l)" = 1 ] \
          && grep -q 'h^(1) is undefined at q = (0.3)' "$E2E_TMP/dom2.html"; echo $?)" \
    "after accepting run 2 only the failed job is a regression, its error text shown"
e2e_ok "$(grep -q 'git revision <code>rev-abc123</code>, started 20[0-9][0-9]-[01][0-9]-[0-3][0-9] ' "$E2E_TMP/dom2.html" \
          && grep -q '<code class="options">--order 2</code>' "$E2E_TMP/dom2.html"; echo $?)" \
    "the page names the git revision and date of the run and each job's options"
e2e_ok "$(grep -q '<tr class="accepted">.*the refuted verdict is right' "$E2E_TMP/dom2.html"; echo $?)" \
    "the accepted change is listed with its reason"
JA=$(sqlite3 "$H" "select job_id from results where label = 'a.nh' limit 1")
chrome --dump-dom "file://$R2/jobs/$JA.html" >"$E2E_TMP/job.html"
e2e_ok "$([ "$(grep -o '<tr class="run' "$E2E_TMP/job.html" | wc -l)" = "$(sqlite3 "$H" "select count(*) from results where job_id = '$JA'")" ] \
          && grep -q 'rev-abc123' "$E2E_TMP/job.html"; echo $?)" "the job's page has one history row per recorded run (3)"
# CPU axis: from 0 to at least median + time-floor (1 s), so 1 ms is < 0.1 % of it
e2e_ok "$(sed -n 's/^set yrange \[\(.*\):\(.*\)\]$/\1 \2/p' "$R2/svg/trend.gp" |
          awk '{ n++; if ($1 != 0 || $2 < 1) bad++ } END { exit !(n == 5 && bad == 0) }'; echo $?)" \
    "every trend's CPU axis starts at 0 and spans at least 1 s (time-floor)"
e2e_ok "$([ "$(grep -c '^set object 1 rect' "$R2/svg/trend.gp")" = 5 ]; echo $?)" "every trend draws the noise band (median +- spread)"
# the order trend: each estimate with its interval (the stub's q_T of k:
# observed o, interval [o - w, o + w]), drawn as error bars
JD=$(ls "$R2"/svg/*-trend.dat | head -1)
e2e_ok "$(awk 'NF > 2 { n++; for (c = 3; c + 2 <= NF; c += 3) if (!($(c+1) <= $c && $c <= $(c+2) && $(c+1) < $(c+2))) bad++ }
               END { exit !(n > 0 && bad == 0) }' "$JD" \
          && grep -q "axes x1y2 with yerrorlines title 'order q(T), k=0, with its interval'" "$R2/svg/trend.gp"; echo $?)" \
    "the order trend carries each estimate's interval (lo <= observed <= hi) as error bars"
e2e_done
