/*
 * nh_series_time -- h^(k) by the time-derivative route: the classical
 * invariance condition, paper 000 eq (60),
 *
 *     d/dt P_perp(v) = d/dt h_eps(P v)   on D_eps,
 *
 * with the full vector field (39)-(40) written in Lagrangian form with
 * ordinary coordinate derivatives only:
 *
 *     G(q) dv/dt = -(d/dt G(q)) v + 1/2 (v^T dG/dq^i v)_i - dV - (1/eps) FR v.
 *
 * Method.  Follow the trajectory of the slow flow through (q0, vD) on
 * D_eps, writing q(t), u(t) = P(q(t)) v(t) and H(t) = h_eps(q(t), u(t)) =
 * P_perp(q(t)) v(t) as bivariate Taylor series in (t, eps).  Along it
 *
 *     dq/dt = v,    v = u + H,
 *     du/dt = (dP/dt) v + P F,         F = G^{-1}(-(dG/dt) v + 1/2 v^T dG v - dV)
 *     (1/eps) FR_sharp H = (dP_perp/dt) v + P_perp F - dH/dt =: B,
 *
 * (using P FR_sharp = 0 and P_perp FR_sharp = FR_sharp), so that
 * H = eps Q B with Q the map of Lemma 4 (Q FR_sharp = P_perp, image D_perp).
 * Because of the explicit factor eps, the coefficient [t^i eps^k] of the
 * right-hand sides depends only on coefficients of strictly smaller
 * weight i + 2k, and h^(k)(q0, vD) = [t^0 eps^k] H needs the coefficients
 * of total degree i + k <= K only.  Iteration: sweep s = 1..K works with
 * series truncated at total degree s (contexts of order s; state
 * carried over from sweep s-1).  Dependencies by total degree i + k:
 * q and u at degree s are integrals in t of quantities at degree s-1;
 * F, the t-derivative of P_perp and the non-H part B0 of B at degree
 * <= s-1 need q, u, H at degree <= s only through q (just updated) and
 * at degree <= s-1 otherwise; the remaining dependence is the eps-chain
 * H = eps Q (B0 - dH/dt), [t^i eps^k] H <- [t^(i+1) eps^(k-1)] H, the
 * same total degree, solved inside the sweep (one product Q B plus a
 * recursion over eps-degree in the top layer, see tw_sweep).  By
 * induction on s, after sweep
 * s every coefficient of total degree <= s of q, u, H (and <= s-1 of B)
 * is exact; K sweeps give h^(1..K).  -B is the reaction force
 * -(1/eps) FR_sharp h_eps (Theorem 2), obtained here without FR_sharp.
 *
 * Partial derivatives dG/dq^i and dV/dq^i along the series come from a
 * second jet context (t, eps | y_1..y_n) with degree <= 1 in y: the
 * model is evaluated at q(t, eps) + y.
 *
 * Every quantity is an Arb ball; in exact arithmetic the iteration
 * reaches the exact truncated series, so the final balls enclose the
 * exact h^(k).
 */
#include <string.h>
#include "impl.h"

typedef struct
{
    slong n, m, K;
    jet_ctx_struct *c2, *cy;
    /* ymap[k * lenK + idx] (k = 0..n): index in cy of the c2 monomial idx
       times 1 (k = 0) or times y_{k-1} (k >= 1); rebuilt for each sweep */
    slong *ymap, lenK;
    int mu_one;      /* mu_bar is exactly the identity (checked per sweep) */
    int flat;        /* every dG/dq^k exactly 0 along the series (per sweep) */
    int G_const;     /* G constant along the series: dG/dt = 0 (per sweep) */
    /* state, n jets each in c2 */
    arb_ptr q, u, H, v, F, ut, B, tmp, tmp2, Ht;
    jet_mat_t G, A, mu, R, GiAT, GiATt, S, Sinv, W, Wt, Wm, Y;
    arb_ptr mv1, mv2, mv3;   /* m jets each */
    arb_mat_t Q0;    /* Q at the base of the series, n x n */
    jet_mat_t *dG;   /* n matrices n x n */
    arb_ptr dV;      /* n jets */
    /* in cy */
    arb_ptr qy, Vy;
    jet_mat_t Gy;
    /* issue 19 (proofs/020): time-dependent models (q has n + 1 jets, the
       last the time t0 + t) and affine constraints A v + b = 0: the
       G-orthogonal particular solution v_p = -G^{-1} A^T S^{-1} b (state,
       carried from sweep to sweep like u and H), its t-derivative */
    int timed, affine;
    arb_struct t0[1];
    jet_mat_t bm;
    arb_ptr vp, vpt, mvb;
}
nh_tw_struct;

