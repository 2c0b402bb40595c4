/*
 * conv_slow_residual.c -- the certified invariance residual of the
 * truncated slow-manifold series (issue 14; conv.h,
 * nh_conv_slow_invariance_residual; doc/convergence.md "Certified
 * invariance residual").
 *
 * The classical invariance condition (paper 000 eq (60)) says that on
 * D_eps = graph(h_eps) the full field (39)-(40) satisfies
 *   d/dt P_perp(q) v = d/dt h_eps(q, P(q) v).
 * For the truncation H_K = sum_{k=1}^{K} eps^k h^(k) (000 eq (66)) at the
 * point v = vD + H_K(q, vD) of its graph, the defect
 *   E_K = vdot - vDdot - DH_K(q, vD)[v, vDdot],
 *   vdot  = F(q, v) - (1/eps) FR_sharp v            (000 (39)-(40)),
 *   vDdot = d/dt P(q) v = (dP[v]) v + P F(q, v)     (P FR_sharp = 0),
 * (vdot - vDdot = d/dt P_perp v) lies in D_perp (P (P_perp v - H_K(q, P v))
 * vanishes identically, so its derivative on the graph does too), and
 * E_K = -(1/eps) FR_sharp H_K + B(H_K) with B of the time route.  We
 * return it in the normalisation of a velocity,
 *   R_K = eps Q(q) E_K = eps Q B(H_K) - H_K
 * (Q of Lemma 4, Q FR_sharp = P_perp): the step of the fixed-point map
 * H -> eps Q B(H) (the form H = eps Q B of (60) used by the time route)
 * at H_K.  Since h_eps is its fixed point and the map is O(eps)
 * Lipschitz, R_K = h_eps - H_K + O(eps^(K+2)) = eps^(K+1) h^(K+1) +
 * O(eps^(K+2)).  R_0 = eps Q B(0) = eps h^(1) exactly (000 eq (67)).
 *
 * DH_K[v, vDdot] is the t^1 coefficient of H_K along the first-order jet
 * (q + t v, vD + t vDdot) (which lies in D to first order since
 * A P v = 0 identically), from nh_flow_taylor_section (h^(j) on jets):
 * no finite differences.
 */
#include "impl.h"

/* h^(1..K) at x (2n jets in c) into h (K*n jets), K >= 1 */
static int
section(arb_ptr h, nh_flow_taylor_struct *T, arb_srcptr x, slong K, slong ord,
        const jet_ctx_t c, slong prec, nh_error_t err)
{
    return nh_flow_taylor_section(h, NULL, T, x, K, K == 1, ord, c, prec, err);
}

/* H = sum_j eps^j [coefficient idx of] h^(j) (h: K*n jets of length len) */
static void
sum_terms(arb_ptr H, arb_srcptr h, slong K, slong n, slong len, slong idx, const arb_t eps,
          slong prec)
{
    slong j, i;
    arb_t ej;
    arb_init(ej);
    arb_one(ej);
    _arb_vec_zero(H, n);
    for (j = 1; j <= K; j++)
    {
        arb_mul(ej, ej, eps, prec);
        for (i = 0; i < n; i++)
            arb_addmul(H + i, ej, h + ((j - 1) * n + i) * len + idx, prec);
    }
    arb_clear(ej);
}

/* R = eps Q(q) E */
static int
apply_eps_Q(arb_ptr R, const nh_model_struct *M, arb_srcptr q, arb_srcptr E,
            const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i, j;
    jet_ctx_t c0;
    nh_geom_t g;
    int rc;
    jet_ctx_init(c0, n, 0);
    nh_geom_init(g, M, c0);
    rc = nh_geom_compute(g, M, q, 0, c0, prec, err);
    for (i = 0; rc == NH_OK && i < n; i++)
    {
        arb_zero(R + i);
        for (j = 0; j < n; j++)
            arb_addmul(R + i, JET_MAT_ENTRY(g->Q, i, j, c0), E + j, prec);
        arb_mul(R + i, R + i, eps, prec);
    }
    nh_geom_clear(g, c0);
    jet_ctx_clear(c0);
    return rc;
}

