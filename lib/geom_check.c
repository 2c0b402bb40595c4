/* geom_check.c -- certified positivity / rank checks on constant terms
   (see geom.h). */
#include "geom.h"

int
nh_check_spd(const arb_mat_t M, const char *what, nh_error_t err, slong prec)
{
    slong i, j, n = arb_mat_nrows(M);
    arb_mat_t L;
    int ok;

    if (arb_mat_ncols(M) != n)
        return nh_error_set(err, NH_ERR_MODEL, "%s is not square", what);
    if (n == 0)
        return NH_OK;

    /* Symmetric within balls: the exact matrix is symmetric, so each pair
       of balls must overlap (their intersection then contains it). */
    for (i = 0; i < n; i++)
        for (j = 0; j < i; j++)
            if (!arb_overlaps(arb_mat_entry(M, i, j), arb_mat_entry(M, j, i)))
                return nh_error_set(err, NH_ERR_MODEL,
                                    "%s is not symmetric (entries [%ld][%ld] and [%ld][%ld] differ)",
                                    what, (long) i, (long) j, (long) j, (long) i);

    /* arb_mat_cho reads the lower triangle and returns nonzero iff the
       symmetric matrix it defines is certainly positive definite; every
       symmetric matrix with entries in the balls of M is covered. */
    arb_mat_init(L, n, n);
    ok = arb_mat_cho(L, M, prec);
    arb_mat_clear(L);
    if (!ok)
        return nh_error_set(err, NH_ERR_MODEL, "%s is not positive definite", what);
    return NH_OK;
}

int
nh_check_full_row_rank(const arb_mat_t A, const char *what, nh_error_t err, slong prec)
{
    slong m = arb_mat_nrows(A), n = arb_mat_ncols(A);
    arb_mat_t At, AAt, L;
    int ok;

    if (m == 0)
        return NH_OK;
    if (m > n)
        return nh_error_set(err, NH_ERR_MODEL, "%s have rank < m (m = %ld > n = %ld)",
                            what, (long) m, (long) n);

    /* rank A = m  <=>  A A^T (Gram matrix of the rows) positive definite. */
    arb_mat_init(At, n, m);
    arb_mat_init(AAt, m, m);
    arb_mat_init(L, m, m);
    arb_mat_transpose(At, A);
    arb_mat_mul(AAt, A, At, prec);
    ok = arb_mat_cho(L, AAt, prec);
    arb_mat_clear(At);
    arb_mat_clear(AAt);
    arb_mat_clear(L);
    if (!ok)
        return nh_error_set(err, NH_ERR_MODEL, "%s have rank < m = %ld", what, (long) m);
    return NH_OK;
}
