/* dataset_build_traj.c -- the trajectory records of nh_dataset_build
   (lib/dataset.h): full system (paper 000 (39)-(40)) and order-k reduced
   systems ((69)-(71)), certified (lib/flow.h) or estimates (lib/ode.h). */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "dataset.h"
#include "flow.h"
#include "impl.h"

/* ESTIMATE records of one state vector x[0..n) with component error
   estimates ge[0..n) (trajectory output row): all on one decimal grid
   10^u, u = ceil(log10 E) - 1 with E = max(max_i ge_i, 10^-digits
   max(1, max_i |x_i|)), so that the last printed digit is a tenth of the
   vector's largest estimated error (or of the --digits floor); rad =
   ge_i rounded up on that grid, plus the grid rounding
   (nh_dataset_add_estimate). */
static void
emit_estimate_row(nh_dataset_t ds, const char *quantity, slong k, slong e, slong pt, slong ti,
                  arb_srcptr x, arb_srcptr ge, slong n, slong digits, slong prec)
{
    double E = 0, xm = 1, g[64], d;
    slong i, u;
    arf_t b;
    arf_init(b);
    for (i = 0; i < n; i++)
    {
        arb_get_abs_ubound_arf(b, ge + i, 53);
        g[i] = arf_get_d(b, ARF_RND_UP);
        if (!(g[i] >= 0))
            g[i] = 0;
        if (g[i] > E)
            E = g[i];
        d = fabs(arf_get_d(arb_midref(x + i), ARF_RND_NEAR));
        if (d > xm)
            xm = d;
    }
    d = xm * pow(10.0, (double) -digits);
    if (E < d)
        E = d;
    u = (slong) ceil(log10(E)) - 1;
    for (i = 0; i < n; i++)
        nh_dataset_add_estimate(ds, quantity, k, e, pt, i, ti, x + i, g[i], u, prec);
    arf_clear(b);
}

/* One point's trajectories at one eps (emit_traj): the inputs, the
   output rows and the options of both integrators. */
typedef struct
{
    nh_dataset_struct *ds;
    const nh_model_struct *M;
    const nh_dataset_build_opts_struct *o;
    _nh_dataset_build_struct *b;
    slong pt, e, n, nt, digits, prec, cprec;
    arb_ptr q0, vD0, vDc, tt, qo, vo, gq, gv;
    arb_ptr vp0, vpc;         /* time-dependent models: v_p(q0, 0), midpoint / ball */
    arb_t t0;                 /* the model time of the start (the point's t) */
    arb_srcptr tstart;        /* t0 for time-dependent models, else NULL */
    arb_ptr ttm;              /* the output model times t0 + tt (nt balls) */
    nh_ode_opts_struct *oo;
}
traj_ctx;

/* The start of the certified (ball, cert) or estimated (midpoint) runs on
   the constraint set: vD for linear autonomous models, u + v_p for
   time-dependent / affine ones (proofs/020 (A2)). */
static void
traj_start_d(arb_ptr v0, const traj_ctx *c, int cert)
{
    _arb_vec_set(v0, cert ? c->vDc : c->vD0, c->n);
    if (c->b->timed)
        _arb_vec_add(v0, v0, cert ? c->vpc : c->vp0, c->n, c->prec);
}

/* the records of the nt output rows in qo, vo: enclosures (cert) or
   estimates with the error estimates gq, gv */
static int
traj_rows(traj_ctx *c, const char *qn, const char *vn, slong k, int cert, nh_error_t err)
{
    slong ti, n = c->n;
    for (ti = 0; ti < c->nt; ti++)
    {
        if (!cert)
        {
            emit_estimate_row(c->ds, qn, k, c->e, c->pt, ti, c->qo + ti * n, c->gq + ti * n, n,
                              c->digits, c->prec);
            emit_estimate_row(c->ds, vn, k, c->e, c->pt, ti, c->vo + ti * n, c->gv + ti * n, n,
                              c->digits, c->prec);
        }
        else if (nh_dataset_add_traj_balls(c->ds, qn, k, c->e, c->pt, ti, c->qo + ti * n, n,
                                           c->digits, c->cprec) == WORD_MIN
                 || nh_dataset_add_traj_balls(c->ds, vn, k, c->e, c->pt, ti, c->vo + ti * n, n,
                                              c->digits, c->cprec) == WORD_MIN)
            return nh_error_set(err, NH_ERR_PRECISION, "certified %s: a ball is wider than its "
                                "value (raise --prec)", qn);
    }
    return NH_OK;
}

/* Full system (39)-(40) from (q, v_init): v_init = vD (--init d) or the
   order-K lift (nh_flow_lift, 000 (66) truncated) (--init deps).
   Certified (validated integrator from the balls vDc / the lift's ball,
   which contain the exact start) for models of the original class unless
   --estimate; else an estimate from the midpoint start (lib/ode.h). */
