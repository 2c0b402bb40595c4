/*
 * jet_mat_init.c -- memory, assignment, transpose, constant terms.
 */
#include "jet_mat.h"

void
jet_mat_init(jet_mat_t M, slong r, slong c, const jet_ctx_t ctx)
{
    M->r = r;
    M->c = c;
    M->entries = jet_vec_init(r * c, ctx);
}

void
jet_mat_clear(jet_mat_t M, const jet_ctx_t ctx)
{
    jet_vec_clear(M->entries, M->r * M->c, ctx);
}

void
jet_mat_zero(jet_mat_t M, const jet_ctx_t ctx)
{
    _arb_vec_zero(M->entries, M->r * M->c * ctx->len);
}

void
jet_mat_one(jet_mat_t M, const jet_ctx_t ctx)
{
    slong i;
    jet_mat_zero(M, ctx);
    for (i = 0; i < FLINT_MIN(M->r, M->c); i++)
        arb_one(JET_MAT_ENTRY(M, i, i, ctx));
}

void
jet_mat_set(jet_mat_t R, const jet_mat_t A, const jet_ctx_t ctx)
{
    if (R->entries != A->entries)
        _arb_vec_set(R->entries, A->entries, A->r * A->c * ctx->len);
}

void
jet_mat_transpose(jet_mat_t R, const jet_mat_t A, const jet_ctx_t ctx)
{
    slong i, j;
    for (i = 0; i < A->r; i++)
        for (j = 0; j < A->c; j++)
            jet_set(JET_MAT_ENTRY(R, j, i, ctx), JET_MAT_ENTRY(A, i, j, ctx), ctx);
}

void
jet_mat_get_const(arb_mat_t R, const jet_mat_t A, const jet_ctx_t ctx)
{
    slong i, j;
    for (i = 0; i < A->r; i++)
        for (j = 0; j < A->c; j++)
            arb_set(arb_mat_entry(R, i, j), JET_MAT_ENTRY(A, i, j, ctx));
}
