/*
 * jet_inv.c -- 1/a and a/b.  Univariate coefficients of 1/(a0 + x):
 * c_k = (-1)^k / a0^(k+1) (geometric series), then jet_compose_series.
 * NH_ERR_DOMAIN if the constant term of the divisor contains 0.
 */
#include "impl.h"

int
jet_inv(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    arb_ptr c;
    arb_t m;
    slong k, n;

    if (arb_contains_zero(a))
        return NH_ERR_DOMAIN;
    if (ord > ctx->order)
        ord = ctx->order;
    if (ord < 0)
    {
        jet_zero(res, ctx);
        return NH_OK;
    }

    {
        /* a constant up to degree ord (e.g. a constant metric entry in
           jet_mat_solve): 1/a(0), the value the composition below gives
           for t = a - a(0) = 0, without its ord products (issue 14) */
        slong lo, hi;
        if (!_jet_degree_range(&lo, &hi, a, ord, ctx) || hi == 0)
        {
            arb_inv(res, a, prec);
            _jet_vec_zero(res + 1, ctx->len - 1);
            return NH_OK;
        }
    }
    n = ord + 1;
    c = _arb_vec_init(n);
    arb_init(m);
    arb_inv(c, a, prec);
    arb_neg(m, c);
    for (k = 1; k < n; k++)
        arb_mul(c + k, c + k - 1, m, prec);
    jet_compose_series(res, c, n, a, ord, ctx, prec);
    arb_clear(m);
    _arb_vec_clear(c, n);
    return NH_OK;
}

int
jet_div(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord,
        const jet_ctx_t ctx, slong prec)
{
    arb_ptr t;
    int r;

    t = jet_init(ctx);
    r = jet_inv(t, b, ord, ctx, prec);
    if (r == NH_OK)
        jet_mul(res, a, t, ord, ctx, prec);
    jet_clear(t, ctx);
    return r;
}
