/* geom_check.c -- certified positivity / rank checks on constant terms
   (see geom.h).

   When the Arb test fails, the verdict is split: if the balls certify
   that the matrix is degenerate (all entries exact: decided in exact
   rational arithmetic; otherwise a diagonal entry or a leading principal
   minor certainly <= 0) the error is NH_ERR_MODEL; if they only fail to
   certify it (a ball meets the degenerate matrices, e.g. a metric
   sin(t)^2 at a rounded t = pi, or a point merely near a singularity)
   the error is NH_ERR_DOMAIN, which the command-line driver retries at a
   higher precision. */
#include <flint/fmpq_mat.h>
#include "geom.h"

/* Q = M if every entry of M is an exact ball of moderate exponent (so
   that the rational conversion stays small); returns 0 otherwise. */
static int
exact_fmpq_mat(fmpq_mat_t Q, const arb_mat_t M)
{
    slong i, j;
    for (i = 0; i < arb_mat_nrows(M); i++)
        for (j = 0; j < arb_mat_ncols(M); j++)
        {
            const arb_struct *x = arb_mat_entry(M, i, j);
            const arf_struct *a = arb_midref(x);
            if (!arb_is_exact(x) || !arf_is_finite(a))
                return 0;
            if (!arf_is_zero(a) && (arf_cmpabs_2exp_si(a, 65536) >= 0
                                    || arf_cmpabs_2exp_si(a, -65536) <= 0))
                return 0;
        }
    for (i = 0; i < arb_mat_nrows(M); i++)
        for (j = 0; j < arb_mat_ncols(M); j++)
            arf_get_fmpq(fmpq_mat_entry(Q, i, j), arb_midref(arb_mat_entry(M, i, j)));
    return 1;
}

/* Exact symmetric Q (n x n, destroyed): positive definite iff every pivot
   of Gaussian elimination without pivoting is > 0 (Sylvester). */
static int
fmpq_sym_is_pd(fmpq_mat_t Q)
{
    slong i, j, k, n = fmpq_mat_nrows(Q);
    fmpq_t t;
    int pd = 1;
    fmpq_init(t);
    for (k = 0; k < n && pd; k++)
    {
        if (fmpq_sgn(fmpq_mat_entry(Q, k, k)) <= 0)
        {
            pd = 0;
            break;
        }
        for (i = k + 1; i < n; i++)
        {
            fmpq_div(t, fmpq_mat_entry(Q, i, k), fmpq_mat_entry(Q, k, k));
            for (j = k + 1; j < n; j++)
                fmpq_submul(fmpq_mat_entry(Q, i, j), t, fmpq_mat_entry(Q, k, j));
        }
    }
    fmpq_clear(t);
    return pd;
}

/* The Arb Cholesky test failed on the symmetric ball matrix M: 1 if M
   certifiably is not positive definite, 0 if undecided. */
static int
spd_certainly_fails(const arb_mat_t M, slong prec)
{
    slong n = arb_mat_nrows(M), k;
    fmpq_mat_t Q;
    arb_mat_t W;
    arb_t d;
    int sure = 0;

    fmpq_mat_init(Q, n, n);
    if (exact_fmpq_mat(Q, M))
        sure = !fmpq_sym_is_pd(Q);
    fmpq_mat_clear(Q);
    if (sure)
        return 1;
    /* a leading principal minor certainly <= 0 excludes every matrix in
       the balls (each has that minor in the enclosure) */
    arb_init(d);
    for (k = 1; k <= n && !sure; k++)
    {
        arb_mat_window_init(W, M, 0, 0, k, k);
        arb_mat_det(d, W, prec);
        sure = arb_is_nonpositive(d);
        arb_mat_window_clear(W);
    }
    arb_clear(d);
    return sure;
}

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
    if (ok)
        return NH_OK;
    if (spd_certainly_fails(M, prec))
        return nh_error_set(err, NH_ERR_MODEL, "%s is not positive definite", what);
    return nh_error_set(err, NH_ERR_DOMAIN, "%s is not certified positive definite "
                        "(its balls meet singular matrices at %ld bits)", what, (long) prec);
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
    if (ok)
        return NH_OK;
    {
        /* exact A: decide the rank exactly; otherwise undecided (the Gram
           matrix is positive semidefinite, no ball certifies rank < m) */
        fmpq_mat_t Q, R;
        int sure;
        fmpq_mat_init(Q, m, n);
        fmpq_mat_init(R, m, n);
        sure = exact_fmpq_mat(Q, A) && fmpq_mat_rref(R, Q) < m;    /* rref returns the rank */
        fmpq_mat_clear(Q);
        fmpq_mat_clear(R);
        if (sure)
            return nh_error_set(err, NH_ERR_MODEL, "%s have rank < m = %ld", what, (long) m);
    }
    return nh_error_set(err, NH_ERR_DOMAIN, "%s have rank < m = %ld or are too close to it "
                        "to certify at %ld bits", what, (long) m, (long) prec);
}
