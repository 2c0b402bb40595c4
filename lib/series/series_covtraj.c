/*
 * nh_series_covariant -- h^(k) by the covariant route: the covariant
 * invariance condition of paper 000 eq (65),
 *
 *     nabla_{qdot} (P_perp(v)) = nabla_{qdot} (h_eps o P(v))   on D_eps,
 *
 * imposed along the slow trajectory through (q0, vD), with the full
 * vector field (39)-(40) in covariant form, nabla_t v = -grad V -
 * (1/eps) FR_sharp v.  With u = P v (= vD at t = 0) and H = P_perp v =
 * h_eps(u), and (nabla_X T) = sum_k dT/dq^k X^k + Gamma(X) T - T Gamma(X)
 * for the (1,1)-tensors P, P_perp (eq (32); nabla_X P = -nabla_X P_perp),
 * P FR_sharp = 0 and P_perp FR_sharp = FR_sharp give
 *
 *     nabla_t u = (nabla_v P) v - P grad V = -(nabla_v P_perp) v - P grad V,
 *     nabla_t H = (nabla_v P_perp) v - P_perp grad V - (1/eps) FR_sharp H,
 *
 * and by Lemma 4 (Q FR_sharp = P_perp on D_perp)
 *
 *     H = eps Q [ (nabla_v P_perp) v - P_perp grad V - nabla_t H ],
 *     nabla_t Y = dY/dt + Gamma(v) Y   (covariant derivative along q(t), (4)).
 *
 * By the chain rule (28), nabla_t H = nabla^H_v h_eps(u) + D^V h_eps
 * (nabla_t u) along the trajectory, so this is the generating equation
 * (56) of Theorem 1 evaluated along the slow trajectory; collecting
 * eps^(k-1) at t = 0 gives the recursion of lib/series/series_covariant.c
 * (nh_series_covariant_bundle), which computes every partial derivative
 * of every h^(j) in (dq, du) and so grows like binomial(K-1+2n, 2n).
 * Here only the derivatives along the trajectory are formed: q(t, eps),
 * u(t, eps), H(t, eps) are bivariate Taylor series truncated at total
 * degree K, h^(k)(q0, vD) = [t^0 eps^k] H.
 *
 * Ingredients (none shared with the time route but the model evaluator
 * and the jet arithmetic): G, dG/dq^k, dV/dq^k along q(t, eps) (model
 * evaluated at q(t, eps) + y, degree <= 1 in y), G^{-1}, the matrix
 * Gamma(v)^i_j = Gamma^i_{kj} v^k = G^{il} C_{l,kj} v^k with the
 * Christoffel symbols of the first kind C_{l,kj} of eq (5), grad V =
 * G^{-1} dV, P_perp = G^{-1} A^T S^{-1} A formed as an n x n matrix, Q =
 * G^{-1} A^T S^{-1} mu_bar^{-1} S^{-1} A applied through its factors.
 *
 * Iteration: sweep s = 1..K truncates every product at total degree s.
 * Before sweep s, q, u, H are exact to degree s-1; q = q0 + int v dt and
 * u = vD + int (nabla_t u - Gamma(v) u) dt gain one degree; in the
 * bracket everything but dH/dt needs degree <= s-1 only; the eps-chain
 * [t^a eps^k] H <- (a+1) [t^(a+1) eps^(k-1)] H (same total degree) is
 * solved for the top layer by a recursion over k = 1..s with Q(q0).
 * Cost: K sweeps, sweep s on (s+1)(s+2)/2 coefficients: O(n^3) jet
 * products (dG contracted with v, G^{-1} times it, P_perp) and the
 * model evaluated in (t, eps | y): about K^5 in all for fixed n, the
 * same law as the time route (doc/series.md, doc/bench.md).
 *
 * The reaction force returned is -FR_sharp(q0) h^(k), as on the bundle
 * route.  Every quantity is an Arb ball; the iteration reaches the exact
 * truncated series, so the balls enclose the exact h^(k).
 */
#include <string.h>
#include "impl.h"

/* the jet matrices of the workspace and their shapes (cv_shape) */
enum { CV_G, CV_GINV, CV_A, CV_AT, CV_MU, CV_GIAT, CV_S, CV_SINV, CV_W, CV_WM, CV_Y, CV_PP, CV_PPT, CV_CV, CV_GV, CV_NMAT };

