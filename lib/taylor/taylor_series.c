/*
 * taylor_series.c -- Taylor jets of the solution of x' = f(t, x) by
 * automatic differentiation of the ODE (Moore 1966, ch. 11): the Picard
 * iteration x <- x(0) + int_0^s f(t0 + s, x) ds in the jet ring fixes one
 * more coefficient in s per iteration, x_{k+1} = f(x)_k / (k + 1).
 */
#include "impl.h"

int
nh_taylor_series(arb_ptr x, arb_ptr work, slong N, nh_taylor_rhs_fn rhs, void *data,
                 const arb_t t0, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    slong p = ctx->group_order[0], extra = ctx->order - p, k, i, ord, len = ctx->len;
    arb_ptr F = work, x0 = work + N * len;
    int rc;

    if (p > ctx->order)
        p = ctx->order, extra = 0;
    for (i = 0; i < N; i++)
        jet_set(JET_ENTRY(x0, i, ctx), JET_ENTRY(x, i, ctx), ctx);
    for (k = 0; k < p; k++)
    {
        ord = FLINT_MIN(k + extra, ctx->order);
        rc = rhs(F, x, t0, ord, ctx, data, prec, err);
        if (rc != NH_OK)
            return rc;
        for (i = 0; i < N; i++)
        {
            jet_integral(JET_ENTRY(x, i, ctx), JET_ENTRY(F, i, ctx), 0, ctx, prec);
            jet_add(JET_ENTRY(x, i, ctx), JET_ENTRY(x, i, ctx), JET_ENTRY(x0, i, ctx),
                    ctx, prec);
        }
    }
    return NH_OK;
}

int
_nh_taylor_point_series_prec(nh_taylor_ws_t w, arb_srcptr x, const arb_t t, slong prec,
                             nh_error_t err)
{
    slong i;

    for (i = 0; i < w->N; i++)
        jet_set_arb(JET_ENTRY(w->ux, i, w->U), x + i, w->U);
    return nh_taylor_series(w->ux, w->uw, w->N, w->rhs, w->data, t, w->U, prec, err);
}

int
_nh_taylor_point_series(nh_taylor_ws_t w, arb_srcptr x, const arb_t t, nh_error_t err)
{
    return _nh_taylor_point_series_prec(w, x, t, w->prec, err);
}
