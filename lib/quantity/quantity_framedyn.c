/*
 * quantity_framedyn.c -- the friction system, its slow manifold and the
 * reduced field in frame coordinates (q, xi, eta) (paper 001 Sec 6-7,
 * eqs (26)-(36), Appendix A (43)), the value of the Lagrangian, and the
 * projections P_H, P_V of TTQ (paper 000 eqs (26)-(27), Prop 1).
 *
 * Frame: nh_dyn_frame (lib/nhdyn.h), the frame of 002 Sec 4 adapted to
 * TQ = D + D_perp: X_a (a < p) span D, X_{p+nu} = G^-1 A^T e_nu span
 * D_perp; frame index al is labelled by the coordinate its field is
 * attached to (as nh_quantity_frame).  The frame coordinates of a
 * vector x are lambda(q) x = F(q)^-1 x (001 Appendix A: lambda the
 * inverse of f); xi = the entries labelled by independent coordinates,
 * eta = those labelled by dependent ones.
 *
 * Time derivatives of frame coordinates along a curve (q(t), x(t)) with
 * q' = qdot, x' = xdot:
 *   d/dt (F^-1 x) = F^-1 (xdot - (dF[qdot]) F^-1 x),
 * dF[qdot] = qdot^mu d_mu F from the order-1 jets of the frame matrix
 * (no finite differences).
 */
#include "impl.h"
#include "bundle.h"

static void
frame_labels(slong *lab, const nh_dyn_t D)
{
    slong al;
    for (al = 0; al < D->n; al++)
        lab[al] = al < D->p ? D->indep[al] : D->dep[al - D->p];
}

void
nh_quantity_frame_coords(arb_ptr c, const nh_dyn_frame_t W, const nh_dyn_t D, arb_srcptr x,
                         slong prec)
{
    slong n = D->n, al, mu;
    slong *lab = flint_malloc(n * sizeof(slong));
    arb_ptr y = _arb_vec_init(n);
    frame_labels(lab, D);
    for (al = 0; al < n; al++)
        for (mu = 0; mu < n; mu++)
            arb_addmul(y + al, arb_mat_entry(W->F0inv, al, mu), x + mu, prec);
    for (al = 0; al < n; al++)
        arb_swap(c + lab[al], y + al);
    _arb_vec_clear(y, n);
    flint_free(lab);
}

void
nh_quantity_frame_rate(arb_ptr res, const nh_dyn_frame_t W, const nh_dyn_t D, arb_srcptr qdot,
                       arb_srcptr x, arb_srcptr xdot, slong prec)
{
    slong n = D->n, l, al, mu;
    arb_ptr y = _arb_vec_init(n), z = _arb_vec_init(n);
    arb_t d;
    arb_init(d);
    /* y = F^-1 x (unlabelled), z = xdot - dF[qdot] y */
    for (al = 0; al < n; al++)
        for (mu = 0; mu < n; mu++)
            arb_addmul(y + al, arb_mat_entry(W->F0inv, al, mu), x + mu, prec);
    _arb_vec_set(z, xdot, n);
    for (l = 0; l < n; l++)
        for (al = 0; al < n; al++)
        {
            arb_srcptr f = JET_MAT_ENTRY(W->F, l, al, D->ctx);
            arb_zero(d);
            for (mu = 0; mu < n; mu++)
                arb_addmul(d, qdot + mu, f + jet_ctx_var_index(D->ctx, mu), prec);
            arb_submul(z + l, d, y + al, prec);
        }
    nh_quantity_frame_coords(res, W, D, z, prec);
    arb_clear(d);
    _arb_vec_clear(y, n);
    _arb_vec_clear(z, n);
}

/* d/dt h^(1)(q, vD) along (qdot, vDdot), h^(1) the bundle map of 000 eq
   (67) (nh_bundle_h1) as jets in (dq, dw) at (q, vD): its first partial
   derivatives contracted with the direction (no differences). */
