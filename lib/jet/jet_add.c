/*
 * jet_add.c -- linear operations (coefficientwise).
 */
#include "impl.h"

void
jet_add(arb_ptr res, arb_srcptr a, arb_srcptr b, const jet_ctx_t ctx, slong prec)
{
    _arb_vec_add(res, a, b, ctx->len, prec);
}

void
jet_sub(arb_ptr res, arb_srcptr a, arb_srcptr b, const jet_ctx_t ctx, slong prec)
{
    _arb_vec_sub(res, a, b, ctx->len, prec);
}

void
jet_neg(arb_ptr res, arb_srcptr a, const jet_ctx_t ctx)
{
    _arb_vec_neg(res, a, ctx->len);
}

void
jet_scalar_mul(arb_ptr res, arb_srcptr a, const arb_t c, const jet_ctx_t ctx, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set(t, c);              /* c may alias a coefficient of res */
    _arb_vec_scalar_mul(res, a, ctx->len, t, prec);
    arb_clear(t);
}

void
jet_scalar_mul_si(arb_ptr res, arb_srcptr a, slong c, const jet_ctx_t ctx, slong prec)
{
    slong i;
    for (i = 0; i < ctx->len; i++)
        arb_mul_si(res + i, a + i, c, prec);
}

void
jet_scalar_div_si(arb_ptr res, arb_srcptr a, slong c, const jet_ctx_t ctx, slong prec)
{
    slong i;
    for (i = 0; i < ctx->len; i++)
        arb_div_si(res + i, a + i, c, prec);
}

void
jet_addmul_scalar(arb_ptr res, arb_srcptr a, const arb_t c, const jet_ctx_t ctx, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set(t, c);
    _arb_vec_scalar_addmul(res, a, ctx->len, t, prec);
    arb_clear(t);
}
