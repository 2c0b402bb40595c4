/*
 * jet_set.c -- assignment.
 */
#include "impl.h"

void
jet_zero(arb_ptr res, const jet_ctx_t ctx)
{
    _jet_vec_zero(res, ctx->len);
}

void
jet_set(arb_ptr res, arb_srcptr a, const jet_ctx_t ctx)
{
    slong i;

    if (res != a)
        for (i = 0; i < ctx->len; i++)
            jet_coeff_set(res + i, a + i);
}

void
jet_set_arb(arb_ptr res, const arb_t c, const jet_ctx_t ctx)
{
    arb_set(res, c);            /* before zeroing: c may alias res */
    _jet_vec_zero(res + 1, ctx->len - 1);
}

void
jet_set_si(arb_ptr res, slong c, const jet_ctx_t ctx)
{
    _jet_vec_zero(res, ctx->len);
    arb_set_si(res, c);
}

void
jet_set_fmpq(arb_ptr res, const fmpq_t c, const jet_ctx_t ctx, slong prec)
{
    _jet_vec_zero(res, ctx->len);
    arb_set_fmpq(res, c, prec);
}

void
jet_set_var(arb_ptr res, const arb_t c, slong i, const jet_ctx_t ctx)
{
    slong v = jet_ctx_var_index(ctx, i);
    jet_set_arb(res, c, ctx);
    if (v >= 0)
        arb_one(res + v);
}

arb_srcptr
jet_const(arb_srcptr a)
{
    return a;
}

void
jet_zero_above(arb_ptr res, slong ord, const jet_ctx_t ctx)
{
    slong L = jet_ctx_len(ctx, ord);
    _jet_vec_zero(res + L, ctx->len - L);
}
