/*
 * flow_stiff.c -- the certified full friction system at small eps
 * through its slow manifold (issue 33 item 2; doc/flow.md, "Stiff flows
 * through the slow manifold"): in the adapted coordinates of
 * flow_adapted.c, nh_taylor_stiff_integrate from the start (the initial
 * layer by the solution's own series, then steps along the slow manifold
 * whose length is set by the slow motion); where a step does not close,
 * the validated Taylor method (taylor.h, stiff order) from there.  Every
 * output is an enclosure whichever route produced it.
 */
#include <math.h>
#include <string.h>
#include "impl.h"

/* the stiff route needs the fast block's series to contract
   ((P + 1) |C|_inf below this; steps along the manifold need less,
   NH_STIFF_CONTRACTION in taylor_stiff.c) */
#define NH_FLOW_STIFF_CONTRACTION 1.0

/* (q, v) rows 0..k-1 of the adapted rows z */
static int
rows_to_qv(arb_ptr q, arb_ptr v, nh_flow_taylor_struct *S, arb_srcptr z, arb_srcptr times,
           slong k, slong prec, nh_error_t err)
{
    slong n = S->n, j;
    int rc = NH_OK;
    for (j = 0; j < k && rc == NH_OK; j++)
        rc = nh_flow_adapted_to_qv(q + j * n, v + j * n, S, z + 2 * j * n, times + j, prec,
                                   err);
    return rc;
}

static void
stats_add(nh_taylor_stats_t st, const nh_taylor_stats_t a)
{
    st->steps += a->steps;
    st->halvings += a->halvings;
    st->width = a->width;
    if (a->steps > 0 && (st->hmin == 0 || a->hmin < st->hmin))
        st->hmin = a->hmin;
    if (a->hmax > st->hmax)
        st->hmax = a->hmax;
    st->hull_verified += a->hull_verified;
    st->hull_full += a->hull_full;
    st->remainder_ok += a->remainder_ok;
    st->remainder_failed += a->remainder_failed;
}

/* Whether the stiff route applies from z0 at t0: the fast block at z0
   is stable and stiff, (P + 1) |C|_inf < NH_FLOW_STIFF_CONTRACTION
   (nh_taylor_stiff_rate; estimates) */
static int
stiff_route_applies(nh_flow_taylor_struct *Sa, arb_srcptr z0, const arb_t t0,
                    const nh_taylor_opts_t os, slong prec, nh_error_t err)
{
    double rate, contr;

    /* no distance (NULL): the stepper's first check computes the series */
    if (nh_taylor_stiff_rate(&rate, &contr, NULL, nh_flow_taylor_rhs, Sa, 2 * Sa->n, Sa->m, z0,
                             t0, os, prec, err) != NH_OK)
        return 0;
    return contr < NH_FLOW_STIFF_CONTRACTION && rate > 0;
}

int
_nh_flow_certified_stiff(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                         const arb_t eps, const arb_struct *tstart, arb_srcptr q0, arb_srcptr v0,
                         arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                         nh_taylor_stats_t st, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), *perm, nr = 0;
    nh_flow_taylor_t Sa, Sf;
    nh_taylor_opts_t os, of;
    nh_taylor_stats_t sl, ss;
    arb_ptr z0, zlast, zo, qx, vx;
    arb_t t0, tlast;
    int rc, ok;

    if (m == 0 || !opts->slow_manifold || nt < 1)
        return NH_FLOW_STIFF_SKIP;
    perm = flint_malloc(n * sizeof(slong));
    z0 = _arb_vec_init(2 * n); zlast = _arb_vec_init(2 * n);
    zo = _arb_vec_init(2 * n * nt);
    qx = _arb_vec_init(n); vx = _arb_vec_init(n);
    arb_init(t0); arb_init(tlast);
    if (tstart != NULL)
        arb_set(t0, tstart);
    *os = *opts;
    os->stiff = 0;              /* the series' order: the slow motion's */
    *of = *opts;
    of->stiff = 1;
    memset(sl, 0, sizeof(nh_taylor_stats_struct));
    memset(ss, 0, sizeof(nh_taylor_stats_struct));
    rc = nh_flow_adapted_perm(perm, M, q0, t0, prec, err);
    ok = (rc == NH_OK);
    if (ok)
    {
        nh_flow_taylor_init_adapted(Sa, M, eps, perm);
        ok = nh_flow_adapted_from_qv(z0, Sa, q0, v0, t0, prec, err) == NH_OK
             && stiff_route_applies(Sa, z0, t0, os, prec, err);
        if (!ok)
            nh_flow_taylor_clear(Sa);
    }
    if (!ok)
    {
        if (err != NULL)
            err->code = NH_OK;
        rc = NH_FLOW_STIFF_SKIP;
        goto done;
    }
    /* the layer and the slow manifold in one: nh_taylor_stiff_integrate
       from the start */
    nh_flow_taylor_init(Sf, M, NH_FLOW_FULL, eps);
    {
        int conv;
        rc = nh_taylor_stiff_integrate(zo, zlast, tlast, &nr, nh_flow_taylor_rhs, Sa, 2 * n, m,
                                       z0, t0, times, nt, os, ss, prec, err);
        conv = (rc == NH_OK || rc == NH_ERR_PRECISION || rc == NH_ERR_DOMAIN)
               ? rows_to_qv(q_out, v_out, Sa, zo, times, nr, prec, err) : NH_OK;
        if (conv != NH_OK || rc == NH_ERR_PRECISION || rc == NH_ERR_DOMAIN)
        {
            /* a step did not close, or a box did not map back to (q, v) (A_F
               not certified invertible): the Taylor method from the last
               box that did, else from the start */
            if (err != NULL)
                err->code = NH_OK;
            if (conv != NH_OK
                || nh_flow_adapted_to_qv(qx, vx, Sa, zlast, tlast, prec, err) != NH_OK)
            {
                nr = 0;
                ss->steps = ss->slow_steps = 0;
                arb_set(tlast, t0);
                _arb_vec_set(qx, q0, n);
                _arb_vec_set(vx, v0, n);
                if (err != NULL)
                    err->code = NH_OK;
            }
            rc = _nh_flow_certified_run(q_out + n * nr, v_out + n * nr, Sf, tlast,
                                        qx, vx, times + nr, nt - nr, of, sl, prec, err);
        }
    }
    if (st != NULL)
    {
        memset(st, 0, sizeof(nh_taylor_stats_struct));
        stats_add(st, sl);
        stats_add(st, ss);
        if (nr < nt)
            st->width = sl->width;
        st->slow_steps = ss->slow_steps;
        st->slow_from = ss->slow_from;
        st->slow_to = arf_get_d(arb_midref(tlast), ARF_RND_NEAR);
    }
    nh_flow_taylor_clear(Sf);
    nh_flow_taylor_clear(Sa);
done:
    flint_free(perm);
    _arb_vec_clear(z0, 2 * n); _arb_vec_clear(zlast, 2 * n);
    _arb_vec_clear(zo, 2 * n * nt);
    _arb_vec_clear(qx, n); _arb_vec_clear(vx, n);
    arb_clear(t0); arb_clear(tlast);
    return rc;
}
