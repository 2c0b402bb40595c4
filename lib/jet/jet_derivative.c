/*
 * jet_derivative.c -- d/dx_i: res_alpha = (alpha_i + 1) c_{alpha + e_i}.
 * Coefficients whose alpha + e_i is outside the monomial set (total
 * degree order, or the group cap of variable i reached) are unknown and
 * set to zero.  Increasing index order: res_alpha only reads a higher
 * index, so res may alias a.
 */
#include "impl.h"

void
jet_derivative(arb_ptr res, arb_srcptr a, slong i, const jet_ctx_t ctx, slong prec)
{
    slong d = ctx->nvars, idx, u;

    for (idx = 0; idx < ctx->len; idx++)
    {
        u = ctx->up[idx * d + i];
        if (u < 0)
            arb_zero(res + idx);
        else
            arb_mul_si(res + idx, a + u, ctx->exps[idx * d + i] + 1, prec);
    }
}
