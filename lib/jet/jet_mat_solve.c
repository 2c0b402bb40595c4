/*
 * jet_mat_solve.c -- X = A^{-1} B over the jet ring by Gaussian
 * elimination with partial pivoting on constant terms, then back
 * substitution.  Work on copies T = A, W = B (so X may alias B).
 *
 * Column j: the pivot is the row p >= j whose T[p][j](0) has the largest
 * certified lower bound of |.|; if that bound is 0 (the ball contains 0)
 * return NH_ERR_DOMAIN.  Row j is scaled by 1/T[j][j] (jet_inv), rows
 * below are eliminated with jet_submul (T[i][j] itself serving as the
 * multiplier).  Only the coefficients of degree <= ord are copied in, and
 * the result is swapped out, not copied (issue 14: full-length copies and
 * clears were 20 % of the certified field).  Back substitution: W[i] -= sum_{l
 * > i} T[i][l] W[l] with one jet_dot per entry.
 */
#include "jet_mat.h"

int
jet_mat_solve(jet_mat_t X, const jet_mat_t A, const jet_mat_t B, slong ord,
              const jet_ctx_t ctx, slong prec)
{
    slong n = A->r, m = B->c, len = ctx->len, L = jet_ctx_len(ctx, ord), i, j, l, p;
    jet_mat_t T, W;
    arb_ptr piv, tmp;
    arf_t lb, best;
    int ret = NH_OK;

    if (A->c != n || B->r != n || X->r != n || X->c != m)
    {
        flint_printf("jet_mat_solve: incompatible dimensions\n");
        flint_abort();
    }

    jet_mat_init(T, n, n, ctx);
    jet_mat_init(W, n, m, ctx);
    /* only the coefficients of degree <= ord matter (T, W start zero) */
    for (i = 0; i < n * n; i++)
        _arb_vec_set(T->entries + i * len, A->entries + i * len, L);
    for (i = 0; i < n * m; i++)
        _arb_vec_set(W->entries + i * len, B->entries + i * len, L);
    piv = jet_init(ctx);
    tmp = jet_init(ctx);
    arf_init(lb);
    arf_init(best);

#define TE(i, j) JET_MAT_ENTRY(T, i, j, ctx)
#define WE(i, j) JET_MAT_ENTRY(W, i, j, ctx)

    for (j = 0; j < n; j++)
    {
        /* pivot search */
        p = -1;
        arf_zero(best);
        for (i = j; i < n; i++)
        {
            arb_get_abs_lbound_arf(lb, TE(i, j), prec);
            if (arf_sgn(lb) > 0 && (p < 0 || arf_cmp(lb, best) > 0))
            {
                p = i;
                arf_set(best, lb);
            }
        }
        if (p < 0)
        {
            ret = NH_ERR_DOMAIN;
            goto cleanup;
        }
        if (p != j)
        {
            _arb_vec_swap(TE(p, 0), TE(j, 0), n * len);
            _arb_vec_swap(WE(p, 0), WE(j, 0), m * len);
        }

        /* normalise row j */
        if (jet_inv(piv, TE(j, j), ord, ctx, prec) != NH_OK)
        {
            ret = NH_ERR_DOMAIN;
            goto cleanup;
        }
        /* T[j][j] (= 1 now) and T[i][j], i > j (= 0 after the
           elimination) are never read again: left as they are */
        for (l = j + 1; l < n; l++)
            jet_mul(TE(j, l), TE(j, l), piv, ord, ctx, prec);
        for (l = 0; l < m; l++)
            jet_mul(WE(j, l), WE(j, l), piv, ord, ctx, prec);

        /* eliminate below */
        for (i = j + 1; i < n; i++)
        {
            for (l = j + 1; l < n; l++)
                jet_submul(TE(i, l), TE(i, j), TE(j, l), ord, ctx, prec);
            for (l = 0; l < m; l++)
                jet_submul(WE(i, l), TE(i, j), WE(j, l), ord, ctx, prec);
        }
    }

    /* back substitution: rows of T are unit upper triangular */
    for (i = n - 2; i >= 0; i--)
        for (l = 0; l < m; l++)
        {
            jet_dot(tmp, TE(i, i + 1), len, WE(i + 1, l), m * len,
                    n - 1 - i, ord, ctx, prec);
            _arb_vec_sub(WE(i, l), WE(i, l), tmp, L, prec);
        }

    /* W's coefficients above ord are zero (each row was scaled by
       jet_mul at ord): swap instead of copying */
    _arb_vec_swap(X->entries, W->entries, n * m * len);

#undef TE
#undef WE

cleanup:
    arf_clear(lb);
    arf_clear(best);
    jet_clear(piv, ctx);
    jet_clear(tmp, ctx);
    jet_mat_clear(T, ctx);
    jet_mat_clear(W, ctx);
    return ret;
}

int
jet_mat_inv(jet_mat_t X, const jet_mat_t A, slong ord, const jet_ctx_t ctx,
            slong prec)
{
    jet_mat_t I;
    int r;
    jet_mat_init(I, A->r, A->r, ctx);
    jet_mat_one(I, ctx);
    r = jet_mat_solve(X, A, I, ord, ctx, prec);
    jet_mat_clear(I, ctx);
    return r;
}
