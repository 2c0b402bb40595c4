/*
 * jet_mat_mul.c -- R = A B; entry (i, j) is one jet_dot over the inner
 * dimension (row i of A at stride len, column j of B at stride c len).
 */
#include "jet_mat.h"

void
jet_mat_mul(jet_mat_t R, const jet_mat_t A, const jet_mat_t B, slong ord,
            const jet_ctx_t ctx, slong prec)
{
    slong i, j, len = ctx->len;

    if (A->c != B->r || R->r != A->r || R->c != B->c)
    {
        flint_printf("jet_mat_mul: incompatible dimensions\n");
        flint_abort();
    }
    for (i = 0; i < A->r; i++)
        for (j = 0; j < B->c; j++)
            jet_dot(JET_MAT_ENTRY(R, i, j, ctx),
                    JET_MAT_ENTRY(A, i, 0, ctx), len,
                    JET_MAT_ENTRY(B, 0, j, ctx), B->c * len,
                    A->c, ord, ctx, prec);
}