static int
bundle_h1_rate(arb_ptr hd, arb_ptr h1, const nh_model_struct *M, arb_srcptr q, arb_srcptr vD,
               arb_srcptr qdot, arb_srcptr vDdot, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i, k;
    jet_ctx_t bctx;
    nh_geom_t bg;
    arb_ptr hj;
    int r;
    jet_ctx_init(bctx, 2 * n, 2);
    nh_geom_init(bg, M, bctx);
    hj = _arb_vec_init(n * bctx->len);
    if ((r = nh_geom_compute(bg, M, q, 2, bctx, prec, err)) == NH_OK)
    {
        nh_bundle_h1(hj, bg, vD, 1, bctx, prec);
        for (i = 0; i < n; i++)
        {
            arb_srcptr h = hj + i * bctx->len;
            arb_set(h1 + i, h);
            arb_zero(hd + i);
            for (k = 0; k < n; k++)
            {
                arb_addmul(hd + i, h + jet_ctx_var_index(bctx, k), qdot + k, prec);
                arb_addmul(hd + i, h + jet_ctx_var_index(bctx, n + k), vDdot + k, prec);
            }
        }
    }
    _arb_vec_clear(hj, n * bctx->len);
    nh_geom_clear(bg, bctx);
    jet_ctx_clear(bctx);
    return r;
}

/* h^(1..K) by the time route at (q, v) (v in D), K*n balls. */
static int
series_at(arb_ptr h, const nh_model_struct *M, arb_srcptr q, arb_srcptr v, slong K, slong prec,
          nh_error_t err)
{
    return nh_series_time(h, NULL, M, q, v, K, prec, err);
}

/* frame_reduced: xi-labelled entries d xi/dt of the order-k reduced
   field, eta-labelled entries eta = frame coordinates of
   sum_{j<=k} eps^j h^(j) (001 eq (31), slow time). */
static int
frame_reduced(arb_ptr out, const nh_dyn_frame_t W, const nh_dyn_t D, const nh_model_struct *M,
              arb_srcptr q, arb_srcptr v, const nh_quantity_params *par, slong prec,
              nh_error_t err)
{
    slong n = D->n, k = par->order, K = FLINT_MAX(par->order, 1), j, a;
    arb_ptr h = _arb_vec_init(K * n), qd = _arb_vec_init(n), vDd = _arb_vec_init(n);
    arb_ptr hs = _arb_vec_init(n), eta = _arb_vec_init(n);
    arb_t eps, e;
    int r;
    arb_init(eps);
    arb_init(e);
    _nh_quantity_eps(eps, par, prec);
    r = series_at(h, M, q, v, K, prec, err);
    if (r == NH_OK)
        r = nh_reduced_field(qd, vDd, NULL, M, q, v, h, K, k, eps, prec, err);
    if (r == NH_OK)
    {
        nh_quantity_frame_rate(out, W, D, qd, v, vDd, prec);
        arb_one(e);
        for (j = 0; j < k; j++)
        {
            arb_mul(e, e, eps, prec);
            _arb_vec_scalar_addmul(hs, h + j * n, n, e, prec);
        }
        nh_quantity_frame_coords(eta, W, D, hs, prec);
        for (a = 0; a < D->m; a++)
            arb_set(out + D->dep[a], eta + D->dep[a]);
    }
    arb_clear(eps);
    arb_clear(e);
    _arb_vec_clear(h, K * n);
    _arb_vec_clear(qd, n);
    _arb_vec_clear(vDd, n);
    _arb_vec_clear(hs, n);
    _arb_vec_clear(eta, n);
    return r;
}

/* frame_Dh1: d/dt of the frame coordinates of h^(1)(q, vD) along the
   nonholonomic field X_NH (qdot = vD, vDdot of order 0). */
static int
frame_dh1(arb_ptr out, const nh_dyn_frame_t W, const nh_dyn_t D, const nh_model_struct *M,
          arb_srcptr q, arb_srcptr v, slong prec, nh_error_t err)
{
    slong n = D->n;
    arb_ptr h = _arb_vec_init(n), qd = _arb_vec_init(n), vDd = _arb_vec_init(n);
    arb_ptr h1 = _arb_vec_init(n), hd = _arb_vec_init(n);
    arb_t zero;
    int r;
    arb_init(zero);
    r = series_at(h, M, q, v, 1, prec, err);
    if (r == NH_OK)
        r = nh_reduced_field(qd, vDd, NULL, M, q, v, h, 1, 0, zero, prec, err);
    if (r == NH_OK)
        r = bundle_h1_rate(hd, h1, M, q, v, qd, vDd, prec, err);
    if (r == NH_OK)
        nh_quantity_frame_rate(out, W, D, qd, h1, hd, prec);
    arb_clear(zero);
    _arb_vec_clear(h, n);
    _arb_vec_clear(qd, n);
    _arb_vec_clear(vDd, n);
    _arb_vec_clear(h1, n);
    _arb_vec_clear(hd, n);
    return r;
}

/* The frame quantities of a point: out, and vel (the velocity they are
   evaluated at: raw v off D, the completed velocity on D). */