typedef struct
{
    slong n, m, K, len;
    int flat;           /* every dG/dq^k is exactly 0 along the series (a
                           constant metric): Gamma(v) = 0, its products skipped */
    jet_ctx_struct *c2, *cy;
    slong *ym;          /* ym[k*len + idx]: cy index of c2 monomial idx (* y_{k-1}) */
    arb_ptr q, u, H, v, ut, B0, B, T, pv, gv, a1, dV, gradV, jt;
    arb_ptr dG;         /* n^3 jets, [k][i][j] = d G_ij / d q^k */
    arb_ptr mv;         /* m jets */
    jet_mat_struct mat[CV_NMAT];   /* see the enum above */
    arb_ptr qy, Vy;
    jet_mat_t Gy;
    arb_mat_t Q0;
}
nh_cv_struct;

#define CVM(w, name) ((w)->mat + CV_##name)
#define CV_DG(w, k, i, j) ((w)->dG + ((((k) * (w)->n + (i)) * (w)->n + (j)) * (w)->len))

/* rows and columns of matrix k for n coordinates, m constraints */
static void
cv_shape(slong *r, slong *c, slong k, slong n, slong m)
{
    *r = (k == CV_A || k == CV_MU || k == CV_S || k == CV_SINV || k == CV_W || k == CV_WM
          || k == CV_Y) ? m : n;
    *c = (k == CV_AT || k == CV_MU || k == CV_GIAT || k == CV_S || k == CV_SINV) ? m : n;
}

static void
cv_init(nh_cv_struct *w, slong n, slong m, slong K, jet_ctx_struct *c2, jet_ctx_struct *cy)
{
    slong idx, k, *e;
    memset(w, 0, sizeof *w);
    w->n = n; w->m = m; w->K = K; w->c2 = c2; w->cy = cy; w->len = c2->len;
    w->q = jet_vec_init(13 * n, c2);
    w->u = w->q + n * w->len;   w->H = w->u + n * w->len;   w->v = w->H + n * w->len;
    w->ut = w->v + n * w->len;  w->B0 = w->ut + n * w->len; w->B = w->B0 + n * w->len;
    w->T = w->B + n * w->len;   w->pv = w->T + n * w->len;  w->gv = w->pv + n * w->len;
    w->a1 = w->gv + n * w->len; w->dV = w->a1 + n * w->len; w->gradV = w->dV + n * w->len;
    w->jt = jet_init(c2);
    w->dG = jet_vec_init(n * n * n, c2);
    w->mv = jet_vec_init(m, c2);
    for (k = 0; k < CV_NMAT; k++)
    {
        slong r, c;
        cv_shape(&r, &c, k, n, m);
        jet_mat_init(w->mat + k, r, c, c2);
    }
    w->qy = jet_vec_init(n, cy); w->Vy = jet_init(cy);
    jet_mat_init(w->Gy, n, n, cy);
    arb_mat_init(w->Q0, n, n);
    /* index map (t, eps) -> (t, eps | y) */
    w->ym = flint_malloc((n + 1) * w->len * sizeof(slong));
    e = flint_calloc(n + 2, sizeof(slong));
    for (idx = 0; idx < w->len; idx++)
    {
        const slong *ea = jet_ctx_exp(c2, idx);
        e[0] = ea[0]; e[1] = ea[1];
        w->ym[idx] = jet_ctx_index(cy, e);
        for (k = 0; k < n; k++)
        {
            e[2 + k] = 1;
            w->ym[(k + 1) * w->len + idx] = jet_ctx_index(cy, e);
            e[2 + k] = 0;
        }
    }
    flint_free(e);
}

static void
cv_clear(nh_cv_struct *w)
{
    slong n = w->n, m = w->m, k;
    jet_ctx_struct *c2 = w->c2, *cy = w->cy;
    jet_vec_clear(w->q, 13 * n, c2);
    jet_clear(w->jt, c2);
    jet_vec_clear(w->dG, n * n * n, c2);
    jet_vec_clear(w->mv, m, c2);
    for (k = 0; k < CV_NMAT; k++)
        jet_mat_clear(w->mat + k, c2);
    jet_vec_clear(w->qy, n, cy); jet_clear(w->Vy, cy);
    jet_mat_clear(w->Gy, cy);
    arb_mat_clear(w->Q0);
    flint_free(w->ym);
}

