/*
 * taylor_jacobian.c -- the Jacobian of the degree-p Taylor map of one
 * step over the whole set X (mean-value form of Lohner's method): the
 * solution jets in the context (s | y_1..y_N), caps (p | 1), started at
 * X + y, carry the variational equation's solution in their y-linear
 * part (derivatives by jets, no differences).
 *   J_ij = sum_{k=0}^{p} [s^k y_j] x_i  h^k.
 */
#include "impl.h"

int
_nh_taylor_jacobian(nh_taylor_ws_t w, const arb_t t, const arb_t h, nh_error_t err)
{
    slong N = w->N, p = w->p, i, j, k, len = w->V->len;
    arb_ptr xi;
    arb_t s;
    int rc;

    for (i = 0; i < N; i++)
        jet_set_var(JET_ENTRY(w->vx, i, w->V), w->X + i, 1 + i, w->V);
    rc = nh_taylor_series(w->vx, w->vw, N, w->rhs, w->data, t, w->V, w->prec, err);
    if (rc != NH_OK)
        return rc;
    w->have_var = 1;
    arb_init(s);
    for (i = 0; i < N; i++)
    {
        xi = w->vx + i * len;
        for (j = 0; j < N; j++)
        {
            /* Horner in h */
            arb_set(s, xi + w->vidx[p * N + j]);
            for (k = p - 1; k >= 0; k--)
            {
                arb_mul(s, s, h, w->prec);
                arb_add(s, s, xi + w->vidx[k * N + j], w->prec);
            }
            arb_set(arb_mat_entry(w->J, i, j), s);
        }
    }
    arb_clear(s);
    return NH_OK;
}
