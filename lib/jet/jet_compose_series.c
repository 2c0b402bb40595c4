/*
 * jet_compose_series.c -- res = sum_k c[k] (a - a(0))^k truncated at
 * total degree ord, by Horner's scheme in the nilpotent part t = a - a(0):
 * r = c[D]; r = r t + c[k] for k = D-1..0, D = min(clen - 1, ord).  Since
 * t has no constant term, r_k = sum_{j >= k} c[j] t^{j-k} is only needed
 * up to degree ord - k (it is multiplied by t^k afterwards), so the k-th
 * product is truncated at ord - k.
 */
#include "impl.h"

void
jet_compose_series(arb_ptr res, arb_srcptr c, slong clen, arb_srcptr a,
                   slong ord, const jet_ctx_t ctx, slong prec)
{
    arb_ptr t;
    slong D, k;

    if (ord > ctx->order)
        ord = ctx->order;
    if (clen <= 0 || ord < 0)
    {
        jet_zero(res, ctx);
        return;
    }
    D = FLINT_MIN(clen - 1, ord);

    t = jet_init(ctx);
    jet_set(t, a, ctx);
    arb_zero(t);

    jet_set_arb(res, c + D, ctx);
    for (k = D - 1; k >= 0; k--)
    {
        jet_mul(res, res, t, ord - k, ctx, prec);
        arb_add(res, res, c + k, prec);
    }

    jet_clear(t, ctx);
}