/* The slot's clear function (_nh_series_ws_give): w was made by
   flint_malloc and cv_init. */
static void
cv_free(void *w)
{
    cv_clear(w);
    flint_free(w);
}

/* Copy the coefficients of degree <= s of src (in cy) times y-monomial k
   (k = 0: none, k >= 1: y_{k-1}) into dst (in c2); higher ones zeroed. */
static void
cv_extract(arb_ptr dst, arb_srcptr src, const nh_cv_struct *w, slong k, slong ls)
{
    slong idx;
    const slong *ym = w->ym + k * w->len;
    for (idx = 0; idx < ls; idx++)
        arb_set(dst + idx, src + ym[idx]);
    _arb_vec_zero(dst + ls, w->len - ls);
}

/* G, dG/dq^k, dV/dq^k (exact to degree s), A, mu_bar along q(t, eps):
   the model at q(t, eps) + y in (t, eps | y), degree <= 1 in y. */
static int
cv_eval_model(nh_cv_struct *w, const nh_model_struct *M, slong s, slong prec, nh_error_t err)
{
    slong i, j, k, idx, n = w->n, ls = jet_ctx_len(w->c2, s);
    jet_ctx_struct *c2 = w->c2, *cy = w->cy;
    int status;

    _arb_vec_zero(w->qy, n * cy->len);
    for (i = 0; i < n; i++)
    {
        arb_ptr qi = JET_ENTRY(w->qy, i, cy);
        for (idx = 0; idx < ls; idx++)
            arb_set(qi + w->ym[idx], JET_ENTRY(w->q, i, c2) + idx);
        arb_one(qi + w->ym[(i + 1) * w->len]);
    }
    status = nh_model_eval_metric(w->Gy, M, w->qy, s + 1, cy, prec, err);
    for (i = 0; i < n && status == NH_OK; i++)
        for (j = 0; j < n; j++)
        {
            arb_srcptr gij = JET_MAT_ENTRY(w->Gy, i, j, cy);
            cv_extract(JET_MAT_ENTRY(CVM(w, G), i, j, c2), gij, w, 0, ls);
            for (k = 0; k < n; k++)
                cv_extract(CV_DG(w, k, i, j), gij, w, k + 1, ls);
        }
    w->flat = _arb_vec_is_zero(w->dG, n * n * n * w->len);
    if (status == NH_OK && nh_model_potential_is_zero(M))
        _arb_vec_zero(w->dV, n * w->len);
    else if (status == NH_OK)
    {
        status = nh_model_eval_potential(w->Vy, M, w->qy, s + 1, cy, prec, err);
        for (k = 0; k < n && status == NH_OK; k++)
            cv_extract(JET_ENTRY(w->dV, k, c2), w->Vy, w, k + 1, ls);
    }
    if (status == NH_OK)
    {
        nh_model_values_struct o = {NULL, CVM(w, A), NULL, CVM(w, MU), NULL, NULL, NULL, NULL, NULL};
        status = nh_model_eval(&o, M, w->q, s, c2, prec, err);
    }
    return status;
}

/* G^{-1}, grad V, P_perp = G^{-1} A^T S^{-1} A and the factors of Q =
   G^{-1}A^T Y, Y = S^{-1} mu_bar^{-1} S^{-1} A, to degree s; then the
   matrix Gamma(v)^i_j = G^{il} C_{l,kj} v^k (eq (5)) to degree s-1. */
