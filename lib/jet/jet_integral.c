/*
 * jet_integral.c -- antiderivative in x_i vanishing at x_i = 0,
 * res_alpha = c_{alpha - e_i} / alpha_i (0 if alpha_i = 0), and
 * multiplication by x_i, res_alpha = c_{alpha - e_i}.  Terms leaving the
 * monomial set are dropped.  Decreasing index order: res_alpha reads a
 * lower index only, so res may alias a.
 */
#include "impl.h"

void
jet_integral(arb_ptr res, arb_srcptr a, slong i, const jet_ctx_t ctx, slong prec)
{
    slong d = ctx->nvars, idx, dn;

    for (idx = ctx->len - 1; idx >= 0; idx--)
    {
        dn = ctx->down[idx * d + i];
        /* exact zeros stay zero without a division (the same ball) */
        if (dn < 0 || arb_is_zero(a + dn))
        {
            if (!arb_is_zero(res + idx))
                arb_zero(res + idx);
        }
        else
            arb_div_si(res + idx, a + dn, ctx->exps[idx * d + i], prec);
    }
}

void
jet_mul_var(arb_ptr res, arb_srcptr a, slong i, const jet_ctx_t ctx)
{
    slong d = ctx->nvars, idx, dn;

    for (idx = ctx->len - 1; idx >= 0; idx--)
    {
        dn = ctx->down[idx * d + i];
        if (dn < 0)
            arb_zero(res + idx);
        else
            arb_set(res + idx, a + dn);
    }
}
