/*
 * jet_mat_add.c -- entrywise operations.
 */
#include "jet_mat.h"

void
jet_mat_add(jet_mat_t R, const jet_mat_t A, const jet_mat_t B,
            const jet_ctx_t ctx, slong prec)
{
    _arb_vec_add(R->entries, A->entries, B->entries, A->r * A->c * ctx->len, prec);
}

void
jet_mat_sub(jet_mat_t R, const jet_mat_t A, const jet_mat_t B,
            const jet_ctx_t ctx, slong prec)
{
    _arb_vec_sub(R->entries, A->entries, B->entries, A->r * A->c * ctx->len, prec);
}

void
jet_mat_neg(jet_mat_t R, const jet_mat_t A, const jet_ctx_t ctx)
{
    _arb_vec_neg(R->entries, A->entries, A->r * A->c * ctx->len);
}

void
jet_mat_scalar_mul_jet(jet_mat_t R, const jet_mat_t A, arb_srcptr s,
                       slong ord, const jet_ctx_t ctx, slong prec)
{
    slong k;
    arb_ptr t = jet_init(ctx);
    jet_set(t, s, ctx);         /* s may be an entry of R */
    for (k = 0; k < A->r * A->c; k++)
        jet_mul(R->entries + k * ctx->len, A->entries + k * ctx->len, t,
                ord, ctx, prec);
    jet_clear(t, ctx);
}

void
jet_mat_derivative(jet_mat_t R, const jet_mat_t A, slong i,
                   const jet_ctx_t ctx, slong prec)
{
    slong k;
    for (k = 0; k < A->r * A->c; k++)
        jet_derivative(R->entries + k * ctx->len, A->entries + k * ctx->len,
                       i, ctx, prec);
}