static int
cv_geometry(nh_cv_struct *w, slong s, slong prec, nh_error_t err)
{
    slong i, j, k, n = w->n;
    jet_ctx_struct *c2 = w->c2;

    if (jet_mat_inv(CVM(w, GINV), CVM(w, G), s, c2, prec) != NH_OK)
        return _nh_series_singular(CVM(w, G), "metric G", c2, prec, err);
    _nh_matvec(w->gradV, CVM(w, GINV), w->dV, n, s, c2, prec);
    jet_mat_transpose(CVM(w, AT), CVM(w, A), c2);
    jet_mat_mul(CVM(w, GIAT), CVM(w, GINV), CVM(w, AT), s, c2, prec);
    jet_mat_mul(CVM(w, S), CVM(w, A), CVM(w, GIAT), s, c2, prec);
    if (jet_mat_inv(CVM(w, SINV), CVM(w, S), s, c2, prec) != NH_OK)
        return _nh_series_singular(CVM(w, S), "A G^{-1} A^T", c2, prec, err);
    jet_mat_mul(CVM(w, W), CVM(w, SINV), CVM(w, A), s, c2, prec);
    jet_mat_mul(CVM(w, PP), CVM(w, GIAT), CVM(w, W), s, c2, prec);
    if (_nh_series_is_identity(CVM(w, MU), c2))
        jet_mat_mul(CVM(w, Y), CVM(w, SINV), CVM(w, W), s, c2, prec);
    else
    {
        if (jet_mat_solve(CVM(w, WM), CVM(w, MU), CVM(w, W), s, c2, prec) != NH_OK)
            return _nh_series_singular(CVM(w, MU), "mu_bar", c2, prec, err);
        jet_mat_mul(CVM(w, Y), CVM(w, SINV), CVM(w, WM), s, c2, prec);
    }
    if (w->flat)        /* Gamma(v) = 0: cv_gamma_v does not read GV */
        return NH_OK;

    /* Cv_{l,j} = sum_k v^k C_{l,kj},
       C_{l,kj} = 1/2 (d_k G_{lj} + d_j G_{lk} - d_l G_{kj}) */
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
        {
            arb_ptr c = JET_MAT_ENTRY(CVM(w, CV), i, j, c2);
            jet_zero(c, c2);
            for (k = 0; k < n; k++)
            {
                jet_add(w->jt, CV_DG(w, k, i, j), CV_DG(w, j, i, k), c2, prec);
                jet_sub(w->jt, w->jt, CV_DG(w, i, k, j), c2, prec);
                jet_addmul(c, w->jt, JET_ENTRY(w->v, k, c2), s - 1, c2, prec);
            }
            jet_scalar_div_si(c, c, 2, c2, prec);
        }
    jet_mat_mul(CVM(w, GV), CVM(w, GINV), CVM(w, CV), s - 1, c2, prec);
    return NH_OK;
}

/* The top layer (total degree s) of H = eps Q (B0 - dH/dt): with T = Q Bz
   (Bz = B0 - dH/dt, degree-(s-1) layer zeroed) already in w->T and H =
   eps T below the top layer, [t^a eps^k] H = [t^a eps^(k-1)] T + Q(q0)
   ([t^a eps^(k-1)] B0 - (a+1) [t^(a+1) eps^(k-1)] H), k = 1..s. */
static void
cv_top_layer(nh_cv_struct *w, slong s, slong prec)
{
    slong i, k, n = w->n, e[2];
    jet_ctx_struct *c2 = w->c2;
    for (k = 1; k <= s; k++)
    {
        slong a = s - k, c, ch, cp;
        e[0] = a; e[1] = k - 1; c = jet_ctx_index(c2, e);
        e[1] = k; ch = jet_ctx_index(c2, e);
        e[0] = a + 1; e[1] = k - 1; cp = jet_ctx_index(c2, e);
        for (i = 0; i < n; i++)
        {
            arb_ptr bc = JET_ENTRY(w->B, i, c2) + c;
            arb_mul_si(bc, JET_ENTRY(w->H, i, c2) + cp, a + 1, prec);
            arb_sub(bc, JET_ENTRY(w->B0, i, c2) + c, bc, prec);
        }
        for (i = 0; i < n; i++)
            arb_dot(JET_ENTRY(w->H, i, c2) + ch, JET_ENTRY(w->T, i, c2) + c, 0,
                    arb_mat_entry(w->Q0, i, 0), 1, JET_ENTRY(w->B, 0, c2) + c,
                    w->len, n, prec);
    }
}

/* res = Gamma(v) x (n jets, to degree s - 1); exactly 0 for a flat
   metric (what the product with the zero matrix gives, without it) */
static void
cv_gamma_v(arb_ptr res, const nh_cv_struct *w, arb_srcptr x, slong s, slong prec)
{
    if (w->flat)
        _arb_vec_zero(res, w->n * w->len);
    else
        _nh_matvec(res, CVM(w, GV), x, w->n, s - 1, w->c2, prec);
}

