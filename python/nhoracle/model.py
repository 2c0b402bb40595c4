"""Model: a case file loaded by libnhoracle, and its certified quantities."""

import fractions

from . import _cdef as C
from ._lib import ffi, lib
from .ball import Ball, to_fmpq
from .errors import UsageError, check, raise_for


def _err():
    return ffi.new("nh_error_struct *")


def _s(p):
    return ffi.string(p).decode("utf-8", "replace")


class _Vec:
    """n Arb balls owned by Python."""

    def __init__(self, n):
        self.n = max(n, 1)
        self.p = ffi.gc(lib._arb_vec_init(self.n), lambda p, n=self.n: lib._arb_vec_clear(p, n))

    def balls(self, n=None, offset=0):
        return [Ball(self.p[offset + i]) for i in range(self.n if n is None else n)]


class _Fmpq:
    """n exact rationals owned by Python."""

    def __init__(self, values):
        self.n = len(values)
        self.p = ffi.new("fmpq[]", max(self.n, 1))
        for i in range(max(self.n, 1)):
            self.p[i].den = 1
        self._keep = ffi.gc(self.p, self._clear)
        for i, x in enumerate(values):
            to_fmpq(x, self.p + i)

    def _clear(self, p):
        for i in range(max(self.n, 1)):
            lib.fmpq_clear(p + i)

    def arb(self, prec):
        v = _Vec(self.n)
        for i in range(self.n):
            lib.arb_set_fmpq(v.p + i, self.p + i, prec)
        return v


def _nest(flat, shape):
    """Row-major list flat into nested lists of the given shape."""
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return list(flat)
    step = len(flat) // shape[0]
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


