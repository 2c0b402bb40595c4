/*
 * bundle_cov.c -- vertical Jacobian and horizontal covariant derivative
 * of a nonlinear tangent bundle map at a point (paper 000 Prop 2,
 * eqs (29), (30), (33)); h^(1) as a bundle map (eq (67)).  See bundle.h.
 */
#include "bundle.h"

/* y = A x (A n x n arb_mat; y must not alias x) */
static void
bundle_matvec(arb_ptr y, const arb_mat_t A, arb_srcptr x, slong prec)
{
    slong i, n = arb_mat_nrows(A);
    for (i = 0; i < n; i++)
        arb_dot(y + i, NULL, 0, arb_mat_entry(A, i, 0), 1, x, 1, arb_mat_ncols(A), prec);
}

void
nh_bundle_vertical_jacobian(arb_mat_t DVh, arb_srcptr h, slong n, const jet_ctx_t ctx)
{
    slong i, l;
    for (i = 0; i < n; i++)
        for (l = 0; l < n; l++)
        {
            slong v = jet_ctx_var_index(ctx, n + l);
            if (v < 0)
                arb_zero(arb_mat_entry(DVh, i, l));
            else
                arb_set(arb_mat_entry(DVh, i, l), h + i * ctx->len + v);
        }
}

void
nh_bundle_cov_horizontal(arb_ptr res, arb_srcptr h, arb_srcptr w0, arb_srcptr X,
                         const nh_geom_t g, const jet_ctx_t gctx,
                         const jet_ctx_t ctx, slong prec)
{
    slong n = g->n, i, k, l;
    arb_mat_t GX, DVh;
    arb_ptr h0, GXw, t;

    arb_mat_init(GX, n, n);
    arb_mat_init(DVh, n, n);
    h0 = _arb_vec_init(n);
    GXw = _arb_vec_init(n);
    t = _arb_vec_init(n);

    /* [Gamma(q0, X)]^i_j = Gamma^i_{kj} X^k  (Remark 3) */
    nh_geom_gamma_matrix(GX, g, X, gctx, prec);
    nh_bundle_vertical_jacobian(DVh, h, n, ctx);
    for (i = 0; i < n; i++)
        arb_set(h0 + i, h + i * ctx->len);
    /* GXw = [Gamma(q0, X)] w0 = Gamma^l_{kj} X^k w0^j, which equals
       Gamma^l_{ki} w0^k X^i of (30) by the symmetry of (5) */
    bundle_matvec(GXw, GX, w0, prec);

    for (i = 0; i < n; i++)
    {
        /* dh^i/dq^k X^k */
        arb_zero(res + i);
        for (k = 0; k < n; k++)
        {
            slong v = jet_ctx_var_index(ctx, k);
            if (v >= 0)
                arb_addmul(res + i, h + i * ctx->len + v, X + k, prec);
        }
    }
    /* + [Gamma(q0, X)] h(q0, w0) - [D^V h] [Gamma(q0, X)] w0   (33) */
    bundle_matvec(t, GX, h0, prec);
    _arb_vec_add(res, res, t, n, prec);
    for (i = 0; i < n; i++)
        for (l = 0; l < n; l++)
            arb_submul(res + i, arb_mat_entry(DVh, i, l), GXw + l, prec);

    arb_mat_clear(GX);
    arb_mat_clear(DVh);
    _arb_vec_clear(h0, n);
    _arb_vec_clear(GXw, n);
    _arb_vec_clear(t, n);
}

void
nh_bundle_h1(arb_ptr h1, const nh_geom_t g, arb_srcptr w0, slong ord,
             const jet_ctx_t ctx, slong prec)
{
    slong n = g->n, len = ctx->len, i, j, k, p;
    arb_ptr w, T, N, r;

    /* w = w0 + dw */
    w = jet_vec_init(n, ctx);
    for (i = 0; i < n; i++)
        jet_set_var(JET_ENTRY(w, i, ctx), w0 + i, n + i, ctx);
    T = jet_vec_init(n, ctx);
    N = jet_init(ctx);
    r = jet_init(ctx);

    /* T_i = sum_{k,j} w^k (nabla_{e_k} P_perp)_ij w^j - (P_perp grad V)_i,
       (nabla_{e_k} P_perp)_ij = d_k P_perp_ij + Gamma^i_{kp} P_perp_pj
                                - P_perp_ip Gamma^p_{kj}        (32) */
    for (i = 0; i < n; i++)
    {
        arb_ptr Ti = JET_ENTRY(T, i, ctx);
        jet_zero(Ti, ctx);
        for (k = 0; k < n; k++)
        {
            /* r = sum_j (nabla_{e_k} P_perp)_ij w^j */
            jet_zero(r, ctx);
            for (j = 0; j < n; j++)
            {
                jet_derivative(N, JET_MAT_ENTRY(g->Pperp, i, j, ctx), k, ctx, prec);
                for (p = 0; p < n; p++)
                {
                    jet_addmul(N, NH_GAMMA(g, i, k, p, ctx), JET_MAT_ENTRY(g->Pperp, p, j, ctx),
                               ord, ctx, prec);
                    jet_submul(N, JET_MAT_ENTRY(g->Pperp, i, p, ctx), NH_GAMMA(g, p, k, j, ctx),
                               ord, ctx, prec);
                }
                jet_addmul(r, N, JET_ENTRY(w, j, ctx), ord, ctx, prec);
            }
            jet_addmul(Ti, JET_ENTRY(w, k, ctx), r, ord, ctx, prec);
        }
        /* - (P_perp grad V)_i */
        jet_dot(r, JET_MAT_ENTRY(g->Pperp, i, 0, ctx), len, g->gradV->entries, len,
                n, ord, ctx, prec);
        jet_sub(Ti, Ti, r, ctx, prec);
    }
    /* h1 = Q T */
    for (i = 0; i < n; i++)
        jet_dot(JET_ENTRY(h1, i, ctx), JET_MAT_ENTRY(g->Q, i, 0, ctx), len,
                T, len, n, ord, ctx, prec);

    jet_vec_clear(w, n, ctx);
    jet_vec_clear(T, n, ctx);
    jet_clear(N, ctx);
    jet_clear(r, ctx);
}
