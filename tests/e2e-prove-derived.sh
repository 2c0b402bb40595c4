#!/bin/sh
# tests/e2e-prove-derived.sh -- the claims of issue 32 see a sign flip:
# for claims that derive a model input independently (000 (73), 003
# (6.6), 004 (5)-(6)) or evaluate a derivation step (000 (54), (59), (64), (68),
# doc/flow.md's S mu_bar rho), a copy of the document with the sign of one
# term flipped must give a verdict mismatch (exit 11, "computed
# 'refuted'" or a refuted corrected formula), while the shipped claim
# matches (exit 0).  The documents are copied to a temporary directory and
# run with --top the source tree (their case paths stay the same).
. "$(dirname "$0")/e2e-lib.sh"

e2e_plan 22

# flip DOC ID OLD NEW: copy DOC with OLD replaced by NEW inside claim ID
flip() {
    python3 - "$NH_TOP_SRCDIR/$1" "$2" "$3" "$4" "$E2E_TMP/m.md" <<'PY'
import sys
doc, cid, old, new, out = sys.argv[1:6]
s = open(doc).read()
a = s.index("id: " + cid + "\n")
b = s.index("```", a)
blk = s[a:b]
assert old in blk, (cid, old)
open(out, "w").write(s[:a] + blk.replace(old, new, 1) + s[b:])
PY
}

check() { # DOC ID OLD NEW what
    e2e_run prove "$NH_TOP_SRCDIR/$1" --only "$2" --top "$NH_TOP_SRCDIR"
    e2e_expect_rc 0 "$2 as shipped: verdict as recorded"
    flip "$1" "$2" "$3" "$4" || { e2e_ok 1 "$2: cannot plant"; return; }
    e2e_run prove "$E2E_TMP/m.md" --only "$2" --top "$NH_TOP_SRCDIR"
    e2e_expect_rc 11 "$2 with $5 -> verdict mismatch"
}

check proofs/000-gzenda-chhabra.md 000-73-derived "-R*sin(theta)]]" "R*sin(theta)]]" \
    "the sign of R sin(theta) dvarphi in (73) flipped"
check proofs/003-jovanovic.md 003-6.6-derived "r*v_psi - Rs*v_phi" "r*v_psi + Rs*v_phi" \
    "the sign of (R + r) phidot in (6.6) flipped"
check proofs/004-baksa.md 004-eq5-6-derived "corrected: [v_theta*cos(psi) + v_phi" \
    "corrected: [v_theta*cos(psi) - v_phi" "the sign of phidot sin psi sin theta in omega_x flipped"
check proofs/004-baksa.md 004-L-derived "2*v_phi*v_psi*cos(theta)" "-2*v_phi*v_psi*cos(theta)" \
    "the sign of the cross term of L flipped"
check proofs/000-gzenda-chhabra.md 000-54-inclined "- mu*S*(-s*v_x + c*v_y)/eps" \
    "+ mu*S*(-s*v_x + c*v_y)/eps" "the sign of the friction term of (54) flipped"
check proofs/000-gzenda-chhabra.md 000-59-inclined "corrected: [-u*w + g*sa*s]" \
    "corrected: [-u*w - g*sa*s]" "the printed sign of P_perp(dV) as the correction"
check proofs/010-invariance-conditions.md 010-flow-S-mubar \
    "corrected: [(2*S11 + S12)*r1 + (S11 + S12)*r2" "corrected: [(2*S11 + S12)*r1 + (2*S12 + S22)*r2" \
    "mu_bar S (the old doc/flow.md order) as the correction"
check proofs/001-eldering.md 001-hyp1-spiral "+ 2*rho*v_rr*v_th)]" "- 2*rho*v_rr*v_th)]" \
    "the sign of the Coriolis term of the constraint force flipped"
check proofs/000-gzenda-chhabra.md 000-68-typed "let: Wr = T1r + T2r - (T4r - T5r) - T3r" \
    "let: Wr = T1r + T2r - (T4r - T5r) + T3r" "the sign of nabla^H h1 in (68) flipped"
check proofs/002-belrhazi-mestdag.md 002-AB-notA "let: A2 = c*v_phi^2" "let: A2 = -c*v_phi^2" \
    "the sign of (A) for c = theta flipped"
check proofs/000-gzenda-chhabra.md 000-64-spiral "+ Tcr +" "- Tcr +" \
    "the sign of [P_perp][Gamma] v in (64) flipped"
e2e_done