static int
framedyn_switch(arb_ptr out, int kind, const nh_dyn_frame_t W, const nh_dyn_t D,
                const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                const nh_quantity_params *par, slong prec, nh_error_t err)
{
    slong n = D->n, K, j;
    arb_ptr w = _arb_vec_init(n), h;
    arb_t eps;
    int r = NH_OK;
    arb_init(eps);
    switch (kind)
    {
        case NH_Q_FRAME_V:
            nh_quantity_frame_coords(out, W, D, v, prec);
            break;
        case NH_Q_FRAME_FULL:
            _nh_quantity_eps(eps, par, prec);
            if ((r = nh_full_field(w, M, q, v, eps, prec, err)) == NH_OK)
                nh_quantity_frame_rate(out, W, D, v, v, w, prec);
            break;
        case NH_Q_FRAME_GEODESIC:
            if ((r = nh_dyn_geodesic(w, D->G, D->ctx, v, n, prec, err)) == NH_OK)
                nh_quantity_frame_rate(out, W, D, v, v, w, prec);
            break;
        case NH_Q_FRAME_H:
            K = par->order > 0 ? par->order : 3;
            h = _arb_vec_init(K * n);
            r = series_at(h, M, q, v, K, prec, err);
            for (j = 0; r == NH_OK && j < K; j++)
                nh_quantity_frame_coords(out + j * n, W, D, h + j * n, prec);
            _arb_vec_clear(h, K * n);
            break;
        case NH_Q_FRAME_REDUCED:
            r = frame_reduced(out, W, D, M, q, v, par, prec, err);
            break;
        case NH_Q_FRAME_DH1:
            r = frame_dh1(out, W, D, M, q, v, prec, err);
            break;
    }
    arb_clear(eps);
    _arb_vec_clear(w, n);
    return r;
}

int
_nh_quantity_eval_framedyn(arb_ptr out, arb_ptr vel, int kind, const nh_model_struct *M,
                           arb_srcptr q, const arb_t t, arb_srcptr vraw,
                           const nh_quantity_params *par, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr v = _arb_vec_init(n);
    nh_dyn_t D;
    nh_dyn_frame_t W;
    int r;
    nh_dyn_init(D, M);
    _arb_vec_set(v, vraw, n);
    r = nh_dyn_set_point(D, M, q, t, par->dep, prec, err);
    nh_dyn_frame_init(W, D);
    if (r == NH_OK)
        r = nh_dyn_frame(W, D, prec, err);
    if (r == NH_OK)
    {
        if (kind == NH_Q_FRAME_H || kind == NH_Q_FRAME_REDUCED || kind == NH_Q_FRAME_DH1)
            nh_dyn_complete_velocity(v, D, prec);
        if (vel != NULL)
            _arb_vec_set(vel, v, n);
        r = framedyn_switch(out, kind, W, D, M, q, v, par, prec, err);
    }
    nh_dyn_frame_clear(W, D);
    nh_dyn_clear(D);
    _arb_vec_clear(v, n);
    return r;
}

/* 000 eqs (26)-(27) and Prop 1: for the section X(q') = P(q') v (v held
   fixed in coordinates) and U = v, the tangent vector X_*(U) = (q, X(q),
   U, W = dP[U] v) of TTQ; out = [P_H; P_V] = [U; W + Gamma(q, X) U],
   2 x n, (Gamma(q, X) U)^i = Gamma^i_{jk} X^j U^k. */
void
nh_quantity_ttq_proj(arb_ptr out, const nh_geom_t g, const jet_ctx_t ctx, arb_srcptr v,
                     slong prec)
{
    slong n = g->n, i, j, k;
    arb_ptr X = _arb_vec_init(n);
    arb_t d;
    arb_init(d);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            arb_addmul(X + i, JET_MAT_ENTRY(g->P, i, j, ctx), v + j, prec);
    _arb_vec_set(out, v, n);
    for (i = 0; i < n; i++)
    {
        arb_ptr o = out + n + i;
        arb_zero(o);
        for (j = 0; j < n; j++)
        {
            arb_srcptr Pij = JET_MAT_ENTRY(g->P, i, j, ctx);
            arb_zero(d);
            for (k = 0; k < n; k++)
                arb_addmul(d, Pij + jet_ctx_var_index(ctx, k), v + k, prec);
            arb_addmul(o, d, v + j, prec);
            for (k = 0; k < n; k++)
            {
                arb_mul(d, g->Gamma + ((i * n + j) * n + k) * ctx->len, X + j, prec);
                arb_addmul(o, d, v + k, prec);
            }
        }
    }
    arb_clear(d);
    _arb_vec_clear(X, n);
}
