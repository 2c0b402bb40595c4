"""check: drive a Python callable in-process with the search and shrink of
`nhoracle check` (lib/check.h nh_check_run), and validate: a dataset check
with the rules of `nhoracle validate` (lib/dataset.h)."""

import fractions
import math
import traceback

from . import _cdef as C
from ._lib import ffi, lib
from .ball import Ball
from .errors import CandidateError, UsageError, check as _check
from .model import Model, Result, _Fmpq


def tolerance_defaults():
    """(atol, rtol): the one set of defaults of check and validate (nh_tolerance_defaults)."""
    a, r = ffi.new("double *"), ffi.new("double *")
    lib.nh_tolerance_defaults(a, r)
    return a[0], r[0]


def _exact_str(x):
    s = lib.nh_check_decimal(x)
    try:
        return ffi.string(s).decode()
    finally:
        lib.free(s)


def _to_float(s):
    """The double nearest to the exact decimal or p/q string s."""
    return float(fractions.Fraction(s)) if "/" in s else float(s)


# Written for a point where the candidate raised: certainly outside any
# reasonable reference ball, so the point fails and is shrunk like any other.
_RAISED = 1e300


class CheckResult(Result):
    """.passed, .evaluations, .worst (score, point), .counterexample ({'q','v'}: exact
    strings, the shrunk failing point; None if passed), .error (the candidate's value,
    the reference balls; .exception: the traceback if the candidate raised there),
    .seed, .quantity."""

    def __bool__(self):
        return bool(self.passed)

    def report(self):
        """A readable report (what the pytest assertion message shows)."""
        if self.passed:
            return "PASS: %s, %d evaluations, no failing point (seed %d)" % (
                self.quantity, self.evaluations, self.seed)
        ce, e = self.counterexample, self.error
        lines = ["FAIL: %s: the candidate is certainly outside the reference ball "
                 "widened by atol %g + rtol %g |x|" % (self.quantity, self.atol, self.rtol),
                 "  shrunk counterexample: q = %s" % _fmt(ce["q"]),
                 "                         v = %s" % _fmt(ce["v"])]
        if ce.get("eps") is not None:
            lines.append("                         eps = %s" % ce["eps"])
        if e.exception:
            lines.append("  the candidate raised there:")
            lines += ["    " + ln for ln in e.exception.rstrip().splitlines()]
        else:
            for i, name in enumerate(self.coordinates):
                mark = "  <-- outside" if e.failing[i] else ""
                lines.append("  %-8s candidate %-24r certified %s%s"
                             % (name, e.candidate[i], e.reference[i].str(), mark))
        lines.append("  %d evaluations (%d failing); replay: nhoracle.check(fn, model, "
                     "quantity=%r, order=%d, seed=%d, budget=%d)"
                     % (self.evaluations, self.nfailed, self.quantity, self.order,
                        self.seed, self.budget))
        return "\n".join(lines)

    __str__ = report


def _fmt(d):
    return "{" + ", ".join("%s=%s" % kv for kv in d.items()) + "}"


class _Candidate:
    def __init__(self, fn, model, eps, t):
        self.fn, self.model, self.eps, self.t = fn, model, eps, t
        self.raised = {}        # point key -> traceback text
        self.cache = {}

    def call(self, qs, ws):
        names = self.model.coordinates
        q = dict(zip(names, (_to_float(s) for s in qs)))
        v = dict(zip(names, (_to_float(s) for s in ws)))
        kw = {}
        if self.eps is not None:
            kw["eps"] = _to_float(str(self.eps))
        if self.t is not None:
            kw["t"] = _to_float(str(self.t))
        return list(self.fn(q, v, **kw))


