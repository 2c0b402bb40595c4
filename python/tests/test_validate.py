"""nhoracle.validate: a hand-derived h^(1) of the sleigh against refs/, and the CLI."""

import json
import os
import subprocess
from fractions import Fraction

import mpmath as mp

import nhoracle
from closed_forms import chaplygin_sleigh
from conftest import ROOT

REF = os.path.join(ROOT, "refs", "chaplygin_sleigh.jsonl")


def _points():
    pts = {}
    with open(REF) as f:
        next(f)
        for line in f:
            r = json.loads(line)
            if r["quantity"] in ("q", "v"):
                pts.setdefault(r["point"], {}).setdefault(r["quantity"], {})[r["i"]] = r["mid"]
    return pts


def _rows():
    mp.mp.dps = 40
    rows = []
    for p, qv in sorted(_points().items()):
        q = [mp.mpf(Fraction(qv["q"][i]).numerator) / Fraction(qv["q"][i]).denominator
             for i in range(3)]
        v = [mp.mpf(Fraction(qv["v"][i]).numerator) / Fraction(qv["v"][i]).denominator
             for i in range(3)]
        _, h1 = chaplygin_sleigh(q, v)
        rows += [{"quantity": "h", "k": 1, "point": p, "i": i, "value": float(h1[i])}
                 for i in range(3)]
    return rows


def test_closed_form_h1_passes_subset():
    rows = _rows()
    r = nhoracle.validate(REF, rows, subset=True)
    assert r.passed, r.messages[:3]
    assert r.checked == len(rows) and r.failed == 0
    assert r.families["h^(1)"].passed == len(rows)


def test_all_records_required_by_default():
    r = nhoracle.validate(REF, _rows())
    assert not r.passed and r.missing > 0


def test_one_perturbed_value_fails_exactly_once():
    rows = _rows()
    rows[4]["value"] *= 1 + 1e-6          # 1e-6 relative: above rtol 1e-9
    r = nhoracle.validate(REF, rows, subset=True)
    assert not r.passed and r.failed == 1
    # ... and passes with a tolerance above the perturbation
    assert nhoracle.validate(REF, rows, subset=True, rtol=1e-5).passed


def test_same_verdict_as_cli(nhoracle_exe, tmp_path):
    rows = _rows()
    rows[7]["value"] += 1e-3
    cand = tmp_path / "cand.jsonl"
    cand.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cp = subprocess.run([nhoracle_exe, "validate", REF, str(cand), "--subset", "--json"],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    assert cp.returncode == 9, cp.stderr
    cli = json.loads(cp.stdout)
    r = nhoracle.validate(REF, str(cand), subset=True)
    assert r.passed is False and cli["pass"] is False
    assert r.checked == cli["checked"]
