/*
 * flow_stiff.c -- the certified full friction system at small eps
 * through its slow manifold (issue 33 item 2; doc/flow.md, "Stiff flows
 * through the slow manifold"): the initial layer by the validated Taylor
 * method (taylor.h, stiff order), then, in the adapted coordinates of
 * flow_adapted.c, steps along the slow manifold whose length is set by
 * the slow motion (nh_taylor_stiff_integrate); where a step does not
 * close, the Taylor method again from there.  Every output is an
 * enclosure whichever route produced it.
 */
#include <math.h>
#include <string.h>
#include "impl.h"

/* the layer ends when the fast part is within about dtgt of the slow
   manifold: dist(0) exp(-rate t_L) = dtgt (dist(0): the distance of w(0)
   from the manifold's w over the slow part, nh_taylor_stiff_rate), with
   a margin of 25% */
#define NH_FLOW_LAYER_MARGIN 1.25
/* the stiff route needs nh_taylor_slow_series to contract by this */
#define NH_FLOW_STIFF_CONTRACTION 0.25

/* (q, v) rows 0..k-1 of the adapted rows z */
static int
rows_to_qv(arb_ptr q, arb_ptr v, nh_flow_taylor_struct *S, arb_srcptr z, slong k, slong prec,
           nh_error_t err)
{
    slong n = S->n, j;
    int rc = NH_OK;
    for (j = 0; j < k && rc == NH_OK; j++)
        rc = nh_flow_adapted_to_qv(q + j * n, v + j * n, S, z + 2 * j * n, prec, err);
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

/* the time t_L (exact) at which the layer ends, or 0 when the stiff route
   does not apply (not stiff enough, or the layer covers the run) */
static int
layer_end(arb_t tL, nh_flow_taylor_struct *Sa, arb_srcptr z0, const arb_t t0, const arb_t T,
          const nh_taylor_opts_t os, slong prec, nh_error_t err)
{
    slong n = Sa->n, m = Sa->m;
    double rate, contr, d0, dt, l2tgt;

    if (nh_taylor_stiff_rate(&rate, &contr, &d0, nh_flow_taylor_rhs, Sa, 2 * n, m, z0, t0, os,
                             prec, err) != NH_OK)
        return 0;
    if (!(contr < NH_FLOW_STIFF_CONTRACTION) || !(rate > 0) || !(d0 < 1e300))
        return 0;
    l2tgt = nh_taylor_stiff_log2tol(os, z0, 2 * n, prec);
    dt = (d0 > 0 && log2(d0) > l2tgt) ? NH_FLOW_LAYER_MARGIN * (log2(d0) - l2tgt) * log(2.0) / rate
                                      : 0.0;
    arb_set_d(tL, dt);
    arb_add(tL, tL, t0, prec);
    arb_get_mid_arb(tL, tL);
    return arb_lt(tL, T);
}

int
_nh_flow_certified_stiff(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                         const arb_t eps, const arb_struct *tstart, arb_srcptr q0, arb_srcptr v0,
                         arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                         nh_taylor_stats_t st, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), *perm, j, nl, nr = 0;
    nh_flow_taylor_t Sa, Sf;
    nh_taylor_opts_t os, of;
    nh_taylor_stats_t sl, ss;
    arb_ptr z0, zL, zlast, zo, lt, ql, vl, qx, vx;
    arb_t t0, tL, tlast;
    int rc, ok;

    if (m == 0 || !opts->slow_manifold || !nh_model_is_linear_autonomous(M) || nt < 1)
        return NH_FLOW_STIFF_SKIP;
    for (j = 0; j < nt; j++)
        if (!arb_is_exact(times + j))
            return NH_FLOW_STIFF_SKIP;
    perm = flint_malloc(n * sizeof(slong));
    z0 = _arb_vec_init(2 * n); zL = _arb_vec_init(2 * n); zlast = _arb_vec_init(2 * n);
    zo = _arb_vec_init(2 * n * nt); lt = _arb_vec_init(nt + 1);
    ql = _arb_vec_init(n * (nt + 1)); vl = _arb_vec_init(n * (nt + 1));
    qx = _arb_vec_init(n); vx = _arb_vec_init(n);
    arb_init(t0); arb_init(tL); arb_init(tlast);
    if (tstart != NULL)
        arb_set(t0, tstart);
    *os = *opts;
    os->stiff = 0;              /* the series' order: the slow motion's */
    *of = *opts;
    of->stiff = 1;
    memset(sl, 0, sizeof(nh_taylor_stats_struct));
    memset(ss, 0, sizeof(nh_taylor_stats_struct));
    rc = nh_flow_adapted_perm(perm, M, q0, prec, err);
    ok = (rc == NH_OK);
    if (ok)
    {
        nh_flow_taylor_init_adapted(Sa, M, eps, perm);
        ok = nh_flow_adapted_from_qv(z0, Sa, q0, v0, prec, err) == NH_OK
             && layer_end(tL, Sa, z0, t0, times + nt - 1, os, prec, err);
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
    /* the layer: the output times before t_L, and t_L */
    for (nl = 0; nl < nt && arb_lt(times + nl, tL); nl++)
        arb_set(lt + nl, times + nl);
    arb_set(lt + nl, tL);
    nh_flow_taylor_init(Sf, M, NH_FLOW_FULL, eps);
    rc = _nh_flow_certified_run(ql, vl, Sf, tstart, q0, v0, lt, nl + 1, of, sl, prec, err);
    if (rc == NH_OK)
    {
        _arb_vec_set(q_out, ql, n * nl);
        _arb_vec_set(v_out, vl, n * nl);
        rc = nh_flow_adapted_from_qv(zL, Sa, ql + n * nl, vl + n * nl, prec, err);
    }
    /* the slow manifold from t_L */
    if (rc == NH_OK)
    {
        int conv;
        rc = nh_taylor_stiff_integrate(zo, zlast, tlast, &nr, nh_flow_taylor_rhs, Sa, 2 * n, m,
                                       zL, tL, times + nl, nt - nl, os, ss, prec, err);
        conv = (rc == NH_OK || rc == NH_ERR_PRECISION || rc == NH_ERR_DOMAIN)
               ? rows_to_qv(q_out + n * nl, v_out + n * nl, Sa, zo, nr, prec, err) : NH_OK;
        if (conv != NH_OK || rc == NH_ERR_PRECISION || rc == NH_ERR_DOMAIN)
        {
            /* a step did not close, or a box did not map back to (q, v) (A_F
               not certified invertible): the Taylor method from the last
               box that did, else from the layer's end */
            nh_taylor_stats_t sf;
            memset(sf, 0, sizeof(nh_taylor_stats_struct));
            if (err != NULL)
                err->code = NH_OK;
            if (conv != NH_OK || nh_flow_adapted_to_qv(qx, vx, Sa, zlast, prec, err) != NH_OK)
            {
                nr = 0;
                ss->steps = 0;
                arb_set(tlast, tL);
                _arb_vec_set(qx, ql + n * nl, n);
                _arb_vec_set(vx, vl + n * nl, n);
                if (err != NULL)
                    err->code = NH_OK;
            }
            rc = _nh_flow_certified_run(q_out + n * (nl + nr), v_out + n * (nl + nr), Sf, tlast,
                                        qx, vx, times + nl + nr, nt - nl - nr, of, sf, prec,
                                        err);
            stats_add(sl, sf);
        }
    }
    if (st != NULL)
    {
        memset(st, 0, sizeof(nh_taylor_stats_struct));
        stats_add(st, sl);
        stats_add(st, ss);
        if (nr < nt - nl)
            st->width = sl->width;
        st->slow_steps = ss->steps;
        st->slow_from = arf_get_d(arb_midref(tL), ARF_RND_NEAR);
        st->slow_to = arf_get_d(arb_midref(tlast), ARF_RND_NEAR);
    }
    nh_flow_taylor_clear(Sf);
    nh_flow_taylor_clear(Sa);
done:
    flint_free(perm);
    _arb_vec_clear(z0, 2 * n); _arb_vec_clear(zL, 2 * n); _arb_vec_clear(zlast, 2 * n);
    _arb_vec_clear(zo, 2 * n * nt); _arb_vec_clear(lt, nt + 1);
    _arb_vec_clear(ql, n * (nt + 1)); _arb_vec_clear(vl, n * (nt + 1));
    _arb_vec_clear(qx, n); _arb_vec_clear(vx, n);
    arb_clear(t0); arb_clear(tL); arb_clear(tlast);
    return rc;
}