static void
tw_init(nh_tw_struct *w, slong n, slong m, slong K, jet_ctx_struct *c2, jet_ctx_struct *cy)
{
    slong i;
    w->n = n; w->m = m; w->K = K; w->c2 = c2; w->cy = cy;
    w->lenK = c2->len;
    w->ymap = flint_malloc((n + 1) * c2->len * sizeof(slong));
    w->q = jet_vec_init(n + 1, c2);
    w->vp = jet_vec_init(n, c2); w->vpt = jet_vec_init(n, c2);
    w->mvb = jet_vec_init(m, c2); jet_mat_init(w->bm, m, 1, c2);
    arb_init(w->t0); w->timed = w->affine = 0;    /* set by the callers */
    w->u = jet_vec_init(n, c2);
    w->H = jet_vec_init(n, c2); w->v = jet_vec_init(n, c2);
    w->F = jet_vec_init(n, c2); w->ut = jet_vec_init(n, c2);
    w->B = jet_vec_init(n, c2); w->tmp = jet_vec_init(n, c2);
    w->tmp2 = jet_vec_init(n, c2); w->Ht = jet_init(c2);
    w->dV = jet_vec_init(n, c2);
    jet_mat_init(w->G, n, n, c2);
    jet_mat_init(w->A, m, n, c2);
    jet_mat_init(w->mu, m, m, c2); jet_mat_init(w->R, n, m + 1, c2);
    jet_mat_init(w->GiAT, n, m, c2); jet_mat_init(w->GiATt, n, m, c2);
    jet_mat_init(w->S, m, m, c2); jet_mat_init(w->Sinv, m, m, c2);
    jet_mat_init(w->W, m, n, c2); jet_mat_init(w->Wt, m, n, c2);
    jet_mat_init(w->Wm, m, n, c2); jet_mat_init(w->Y, m, n, c2);
    w->mv1 = jet_vec_init(m, c2); w->mv2 = jet_vec_init(m, c2); w->mv3 = jet_vec_init(m, c2);
    arb_mat_init(w->Q0, n, n);
    w->dG = flint_malloc(n * sizeof(jet_mat_t));
    for (i = 0; i < n; i++)
        jet_mat_init(w->dG[i], n, n, c2);
    w->qy = jet_vec_init(n + 1, cy); w->Vy = jet_init(cy);
    jet_mat_init(w->Gy, n, n, cy);
}

static void
tw_clear(nh_tw_struct *w)
{
    slong i, n = w->n;
    jet_ctx_struct *c2 = w->c2, *cy = w->cy;
    flint_free(w->ymap);
    jet_vec_clear(w->q, n + 1, c2);
    jet_vec_clear(w->vp, n, c2); jet_vec_clear(w->vpt, n, c2);
    jet_vec_clear(w->mvb, w->m, c2); jet_mat_clear(w->bm, c2);
    arb_clear(w->t0); jet_vec_clear(w->u, n, c2);
    jet_vec_clear(w->H, n, c2); jet_vec_clear(w->v, n, c2);
    jet_vec_clear(w->F, n, c2); jet_vec_clear(w->ut, n, c2);
    jet_vec_clear(w->B, n, c2); jet_vec_clear(w->tmp, n, c2);
    jet_vec_clear(w->tmp2, n, c2); jet_clear(w->Ht, c2);
    jet_vec_clear(w->dV, n, c2);
    jet_mat_clear(w->G, c2); jet_mat_clear(w->A, c2);
    jet_mat_clear(w->mu, c2); jet_mat_clear(w->R, c2);
    jet_mat_clear(w->GiAT, c2); jet_mat_clear(w->GiATt, c2);
    jet_mat_clear(w->S, c2); jet_mat_clear(w->Sinv, c2);
    jet_mat_clear(w->W, c2); jet_mat_clear(w->Wt, c2);
    jet_mat_clear(w->Wm, c2); jet_mat_clear(w->Y, c2);
    jet_vec_clear(w->mv1, w->m, c2); jet_vec_clear(w->mv2, w->m, c2); jet_vec_clear(w->mv3, w->m, c2);
    arb_mat_clear(w->Q0);
    for (i = 0; i < n; i++)
        jet_mat_clear(w->dG[i], c2);
    flint_free(w->dG);
    jet_vec_clear(w->qy, n + 1, cy); jet_clear(w->Vy, cy);
    jet_mat_clear(w->Gy, cy);
}