/* One sweep at truncation degree s (see the file comment). */
static int
cv_sweep(nh_cv_struct *w, const nh_model_struct *M, arb_srcptr q0, arb_srcptr vD,
         slong s, slong prec, nh_error_t err)
{
    slong i, j, n = w->n, len = w->len;
    slong lo = jet_ctx_len(w->c2, s - 2), hi = jet_ctx_len(w->c2, s - 1);
    jet_ctx_struct *c2 = w->c2;
    int status;

    _arb_vec_add(w->v, w->u, w->H, n * c2->len, prec);
    _nh_series_integrate_t(w->q, w->v, q0, n, c2, prec);
    status = cv_eval_model(w, M, s, prec, err);
    if (status == NH_OK)
        status = cv_geometry(w, s, prec, err);
    if (status != NH_OK)
        return status;

    /* B0 = (nabla_v P_perp) v - P_perp grad V - Gamma(v) H, with
       (nabla_v P_perp) v = (dP_perp/dt) v + Gamma(v) P_perp v - P_perp Gamma(v) v;
       du/dt = nabla_t u - Gamma(v) u = -(nabla_v P_perp) v - grad V
               + P_perp grad V - Gamma(v) u.  All to degree s-1. */
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            jet_derivative(JET_MAT_ENTRY(CVM(w, PPT), i, j, c2), JET_MAT_ENTRY(CVM(w, PP), i, j, c2), 0, c2, prec);
    _nh_matvec(w->pv, CVM(w, PP), w->v, n, s - 1, c2, prec);
    cv_gamma_v(w->gv, w, w->v, s, prec);
    _nh_matvec(w->B0, CVM(w, PPT), w->v, n, s - 1, c2, prec);
    cv_gamma_v(w->a1, w, w->pv, s, prec);
    _arb_vec_add(w->B0, w->B0, w->a1, n * len, prec);
    _nh_matvec(w->a1, CVM(w, PP), w->gv, n, s - 1, c2, prec);
    _arb_vec_sub(w->B0, w->B0, w->a1, n * len, prec);          /* (nabla_v P_perp) v */
    _nh_matvec(w->a1, CVM(w, PP), w->gradV, n, s - 1, c2, prec);    /* P_perp grad V */
    cv_gamma_v(w->pv, w, w->u, s, prec);                            /* Gamma(v) u */
    cv_gamma_v(w->gv, w, w->H, s, prec);                            /* Gamma(v) H */
    for (i = 0; i < n * len; i++)
    {
        arb_add(w->ut + i, w->B0 + i, w->gradV + i, prec);
        arb_sub(w->ut + i, w->a1 + i, w->ut + i, prec);
        arb_sub(w->ut + i, w->ut + i, w->pv + i, prec);
        arb_sub(w->B0 + i, w->B0 + i, w->a1 + i, prec);
        arb_sub(w->B0 + i, w->B0 + i, w->gv + i, prec);
    }
    for (i = 0; i < n; i++)
    {
        arb_ptr b = JET_ENTRY(w->B, i, c2);
        jet_derivative(w->jt, JET_ENTRY(w->H, i, c2), 0, c2, prec);
        jet_sub(b, JET_ENTRY(w->B0, i, c2), w->jt, c2, prec);
        _arb_vec_zero(b + lo, hi - lo);
    }
    _nh_matvec_rect(w->mv, CVM(w, Y), w->B, s - 1, c2, prec);
    _nh_matvec_rect(w->T, CVM(w, GIAT), w->mv, s - 1, c2, prec);   /* T = Q Bz */
    for (i = 0; i < n; i++)
        jet_mul_var(JET_ENTRY(w->H, i, c2), JET_ENTRY(w->T, i, c2), 1, c2);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            arb_dot(arb_mat_entry(w->Q0, i, j), NULL, 0, JET_MAT_ENTRY(CVM(w, GIAT), i, 0, c2), len,
                    JET_MAT_ENTRY(CVM(w, Y), 0, j, c2), n * len, w->m, prec);
    cv_top_layer(w, s, prec);
    _nh_series_integrate_t(w->u, w->ut, vD, n, c2, prec);
    return NH_OK;
}

/* see series.h: jets in (t, eps) of total degree K, 13 n + n^3 + 6 n^2
   + 6 n m + 3 m^2 + m + 1 with m <= n counted as n; in (t, eps | y) n^2 +
   n + 1 jets of (n + 1) times that length. */