static int
traj_full(traj_ctx *c, const arb_t eps, nh_error_t err)
{
    slong n = c->n, i;
    /* every model emit accepts is certified here: the original class of
       paper 000, and the time-dependent / affine models (issue 19) */
    int cert = !c->o->estimate, rc = NH_OK;
    slong p = cert ? c->cprec : c->prec;
    arb_ptr v0 = _arb_vec_init(n);
    nh_taylor_opts_t to;

    if (c->o->init_d)
        traj_start_d(v0, c, cert);
    else if (c->b->timed)       /* u + v_p + sum eps^j h^(j)(q, 0, u) (proofs/020 (A2)) */
        rc = nh_flow_lift_t(v0, c->M, c->q0, c->t0, cert ? c->vDc : c->vD0, c->o->lift_order,
                            eps, p, err);
    else
        rc = nh_flow_lift(v0, c->M, c->q0, cert ? c->vDc : c->vD0, c->o->lift_order, eps, p, err);
    for (i = 0; !cert && rc == NH_OK && i < n; i++)
        mag_zero(arb_radref(v0 + i));            /* estimate: exact start, the midpoint */
    nh_taylor_opts_init(to);
    if (rc == NH_OK && cert)
        rc = nh_flow_certified_from(c->qo, c->vo, c->M, NH_FLOW_FULL, eps, c->tstart, c->q0, v0,
                                    c->ttm, c->nt, to, NULL, p, err);
    else if (rc == NH_OK)
        rc = nh_flow_full_from(c->qo, c->vo, c->gq, c->gv, c->M, eps, c->tstart, c->q0, v0,
                               c->tt, c->nt, c->oo, NULL, err);
    c->b->info->full_cert = cert;
    if (rc == NH_OK)
        rc = traj_rows(c, "full_q", "full_v", -1, cert, err);
    _arb_vec_clear(v0, n);
    return rc;
}

/* Order-k reduced system (69)-(71) from (q, vD): certified through
   nh_flow_certified_reduced (from the ball vDc; time-dependent models:
   k = 0 the nonholonomic flow from u + v_p, k >= 1
   nh_flow_certified_reduced_t from (q0, t0, u)) unless --estimate or the
   order is not supported there (NH_ERR_USAGE): then an estimate. */
static int
traj_reduced(traj_ctx *c, slong kk, const arb_t eps, nh_error_t err)
{
    slong k = c->o->torders[kk];
    int cert = 0, rc = NH_OK;
    nh_taylor_opts_t to;

    if (!c->o->estimate && c->b->info->red_cert[kk] != 0)
    {
        /* time-dependent models start on the constraint set, u + v_p */
        arb_ptr v0 = _arb_vec_init(c->n);
        traj_start_d(v0, c, 1);
        nh_taylor_opts_init(to);
        if (c->b->timed && k == 0)  /* the ideal constraint dynamics from (q, t0, u + v_p) */
            rc = nh_flow_certified_from(c->qo, c->vo, c->M, NH_FLOW_NH, NULL, c->tstart, c->q0,
                                        v0, c->ttm, c->nt, to, NULL, c->cprec, err);
        else if (c->b->timed)       /* state (q, u) from (q0, t0, u0), proofs/020 (A8) */
            rc = nh_flow_certified_reduced_t(c->qo, c->vo, c->M, k, eps, c->tstart, c->q0,
                                             c->vDc, c->tt, c->nt, to, NULL, c->cprec, err);
        else
            rc = nh_flow_certified_reduced(c->qo, c->vo, c->M, k, eps, c->q0, v0, c->tt, c->nt,
                                           to, NULL, c->cprec, err);
        _arb_vec_clear(v0, c->n);
        cert = rc == NH_OK;
        /* order k not certified (NH_ERR_USAGE: above NH_FLOW_REDUCED_MAX_ORDER):
           an estimate */
        if (rc == NH_ERR_USAGE)
        {
            nh_error_init(err);         /* order k not certified: estimate */
            rc = NH_OK;
        }
    }
    if (rc == NH_OK && !cert)
        rc = nh_flow_reduced_from(c->qo, c->vo, c->gq, c->gv, c->M, k, eps, c->tstart, c->q0,
                                  c->vD0, c->tt, c->nt, c->oo, NULL, err);
    if (rc == NH_OK)
    {
        c->b->info->red_cert[kk] = cert;
        rc = traj_rows(c, "reduced_q", "reduced_v", k, cert, err);
    }
    return rc;
}

/* Trajectories from the exact point (q, v), vD = P(q) v: for each eps the
   full system and the reduced systems of --traj-orders at the output
   times (traj_full, traj_reduced).  vDb: the certified ball of vD (its
   midpoint starts the estimates). */