def _make_callback(cand, n):
    @ffi.callback("int(arb_struct *, fmpq *, fmpq *, slong, void *, nh_error_struct *)")
    def cb(vals, q, w, npts, data, err):
        try:
            for j in range(npts):
                qs = [_exact_str(q + j * n + i) for i in range(n)]
                ws = [_exact_str(w + j * n + i) for i in range(n)]
                try:
                    out = cand.call(qs, ws)
                    if len(out) != n:
                        raise ValueError("the candidate returned %d values, expected %d"
                                         % (len(out), n))
                    out = [float(x) for x in out]
                    if not all(math.isfinite(x) for x in out):
                        raise ValueError("the candidate returned a NaN or infinite value: %r"
                                         % (out,))
                except Exception:
                    cand.raised[(tuple(qs), tuple(ws))] = traceback.format_exc()
                    out = [_RAISED] * n
                for i in range(n):
                    lib.arb_set_d(vals + j * n + i, out[i])
            return C.NH_OK
        except BaseException as e:   # KeyboardInterrupt, errors of this module
            cand.fatal = e
            msg = ("python: %r" % (e,)).encode()[:1000]
            err.code = C.NH_EXIT_CANDIDATE
            ffi.memmove(err.msg, msg + b"\0", len(msg) + 1)
            return C.NH_EXIT_CANDIDATE
    return cb


def _point_dict(model, pt):
    n = model.n
    names = model.coordinates
    return {"q": {names[i]: _exact_str(pt.q + i) for i in range(n)},
            "v": {names[i]: _exact_str(pt.w + i) for i in range(n)}}


def check(fn, model, quantity="h", order=1, domain=None, budget=200, seed=0,
          rtol=None, atol=None, eps=None, t=None, prec=None,
          max_prec=C.NH_DEFAULT_MAX_PREC):
    """Test the Python callable fn(q: dict, v: dict, eps=None, t=None) -> n floats
    (the model's coordinate order) as an implementation of `quantity` (the names of
    `nhoracle check`, doc/check.md) at points chosen by the search and shrink of the
    CLI (lib/check.h).  model: a Model or a path.  domain: "NAME=LO:HI,..." (or a dict
    NAME -> (LO, HI)).  Tolerances default to nh_tolerance_defaults().  A point where fn
    raises (or returns NaN / the wrong length) is a failing point, shrunk like any
    other.  Returns a CheckResult."""
    if not isinstance(model, Model):
        model = Model(model)
    da, dr = tolerance_defaults()
    atol = da if atol is None else float(atol)
    rtol = dr if rtol is None else float(rtol)
    err = ffi.new("nh_error_struct *")
    Cs = ffi.new("nh_check_struct *")
    ep = _Fmpq([eps]) if eps is not None else None
    p = prec or min(C.NH_CHECK_DEFAULT_PREC, max_prec)
    _check(lib.nh_check_init(Cs, model._M, quantity.encode(), order,
                             ep.p if ep else ffi.NULL, atol, rtol, p, max_prec, err), err)
    R = None
    try:
        if isinstance(domain, dict):
            domain = ",".join("%s=%s:%s" % (k, lo, hi) for k, (lo, hi) in domain.items())
        if domain:
            _check(lib.nh_check_set_domain(Cs, domain.encode(), err), err)
        R = ffi.new("nh_check_result_struct *")
        lib.nh_check_result_init(R, Cs)
        cand = _Candidate(fn, model, eps, t)
        cand.fatal = None
        cb = _make_callback(cand, model.n)
        rc = lib.nh_check_run(R, Cs, budget, seed, 1, cb, ffi.NULL, err)
        if cand.fatal is not None:
            raise cand.fatal
        _check(rc, err)
        return _result(R, Cs, model, cand, quantity, order, seed, budget, atol, rtol, eps)
    finally:
        if R is not None:
            lib.nh_check_result_clear(R, Cs)
        lib.nh_check_clear(Cs)


