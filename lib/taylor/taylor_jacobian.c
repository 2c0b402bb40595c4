/*
 * taylor_jacobian.c -- the Jacobian of the degree-p Taylor map of one
 * step over the whole set X (mean-value form of Lohner's method): the
 * variational coefficients Phi_k = d c_k / d x along the solution series
 * through the hull X (taylor_variational.c: derivatives by jets, no
 * finite differences), and
 *   J = sum_{k=0}^{m} Phi_k h^k
 * with m = w->pvar <= p; the degrees m + 1..p of the Taylor map enter
 * the step as the ball sum_{k>m} (c_k(X) - c_k(x_hat)) h^k
 * (taylor_step.c), which holds T_{>m}(x0) - T_{>m}(x_hat) for every x0
 * in X (c_k(X) encloses c_k(x0)).
 */
#include "impl.h"

int
_nh_taylor_hull_series(nh_taylor_ws_t w, const arb_t t, nh_error_t err)
{
    int rc = _nh_taylor_hull_series_verified(w, t, err);

    if (rc == 1)
        return NH_OK;
    if (rc < 0)
        return -rc;
    rc = _nh_taylor_point_series(w, w->X, t, err);
    if (rc == NH_OK)
        _arb_vec_set(w->uX, w->ux, w->N * w->U->len);
    return rc;
}

int
_nh_taylor_jacobian(nh_taylor_ws_t w, const arb_t t, const arb_t h, nh_error_t err)
{
    slong k;
    int rc;

    rc = _nh_taylor_variational(w, w->uX, t, err);
    if (rc != NH_OK)
        return rc;
    /* Horner in h */
    arb_mat_set(w->J, w->Phi + w->pvar);
    for (k = w->pvar - 1; k >= 0; k--)
    {
        arb_mat_scalar_mul_arb(w->J, w->J, h, w->prec);
        arb_mat_add(w->J, w->J, w->Phi + k, w->prec);
    }
    return NH_OK;
}
