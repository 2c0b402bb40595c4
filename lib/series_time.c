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
 * weight i + 2k; the fixed-point iteration below (q updated first) is
 * therefore exact after 2K iterations, and h^(k)(q0, vD) = [t^0 eps^k] H.
 * Coefficients with i + k <= K suffice.  -B is the reaction force
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
#include "series_internal.h"

typedef struct
{
    slong n, m, K;
    jet_ctx_struct *c2, *cy;
    slong *map2y, *mapy2;
    /* state, n jets each in c2 */
    arb_ptr q, u, H, v, F, ut, B, tmp, tmp2, Ht;
    jet_mat_t G, Ginv, A, AT, mu, GiAT, S, SmuS, X, Pperp, P, Pperp_t, Q, M1;
    jet_mat_t *dG;   /* n matrices n x n */
    arb_ptr dV;      /* n jets */
    /* in cy */
    arb_ptr qy, Vy, ty;
    jet_mat_t Gy;
}
nh_tw_struct;

static void
tw_init(nh_tw_struct *w, slong n, slong m, slong K, jet_ctx_struct *c2, jet_ctx_struct *cy)
{
    slong i;
    w->n = n; w->m = m; w->K = K; w->c2 = c2; w->cy = cy;
    w->map2y = flint_malloc(2 * sizeof(slong));
    w->map2y[0] = 0; w->map2y[1] = 1;
    w->mapy2 = flint_malloc((n + 2) * sizeof(slong));
    w->mapy2[0] = 0; w->mapy2[1] = 1;
    for (i = 0; i < n; i++)
        w->mapy2[2 + i] = -1;
    w->q = jet_vec_init(n, c2); w->u = jet_vec_init(n, c2);
    w->H = jet_vec_init(n, c2); w->v = jet_vec_init(n, c2);
    w->F = jet_vec_init(n, c2); w->ut = jet_vec_init(n, c2);
    w->B = jet_vec_init(n, c2); w->tmp = jet_vec_init(n, c2);
    w->tmp2 = jet_vec_init(n, c2); w->Ht = jet_vec_init(n, c2);
    w->dV = jet_vec_init(n, c2);
    jet_mat_init(w->G, n, n, c2); jet_mat_init(w->Ginv, n, n, c2);
    jet_mat_init(w->A, m, n, c2); jet_mat_init(w->AT, n, m, c2);
    jet_mat_init(w->mu, m, m, c2); jet_mat_init(w->GiAT, n, m, c2);
    jet_mat_init(w->S, m, m, c2); jet_mat_init(w->SmuS, m, m, c2);
    jet_mat_init(w->X, m, n, c2); jet_mat_init(w->Pperp, n, n, c2);
    jet_mat_init(w->P, n, n, c2); jet_mat_init(w->Pperp_t, n, n, c2);
    jet_mat_init(w->Q, n, n, c2); jet_mat_init(w->M1, m, m, c2);
    w->dG = flint_malloc(n * sizeof(jet_mat_t));
    for (i = 0; i < n; i++)
        jet_mat_init(w->dG[i], n, n, c2);
    w->qy = jet_vec_init(n, cy); w->Vy = jet_init(cy); w->ty = jet_init(cy);
    jet_mat_init(w->Gy, n, n, cy);
}

static void
tw_clear(nh_tw_struct *w)
{
    slong i, n = w->n;
    jet_ctx_struct *c2 = w->c2, *cy = w->cy;
    flint_free(w->map2y); flint_free(w->mapy2);
    jet_vec_clear(w->q, n, c2); jet_vec_clear(w->u, n, c2);
    jet_vec_clear(w->H, n, c2); jet_vec_clear(w->v, n, c2);
    jet_vec_clear(w->F, n, c2); jet_vec_clear(w->ut, n, c2);
    jet_vec_clear(w->B, n, c2); jet_vec_clear(w->tmp, n, c2);
    jet_vec_clear(w->tmp2, n, c2); jet_vec_clear(w->Ht, n, c2);
    jet_vec_clear(w->dV, n, c2);
    jet_mat_clear(w->G, c2); jet_mat_clear(w->Ginv, c2); jet_mat_clear(w->A, c2);
    jet_mat_clear(w->AT, c2); jet_mat_clear(w->mu, c2); jet_mat_clear(w->GiAT, c2);
    jet_mat_clear(w->S, c2); jet_mat_clear(w->SmuS, c2); jet_mat_clear(w->X, c2);
    jet_mat_clear(w->Pperp, c2); jet_mat_clear(w->P, c2);
    jet_mat_clear(w->Pperp_t, c2); jet_mat_clear(w->Q, c2); jet_mat_clear(w->M1, c2);
    for (i = 0; i < n; i++)
        jet_mat_clear(w->dG[i], c2);
    flint_free(w->dG);
    jet_vec_clear(w->qy, n, cy); jet_clear(w->Vy, cy); jet_clear(w->ty, cy);
    jet_mat_clear(w->Gy, cy);
}