class Result:
    """Attributes holding Balls (lists of Balls); see the method that made it."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(sorted(self.__dict__)))


class Series(Result):
    """.vD (n Balls), .h and .reaction (order lists of n Balls, k = 1..order),
    .routes_agree (bool; None where only the time route applies), .prec."""


class Point(Result):
    """A flow output point: .t (exact str), .q, .v (n Balls), .certified (bool)."""


class Model:
    """A model file (doc/model-format.md) loaded by libnhoracle.

    params: dict of exact overrides, values str ("1/5", "0.2"), Fraction or int."""

    def __init__(self, path, params=None):
        self.path = str(path)
        err = _err()
        pm = ffi.new("nh_model_struct **")
        check(lib.nh_model_load(pm, self.path.encode(), err), err)
        self._M = ffi.gc(pm[0], lib.nh_model_free)
        for name, value in (params or {}).items():
            if isinstance(value, float):
                raise UsageError("parameter %s: give an exact value (str, Fraction or int), "
                                 "not the float %r" % (name, value))
            q = _Fmpq([value])
            check(lib.nh_model_set_param(self._M, str(name).encode(), q.p, err), err)
        self.params = dict(params or {})
        self.n = lib.nh_model_n(self._M)
        self.m = lib.nh_model_m(self._M)
        self.name = _s(lib.nh_model_name(self._M))
        self.coordinates = [_s(lib.nh_model_coord_name(self._M, i)) for i in range(self.n)]
        self.linear_autonomous = bool(lib.nh_model_is_linear_autonomous(self._M))

    def __repr__(self):
        return "Model(%r, coordinates=%r)" % (self.path, self.coordinates)

    # ---- points ------------------------------------------------------
    def _point(self, x, what):
        """A dict name -> exact value (missing names: 0), or a sequence of n values."""
        if x is None:
            return [0] * self.n
        if isinstance(x, dict):
            unknown = [k for k in x if k not in self.coordinates]
            if unknown:
                raise UsageError("%s: unknown coordinate '%s' (model %s has coordinates %s)"
                                 % (what, unknown[0], self.name, " ".join(self.coordinates)))
            return [x.get(c, 0) for c in self.coordinates]
        x = list(x)
        if len(x) != self.n:
            raise UsageError("%s: expected %d values, got %d" % (what, self.n, len(x)))
        return x

    # ---- the quantity table (lib/quantity.h) -------------------------
    def quantity(self, name, q, v=None, *, k=None, order=None, eps=None, t=None,
                 prec=None, max_prec=C.NH_DEFAULT_MAX_PREC, extra=False):
        """Evaluate the table entry `name` (lib/quantity.h: "G", "P", "vD", "h2",
        "reduced_vdot", "acc_lagrange", ...) at the exact point (q, v).  Returns nested
        lists of Balls in the entry's shape (with extra=True: (value, extra Balls)).
        The working precision starts at prec (default 256) and doubles up to max_prec
        while the evaluation is inconclusive (NH_ERR_PRECISION)."""
        kk = ffi.new("slong *")
        Q = lib.nh_quantity_find(name.encode(), kk)
        if Q == ffi.NULL:
            raise UsageError("unknown quantity '%s'" % name)
        par = ffi.new("nh_quantity_params *")
        lib.nh_quantity_params_init(par)
        if kk[0]:
            par.k = kk[0]
        if k is not None:
            par.k = k
        if order is not None:
            par.order = order
        keep = []
        if eps is not None:
            e = _Fmpq([eps])
            keep.append(e)
            par.eps_q = e.p
        elif Q.flags & C.NH_QUANTITY_EPS:
            raise UsageError("quantity %s needs eps" % name)
        if t is not None:
            tq = _Fmpq([t])
            keep.append(tq)
            par.t = tq.p
        shape = ffi.new("slong[4]")
        ln = ffi.new("slong *")
        nd = lib.nh_quantity_shape(shape, ln, Q, self.n, self.m, par)
        qq = _Fmpq(self._point(q, "q"))
        vv = _Fmpq(self._point(v, "v"))
        out = _Vec(ln[0])
        nextra = lib.nh_quantity_nextra(Q, self._M, par)
        ex = _Vec(nextra) if nextra > 0 else None
        p = prec or C.NH_DEFAULT_PREC
        err = _err()
        while True:
            rc = lib.nh_quantity_eval(out.p, ex.p if ex else ffi.NULL, ffi.NULL, Q, self._M,
                                      qq.p, vv.p, par, p, err)
            if rc in (C.NH_ERR_PRECISION, C.NH_ERR_DOMAIN) and 2 * p <= max_prec:
                p *= 2
                continue
            check(rc, err)
            break
        val = _nest(out.balls(ln[0]), [shape[i] for i in range(nd)])
        if extra:
            return val, (ex.balls(nextra) if ex else [])
        return val

    # ---- the subcommands' quantities -----------------------------------
    def series(self, q, v, order, t=None, prec=None, max_prec=C.NH_DEFAULT_MAX_PREC):
        """h^(1..order) at (q, vD = P(q) v) by the time route and, for linear autonomous
        models, the covariant route (what `nhoracle series` prints): a Series.  The
        working precision (default 256, the CLI's) doubles up to max_prec until
        every ball has 53 bits of relative accuracy (or is consistent with 0)."""
        if not 1 <= order <= 64:
            raise UsageError("order: expected 1..64, got %r" % (order,))
        if not self.linear_autonomous:
            return self._series_t(q, v, order, t, prec, max_prec)
        qq = _Fmpq(self._point(q, "q"))
        vv = _Fmpq(self._point(v, "v"))
        p = prec or C.NH_DEFAULT_PREC
        n = self.n
        while True:
            err = _err()
            qa, va, vD = qq.arb(p), vv.arb(p), _Vec(n)
            ht, rt, hc, rc_ = (_Vec(order * n) for _ in range(4))
            rc = lib.nh_project_D(vD.p, self._M, qa.p, va.p, p, err)
            if rc == C.NH_OK:
                rc = lib.nh_series_time(ht.p, rt.p, self._M, qa.p, vD.p, order, p, err)
            if rc == C.NH_OK:
                rc = lib.nh_series_covariant(hc.p, rc_.p, self._M, qa.p, vD.p, order, p, err)
            retry = rc in (C.NH_ERR_PRECISION, C.NH_ERR_DOMAIN) or (
                rc == C.NH_OK and not _accurate([vD, ht, rt, hc, rc_], n))
            if retry and 2 * p <= max_prec:
                p *= 2
                continue
            check(rc, err)
            break
        agree = True
        d = _Vec(1)
        for a, b in ((ht, hc), (rt, rc_)):
            for i in range(order * n):
                lib.arb_sub(d.p, a.p + i, b.p + i, p)
                if not lib.arb_contains_zero(d.p):
                    agree = False
        return Series(vD=vD.balls(n),
                      h=[ht.balls(n, k * n) for k in range(order)],
                      reaction=[rt.balls(n, k * n) for k in range(order)],
                      h_covariant=[hc.balls(n, k * n) for k in range(order)],
                      reaction_covariant=[rc_.balls(n, k * n) for k in range(order)],
                      routes_agree=agree, prec=p)

    def _series_t(self, q, v, order, t, prec, max_prec):
        """Time-dependent / affine models (proofs/020): the time route at (q, t0, vD),
        vD = P(q, t0) v, as `nhoracle series --t` (nh_project_D_t, nh_series_time_t);
        also .v_p and, for order >= 2, .acc0."""
        qq = _Fmpq(self._point(q, "q"))
        vv = _Fmpq(self._point(v, "v"))
        tt = _Fmpq([0 if t is None else t])
        p = prec or C.NH_DEFAULT_PREC
        n = self.n
        while True:
            err = _err()
            qa, va, ta = qq.arb(p), vv.arb(p), tt.arb(p)
            vD, vp, a0 = _Vec(n), _Vec(n), _Vec(n)
            ht, rt = _Vec(order * n), _Vec(order * n)
            rc = lib.nh_project_D_t(vD.p, vp.p, self._M, qa.p, ta.p, va.p, p, err)
            if rc == C.NH_OK:
                rc = lib.nh_series_time_t(ht.p, rt.p, a0.p if order >= 2 else ffi.NULL,
                                          self._M, qa.p, ta.p, vD.p, order, p, err)
            retry = rc in (C.NH_ERR_PRECISION, C.NH_ERR_DOMAIN) or (
                rc == C.NH_OK and not _accurate([vD, ht, rt], n))
            if retry and 2 * p <= max_prec:
                p *= 2
                continue
            check(rc, err)
            break
        return Series(vD=vD.balls(n), v_p=vp.balls(n),
                      h=[ht.balls(n, k * n) for k in range(order)],
                      reaction=[rt.balls(n, k * n) for k in range(order)],
                      acc0=a0.balls(n) if order >= 2 else None,
                      routes_agree=None, prec=p)

    def geometry(self, q, v=None):
        """The geometry at q (G, Ginv, A, mu_bar, S, P, P_perp, FR_sharp, Q, gradV, dV,
        Gamma) and vD = P(q) v: a Result of nested lists of Balls."""
        names = ("G", "Ginv", "A", "mu_bar", "S", "P", "P_perp", "FR_sharp", "Q",
                 "gradV", "dV", "Gamma", "vD")
        return Result(**{nm: self.quantity(nm, q, v) for nm in names})

    def nh(self, q, v, t=None):
        """The nonholonomic accelerations at (q, qdot, t), qdot completed from the
        constraints: .acc (route 1, Lagrange-d'Alembert), .acc_voronets (route 3),
        .acc_connection (route 2, linear autonomous models), .multipliers."""
        acc, extra = self.quantity("acc_lagrange", q, v, t=t, extra=True)
        n, m = self.n, self.m
        r = Result(acc=acc, acc_voronets=extra[n:2 * n])
        off = 2 * n
        if self.linear_autonomous:
            r.acc_connection = extra[off:off + n]
            off += n
        r.multipliers = extra[off:off + m]
        return r

    def reduced(self, q, v, eps, order):
        """The order-k reduced field (000 (69)-(71)) at (q, vD = P v) and eps:
        .qdot, .vDdot, .vdot (n Balls each)."""
        _, extra = self.quantity("reduced_vdot", q, v, eps=eps, order=order, extra=True)
        n = self.n
        return Result(qdot=extra[:n], vDdot=extra[n:2 * n], vdot=extra[2 * n:3 * n])

    def flow(self, q, v, T, system="nh", eps=None, order=None, times=None,
             prec=None, max_width=None, slow_manifold=True):
        """Certified trajectory from (q, v) at t = 0 (lib/flow.h nh_flow_certified):
        a list of Points at the output times (default [T]).  system 'nh' (v completed
        from the constraints), 'full' (needs eps), 'reduced' (needs eps unless
        order = 0; state (q, vD)).  slow_manifold (full system): after the initial
        layer, follow the slow manifold when stiff (doc/flow.md, a cost that does
        not grow as eps -> 0; False: the Taylor method throughout, CLI
        --no-slow-manifold)."""
        p = prec or C.NH_DEFAULT_PREC
        n = self.n
        times = [T] if times is None else list(times)
        if system == "nh":
            vel = self._completed(q, v)
        elif system == "full":
            if eps is None:
                raise UsageError("flow --system full needs eps")
            vel = _Fmpq(self._point(v, "v")).arb(p)
        elif system == "reduced":
            order = 0 if order is None else order
            if order >= 1 and eps is None:
                raise UsageError("flow --system reduced --order K >= 1 needs eps")
            vel = None
        else:
            raise UsageError("system: expected nh, full or reduced, got %r" % (system,))
        qa = _Fmpq(self._point(q, "q")).arb(p)
        ts = _Fmpq(times).arb(p)
        e = _Fmpq([eps if eps is not None else 1]).arb(p)
        opts = ffi.new("nh_taylor_opts_struct *")
        lib.nh_taylor_opts_init(opts)
        if max_width is not None:
            opts.max_width = max_width
        opts.slow_manifold = 1 if slow_manifold else 0
        st = ffi.new("nh_taylor_stats_struct *")
        qo, vo = _Vec(len(times) * n), _Vec(len(times) * n)
        err = _err()
        if system == "reduced":
            vD = _Vec(n)
            va = _Fmpq(self._point(v, "v")).arb(p)
            check(lib.nh_project_D(vD.p, self._M, qa.p, va.p, p, err), err)
            rc = lib.nh_flow_certified_reduced(qo.p, vo.p, self._M, order, e.p, qa.p, vD.p,
                                               ts.p, len(times), opts, st, p, err)
        else:
            va = vel
            rc = lib.nh_flow_certified(qo.p, vo.p, self._M,
                                       C.NH_FLOW_NH if system == "nh" else C.NH_FLOW_FULL,
                                       e.p, qa.p, va.p, ts.p, len(times), opts, st, p, err)
        check(rc, err)
        return [Point(t=str(times[j]), q=qo.balls(n, j * n), v=vo.balls(n, j * n),
                      certified=True) for j in range(len(times))]

    def _completed(self, q, v):
        """v with its dependent entries completed from the constraints, as balls."""
        # nh_quantity_eval reports the completed velocity through `vel`
        kk = ffi.new("slong *")
        Q = lib.nh_quantity_find(b"acc_lagrange", kk)
        par = ffi.new("nh_quantity_params *")
        lib.nh_quantity_params_init(par)
        ln = ffi.new("slong *")
        shape = ffi.new("slong[4]")
        lib.nh_quantity_shape(shape, ln, Q, self.n, self.m, par)
        out, vel = _Vec(ln[0]), _Vec(self.n)
        err = _err()
        qq, vv = _Fmpq(self._point(q, "q")), _Fmpq(self._point(v, "v"))
        check(lib.nh_quantity_eval(out.p, ffi.NULL, vel.p, Q, self._M, qq.p, vv.p, par,
                                   C.NH_DEFAULT_PREC, err), err)
        return vel


def _accurate(vecs, n, bits=53):
    """Every block of n balls (a vector: vD, one h^(k), ...) has radii <= 2^-bits times
    its largest |midpoint|, or is consistent with 0 (every ball contains 0): the rule
    of the CLI's printed vectors (oracles/cli/output.c nh_out_check, with 53 bits for
    the CLI's 15 digits).  Doubles: this only chooses the precision."""
    for v in vecs:
        for b in range(0, v.n, n):
            blk = [v.p + i for i in range(b, min(b + n, v.n))]
            if all(lib.arb_contains_zero(x) for x in blk):
                continue
            gmax = max(abs(lib.arf_get_d(ffi.addressof(x, "mid"), C.ARF_RND_NEAR)) for x in blk)
            rmax = max(lib.mag_get_d(ffi.addressof(x, "rad")) for x in blk)
            if rmax > gmax * 2.0 ** -bits:
                return False
    return True
