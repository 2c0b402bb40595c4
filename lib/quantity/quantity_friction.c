/*
 * quantity_friction.c -- the quantities of the friction realization of
 * time-dependent, affine constraints (issue 19,
 * proofs/020-affine-friction.md): at a nonholonomic point (q, t, qdot),
 * qdot satisfying A(q,t) qdot + b(q,t) = 0, with vD = P(q,t) qdot (so
 * that qdot = vD + v_p):
 *   friction_h       h^(1..order) (nh_series_time_t), order x n;
 *   friction_acc0    the order-0 acceleration [t^1 eps^0] v of the
 *                    series (proofs/020 (A6)), n;
 *   friction_lambda  -mu_bar A h^(1) (proofs/020 (A7)), m.
 */
#include "impl.h"

/* -mu_bar A h1 at (q, t) (m balls) */
static int
friction_lambda(arb_ptr out, const nh_model_struct *M, arb_srcptr qb, const arb_t t,
                arb_srcptr h1, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i, j;
    arb_mat_t A, mu, x, y;
    int r;

    arb_mat_init(A, m, n);
    arb_mat_init(mu, m, m);
    arb_mat_init(x, n, 1);
    arb_mat_init(y, m, 1);
    r = nh_geom_values_at(NULL, A, NULL, mu, M, qb, t, prec, err);
    if (r == NH_OK)
    {
        for (i = 0; i < n; i++)
            arb_set(arb_mat_entry(x, i, 0), h1 + i);
        arb_mat_mul(y, A, x, prec);          /* A h1 */
        for (i = 0; i < m; i++)
        {
            arb_zero(out + i);
            for (j = 0; j < m; j++)
                arb_submul(out + i, arb_mat_entry(mu, i, j), arb_mat_entry(y, j, 0), prec);
        }
    }
    arb_mat_clear(A);
    arb_mat_clear(mu);
    arb_mat_clear(x);
    arb_mat_clear(y);
    return r;
}

int
_nh_quantity_eval_friction(arb_ptr out, int kind, const nh_model_struct *M, arb_srcptr qb,
                           const arb_t t, arb_srcptr vel, const nh_quantity_params *par,
                           slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), K = par->order > 0 ? par->order : 3;
    arb_ptr vD, h, a0;
    int r;

    if (kind != NH_Q_FRICTION_H && K < 2)
        K = 2;
    vD = _arb_vec_init(n);
    a0 = _arb_vec_init(n);
    h = _arb_vec_init(K * n);
    r = nh_project_D_t(vD, NULL, M, qb, t, vel, prec, err);
    if (r == NH_OK)
        r = nh_series_time_t(h, NULL, K >= 2 ? a0 : NULL, M, qb, t, vD, K, prec, err);
    if (r == NH_OK)
    {
        if (kind == NH_Q_FRICTION_H)
            _arb_vec_set(out, h, K * n);
        else if (kind == NH_Q_FRICTION_ACC0)
            _arb_vec_set(out, a0, n);
        else
            r = friction_lambda(out, M, qb, t, h, prec, err);
    }
    _arb_vec_clear(vD, n);
    _arb_vec_clear(a0, n);
    _arb_vec_clear(h, K * n);
    return r;
}