double
nh_series_covariant_memory(slong n, slong K, slong prec)
{
    double ball = 48.0 + 2.0 * (double) ((prec + FLINT_BITS - 1) / FLINT_BITS) * sizeof(mp_limb_t);
    double L2 = (double) (K + 1) * (K + 2) / 2.0, dn = (double) n;
    double jets2 = dn * dn * dn + 15.0 * dn * dn + 14.0 * dn + 1.0;
    double jetsy = (dn * dn + dn + 1.0) * (dn + 1.0);
    return ball * L2 * (jets2 + jetsy);
}

int
nh_series_covariant(arb_ptr h, arb_ptr react, const nh_model_struct *M,
                    arb_srcptr q0, arb_srcptr vD, slong K, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i, k, s, e[2];
    jet_ctx_struct *c2, *cy;
    nh_cv_struct *w;
    int status;

    if (K < 1 || K > NH_SERIES_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "series order K = %ld outside 1..%d",
                            (long) K, NH_SERIES_MAX_ORDER);
    if (nh_series_covariant_memory(n, K, prec) > NH_SERIES_MAX_BYTES)
        return nh_error_set(err, NH_ERR_RESOURCE,
                            "covariant route: order K = %ld for n = %ld needs about %.3g GB "
                            "(limit %.3g GB): lower the order", (long) K, (long) n,
                            nh_series_covariant_memory(n, K, prec) / 1e9, NH_SERIES_MAX_BYTES / 1e9);
    status = nh_geom_check_point(M, q0, prec, err);
    if (status != NH_OK)
    {
        nh_error_prefix(err, "covariant route: ");
        return status;
    }
    if (m == 0)     /* no friction: D_eps = TQ, h_eps = 0 */
    {
        _arb_vec_zero(h, K * n);
        if (react != NULL)
            _arb_vec_zero(react, K * n);
        return NH_OK;
    }
    /* c2: (t, eps) of order K; cy: (t, eps | y), order K + 1, degree <= 1
       in y (cached across calls, series_ctx.c) */
    _nh_series_contexts(&c2, &cy, n, K);
    c2 += K - 1;
    cy += K - 1;
    w = _nh_series_ws_take(NH_SERIES_WS_COV, n, m, K);
    if (w == NULL)
    {
        w = flint_malloc(sizeof(nh_cv_struct));
        cv_init(w, n, m, K, c2, cy);
    }
    else        /* the state of the last call (q, u, H, ... gradV): zero */
        _arb_vec_zero(w->q, 13 * n * w->len);
    for (i = 0; i < n; i++)
        arb_set(JET_ENTRY(w->u, i, c2), vD + i);
    for (s = 1; s <= K && status == NH_OK; s++)
        status = cv_sweep(w, M, q0, vD, s, prec, err);
    if (status == NH_OK)
    {
        arb_mat_t FR, A0, mu0, GA0;
        arb_mat_init(FR, n, n); arb_mat_init(A0, m, n);
        arb_mat_init(mu0, m, m); arb_mat_init(GA0, n, m);
        jet_mat_get_const(A0, CVM(w, A), c2);
        jet_mat_get_const(mu0, CVM(w, MU), c2);
        jet_mat_get_const(GA0, CVM(w, GIAT), c2);
        arb_mat_mul(GA0, GA0, mu0, prec);
        arb_mat_mul(FR, GA0, A0, prec);          /* FR_sharp(q0), eq (38) */
        e[0] = 0;
        for (k = 1; k <= K; k++)
        {
            e[1] = k;
            for (i = 0; i < n; i++)
                arb_set(h + (k - 1) * n + i, JET_ENTRY(w->H, i, c2) + jet_ctx_index(c2, e));
            if (react != NULL)
                for (i = 0; i < n; i++)
                {
                    arb_ptr r = react + (k - 1) * n + i;
                    arb_dot(r, NULL, 1, arb_mat_entry(FR, i, 0), 1, h + (k - 1) * n, 1, n, prec);
                }
        }
        arb_mat_clear(FR); arb_mat_clear(A0); arb_mat_clear(mu0); arb_mat_clear(GA0);
    }
    else
        nh_error_prefix(err, "covariant route: ");
    _nh_series_ws_give(NH_SERIES_WS_COV, w, n, m, K, nh_series_covariant_memory(n, K, prec),
                       cv_free);
    return status;
}
