#!/bin/sh
# tests/e2e-proof-derivations.sh -- the sympy scripts of proofs/derivations/
# (issue 32) still produce the typed formulas of their claims: every
# `let: NAME = EXPR` a script prints equals (sympy: the difference
# simplifies to 0) the let of the same name in its claim block, and for
# 001-44-sleigh every entry of the printed `formula:`; a document with one
# let's sign flipped must fail.  Skipped (77) without sympy.
. "$(dirname "$0")/e2e-lib.sh"

python3 -c 'import sympy' 2>/dev/null || { echo "1..0 # SKIP python3-sympy not installed"; exit 0; }
e2e_plan 6

cat >"$E2E_TMP/cmp.py" <<'PY'
import re, subprocess, sys
import sympy as sp
script, doc, cid = sys.argv[1:4]
out = subprocess.run([sys.executable, "-B", script], capture_output=True, text=True, check=True).stdout
s = open(doc).read()
a = s.index("id: " + cid + "\n")
blk = s[a:s.index("```", a)]
def parse(e):
    return sp.sympify(e.replace("^", "**"), locals={"I": sp.Symbol("I"), "S": sp.Symbol("S"),
                                                    "K": sp.Symbol("K"), "rho": sp.Symbol("rho")})
def block_value(key, name=None):
    # the value of `let: name = ...` or of `key:` in the block, with continuation lines
    lines = blk.split("\n")
    for i, l in enumerate(lines):
        if (name and l.startswith("let: %s = " % name)) or (not name and l.startswith(key + ": ")):
            v = l.split(" = ", 1)[1] if name else l.split(": ", 1)[1]
            for c in lines[i + 1:]:
                if c.startswith(" "):
                    v += " " + c.strip()
                else:
                    break
            return v
    raise SystemExit("%s: no %s in claim %s" % (doc, name or key, cid))
n = 0

for l in out.splitlines():
    m = re.match(r"let: (\w+) = (.*)", l)
    if m:
        d = parse(m.group(2)) - parse(block_value("let", m.group(1)))
        assert sp.simplify(d) == 0, (m.group(1), d)
        n += 1
    elif l.startswith("formula: "):
        got = parse(l[9:] + " " + " ".join(x.strip() for x in out.splitlines()[out.splitlines().index(l) + 1:]))
        want = parse(block_value("formula"))
        for x, y in zip(sp.flatten(got), sp.flatten(want)):
            assert sp.simplify(x - y) == 0, (x, y)
            n += 1
assert n > 0, "nothing compared"
print("# %s: %d typed expressions agree with %s" % (cid, n, script))
PY

for t in "000-68-spiral.py proofs/000-gzenda-chhabra.md 000-68-typed" \
         "000-64-spiral.py proofs/000-gzenda-chhabra.md 000-64-spiral" \
         "001-44-sleigh.py proofs/001-eldering.md 001-44-sleigh" \
         "002-lemma2-notA.py proofs/002-belrhazi-mestdag.md 002-AB-notA"; do
    set -- $t
    python3 "$E2E_TMP/cmp.py" "$NH_TOP_SRCDIR/proofs/derivations/$1" "$NH_TOP_SRCDIR/$2" "$3"
    e2e_ok $? "$3: the claim's typed terms are what proofs/derivations/$1 derives"
done

# planted: a let with its sign flipped in a copy of the document
sed 's/^let: A2 = c\*v_phi^2$/let: A2 = -c*v_phi^2/' "$NH_TOP_SRCDIR/proofs/002-belrhazi-mestdag.md" >"$E2E_TMP/m.md"
! cmp -s "$E2E_TMP/m.md" "$NH_TOP_SRCDIR/proofs/002-belrhazi-mestdag.md"
e2e_ok $? "planted: A2 of 002-AB-notA sign-flipped in a copy"
python3 "$E2E_TMP/cmp.py" "$NH_TOP_SRCDIR/proofs/derivations/002-lemma2-notA.py" "$E2E_TMP/m.md" 002-AB-notA \
    >/dev/null 2>&1
[ $? -ne 0 ]
e2e_ok $? "... is caught"
e2e_done
