/*
 * quantity_eval.c -- nh_quantity_eval: every quantity of the table at an
 * exact point (quantity.h).
 */
#include "impl.h"
#include "bundle.h"

/* Nonholonomic multipliers (paper 000 eq (15), Remark 12) at (q, w), w in D:
   vdot = F + G^{-1} A^T lambda
   with F = -Gamma(w, w) - grad V and d/dt (A w) = 0, so
   lambda = -S^{-1} (A F + (dA[w]) w).  Uses only the geometry jets (the
   constraint jets' first-order coefficients for dA). */
static void
multipliers(arb_ptr lambda, const nh_geom_t g, arb_srcptr w, slong n, slong m,
            const jet_ctx_t gctx, slong prec)
{
    arb_ptr F = _arb_vec_init(n), rhs = _arb_vec_init(m);
    arb_mat_t S, x, b;
    arb_t t;
    slong i, j, k, l;
    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_neg(F + i, g->gradV->entries + i * gctx->len);
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
            {
                arb_mul(t, NH_GAMMA(g, i, j, k, gctx), w + j, prec);
                arb_mul(t, t, w + k, prec);
                arb_sub(F + i, F + i, t, prec);
            }
    }
    for (l = 0; l < m; l++)
    {
        arb_zero(rhs + l);
        for (j = 0; j < n; j++)
        {
            arb_srcptr a = JET_MAT_ENTRY(g->A, l, j, gctx);
            arb_addmul(rhs + l, a, F + j, prec);
            for (k = 0; k < n; k++)
            {
                arb_mul(t, a + jet_ctx_var_index(gctx, k), w + k, prec);
                arb_addmul(rhs + l, t, w + j, prec);
            }
        }
    }
    arb_mat_init(S, m, m);
    arb_mat_init(x, m, 1);
    arb_mat_init(b, m, 1);
    jet_mat_get_const(S, g->S, gctx);
    for (l = 0; l < m; l++)
        arb_neg(arb_mat_entry(b, l, 0), rhs + l);
    if (!arb_mat_solve(x, S, b, prec))
        for (l = 0; l < m; l++)
            arb_indeterminate(lambda + l);
    else
        for (l = 0; l < m; l++)
            arb_set(lambda + l, arb_mat_entry(x, l, 0));
    arb_mat_clear(S); arb_mat_clear(x); arb_mat_clear(b);
    arb_clear(t);
    _arb_vec_clear(F, n);
    _arb_vec_clear(rhs, m);
}

/* The bundle-map derivatives of h^(1) at (q, vD) (paper 000 Prop 2,
   eqs (29), (30)/(33), with h^(1) the bundle map (67) of nh_bundle_h1,
   extended to TQ by its formula).  comps (2 n^2 + 2 n balls): D^V h^(1)
   (row-major [m][l] = dh^m/dw^l), nabla^H h^(1) ([m][i] = (nabla^H_{e_i}
   h^(1))^m), h^(1) of the series (h, time route) and h^(1) of (67). */
static int
bundle_h1_derivatives(arb_ptr comps, const nh_model_struct *M, arb_srcptr qb, arb_srcptr vD,
                      arb_srcptr h, slong p, nh_error_t err)
{
    slong n = nh_model_n(M), i, j;
    jet_ctx_t bctx;
    nh_geom_t bg;
    arb_ptr hj, X = _arb_vec_init(n), col = _arb_vec_init(n);
    arb_mat_t DV;
    int r;
    jet_ctx_init(bctx, 2 * n, 2);
    nh_geom_init(bg, M, bctx);
    hj = _arb_vec_init(n * bctx->len);
    arb_mat_init(DV, n, n);
    if ((r = nh_geom_compute(bg, M, qb, 2, bctx, p, err)) != NH_OK)
        goto out;
    nh_bundle_h1(hj, bg, vD, 1, bctx, p);
    nh_bundle_vertical_jacobian(DV, hj, n, bctx);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            arb_set(comps + i * n + j, arb_mat_entry(DV, i, j));
    for (i = 0; i < n; i++)
    {
        _arb_vec_zero(X, n);
        arb_one(X + i);
        nh_bundle_cov_horizontal(col, hj, vD, X, bg, bctx, bctx, p);
        for (j = 0; j < n; j++)
            arb_set(comps + n * n + j * n + i, col + j);
    }
    _arb_vec_set(comps + 2 * n * n, h, n);
    for (i = 0; i < n; i++)
        arb_set(comps + 2 * n * n + n + i, hj + i * bctx->len);
out:
    arb_mat_clear(DV);
    _arb_vec_clear(hj, n * bctx->len);
    _arb_vec_clear(X, n);
    _arb_vec_clear(col, n);
    nh_geom_clear(bg, bctx);
    jet_ctx_clear(bctx);
    return r;
}

/* ---- the evaluation ---------------------------------------------------- */

/* Whether Q reads the order-1 geometry jets of the point (the others
   read only the series, or compute their own geometry). */