/* the jets' t-derivative part: dH = DH_K(q, vD)[v, vDdot] */
static int
dH_along(arb_ptr dH, nh_flow_taylor_struct *T, arb_srcptr q, arb_srcptr vD, arb_srcptr v,
         arb_srcptr vDdot, slong K, const arb_t eps, const jet_ctx_t c, slong prec,
         nh_error_t err)
{
    slong n = T->n, len = c->len, i;
    arb_ptr x = jet_vec_init(2 * n, c), h = jet_vec_init(K * n, c);
    int rc;
    for (i = 0; i < n; i++)
    {
        arb_set(x + i * len, q + i);
        arb_set(x + i * len + 1, v + i);
        arb_set(x + (n + i) * len, vD + i);
        arb_set(x + (n + i) * len + 1, vDdot + i);
    }
    rc = section(h, T, x, K, 1, c, prec, err);
    if (rc == NH_OK)
        sum_terms(dH, h, K, n, len, 1, eps, prec);
    jet_vec_clear(x, 2 * n, c);
    jet_vec_clear(h, K * n, c);
    return rc;
}

/* h^(1..K)(q, vD) as balls (hv: K*n) */
static int
terms_at(arb_ptr hv, nh_flow_taylor_struct *T, arb_srcptr q, arb_srcptr vD, slong K,
         const jet_ctx_t c, slong prec, nh_error_t err)
{
    slong n = T->n, len = c->len, i;
    arb_ptr x = jet_vec_init(2 * n, c), h = jet_vec_init(K * n, c);
    int rc;
    for (i = 0; i < n; i++)
    {
        arb_set(x + i * len, q + i);
        arb_set(x + (n + i) * len, vD + i);
    }
    rc = section(h, T, x, K, 0, c, prec, err);
    for (i = 0; rc == NH_OK && i < K * n; i++)
        arb_set(hv + i, h + i * len);
    jet_vec_clear(x, 2 * n, c);
    jet_vec_clear(h, K * n, c);
    return rc;
}

int
nh_conv_slow_invariance_residual(arb_ptr R, const nh_model_struct *M, arb_srcptr q,
                                 arb_srcptr vD, slong K, const arb_t eps, slong prec,
                                 nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr hv, v, vdot, qdot, vDdot, dH;
    nh_flow_taylor_t T;
    jet_ctx_t c;
    int rc = NH_OK;

    if (K < 0 || K > NH_CONV_SLOW_RES_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "certified invariance residual of order K = %ld: "
                            "supported 0..%d", (long) K, NH_CONV_SLOW_RES_MAX_ORDER);
    if (!nh_model_is_linear_autonomous(M))
        return nh_error_set(err, NH_ERR_MODEL, "certified invariance residual: model %s is not "
                            "of the original class of paper 000 (linear autonomous)",
                            nh_model_name(M));
    hv = _arb_vec_init(FLINT_MAX(K, 1) * n);
    v = _arb_vec_init(n);
    vdot = _arb_vec_init(n);
    qdot = _arb_vec_init(n);
    vDdot = _arb_vec_init(n);
    dH = _arb_vec_init(n);
    jet_ctx_init(c, 1, 1);
    nh_flow_taylor_init_reduced(T, M, FLINT_MAX(K, 1), NULL);
    if (K >= 1)
        rc = terms_at(hv, T, q, vD, K, c, prec, err);
    if (rc == NH_OK)
    {
        sum_terms(v, hv, K, n, 1, 0, eps, prec);
        _arb_vec_add(v, v, vD, n, prec);
        rc = nh_full_field(vdot, M, q, v, eps, prec, err);
    }
    if (rc == NH_OK)
        rc = nh_reduced_field(qdot, vDdot, NULL, M, q, vD, hv, K, K, eps, prec, err);
    if (rc == NH_OK && K >= 1)
        rc = dH_along(dH, T, q, vD, v, vDdot, K, eps, c, prec, err);
    if (rc == NH_OK)
    {
        _arb_vec_sub(vdot, vdot, vDdot, n, prec);
        _arb_vec_sub(vdot, vdot, dH, n, prec);      /* E_K */
        rc = apply_eps_Q(R, M, q, vdot, eps, prec, err);
    }
    nh_flow_taylor_clear(T);
    jet_ctx_clear(c);
    _arb_vec_clear(hv, FLINT_MAX(K, 1) * n);
    _arb_vec_clear(v, n);
    _arb_vec_clear(vdot, n);
    _arb_vec_clear(qdot, n);
    _arb_vec_clear(vDdot, n);
    _arb_vec_clear(dH, n);
    return rc;
}
