/*
 * jet_init.c -- memory of jets and jet vectors.
 */
#include "impl.h"

arb_ptr
jet_init(const jet_ctx_t ctx)
{
    return _arb_vec_init(ctx->len);
}

void
jet_clear(arb_ptr a, const jet_ctx_t ctx)
{
    _arb_vec_clear(a, ctx->len);
}

arb_ptr
jet_vec_init(slong count, const jet_ctx_t ctx)
{
    return _arb_vec_init(count * ctx->len);
}

void
jet_vec_clear(arb_ptr v, slong count, const jet_ctx_t ctx)
{
    _arb_vec_clear(v, count * ctx->len);
}
