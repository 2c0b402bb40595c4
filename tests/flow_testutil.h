/*
 * flow_testutil.h -- shared by the certified-trajectory tests
 * (t-flow_certified, t-flow_reduced): a certified trajectory of lib/flow
 * and the estimate-based integrator run at tight tolerance (rtol = atol
 * = 1e-40, 256 bits) from the same start to the same time, for the test
 * to compare (the comparison, i.e. what is asserted, stays in the test).
 */
#ifndef NH_FLOW_TESTUTIL_H
#define NH_FLOW_TESTUTIL_H

#include <math.h>
#include "flow.h"
#include "tap.h"
#include "jet_testutil.h"

/* The vertical disk's start of the certified-flow tests
   (cases/vertical_disk.nh, R = 1/2): q0 = (0.3, 0.5, -0.25, 0.125) and
   v0 = w X_theta + W X_varphi (in D), w = 0.75, W = 1.25; R, w, W set. */
static inline void
tu_disk_start(arb_ptr q0, arb_ptr v0, arb_t R, arb_t w, arb_t W, slong prec)
{
    arb_t c, s;
    arb_init(c);
    arb_init(s);
    arb_set_d(R, 0.5);
    arb_set_d(w, 0.75); arb_set_d(W, 1.25);
    arb_set_d(q0 + 0, 0.3); arb_set_d(q0 + 1, 0.5); arb_set_d(q0 + 2, -0.25);
    arb_set_d(q0 + 3, 0.125);
    arb_sin_cos(s, c, q0 + 0, prec);
    arb_set(v0 + 0, w);
    arb_mul(v0 + 1, R, W, prec); arb_mul(v0 + 1, v0 + 1, c, prec);
    arb_mul(v0 + 2, R, W, prec); arb_mul(v0 + 2, v0 + 2, s, prec);
    arb_set(v0 + 3, W);
    arb_clear(c);
    arb_clear(s);
}

typedef struct
{
    slong n, steps;     /* dimension; steps of the certified run          */
    int rc, rc2;        /* return codes: certified run, estimate run      */
    arb_ptr q, v;       /* certified balls at T                           */
    arb_ptr qe, ve;     /* the tight estimate run at T                    */
    arb_ptr gq, gv;     /* its estimated global errors                    */
}
tu_versus_struct;

/* max_i |mid(x_i)|, rounded up */
static inline double
tu_versus_maxabs(arb_srcptr x, slong n)
{
    slong i;
    double r = 0;
    for (i = 0; i < n; i++)
        r = FLINT_MAX(r, fabs(arf_get_d(arb_midref(x + i), ARF_RND_UP)));
    return r;
}

/* Run system from (q0, v0) at eps = epsd to T = Td, certified at prec
   bits -- NH_FLOW_NH, NH_FLOW_FULL: nh_flow_certified; NH_FLOW_REDUCED:
   nh_flow_certified_reduced of order k, v0 = vD0 in D -- and as an
   estimate (NH_FLOW_FULL: nh_flow_full; else nh_flow_reduced of order k,
   k = 0 for NH_FLOW_NH).  Errors and the estimated error against the
   certified radius are diag lines starting with label.  Clear r with
   tu_versus_clear. */
static inline void
tu_versus_run(tu_versus_struct *r, const nh_model_struct *M, int system, slong k, double epsd,
              arb_srcptr q0, arb_srcptr v0, double Td, slong prec, const char *label)
{
    slong n = nh_model_n(M);
    arb_t eps, T;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_ode_opts_t oo;
    nh_ode_stats_t so;
    nh_error_t err;

    r->n = n;
    r->q = _arb_vec_init(n); r->v = _arb_vec_init(n);
    r->qe = _arb_vec_init(n); r->ve = _arb_vec_init(n);
    r->gq = _arb_vec_init(n); r->gv = _arb_vec_init(n);
    arb_init(eps); arb_init(T);
    nh_error_init(err);
    arb_set_d(eps, epsd);
    arb_set_d(T, Td);
    nh_taylor_opts_init(o);
    if (system == NH_FLOW_REDUCED)
        r->rc = nh_flow_certified_reduced(r->q, r->v, M, k, eps, q0, v0, T, 1, o, st, prec, err);
    else
        r->rc = nh_flow_certified(r->q, r->v, M, system, eps, q0, v0, T, 1, o, st, prec, err);
    if (r->rc != NH_OK)
        tap_diag("%s: %s", label, err->msg);
    r->steps = st->steps;
    nh_ode_opts_init(oo);
    oo->prec = 256;
    oo->rtol = oo->atol = 1e-40;
    if (system == NH_FLOW_FULL)
        r->rc2 = nh_flow_full(r->qe, r->ve, r->gq, r->gv, M, eps, q0, v0, T, 1, oo, so, err);
    else
        r->rc2 = nh_flow_reduced(r->qe, r->ve, r->gq, r->gv, M, system == NH_FLOW_REDUCED ? k : 0,
                                 eps, q0, v0, T, 1, oo, so, err);
    if (r->rc2 != NH_OK)
        tap_diag("%s estimate: %s", label, err->msg);
    tap_diag("%s: estimated error of the tight run %.3g, certified radius %.3g", label,
             FLINT_MAX(tu_versus_maxabs(r->gq, n), tu_versus_maxabs(r->gv, n)),
             FLINT_MAX(tu_vec_max_rad(r->q, n), tu_vec_max_rad(r->v, n)));
    arb_clear(eps); arb_clear(T);
}

static inline void
tu_versus_clear(tu_versus_struct *r)
{
    slong n = r->n;
    _arb_vec_clear(r->q, n); _arb_vec_clear(r->v, n);
    _arb_vec_clear(r->qe, n); _arb_vec_clear(r->ve, n);
    _arb_vec_clear(r->gq, n); _arb_vec_clear(r->gv, n);
}

#endif