int
_nh_dataset_build_traj(_nh_dataset_build_struct *b, slong pt, const fmpq *qx, const fmpq *tx,
                       const fmpq *vx, arb_srcptr vDb, arb_srcptr vpb, nh_error_t err)
{
    const nh_model_struct *M = b->M;
    const nh_dataset_build_opts_struct *o = b->o;
    slong n = nh_model_n(M), nt = o->ntimes, kk, ti, i;
    traj_ctx c;
    arb_ptr v = _arb_vec_init(n);
    arb_t eps;
    nh_ode_opts_t oo;
    int rc = NH_OK;

    if (n > 64)
        return nh_error_set(err, NH_ERR_USAGE, "emit: trajectories: at most 64 coordinates");
    c.ds = b->ds; c.M = M; c.o = o; c.b = b; c.pt = pt; c.n = n; c.nt = nt; c.digits = o->digits;
    c.prec = FLINT_MAX(o->prec, NH_DATASET_TRAJ_PREC);
    c.cprec = o->prec_set ? o->prec : NH_DATASET_TRAJ_PREC;
    nh_ode_opts_init(oo);
    oo->prec = c.prec;
    oo->rtol = oo->atol = o->traj_tol;
    c.oo = oo;
    c.q0 = _arb_vec_init(n); c.vD0 = _arb_vec_init(n); c.vDc = _arb_vec_init(n);
    c.vp0 = _arb_vec_init(n); c.vpc = _arb_vec_init(n);
    arb_init(c.t0);
    arb_set_fmpq(c.t0, tx, c.prec);
    c.tstart = b->timed ? c.t0 : NULL;
    c.tt = _arb_vec_init(nt);
    c.ttm = _arb_vec_init(nt);
    c.qo = _arb_vec_init(nt * n); c.vo = _arb_vec_init(nt * n);
    c.gq = _arb_vec_init(nt * n); c.gv = _arb_vec_init(nt * n);
    arb_init(eps);
    for (i = 0; i < n; i++)
    {
        arb_set_fmpq(c.q0 + i, qx + i, c.prec);
        arb_set_fmpq(v + i, vx + i, c.prec);
        arb_set_arf(c.vD0 + i, arb_midref(vDb + i));      /* estimates: exact start, the midpoint */
        arb_set_arf(c.vp0 + i, arb_midref(vpb + i));
    }
    if (!o->estimate && b->timed)   /* certified: the balls u = P(q,t) v and v_p(q,t) */
        rc = nh_project_D_t(c.vDc, c.vpc, M, c.q0, c.t0, v, c.cprec, err);
    else if (!o->estimate)  /* certified: the ball P(q) v, which contains the exact vD */
        rc = nh_project_D(c.vDc, M, c.q0, v, c.cprec, err);
    for (ti = 0; ti < nt; ti++)
    {
        arb_set_fmpq(c.tt + ti, o->times + ti, c.prec);
        arb_add(c.ttm + ti, c.tt + ti, c.t0, c.prec);    /* exact: t0 = 0 or small rationals */
    }
    for (c.e = 0; c.e < o->neps && rc == NH_OK; c.e++)
    {
        arb_set_fmpq(eps, o->eps + c.e, c.prec);
        rc = traj_full(&c, eps, err);
        if (rc != NH_OK)
        {
            char *es = nh_dataset_fmpq_decimal(o->eps + c.e);
            nh_error_prefix(err, "emit: point %ld, eps = %s (full system%s): ", (long) pt, es,
                            b->info->full_cert == 1 ? ", certified; --estimate gives labelled estimates"
                                              : "");
            free(es);
            break;
        }
        for (kk = 0; kk < o->ntorders && rc == NH_OK; kk++)
            if ((rc = traj_reduced(&c, kk, eps, err)) != NH_OK)
            {
                char *es = nh_dataset_fmpq_decimal(o->eps + c.e);
                nh_error_prefix(err, "emit: point %ld, eps = %s (reduced system of order %ld%s): ",
                                (long) pt, es, (long) o->torders[kk], o->estimate ? ""
                                : ", certified if supported; --estimate gives labelled estimates");
                free(es);
            }
    }
    arb_clear(eps);
    _arb_vec_clear(v, n);
    _arb_vec_clear(c.q0, n); _arb_vec_clear(c.vD0, n); _arb_vec_clear(c.vDc, n);
    _arb_vec_clear(c.vp0, n); _arb_vec_clear(c.vpc, n);
    arb_clear(c.t0);
    _arb_vec_clear(c.tt, nt);
    _arb_vec_clear(c.ttm, nt);
    _arb_vec_clear(c.qo, nt * n); _arb_vec_clear(c.vo, nt * n);
    _arb_vec_clear(c.gq, nt * n); _arb_vec_clear(c.gv, nt * n);
    return rc;
}