static int
needs_geometry(int kind)
{
    switch (kind)
    {
        case NH_Q_H: case NH_Q_REACT: case NH_Q_ROUTES: case NH_Q_RED_VDOT: case NH_Q_RED_QDOT:
        case NH_Q_RED_VDDOT: case NH_Q_FULL_VDOT: case NH_Q_DV_H1: case NH_Q_NABLAH_H1:
            return 0;
        default:
            return 1;
    }
}

int
nh_quantity_eval(arb_ptr out, arb_ptr extra, arb_ptr vel, const nh_quantity_struct *Q,
                 const nh_model_struct *M, const fmpq *q, const fmpq *v,
                 const nh_quantity_params *par, slong prec, nh_error_t err)
{
    nh_quantity_ws_struct *W;
    int r;
    if (Q->flags & NH_QUANTITY_NH)
        return _nh_quantity_eval_nh(out, extra, vel, Q, M, q, v, par, prec, err);
    W = nh_quantity_ws_new(M);
    r = nh_quantity_eval_ws(out, extra, vel, Q, W, q, v, par, prec, err);
    nh_quantity_ws_free(W);
    return r;
}

/* vD and the series h^(1..K) at the point (K > 0: nh_series_acc, and
   *h2 the covariant-route series for NH_Q_ROUTES; K = 0: vD = P v from
   the geometry); *h2 is the caller's to free (K n entries) */
static int
qpoint_series(arb_ptr *h2, _nh_qpoint_struct *pt, int kind, const nh_quantity_params *par,
              const nh_model_struct *M, const fmpq *q, const fmpq *v, slong K, slong p,
              nh_error_t err)
{
    slong n = nh_model_n(M), i, j, pu;
    arb_ptr vD = pt->vD;
    int r;

    if (K > 0)
    {
        r = nh_series_acc(vD, pt->h, pt->react, kind == NH_Q_ROUTES ? NH_ROUTE_TIME : par->route, M,
                          q, v, K, p, FLINT_MAX(4 * p, 4096), &pu, err);
        if (r != NH_OK || kind != NH_Q_ROUTES)
            return r;
        {
            arb_ptr vD2 = _arb_vec_init(n);
            *h2 = _arb_vec_init(K * n);
            r = nh_series_acc(vD2, *h2, NULL, NH_ROUTE_COVARIANT, M, q, v, K, p,
                              FLINT_MAX(4 * p, 4096), &pu, err);
            _arb_vec_clear(vD2, n);
        }
        return r;
    }
    /* vD = P v from the geometry */
    for (i = 0; i < n; i++)
    {
        arb_zero(vD + i);
        for (j = 0; j < n; j++)
            arb_addmul(vD + i, JET_MAT_ENTRY(pt->g->P, i, j, pt->gctx), pt->vb + j, p);
    }
    return NH_OK;
}

/* Lemma 4 pair: out = [Q FR_sharp - P_perp ; Q P] (two n x n blocks) */
static void
eval_lemma4(arb_ptr out, const nh_geom_struct *g, const jet_ctx_struct *gctx, slong n, slong p)
{
    slong i, j, k;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
        {
            arb_ptr o1 = out + i * n + j, o2 = out + (n + i) * n + j;
            arb_neg(o1, JET_MAT_ENTRY(g->Pperp, i, j, gctx));
            arb_zero(o2);
            for (k = 0; k < n; k++)
            {
                arb_addmul(o1, JET_MAT_ENTRY(g->Q, i, k, gctx), JET_MAT_ENTRY(g->FRs, k, j, gctx), p);
                arb_addmul(o2, JET_MAT_ENTRY(g->Q, i, k, gctx), JET_MAT_ENTRY(g->P, k, j, gctx), p);
            }
        }
}

/* Remark 12: out = lambda + mu A h (m entries) */
static void
eval_remark12(arb_ptr out, const nh_geom_struct *g, const jet_ctx_struct *gctx, arb_srcptr vD,
              arb_srcptr h, slong n, slong m, slong p)
{
    slong i, j;
    arb_ptr lam = _arb_vec_init(m), Ah = _arb_vec_init(m);
    multipliers(lam, g, vD, n, m, gctx, p);
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++)
            arb_addmul(Ah + i, JET_MAT_ENTRY(g->A, i, j, gctx), h + j, p);
    for (i = 0; i < m; i++)
    {
        arb_set(out + i, lam + i);
        for (j = 0; j < m; j++)
            arb_addmul(out + i, JET_MAT_ENTRY(g->mu, i, j, gctx), Ah + j, p);
    }
    _arb_vec_clear(lam, m);
    _arb_vec_clear(Ah, m);
}

/* E = 1/2 v^T G v + V;  dE/dt = 1/2 (dG/dq_k v^k)_ij v^i v^j
   + v^T G vdot + dV_k v^k along the full field (39)-(40). */