def _result(R, Cs, model, cand, quantity, order, seed, budget, atol, rtol, eps):
    n = model.n
    res = CheckResult(passed=not R.have_fail, evaluations=R.evals, nfailed=R.nfailed,
                      seed=seed, budget=budget, quantity=quantity, order=order,
                      atol=atol, rtol=rtol, coordinates=model.coordinates,
                      skipped=R.skipped, worst=None, counterexample=None, error=None)
    if R.evals > R.skipped:
        w = R.worst
        res.worst = Result(score=w.score, point=_point_dict(model, w),
                           candidate=[_cand_float(w.cand + i) for i in range(n)],
                           reference=[Ball(w.ref[i]) for i in range(n)])
    if R.have_fail:
        s = R.shrunk
        pt = _point_dict(model, s)
        if eps is not None:
            pt["eps"] = str(eps)
        key = (tuple(pt["q"].values()), tuple(pt["v"].values()))
        exc = cand.raised.get(key)
        res.counterexample = pt
        candv = [_cand_float(s.cand + i) for i in range(n)]
        ref = [Ball(s.ref[i]) for i in range(n)]
        res.error = Result(candidate=None if exc else candv, reference=ref, exception=exc,
                           failing=[not _within(candv[i], ref[i], atol, rtol)
                                    for i in range(n)])
    return res


def _cand_float(a):
    return float(Ball(a))


def _within(c, ball, atol, rtol):
    """The CLI's failing test, decided exactly: c fails iff |c - x| > atol + rtol |x|
    for every x of the ball; here a conservative 'not certainly failing' in exact
    rationals."""
    m, r = ball._fractions()
    c = fractions.Fraction(c)
    lo, hi = m - r, m + r
    # the distance to the ball and the largest |x| in it
    dist = max(lo - c, c - hi, 0)
    xmax = max(abs(lo), abs(hi))
    return dist <= fractions.Fraction(atol) + fractions.Fraction(rtol) * xmax


def validate(reference_path, rows, atol=None, rtol=None, subset=False):
    """Validate a candidate dataset against the reference dataset at reference_path with
    the rules of `nhoracle validate` (doc/datasets.md).  rows: a path to a candidate
    file (JSON Lines or CSV), or an iterable of dicts with at least quantity, point,
    value (and k, eps, i, j, l where applicable).  subset: `validate --subset` (whole
    vectors / matrices may be absent; default: every computed record is required).
    Tolerances default to nh_tolerance_defaults().  Returns a Result: .passed, .checked,
    .failed, .missing, .messages (the per-record failure messages), .families."""
    import json
    import os
    da, dr = tolerance_defaults()
    atol = da if atol is None else float(atol)
    rtol = dr if rtol is None else float(rtol)
    err = ffi.new("nh_error_struct *")
    ref = ffi.gc(ffi.new("nh_dataset_struct *"), lib.nh_dataset_clear)
    lib.nh_dataset_init(ref)
    _check(lib.nh_dataset_load(ref, os.fspath(reference_path).encode(), ffi.NULL, err), err)
    cand = ffi.gc(ffi.new("nh_dataset_struct *"), lib.nh_dataset_clear)
    lib.nh_dataset_init(cand)
    if isinstance(rows, (str, os.PathLike)):
        _check(lib.nh_dataset_load(cand, os.fspath(rows).encode(), ref, err), err)
    else:
        text = "".join(json.dumps(_row(r)) + "\n" for r in rows).encode()
        _check(lib.nh_dataset_parse(cand, text, len(text), b"<rows>", ref, err), err)
    V = ffi.gc(ffi.new("nh_validation_struct *"), lib.nh_validation_clear)
    lib.nh_validation_init(V, atol, rtol, 0)
    V.subset = 1 if subset else 0
    lib.nh_dataset_validate(V, ref, cand)
    fams = {}
    for i in range(V.nfam):
        f = V.fam[i]
        fams[ffi.string(f.family).decode()] = Result(
            total=f.total, checked=f.checked, passed=f.passed, failed=f.failed,
            missing=f.missing, worst=ffi.string(f.worst).decode())
    return Result(passed=bool(getattr(V, "pass")),
                  checked=V.checked, extra=V.extra, duplicates=V.duplicates,
                  failed=sum(f.failed for f in fams.values()),
                  missing=sum(f.missing for f in fams.values()),
                  messages=[ffi.string(V.msg[i]).decode() for i in range(V.nmsg)],
                  families=fams, atol=atol, rtol=rtol)


def _row(r):
    out = dict(r)
    v = out.get("value")
    if v is not None and not isinstance(v, (int, float, str)):
        out["value"] = float(v)
    return out