/* The slot's clear function (_nh_series_ws_give): w was made by
   flint_malloc and tw_init, and w->c2, w->cy are its order-K contexts. */
static void
tw_free(void *w)
{
    tw_clear(w);
    flint_free(w);
}

/* Evaluate G, dG/dq^i, dV/dq^i, A, mu_bar along the series q(t, eps).
   The model is evaluated in cy at q(t, eps) + y; the coefficient of
   t^a eps^b y_k in cy is the coefficient of t^a eps^b of dG/dq^k (degree
   <= 1 in y), copied through the index map ymap. */
static int
tw_eval_model(nh_tw_struct *w, const nh_model_struct *M, slong prec, nh_error_t err)
{
    slong i, j, k, idx, n = w->n, K = w->K, len;
    jet_ctx_struct *c2 = w->c2, *cy = w->cy;
    slong *e, *ym = w->ymap, L = w->lenK;
    int status;

    len = c2->len;
    e = flint_calloc(n + 2, sizeof(slong));
    for (idx = 0; idx < len; idx++)
    {
        const slong *ea = jet_ctx_exp(c2, idx);
        e[0] = ea[0];
        e[1] = ea[1];
        ym[idx] = jet_ctx_index(cy, e);
        for (k = 0; k < n; k++)
        {
            e[2 + k] = 1;
            ym[(k + 1) * L + idx] = jet_ctx_index(cy, e);
            e[2 + k] = 0;
        }
    }
    flint_free(e);

    _arb_vec_zero(w->qy, (n + 1) * cy->len);
    for (i = 0; i < n + w->timed; i++)
    {
        arb_ptr qi = JET_ENTRY(w->qy, i, cy);
        arb_srcptr src = JET_ENTRY(w->q, i, c2);
        for (idx = 0; idx < len; idx++)
            arb_set(qi + ym[idx], src + idx);
        if (i < n)
            arb_one(qi + ym[(i + 1) * L]);
    }
    {
        /* G and V in one call (lets and shared subexpressions evaluated
           once); V only when nonzero */
        nh_model_values_struct o = {w->Gy, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
        if (!nh_model_potential_is_zero(M))
            o.V = w->Vy;
        status = nh_model_eval(&o, M, w->qy, cy->order, cy, prec, err);
        if (status != NH_OK)
            return status;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
        {
            arb_srcptr gij = JET_MAT_ENTRY(w->Gy, i, j, cy);
            arb_ptr d = JET_MAT_ENTRY(w->G, i, j, c2);
            for (idx = 0; idx < len; idx++)
                arb_set(d + idx, gij + ym[idx]);
            for (k = 0; k < n; k++)
            {
                d = JET_MAT_ENTRY(w->dG[k], i, j, c2);
                for (idx = 0; idx < len; idx++)
                    arb_set(d + idx, gij + ym[(k + 1) * L + idx]);
            }
        }
    if (nh_model_potential_is_zero(M))
        _arb_vec_zero(w->dV, n * len);
    else
    {
        for (k = 0; k < n; k++)
        {
            arb_ptr d = JET_ENTRY(w->dV, k, c2);
            for (idx = 0; idx < len; idx++)
                arb_set(d + idx, w->Vy + ym[(k + 1) * L + idx]);
        }
    }
    {
        nh_model_values_struct o = {NULL, w->A, w->affine ? w->bm : NULL, w->mu, NULL, NULL,
                                    NULL, NULL, NULL};
        status = nh_model_eval(&o, M, w->q, K, c2, prec, err);
        if (status != NH_OK)
            return status;
    }
    /* mu_bar == identity exactly (the default): Q needs no solve with it */
    w->mu_one = _nh_series_is_identity(w->mu, c2);
    /* a constant metric: the products with dG/dq and dG/dt vanish */
    w->flat = 1;
    for (k = 0; k < n && w->flat; k++)
        w->flat = _arb_vec_is_zero(w->dG[k]->entries, n * n * len);
    w->G_const = 1;
    for (i = 0; i < n * n && w->G_const; i++)
        w->G_const = _arb_vec_is_zero(w->G->entries + i * len + 1, len - 1);
    return NH_OK;
}

/* A certain singularity (NH_ERR_MODEL, message already set) of a timed
   model: append the base time t0 to the message (issue 19: errors name
   the time).  Returns code unchanged. */
static int
tw_name_time(const nh_tw_struct *w, int code, nh_error_t err)
{
    size_t l;

    if (code != NH_ERR_MODEL || !w->timed || err == NULL)
        return code;
    l = strlen(err->msg);
    snprintf(err->msg + l, NH_ERROR_MSG_LEN - l, " (constraints A(q,t) change rank near the "
             "base point, series in t from t0 = %.10g)", arf_get_d(arb_midref(w->t0), ARF_RND_NEAR));
    return code;
}

/* Affine constraints (proofs/020 eq (A3)): v_p = -G^{-1} A^T S^{-1} b,
   S = A G^{-1} A^T (in D_perp, A v_p = -b), and B0 -= d/dt v_p, the
   total t-derivative along the series (explicit time included), so that
   tmp becomes B0 - dv_p/dt and B = tmp - dH/dt (proofs/020 eq (A5)).
   Needs w->Sinv, w->GiAT, w->bm of this sweep; v_p is exact to the
   sweep's degree s (q is), its derivative to s - 1. */
static void
tw_particular(nh_tw_struct *w, slong prec)
{
    slong i, j, n = w->n, K = w->K;
    jet_ctx_struct *c2 = w->c2;
    for (i = 0; i < w->m; i++)
    {
        arb_ptr r = JET_ENTRY(w->mvb, i, c2);
        jet_zero(r, c2);
        for (j = 0; j < w->m; j++)
            jet_addmul(r, JET_MAT_ENTRY(w->Sinv, i, j, c2), JET_MAT_ENTRY(w->bm, j, 0, c2), K, c2, prec);
    }
    _nh_matvec_rect(w->vp, w->GiAT, w->mvb, K, c2, prec);
    for (i = 0; i < n; i++)
    {
        jet_neg(JET_ENTRY(w->vp, i, c2), JET_ENTRY(w->vp, i, c2), c2);
        jet_derivative(JET_ENTRY(w->vpt, i, c2), JET_ENTRY(w->vp, i, c2), 0, c2, prec);
        jet_sub(JET_ENTRY(w->tmp, i, c2), JET_ENTRY(w->tmp, i, c2), JET_ENTRY(w->vpt, i, c2), c2, prec);
    }
}

/* One sweep of the fixed-point iteration (see the file comment). */
static int
tw_sweep(nh_tw_struct *w, const nh_model_struct *M, arb_srcptr q0, arb_srcptr vD,
         slong prec, nh_error_t err)
{
    slong i, j, n = w->n, K = w->K;
    jet_ctx_struct *c2 = w->c2;
    int status;

    /* v = u + H (+ v_p);  q = q0 + int_0^t v (and the time t0 + t) */
    _arb_vec_add(w->v, w->u, w->H, n * c2->len, prec);
    if (w->affine)
        _arb_vec_add(w->v, w->v, w->vp, n * c2->len, prec);
    _nh_series_integrate_t(w->q, w->v, q0, n, c2, prec);
    if (w->timed)
        jet_set_var(JET_ENTRY(w->q, n, c2), w->t0, 0, c2);

    status = tw_eval_model(w, M, prec, err);
    if (status != NH_OK)
        return status;

    /* rhs_i = -(dG/dt v)_i + 1/2 v^T dG_i v - dV_i, column 0 of R */
    for (i = 0; i < n; i++)
    {
        arb_ptr r = JET_MAT_ENTRY(w->R, i, 0, c2);
        /* tmp2 = dG_i v (flat metric: 0, what the products give) */
        if (w->flat)
            jet_zero(r, c2);
        else
        {
            _nh_matvec(w->tmp2, w->dG[i], w->v, n, K, c2, prec);
            jet_dot(r, w->tmp2, c2->len, w->v, c2->len, n, K, c2, prec);
            jet_scalar_div_si(r, r, 2, c2, prec);
        }
        jet_sub(r, r, JET_ENTRY(w->dV, i, c2), c2, prec);
        for (j = 0; j < n && !w->G_const; j++)
        {
            jet_derivative(w->Ht, JET_MAT_ENTRY(w->G, i, j, c2), 0, c2, prec);
            jet_submul(r, w->Ht, JET_ENTRY(w->v, j, c2), K, c2, prec);
        }
        for (j = 0; j < w->m; j++)
            jet_set(JET_MAT_ENTRY(w->R, i, 1 + j, c2), JET_MAT_ENTRY(w->A, j, i, c2), c2);
    }
    /* G [F | G^{-1} A^T] = [rhs | A^T] */
    status = jet_mat_solve(w->R, w->G, w->R, K, c2, prec);
    if (status != NH_OK)
        return _nh_series_singular(w->G, "metric G", c2, prec, err);
    for (i = 0; i < n; i++)
    {
        jet_set(JET_ENTRY(w->F, i, c2), JET_MAT_ENTRY(w->R, i, 0, c2), c2);
        for (j = 0; j < w->m; j++)
            jet_set(JET_MAT_ENTRY(w->GiAT, i, j, c2), JET_MAT_ENTRY(w->R, i, 1 + j, c2), c2);
    }

    /* S = A G^{-1} A^T, W = S^{-1} A, so P_perp = G^{-1} A^T W, and
       Q = G^{-1} A^T (S mu S)^{-1} A = G^{-1} A^T Y, Y = S^{-1} mu^{-1} W;
       P_perp and Q are only applied to vectors, through the m x n and
       n x m factors (never formed as n x n matrices) */
    jet_mat_mul(w->S, w->A, w->GiAT, K, c2, prec);
    status = jet_mat_inv(w->Sinv, w->S, K, c2, prec);
    if (status != NH_OK)
        return tw_name_time(w, _nh_series_singular(w->S, "A G^{-1} A^T", c2, prec, err), err);
    jet_mat_mul(w->W, w->Sinv, w->A, K, c2, prec);
    if (!w->mu_one)
    {
        status = jet_mat_solve(w->Wm, w->mu, w->W, K, c2, prec);
        if (status != NH_OK)
            return _nh_series_singular(w->mu, "mu_bar", c2, prec, err);
        jet_mat_mul(w->Y, w->Sinv, w->Wm, K, c2, prec);
    }
    else
        jet_mat_mul(w->Y, w->Sinv, w->W, K, c2, prec);

    /* B0 = (dP_perp/dt) v + P_perp F
          = (d/dt G^{-1}A^T) (W v) + G^{-1}A^T ((dW/dt) v + W F)   (in tmp);
       du/dt = -(dP_perp/dt) v + P F = F - B0  (P = I - P_perp) */
    for (i = 0; i < w->m; i++)
        for (j = 0; j < n; j++)
        {
            jet_derivative(JET_MAT_ENTRY(w->Wt, i, j, c2), JET_MAT_ENTRY(w->W, i, j, c2), 0, c2, prec);
            jet_derivative(JET_MAT_ENTRY(w->GiATt, j, i, c2), JET_MAT_ENTRY(w->GiAT, j, i, c2), 0, c2, prec);
        }
    _nh_matvec_rect(w->mv1, w->W, w->v, K, c2, prec);          /* W v */
    _nh_matvec_rect(w->mv2, w->Wt, w->v, K, c2, prec);         /* W' v */
    _nh_matvec_rect(w->mv3, w->W, w->F, K, c2, prec);          /* W F */
    for (i = 0; i < w->m; i++)
        jet_add(JET_ENTRY(w->mv2, i, c2), JET_ENTRY(w->mv2, i, c2), JET_ENTRY(w->mv3, i, c2), c2, prec);
    _nh_matvec_rect(w->tmp, w->GiATt, w->mv1, K, c2, prec);
    _nh_matvec_rect(w->tmp2, w->GiAT, w->mv2, K, c2, prec);
    for (i = 0; i < n; i++)
    {
        jet_add(JET_ENTRY(w->tmp, i, c2), JET_ENTRY(w->tmp, i, c2), JET_ENTRY(w->tmp2, i, c2), c2, prec);
        jet_sub(JET_ENTRY(w->ut, i, c2), JET_ENTRY(w->F, i, c2), JET_ENTRY(w->tmp, i, c2), c2, prec);
    }
    if (w->affine)
        tw_particular(w, prec);

    /* The eps-chain H = eps Q B, B = B0 - dH/dt.  Layers of total degree
       <= s-1 of H need B only to degree s-2 (exact: H is exact to s-1
       from the previous sweep), so one matrix product with the degree-
       (s-1) layer of B zeroed, T = Q Bz, gives H = eps T except for the
       top layer.  In the top layer, [t^a eps^k] H = [t^a eps^(k-1)] (Q B)
       = [t^a eps^(k-1)] T + Q(0) [t^a eps^(k-1)] B (the only products
       reaching a top-layer monomial of Q B from the top layer of B), and
       [t^a eps^(k-1)] B = [..] B0 - (a+1) [t^(a+1) eps^(k-1)] H is known
       once the layer entry of eps-degree k-1 is: solve for k = 1..s. */
    {
        slong lo = (K >= 2) ? c2->deg_len[K - 2] : 0, hi = c2->deg_len[K - 1], k, e[2];
        for (i = 0; i < n; i++)
        {
            arb_ptr b = JET_ENTRY(w->B, i, c2);
            jet_derivative(w->Ht, JET_ENTRY(w->H, i, c2), 0, c2, prec);
            jet_sub(b, JET_ENTRY(w->tmp, i, c2), w->Ht, c2, prec);
            _arb_vec_zero(b + lo, hi - lo);
        }
        _nh_matvec_rect(w->mv1, w->Y, w->B, K, c2, prec);      /* T = Q Bz */
        _nh_matvec_rect(w->tmp2, w->GiAT, w->mv1, K, c2, prec);
        for (i = 0; i < n; i++)
            jet_mul_var(JET_ENTRY(w->H, i, c2), JET_ENTRY(w->tmp2, i, c2), 1, c2);
        /* Q(0) = [G^{-1}A^T](0) Y(0) */
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                arb_dot(arb_mat_entry(w->Q0, i, j), NULL, 0,
                        JET_MAT_ENTRY(w->GiAT, i, 0, c2), c2->len,
                        JET_MAT_ENTRY(w->Y, 0, j, c2), n * c2->len, w->m, prec);
        for (k = 1; k <= K; k++)
        {
            slong a = K - k, c, ch, cp;
            e[0] = a; e[1] = k - 1;
            c = jet_ctx_index(c2, e);
            e[1] = k;
            ch = jet_ctx_index(c2, e);
            e[0] = a + 1; e[1] = k - 1;
            cp = jet_ctx_index(c2, e);
            for (i = 0; i < n; i++)
            {
                arb_ptr bc = JET_ENTRY(w->B, i, c2) + c;
                arb_mul_si(bc, JET_ENTRY(w->H, i, c2) + cp, a + 1, prec);
                arb_sub(bc, JET_ENTRY(w->tmp, i, c2) + c, bc, prec);
            }
            for (i = 0; i < n; i++)
            {
                arb_ptr hc = JET_ENTRY(w->H, i, c2) + ch;
                arb_dot(hc, JET_ENTRY(w->tmp2, i, c2) + c, 0,
                        arb_mat_entry(w->Q0, i, 0), 1,
                        JET_ENTRY(w->B, 0, c2) + c, c2->len, n, prec);
            }
        }
    }

    /* u = vD + int_0^t du/dt */
    _nh_series_integrate_t(w->u, w->ut, vD, n, c2, prec);
    return NH_OK;
}

/* see series.h.  Jets of tw_init: in c2 (t, eps; order K, binomial(K+2,
   2) coefficients) n^3 (dG) + n^2 (G) + 8 n m (A, R, GiAT, GiATt, W,
   Wt, Wm, Y) + 3 m^2 (mu, S, Sinv) + 10 n + 3 m + n + 1; in cy (t, eps |
   y; (n+1) binomial(K+2, 2) coefficients) n^2 + n + 1.  Tables of the
   order-K contexts: exps/up/down (3 nvars slongs per monomial) and the
   multiplication pairs (2 slongs each; binomial(K+4, 4) pairs in c2 and
   (2n+1) times that in cy: |a| + |b| <= K in (t, eps), y-degree of a + b
   at most 1), stored only up to JET_MUL_MAX_PAIRS. */
double
nh_series_time_memory(slong n, slong m, slong K, slong prec)
{
    double ball = 48.0 + 2.0 * (double) ((prec + FLINT_BITS - 1) / FLINT_BITS) * sizeof(mp_limb_t);
    double L2 = (double) (K + 1) * (K + 2) / 2.0, Ly = (double) (n + 1) * L2;
    double P2 = (double) (K + 1) * (K + 2) * (K + 3) * (K + 4) / 24.0, Py = (2.0 * n + 1.0) * P2;
    double dn = (double) n, dm = (double) m;
    double jets2 = dn * dn * dn + dn * dn + 8.0 * dn * dm + 3.0 * dm * dm + 11.0 * dn + 3.0 * dm + 1.0;
    double jetsy = dn * dn + dn + 1.0;
    double tab = 3.0 * sizeof(slong) * (2.0 * L2 + (dn + 2.0) * Ly);
    if (P2 <= (double) JET_MUL_MAX_PAIRS)
        tab += 2.0 * sizeof(slong) * P2;
    if (Py <= (double) JET_MUL_MAX_PAIRS)
        tab += 2.0 * sizeof(slong) * Py;
    return ball * (jets2 * L2 + jetsy * Ly) + tab;
}

int
nh_series_time(arb_ptr h, arb_ptr react, const nh_model_struct *M,
               arb_srcptr q0, arb_srcptr vD, slong K, slong prec, nh_error_t err)
{
    return nh_series_time_t(h, react, NULL, M, q0, NULL, vD, K, prec, err);
}

int
nh_series_time_t(arb_ptr h, arb_ptr react, arb_ptr vdot0, const nh_model_struct *M,
                 arb_srcptr q0, const arb_struct *t0, arb_srcptr vD, slong K, slong prec,
                 nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    slong i, k, s, exp[2];
    jet_ctx_struct *c2, *cy;
    nh_tw_struct *w;
    int status = NH_OK;

    if (K < 1 || K > NH_SERIES_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "series order K = %ld outside 1..%d",
                            (long) K, NH_SERIES_MAX_ORDER);
    if (vdot0 != NULL && K < 2)
        return nh_error_set(err, NH_ERR_USAGE, "the order-0 acceleration needs order K >= 2");

    {
        double bytes = nh_series_time_memory(n, m, K, prec);
        if (bytes > NH_SERIES_MAX_BYTES)
            return nh_error_set(err, NH_ERR_RESOURCE,
                "order K = %ld for n = %ld coordinates needs at least %.3g GB "
                "(%.0f jets of %ld coefficients in (t, eps) and their derivatives; "
                "limit %.3g GB): lower the order", (long) K, (long) n, bytes / 1e9,
                (double) n * n * n, (long) ((K + 1) * (K + 2) / 2), NH_SERIES_MAX_BYTES / 1e9);
    }

    /* certified checks at q0 (G, mu_bar SPD, A of full rank), with the
       geometry module's messages naming the quantity and the point */
    status = (t0 == NULL) ? nh_geom_check_point(M, q0, prec, err)
                          : nh_geom_check_point_time(M, q0, t0, prec, err);
    if (status != NH_OK)
    {
        nh_error_prefix(err, "time-derivative route: ");
        return status;
    }

    /* contexts of order s = 1..K (index s - 1), cached per thread */
    _nh_series_contexts(&c2, &cy, n, K);

    /* One workspace, allocated for the largest context (order K); sweep
       s uses it with the stride of the order-s context (every buffer
       but the state u, H is fully rewritten by each sweep).  The state
       of sweep s-1 is the prefix of its jets (the graded monomial order
       is the same in both contexts): restride it through tmp. */
    w = _nh_series_ws_take(NH_SERIES_WS_TIME, n, m, K);
    if (w == NULL)
    {
        w = flint_malloc(sizeof(nh_tw_struct));
        tw_init(w, n, m, K, c2 + K - 1, cy + K - 1);
    }
    w->timed = (t0 != NULL) && nh_model_has_time(M);
    w->affine = (t0 != NULL) && !nh_model_constraints_are_linear(M);
    if (t0 != NULL)
        arb_set(w->t0, t0);
    /* affine: v_p enters v at degree 0, so sweep 1 runs twice (the first
       run computes v_p(q0, t0), the second uses it; see tw_particular) */
    for (s = 1; s <= K && status == NH_OK; s++)
    {
        slong lo = (s == 1) ? 0 : c2[s - 2].len, ln = c2[s - 1].len;
        arb_ptr st[3];
        slong t;
        st[0] = w->u; st[1] = w->H; st[2] = w->vp;
        for (t = 0; t < 2 + w->affine; t++)
        {
            if (s == 1)
            {
                _arb_vec_zero(st[t], n * ln);
                if (t == 0)
                    for (i = 0; i < n; i++)
                        arb_set(st[t] + i * ln, vD + i);
                continue;
            }
            _arb_vec_swap(w->tmp, st[t], n * lo);
            for (i = 0; i < n; i++)
            {
                _arb_vec_swap(st[t] + i * ln, w->tmp + i * lo, lo);
                _arb_vec_zero(st[t] + i * ln + lo, ln - lo);
            }
        }
        w->K = s;
        w->c2 = c2 + s - 1;
        w->cy = cy + s - 1;
        status = tw_sweep(w, M, q0, vD, prec, err);
        if (s == 1 && w->affine && status == NH_OK)
            status = tw_sweep(w, M, q0, vD, prec, err);
    }

    if (status == NH_OK)
    {
        jet_ctx_struct *cK = c2 + K - 1;
        exp[0] = 0;
        for (k = 1; k <= K; k++)
        {
            slong idx, idxm;
            exp[1] = k;
            idx = jet_ctx_index(cK, exp);
            exp[1] = k - 1;
            idxm = jet_ctx_index(cK, exp);
            for (i = 0; i < n; i++)
            {
                arb_set(h + (k - 1) * n + i, JET_ENTRY(w->H, i, cK) + idx);
                if (react != NULL)
                    arb_neg(react + (k - 1) * n + i, JET_ENTRY(w->B, i, cK) + idxm);
            }
        }
        /* v = u + H + v_p at the start of sweep K is exact to degree K-1 */
        exp[0] = 1; exp[1] = 0;
        for (i = 0; vdot0 != NULL && i < n; i++)
            arb_set(vdot0 + i, JET_ENTRY(w->v, i, cK) + jet_ctx_index(cK, exp));
    }
    else
        nh_error_prefix(err, "time-derivative route: ");

    w->c2 = c2 + K - 1;
    w->cy = cy + K - 1;
    w->K = K;
    _nh_series_ws_give(NH_SERIES_WS_TIME, w, n, m, K, nh_series_time_memory(n, m, K, prec),
                       tw_free);
    return status;
}

/* see series.h: one sweep of order 1 with H frozen at its order-k value
   gives, at t^0, v, du/dt = (dP/dt) v + P F and F at that v (the
   quantities of degree 0 only need H at degree 0, see tw_sweep). */
int
nh_reduced_field_t(arb_ptr qdot, arb_ptr vDdot, arb_ptr vdot, const nh_model_struct *M,
                   arb_srcptr q0, const arb_t t0, arb_srcptr vD, arb_srcptr h,
                   arb_srcptr react, slong hlen, slong k, const arb_t eps, slong prec,
                   nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i, j, len, run;
    jet_ctx_struct *c2, *cy;
    nh_tw_struct *w;
    arb_ptr Hk;
    arb_t e;
    int status;

    if (k < 0 || hlen < k || (vdot != NULL && (react == NULL || hlen < k + 1)))
        return nh_error_set(err, NH_ERR_USAGE, "reduced field of order %ld needs h^(1..%ld)%s",
                            (long) k, (long) (vdot != NULL ? k + 1 : k),
                            vdot != NULL ? " and the reactions" : "");
    status = nh_geom_check_point_time(M, q0, t0, prec, err);
    if (status != NH_OK)
        return status;
    Hk = _arb_vec_init(n);
    arb_init(e);
    arb_one(e);
    for (j = 1; j <= k; j++)        /* Hk = sum_{j<=k} eps^j h^(j) */
    {
        arb_mul(e, e, eps, prec);
        for (i = 0; i < n; i++)
            arb_addmul(Hk + i, e, h + (j - 1) * n + i, prec);
    }
    _nh_series_contexts(&c2, &cy, n, 1);
    w = _nh_series_ws_take(NH_SERIES_WS_FIELD, n, m, 1);
    if (w == NULL)
    {
        w = flint_malloc(sizeof(nh_tw_struct));
        tw_init(w, n, m, 1, c2, cy);
    }
    w->timed = nh_model_has_time(M);
    w->affine = !nh_model_constraints_are_linear(M);
    arb_set(w->t0, t0);
    len = c2->len;
    _arb_vec_zero(w->vp, n * len);
    /* affine: the first run computes v_p(q0, t0), the second uses it */
    for (run = 0; run < 1 + w->affine && status == NH_OK; run++)
    {
        _arb_vec_zero(w->H, n * len);
        _arb_vec_zero(w->u, n * len);
        for (i = 0; i < n; i++)
        {
            arb_set(JET_ENTRY(w->H, i, c2), Hk + i);
            arb_set(JET_ENTRY(w->u, i, c2), vD + i);
        }
        status = tw_sweep(w, M, q0, vD, prec, err);
    }
    for (i = 0; status == NH_OK && i < n; i++)
    {
        arb_set(qdot + i, JET_ENTRY(w->v, i, c2));
        arb_set(vDdot + i, JET_ENTRY(w->ut, i, c2));
        if (vdot == NULL)
            continue;
        arb_set(vdot + i, JET_ENTRY(w->F, i, c2));
        arb_one(e);
        for (j = 1; j <= k + 1; j++)    /* + sum eps^(j-1) react^(j) */
        {
            arb_addmul(vdot + i, e, react + (j - 1) * n + i, prec);
            arb_mul(e, e, eps, prec);
        }
    }
    if (status != NH_OK)
        nh_error_prefix(err, "reduced field: ");
    _nh_series_ws_give(NH_SERIES_WS_FIELD, w, n, m, 1, nh_series_time_memory(n, m, 1, prec),
                       tw_free);
    _arb_vec_clear(Hk, n);
    arb_clear(e);
    return status;
}
