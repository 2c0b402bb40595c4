/*
 * taylor_variational.c -- the Taylor coefficients Phi_0..Phi_p of the
 * solution of the variational equation along a solution series, by one
 * evaluation of the right-hand side and a matrix recurrence (the C^1
 * Taylor method: Moore 1966, "Interval Analysis", ch. 11; the "C^1
 * Lohner" algorithm of CAPD, Zgliczynski 2002, "C^1 Lohner algorithm",
 * Found. Comput. Math. 2, eq. (13)-(14)).
 *
 * With x(s) the solution series through x(0) (exact to degree p - 1),
 * A(s) = D_x f(t0 + s, x(s)) = sum_k A_k s^k is read off one evaluation
 * of f at x(s) + y in the context (s | y_1..y_N), caps (p | 1): the
 * coefficient of s^k y_j in f_i is (A_k)_ij, exact for k <= p - 1 at
 * total degree ord = p.  Phi' = A Phi, Phi(0) = I then gives
 *   Phi_0 = I,  Phi_{k+1} = (1 / (k + 1)) sum_{i=0}^{k} A_i Phi_{k-i}.
 * Phi_k = d c_k / d x(0) (c_k the solution's coefficients), so with the
 * series at a set X every ball encloses Phi_k(x0) for all x0 in X.
 * Cost: one field evaluation in V instead of the p of the Picard form
 * (nh_taylor_series on V), plus p^2 / 2 products of N x N ball matrices.
 */
#include "impl.h"

int
_nh_taylor_variational(nh_taylor_ws_t w, arb_srcptr xu, const arb_t t0, nh_error_t err)
{
    slong N = w->N, p = w->pvar, prec = w->prec, i, j, k, ulen = w->U->len, vlen = w->V->len;
    arb_mat_struct *Phi = w->Phi, *A = w->A;
    arb_ptr vx = w->vx, vf = w->vw;
    arb_mat_t T;
    int rc;

    for (i = 0; i < N; i++)
    {
        arb_ptr xi = vx + i * vlen;
        jet_zero(xi, w->V);
        for (k = 0; k < p; k++)
            arb_set(xi + w->sidx[k], xu + i * ulen + k);
        arb_one(xi + w->vidx[i]);
    }
    rc = w->rhs(vf, vx, t0, p, w->V, w->data, prec, err);
    if (rc != NH_OK)
        return rc;
    for (k = 0; k < p; k++)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                arb_set(arb_mat_entry(A + k, i, j), vf + i * vlen + w->vidx[k * N + j]);
    arb_mat_init(T, N, N);
    arb_mat_one(Phi + 0);
    for (k = 0; k < p; k++)
    {
        arb_mat_mul(Phi + k + 1, A + 0, Phi + k, prec);
        for (i = 1; i <= k; i++)
        {
            arb_mat_mul(T, A + i, Phi + k - i, prec);
            arb_mat_add(Phi + k + 1, Phi + k + 1, T, prec);
        }
        arb_mat_scalar_div_si(Phi + k + 1, Phi + k + 1, k + 1, prec);
    }
    arb_mat_clear(T);
    w->have_var = 1;
    w->phi_ord = p;
    return NH_OK;
}

int
nh_taylor_variational(arb_ptr Phi, arb_ptr x, slong N, slong p, nh_taylor_rhs_fn rhs,
                      void *data, arb_srcptr x0, const arb_t t0, slong prec, nh_error_t err)
{
    nh_taylor_ws_t w;
    slong k, i, len;
    int rc;

    _nh_taylor_ws_init(w, N, p, rhs, data, prec);
    len = w->U->len;
    rc = _nh_taylor_point_series(w, x0, t0, err);
    if (rc == NH_OK)
        rc = _nh_taylor_variational(w, w->ux, t0, err);
    if (rc == NH_OK)
    {
        for (i = 0; i < N; i++)
            for (k = 0; k <= p; k++)
                arb_set(x + i * (p + 1) + k, w->ux + i * len + k);
        for (k = 0; k <= p; k++)
            for (i = 0; i < N * N; i++)
                arb_set(Phi + k * N * N + i, arb_mat_entry(w->Phi + k, i / N, i % N));
    }
    _nh_taylor_ws_clear(w);
    return rc;
}