/* Evaluate G, dG/dq^i, dV/dq^i, A, mu_bar along the series q(t, eps). */
static int
tw_eval_model(nh_tw_struct *w, const nh_model_struct *M, slong prec, nh_error_t err)
{
    slong i, j, k, n = w->n, K = w->K;
    jet_ctx_struct *c2 = w->c2, *cy = w->cy;
    int status;

    for (i = 0; i < n; i++)
    {
        arb_ptr qi = JET_ENTRY(w->qy, i, cy);
        jet_transfer(qi, cy, JET_ENTRY(w->q, i, c2), c2, w->map2y);
        arb_add_ui(qi + jet_ctx_var_index(cy, 2 + i), qi + jet_ctx_var_index(cy, 2 + i), 1, prec);
    }
    status = nh_model_eval_metric(w->Gy, M, w->qy, cy->order, cy, prec, err);
    if (status != NH_OK)
        return status;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
        {
            arb_srcptr gij = JET_MAT_ENTRY(w->Gy, i, j, cy);
            jet_transfer(JET_MAT_ENTRY(w->G, i, j, c2), c2, gij, cy, w->mapy2);
            for (k = 0; k < n; k++)
            {
                jet_derivative(w->ty, gij, 2 + k, cy, prec);
                jet_transfer(JET_MAT_ENTRY(w->dG[k], i, j, c2), c2, w->ty, cy, w->mapy2);
            }
        }
    if (nh_model_potential_is_zero(M))
    {
        for (k = 0; k < n; k++)
            jet_zero(JET_ENTRY(w->dV, k, c2), c2);
    }
    else
    {
        status = nh_model_eval_potential(w->Vy, M, w->qy, cy->order, cy, prec, err);
        if (status != NH_OK)
            return status;
        for (k = 0; k < n; k++)
        {
            jet_derivative(w->ty, w->Vy, 2 + k, cy, prec);
            jet_transfer(JET_ENTRY(w->dV, k, c2), c2, w->ty, cy, w->mapy2);
        }
    }
    status = nh_model_eval_constraints(w->A, M, w->q, K, c2, prec, err);
    if (status != NH_OK)
        return status;
    return nh_model_eval_friction(w->mu, M, w->q, K, c2, prec, err);
}

/* One sweep of the fixed-point iteration (see the file comment). */
static int
tw_sweep(nh_tw_struct *w, const nh_model_struct *M, arb_srcptr q0, arb_srcptr vD,
         slong prec, nh_error_t err)
{
    slong i, j, n = w->n, K = w->K;
    jet_ctx_struct *c2 = w->c2;
    int status;

    /* v = u + H;  q = q0 + int_0^t v */
    for (i = 0; i < n; i++)
    {
        jet_add(JET_ENTRY(w->v, i, c2), JET_ENTRY(w->u, i, c2), JET_ENTRY(w->H, i, c2), c2, prec);
        jet_integral(JET_ENTRY(w->q, i, c2), JET_ENTRY(w->v, i, c2), 0, c2, prec);
        arb_add(JET_ENTRY(w->q, i, c2), JET_ENTRY(w->q, i, c2), q0 + i, prec);
    }

    status = tw_eval_model(w, M, prec, err);
    if (status != NH_OK)
        return status;
    status = jet_mat_inv(w->Ginv, w->G, K, c2, prec);
    if (status != NH_OK)
        return nh_error_set(err, NH_ERR_MODEL, "metric G singular along the series");

    /* rhs_i = -(dG/dt v)_i + 1/2 v^T dG_i v - dV_i, kept in w->tmp */
    for (i = 0; i < n; i++)
    {
        arb_ptr r = JET_ENTRY(w->tmp, i, c2);
        /* tmp2 = dG_i v */
        _nh_matvec(w->tmp2, w->dG[i], w->v, n, K, c2, prec);
        jet_dot(r, w->tmp2, c2->len, w->v, c2->len, n, K, c2, prec);
        jet_scalar_div_si(r, r, 2, c2, prec);
        jet_sub(r, r, JET_ENTRY(w->dV, i, c2), c2, prec);
        for (j = 0; j < n; j++)
        {
            jet_derivative(w->Ht, JET_MAT_ENTRY(w->G, i, j, c2), 0, c2, prec);
            jet_submul(r, w->Ht, JET_ENTRY(w->v, j, c2), K, c2, prec);
        }
    }
    _nh_matvec(w->F, w->Ginv, w->tmp, n, K, c2, prec);

    /* S = A G^{-1} A^T, P_perp = G^{-1}A^T S^{-1} A, Q = G^{-1}A^T (S mu S)^{-1} A */
    jet_mat_transpose(w->AT, w->A, c2);
    jet_mat_mul(w->GiAT, w->Ginv, w->AT, K, c2, prec);
    jet_mat_mul(w->S, w->A, w->GiAT, K, c2, prec);
    status = jet_mat_solve(w->X, w->S, w->A, K, c2, prec);
    if (status != NH_OK)
        return nh_error_set(err, NH_ERR_MODEL, "A G^{-1} A^T singular along the series");
    jet_mat_mul(w->Pperp, w->GiAT, w->X, K, c2, prec);
    jet_mat_mul(w->M1, w->S, w->mu, K, c2, prec);
    jet_mat_mul(w->SmuS, w->M1, w->S, K, c2, prec);
    status = jet_mat_solve(w->X, w->SmuS, w->A, K, c2, prec);
    if (status != NH_OK)
        return nh_error_set(err, NH_ERR_MODEL, "S mu_bar S singular along the series");
    jet_mat_mul(w->Q, w->GiAT, w->X, K, c2, prec);
    jet_mat_one(w->P, c2);
    jet_mat_sub(w->P, w->P, w->Pperp, c2, prec);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            jet_derivative(JET_MAT_ENTRY(w->Pperp_t, i, j, c2),
                           JET_MAT_ENTRY(w->Pperp, i, j, c2), 0, c2, prec);

    /* du/dt = -(dP_perp/dt) v + P F;  B = (dP_perp/dt) v + P_perp F - dH/dt */
    _nh_matvec(w->tmp, w->Pperp_t, w->v, n, K, c2, prec);
    _nh_matvec(w->tmp2, w->P, w->F, n, K, c2, prec);
    for (i = 0; i < n; i++)
        jet_sub(JET_ENTRY(w->ut, i, c2), JET_ENTRY(w->tmp2, i, c2), JET_ENTRY(w->tmp, i, c2), c2, prec);
    _nh_matvec(w->tmp2, w->Pperp, w->F, n, K, c2, prec);
    for (i = 0; i < n; i++)
    {
        arb_ptr b = JET_ENTRY(w->B, i, c2);
        jet_add(b, JET_ENTRY(w->tmp, i, c2), JET_ENTRY(w->tmp2, i, c2), c2, prec);
        jet_derivative(w->Ht, JET_ENTRY(w->H, i, c2), 0, c2, prec);
        jet_sub(b, b, w->Ht, c2, prec);
    }

    /* H = eps Q B;  u = vD + int_0^t du/dt */
    _nh_matvec(w->tmp, w->Q, w->B, n, K, c2, prec);
    for (i = 0; i < n; i++)
    {
        jet_mul_var(JET_ENTRY(w->H, i, c2), JET_ENTRY(w->tmp, i, c2), 1, c2);
        jet_integral(JET_ENTRY(w->u, i, c2), JET_ENTRY(w->ut, i, c2), 0, c2, prec);
        arb_add(JET_ENTRY(w->u, i, c2), JET_ENTRY(w->u, i, c2), vD + i, prec);
    }
    return NH_OK;
}

