/* geom_cov.c -- pointwise covariant derivatives at the base point q0
   (paper 000 Remark 3, eqs (4), (6), (31), (32)). */
#include "geom.h"

/* Coefficient of x_k in a jet = d a / d x_k at 0 (Taylor coefficients). */
static arb_srcptr
geom_dcoef(arb_srcptr a, slong k, const jet_ctx_t ctx)
{
    return a + jet_ctx_var_index(ctx, k);
}

void
nh_geom_gamma_matrix(arb_mat_t res, const nh_geom_t g, arb_srcptr X,
                     const jet_ctx_t ctx, slong prec)
{
    slong n = g->n, i, j, k;

    if (g->ord < 1)
    {
        arb_mat_indeterminate(res);
        return;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
        {
            arb_ptr r = arb_mat_entry(res, i, j);
            arb_zero(r);
            for (k = 0; k < n; k++)
                arb_addmul(r, jet_const(NH_GAMMA(g, i, k, j, ctx)), X + k, prec);
        }
}

void
nh_geom_cov_tensor(arb_mat_t res, const nh_geom_t g, const jet_mat_t T,
                   arb_srcptr X, const jet_ctx_t ctx, slong prec)
{
    slong n = g->n, i, j, k;
    arb_mat_t Gm, T0, L, R;

    if (g->ord < 1)
    {
        arb_mat_indeterminate(res);
        return;
    }
    arb_mat_init(Gm, n, n);
    arb_mat_init(T0, n, n);
    arb_mat_init(L, n, n);
    arb_mat_init(R, n, n);

    nh_geom_gamma_matrix(Gm, g, X, ctx, prec);
    jet_mat_get_const(T0, T, ctx);
    arb_mat_mul(L, Gm, T0, prec);           /* Gamma(X) T */
    arb_mat_mul(R, T0, Gm, prec);           /* T Gamma(X) */
    arb_mat_sub(res, L, R, prec);

    /* + sum_k dT/dq^k X^k */
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
                arb_addmul(arb_mat_entry(res, i, j),
                           geom_dcoef(JET_MAT_ENTRY(T, i, j, ctx), k, ctx), X + k, prec);

    arb_mat_clear(Gm);
    arb_mat_clear(T0);
    arb_mat_clear(L);
    arb_mat_clear(R);
}

void
nh_geom_cov_vector(arb_ptr res, const nh_geom_t g, arb_srcptr Y,
                   arb_srcptr X, const jet_ctx_t ctx, slong prec)
{
    slong n = g->n, len = ctx->len, i, j, k;
    arb_mat_t Gm;
    arb_ptr t;

    if (g->ord < 1)
    {
        for (i = 0; i < n; i++)
            arb_indeterminate(res + i);
        return;
    }
    arb_mat_init(Gm, n, n);
    t = _arb_vec_init(n);
    nh_geom_gamma_matrix(Gm, g, X, ctx, prec);
    for (i = 0; i < n; i++)
    {
        /* [dY/dq] X + [Gamma(X)] Y, into t so that res may alias X */
        for (k = 0; k < n; k++)
            arb_addmul(t + i, geom_dcoef(Y + i * len, k, ctx), X + k, prec);
        for (j = 0; j < n; j++)
            arb_addmul(t + i, arb_mat_entry(Gm, i, j), jet_const(Y + j * len), prec);
    }
    _arb_vec_set(res, t, n);
    _arb_vec_clear(t, n);
    arb_mat_clear(Gm);
}