static int
eval_dedt(arb_ptr out, const nh_model_struct *M, const _nh_qpoint_struct *pt, const arb_t eps,
          slong n, slong p, nh_error_t err)
{
    const nh_geom_struct *g = pt->g;
    arb_srcptr vb = pt->vb;
    arb_ptr vd = _arb_vec_init(n);
    slong i, j, k;
    arb_t t;
    int r;
    arb_init(t);
    if ((r = nh_full_field(vd, M, pt->qb, vb, eps, p, err)) != NH_OK)
        goto cleanup;
    arb_zero(out);
    for (i = 0; i < n; i++)
    {
        arb_addmul(out, g->dV->entries + i * pt->gctx->len, vb + i, p);
        for (j = 0; j < n; j++)
        {
            arb_srcptr Gij = JET_MAT_ENTRY(g->G, i, j, pt->gctx);
            arb_mul(t, Gij, vb + i, p);
            arb_addmul(out, t, vd + j, p);
            for (k = 0; k < n; k++)
            {
                arb_mul(t, Gij + jet_ctx_var_index(pt->gctx, k), vb + k, p);
                arb_mul(t, t, vb + i, p);
                arb_mul(t, t, vb + j, p);
                arb_mul_2exp_si(t, t, -1);
                arb_add(out, out, t, p);
            }
        }
    }
cleanup:
    arb_clear(t);
    _arb_vec_clear(vd, n);
    return r;
}

int
nh_quantity_eval_ws(arb_ptr out, arb_ptr extra, arb_ptr vel, const nh_quantity_struct *Q,
                    nh_quantity_ws_struct *W, const fmpq *q, const fmpq *v,
                    const nh_quantity_params *par, slong prec, nh_error_t err)
{
    const nh_model_struct *M = W->M;
    slong n = nh_model_n(M), m = nh_model_m(M), p = prec;
    slong K = nh_quantity_series_terms(Q, par);
    arb_ptr h2 = NULL, h, vb, vD;
    arb_ptr comps = extra;
    _nh_qpoint_struct *pt = W->pt;
    arb_t eps;
    const nh_geom_struct *g;
    int r = NH_OK, kind = Q->kind;

    if (Q->flags & NH_QUANTITY_NH)
        return _nh_quantity_eval_nh(out, extra, vel, Q, M, q, v, par, prec, err);
    if (extra == NULL)
        comps = _nh_quantity_ws_comps(W, nh_quantity_nextra(Q, M, par));
    if (K != pt->K)
    {
        /* the series blocks have exactly K terms (the reduced fields
           read pt->K) */
        _nh_qpoint_clear(pt);
        _nh_qpoint_init(pt, M, K);
    }
    arb_init(eps);
    g = pt->g;
    h = pt->h;
    vb = pt->vb;
    vD = pt->vD;
    if (needs_geometry(kind) || K == 0)
        r = _nh_qpoint_geom(pt, q, v, p, err);
    else
        _nh_qpoint_set(pt, q, v, p);
    if (r != NH_OK)
        goto done;
    r = qpoint_series(&h2, pt, kind, par, M, q, v, K, p, err);
    if (r != NH_OK)
        goto done;
    _nh_quantity_eps(eps, par, p);
    if (vel != NULL)
        _arb_vec_set(vel, (Q->flags & NH_QUANTITY_ON_D) ? vD : vb, n);

    switch (kind)
    {
        case NH_Q_LAMBDA: multipliers(out, g, vD, n, m, pt->gctx, p); break;
        case NH_Q_ROUTES: _arb_vec_sub(out, h, h2, K * n, p); break;
        case NH_Q_LEMMA4: eval_lemma4(out, g, pt->gctx, n, p); break;
        case NH_Q_REMARK12: eval_remark12(out, g, pt->gctx, vD, h, n, m, p); break;
        case NH_Q_FULL_VDOT:
            if ((r = nh_full_field(out, M, pt->qb, vb, eps, p, err)) != NH_OK)
                goto done;
            break;
        case NH_Q_DEDT:
            if ((r = eval_dedt(out, M, pt, eps, n, p, err)) != NH_OK)
                goto done;
            break;
        case NH_Q_TTQ_PROJ: nh_quantity_ttq_proj(out, g, pt->gctx, vb, p); break;
        case NH_Q_DV_H1: case NH_Q_NABLAH_H1:
            if ((r = bundle_h1_derivatives(comps, M, pt->qb, vD, h, p, err)) != NH_OK)
                goto done;
            _arb_vec_set(out, comps + (kind == NH_Q_DV_H1 ? 0 : n * n), n * n);
            break;
        default:
            if ((r = _nh_quantity_eval_point(out, comps, Q, pt, par, p, err)) != NH_OK)
                goto done;
            break;
    }
    /* companion values: the vector itself (nh_quantity_nextra) */
    if (comps != NULL && (kind == NH_Q_FULL_VDOT || kind == NH_Q_DEDT
                          || (kind != NH_Q_RED_VDOT && kind != NH_Q_RED_QDOT && kind != NH_Q_RED_VDDOT
                              && kind != NH_Q_DV_H1 && kind != NH_Q_NABLAH_H1)))
        _arb_vec_set(comps, out, nh_quantity_nextra(Q, M, par));
done:
    if (r == NH_ERR_DOMAIN)
        r = NH_ERR_PRECISION;
    if (h2 != NULL)
        _arb_vec_clear(h2, K * n);
    arb_clear(eps);
    return r;
}