int
nh_series_time(arb_ptr h, arb_ptr react, const nh_model_struct *M,
               arb_srcptr q0, arb_srcptr vD, slong K, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    slong i, k, it, sizes[2], orders[2], exp[2];
    jet_ctx_t c2, cy;
    nh_tw_struct w;
    int status = NH_OK;

    if (K < 1 || K > NH_SERIES_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "series order K = %ld outside 1..%d",
                            (long) K, NH_SERIES_MAX_ORDER);

    jet_ctx_init(c2, 2, K);
    sizes[0] = 2; sizes[1] = n; orders[0] = K; orders[1] = 1;
    jet_ctx_init_groups(cy, 2, sizes, orders, K + 1);
    tw_init(&w, n, m, K, c2, cy);

    for (i = 0; i < n; i++)
    {
        jet_set_arb(JET_ENTRY(w.u, i, c2), vD + i, c2);
        jet_zero(JET_ENTRY(w.H, i, c2), c2);
    }

    /* certified checks at q0 (G, mu_bar SPD, A of full rank), with the
       geometry module's messages naming the quantity and the point */
    {
        jet_ctx_t c0;
        nh_geom_t g0;
        jet_ctx_init(c0, n, 0);
        nh_geom_init(g0, M, c0);
        status = nh_geom_compute(g0, M, q0, 0, c0, prec, err);
        nh_geom_clear(g0, c0);
        jet_ctx_clear(c0);
    }

    for (it = 0; it <= 2 * K && status == NH_OK; it++)
        status = tw_sweep(&w, M, q0, vD, prec, err);

    if (status == NH_OK)
    {
        exp[0] = 0;
        for (k = 1; k <= K; k++)
        {
            slong idx, idxm;
            exp[1] = k;
            idx = jet_ctx_index(c2, exp);
            exp[1] = k - 1;
            idxm = jet_ctx_index(c2, exp);
            for (i = 0; i < n; i++)
            {
                arb_set(h + (k - 1) * n + i, JET_ENTRY(w.H, i, c2) + idx);
                if (react != NULL)
                    arb_neg(react + (k - 1) * n + i, JET_ENTRY(w.B, i, c2) + idxm);
            }
        }
    }
    else
        nh_error_prefix(err, "time-derivative route: ");

    tw_clear(&w);
    jet_ctx_clear(c2);
    jet_ctx_clear(cy);
    return status;
}
