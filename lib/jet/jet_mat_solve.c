/*
 * jet_mat_solve.c -- X = A^{-1} B over the jet ring by Gaussian
 * elimination with partial pivoting on constant terms, then back
 * substitution.  Work on copies T = A, W = B (so X may alias B).
 *
 * When some constant term of A is a wide ball (radius above 2^-20 times
 * the largest constant term: the right-hand side over a time ball,
 * lib/taylor's remainder check), the system is solved a second time preconditioned by
 * C = mid(mid(A(0))^-1) (C A X = C B, Hansen's midpoint-inverse
 * preconditioning) and the two enclosures are intersected (when the plain
 * elimination succeeds; its status is returned): each contains the exact
 * solution, and which is narrower depends on the model (the
 * elimination's pivots are analytic with zeros of their own, whose ball
 * coefficients decay geometrically; preconditioning moves those zeros:
 * measured in doc/bench.md).
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

#define TE(i, j) JET_MAT_ENTRY(T, i, j, ctx)
#define WE(i, j) JET_MAT_ENTRY(W, i, j, ctx)

/* Gaussian elimination of T X = W in place; on success W holds X (its
   coefficients above ord zero). */
static int
eliminate(jet_mat_t T, jet_mat_t W, slong ord, const jet_ctx_t ctx, slong prec)
{
    slong n = T->r, m = W->c, len = ctx->len, L = jet_ctx_len(ctx, ord), i, j, l, p;
    arb_ptr piv, tmp;
    arf_t lb, best;
    int ret = NH_OK;

    piv = jet_init(ctx);
    tmp = jet_init(ctx);
    arf_init(lb);
    arf_init(best);
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
cleanup:
    arf_clear(lb);
    arf_clear(best);
    jet_clear(piv, ctx);
    jet_clear(tmp, ctx);
    return ret;
}

/* Whether some constant term of A has a radius above 2^-20 times the
   largest constant term's magnitude (entries near zero with rounding
   radii do not count). */
static int
wide_constant(const jet_mat_t A, const jet_ctx_t ctx)
{
    slong i, len = ctx->len;
    mag_t m, r, a;
    int wide;

    mag_init(m); mag_init(r); mag_init(a);
    for (i = 0; i < A->r * A->c; i++)
    {
        arb_get_mag(a, A->entries + i * len);
        mag_max(m, m, a);
        mag_max(r, r, arb_radref(A->entries + i * len));
    }
    mag_mul_2exp_si(m, m, -20);
    wide = mag_cmp(r, m) > 0;
    mag_clear(m); mag_clear(r); mag_clear(a);
    return wide;
}

/* T = C A, W = C B on the first L coefficients, C = mid(mid(A(0))^-1);
   returns 0 (T, W untouched) if mid(A(0)) is not certified invertible. */
static int
precondition(jet_mat_t T, jet_mat_t W, const jet_mat_t A, const jet_mat_t B, slong L,
             const jet_ctx_t ctx, slong prec)
{
    slong n = A->r, m = B->c, i, j, l, k;
    arb_mat_t C;
    arb_ptr col;
    int ok;

    arb_mat_init(C, n, n);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            arb_get_mid_arb(arb_mat_entry(C, i, j), JET_MAT_ENTRY(A, i, j, ctx));
    ok = arb_mat_inv(C, C, prec);
    if (ok)
    {
        col = _arb_vec_init(n);
        for (i = 0; i < n * n; i++)
            arb_get_mid_arb(C->entries + i, C->entries + i);
        for (j = 0; j < n + m; j++)
            for (k = 0; k < L; k++)
            {
                for (l = 0; l < n; l++)
                    arb_set(col + l, (j < n ? JET_MAT_ENTRY(A, l, j, ctx)
                                            : JET_MAT_ENTRY(B, l, j - n, ctx)) + k);
                for (i = 0; i < n; i++)
                    arb_dot((j < n ? TE(i, j) : WE(i, j - n)) + k, NULL, 0,
                            arb_mat_entry(C, i, 0), 1, col, 1, n, prec);
            }
        _arb_vec_clear(col, n);
    }
    arb_mat_clear(C);
    return ok;
}

int
jet_mat_solve(jet_mat_t X, const jet_mat_t A, const jet_mat_t B, slong ord,
              const jet_ctx_t ctx, slong prec)
{
    slong n = A->r, m = B->c, len = ctx->len, L = jet_ctx_len(ctx, ord), i;
    jet_mat_t T, W, T2, W2;
    int ret, ret2 = NH_ERR_DOMAIN, wide;

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
    wide = wide_constant(A, ctx);
    if (wide)
    {
        jet_mat_init(T2, n, n, ctx);
        jet_mat_init(W2, n, m, ctx);
        if (precondition(T2, W2, A, B, L, ctx, prec))
            ret2 = eliminate(T2, W2, ord, ctx, prec);
    }
    ret = eliminate(T, W, ord, ctx, prec);
    /* only a narrowing: the status is the plain elimination's (callers
       retry at a higher precision on NH_ERR_DOMAIN, and the plain result
       there is the narrower one) */
    if (wide && ret == NH_OK && ret2 == NH_OK)
        for (i = 0; i < n * m * len; i++)
            if (arb_overlaps(W->entries + i, W2->entries + i))   /* both hold X */
                arb_intersection(W->entries + i, W->entries + i, W2->entries + i, prec);
    /* W's coefficients above ord are zero (each row was scaled by
       jet_mul at ord): swap instead of copying */
    if (ret == NH_OK)
        _arb_vec_swap(X->entries, W->entries, n * m * len);
    if (wide)
    {
        jet_mat_clear(T2, ctx);
        jet_mat_clear(W2, ctx);
    }
    jet_mat_clear(T, ctx);
    jet_mat_clear(W, ctx);
    return ret;
}

#undef TE
#undef WE

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
