/*
 * taylor_lohner.c -- wrapping-effect control by Lohner's QR method
 * (R. Lohner 1987, thesis, Karlsruhe; Nedialkov & Jackson, VNODE-LP; the
 * C0 Lohner algorithm of CAPD).  The set is x_hat + B r.  With
 * A = J B (J the step Jacobian over the set) and u = T(x_hat) + R:
 *   x_hat' = mid(u),
 *   B'     = Q of a QR factorisation of mid(A) whose columns are first
 *            sorted by decreasing |A_j| (|mid r_j| + rad r_j),
 *   r'     = (B'^{-1} A) r + B'^{-1} (u - x_hat'),
 * B'^{-1} enclosed by arb_mat_inv (B' is only nearly orthogonal; its
 * entries are exact).  If the factorisation degenerates B' = I.
 */
#include <math.h>
#include "impl.h"

/* Q (exact entries) by modified Gram-Schmidt on the columns of Am taken
   in the order perm; returns 0 if a column is (numerically) dependent. */
static int
mgs(arb_mat_t Q, const arb_mat_t Am, const slong *perm, slong N, slong prec)
{
    slong i, j, c;
    arb_t d, nrm;
    int ok = 1;

    arb_init(d);
    arb_init(nrm);
    for (c = 0; c < N && ok; c++)
    {
        for (i = 0; i < N; i++)
            arf_set(arb_midref(arb_mat_entry(Q, i, c)),
                    arb_midref(arb_mat_entry(Am, i, perm[c])));
        for (j = 0; j < c; j++)
        {
            arb_zero(d);
            for (i = 0; i < N; i++)
                arb_addmul(d, arb_mat_entry(Q, i, j), arb_mat_entry(Q, i, c), prec);
            for (i = 0; i < N; i++)
                arb_submul(arb_mat_entry(Q, i, c), d, arb_mat_entry(Q, i, j), prec);
        }
        arb_zero(nrm);
        for (i = 0; i < N; i++)
            arb_addmul(nrm, arb_mat_entry(Q, i, c), arb_mat_entry(Q, i, c), prec);
        arb_sqrt(nrm, nrm, prec);
        ok = arb_is_positive(nrm);
        for (i = 0; i < N && ok; i++)
        {
            arb_div(arb_mat_entry(Q, i, c), arb_mat_entry(Q, i, c), nrm, prec);
            mag_zero(arb_radref(arb_mat_entry(Q, i, c)));
        }
    }
    arb_clear(d);
    arb_clear(nrm);
    return ok;
}

/* Column order: decreasing |A_j|_2 (|mid r_j| + rad r_j). */
static void
order_columns(slong *perm, const arb_mat_t A, arb_srcptr r, slong N)
{
    double *key = flint_malloc(N * sizeof(double)), s, a, kt;
    slong i, j, pt;

    for (j = 0; j < N; j++)
    {
        s = 0.0;
        for (i = 0; i < N; i++)
        {
            a = arf_get_d(arb_midref(arb_mat_entry(A, i, j)), ARF_RND_NEAR);
            s += a * a;
        }
        key[j] = sqrt(s) * (fabs(arf_get_d(arb_midref(r + j), ARF_RND_NEAR))
                            + mag_get_d(arb_radref(r + j)));
        perm[j] = j;
    }
    for (i = 1; i < N; i++)           /* insertion sort, N is small */
        for (j = i; j > 0 && key[j - 1] < key[j]; j--)
        {
            kt = key[j]; key[j] = key[j - 1]; key[j - 1] = kt;
            pt = perm[j]; perm[j] = perm[j - 1]; perm[j - 1] = pt;
        }
    flint_free(key);
}

void
_nh_taylor_lohner(nh_taylor_ws_t w)
{
    slong N = w->N, prec = w->lprec, i;
    arb_mat_t A, Q, Qi, C, rv, dv, tmp;
    slong *perm = flint_malloc(N * sizeof(slong));

    arb_mat_init(A, N, N);
    arb_mat_init(Q, N, N);
    arb_mat_init(Qi, N, N);
    arb_mat_init(C, N, N);
    arb_mat_init(rv, N, 1);
    arb_mat_init(dv, N, 1);
    arb_mat_init(tmp, N, 1);
    arb_mat_mul(A, w->J, w->B, prec);
    order_columns(perm, A, w->r, N);
    if (!mgs(Q, A, perm, N, prec) || !arb_mat_inv(Qi, Q, prec))
    {
        arb_mat_one(Q);
        arb_mat_one(Qi);
    }
    for (i = 0; i < N; i++)
    {
        arb_set(arb_mat_entry(rv, i, 0), w->r + i);
        arb_get_mid_arb(w->xh + i, w->u + i);
        arb_sub(arb_mat_entry(dv, i, 0), w->u + i, w->xh + i, prec);
    }
    arb_mat_mul(C, Qi, A, prec);
    arb_mat_mul(tmp, C, rv, prec);
    arb_mat_mul(rv, Qi, dv, prec);
    for (i = 0; i < N; i++)
        arb_add(w->r + i, arb_mat_entry(tmp, i, 0), arb_mat_entry(rv, i, 0), prec);
    arb_mat_set(w->B, Q);
    arb_mat_clear(A);
    arb_mat_clear(Q);
    arb_mat_clear(Qi);
    arb_mat_clear(C);
    arb_mat_clear(rv);
    arb_mat_clear(dv);
    arb_mat_clear(tmp);
    flint_free(perm);
}

void
_nh_taylor_hull(nh_taylor_ws_t w)
{
    slong N = w->N, i, j;

    for (i = 0; i < N; i++)
    {
        arb_set(w->X + i, w->xh + i);
        for (j = 0; j < N; j++)
            arb_addmul(w->X + i, arb_mat_entry(w->B, i, j), w->r + j, w->lprec);
    }
}
