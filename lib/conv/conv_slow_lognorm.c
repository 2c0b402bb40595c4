/*
 * conv_slow_lognorm.c -- a certified upper bound of the logarithmic norm
 * of the fast block of the linearised full system over a box (issue 14,
 * the first hypothesis of the contraction lemma of doc/convergence.md,
 * "From the residual to a certified distance"; conv.h,
 * nh_conv_slow_fast_lognorm).
 *
 * The full field (000 (39)-(40)) vdot = F(q, v) - (1/eps) FR_sharp v has
 * the v-Jacobian J = d_v F - (1/eps) FR_sharp (nh_flow_full_jacobian, from
 * jets).  Its fast block in the G-inner product on D_perp: with S =
 * A G^{-1} A^T = L L^T (Cholesky) the columns of U = G^{-1} A^T L^{-T} are
 * a G-orthonormal basis of D_perp (U^T G U = L^{-1} S L^{-T} = I), and
 *   J_f = U^T G J U   (m x m),
 * whose logarithmic norm in the Euclidean norm of these coordinates (= the
 * G-norm on D_perp) is the largest eigenvalue of (J_f + J_f^T)/2.  The
 * friction part is -(1/eps) L^{-1} S mu_bar S L^{-T}, whose eigenvalues are
 * those of mu_bar S: the bound is -mu_min/eps + O(1).
 * Upper bound of the eigenvalue: bisection on c, each c accepted when
 * c I - (J_f + J_f^T)/2 has a certified Cholesky factor (arb_mat_cho: then
 * every symmetric matrix in the balls satisfies it), from the Gershgorin
 * bound down (60 halvings).
 */
#include "impl.h"

/* U = G^{-1} A^T L^{-T}, S = L L^T (n x m) */
static int
dperp_basis(arb_mat_t U, const nh_model_struct *M, arb_srcptr q, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    jet_ctx_t c0;
    nh_geom_t g;
    arb_mat_t Ginv, A, S, L, X;
    int rc;
    jet_ctx_init(c0, n, 0);
    nh_geom_init(g, M, c0);
    arb_mat_init(Ginv, n, n); arb_mat_init(A, m, n); arb_mat_init(S, m, m);
    arb_mat_init(L, m, m); arb_mat_init(X, m, n);
    rc = nh_geom_compute(g, M, q, 0, c0, prec, err);
    if (rc == NH_OK)
    {
        jet_mat_get_const(Ginv, g->Ginv, c0);
        jet_mat_get_const(A, g->A, c0);
        jet_mat_get_const(S, g->S, c0);
        if (!arb_mat_cho(L, S, prec))
            rc = nh_error_set(err, NH_ERR_DOMAIN, "fast log-norm: A G^-1 A^T not certified "
                              "positive definite over the box");
    }
    if (rc == NH_OK)
    {
        arb_mat_solve_tril(X, L, A, 0, prec);       /* X = L^{-1} A */
        arb_mat_transpose(U, X);                    /* A^T L^{-T}   */
        arb_mat_mul(U, Ginv, U, prec);
    }
    arb_mat_clear(Ginv); arb_mat_clear(A); arb_mat_clear(S); arb_mat_clear(L); arb_mat_clear(X);
    nh_geom_clear(g, c0);
    jet_ctx_clear(c0);
    return rc;
}

/* G at q (n x n) */
static int
metric_at(arb_mat_t G, const nh_model_struct *M, arb_srcptr q, slong prec, nh_error_t err)
{
    return nh_geom_values_at(G, NULL, NULL, NULL, M, q, NULL, prec, err);
}

/* 1 if c I - H has a certified Cholesky factor (then lambda_max(H) < c
   for every symmetric matrix in the balls of H) */
static int
below(const arf_t c, const arb_mat_t H, slong prec)
{
    slong m = arb_mat_nrows(H), i;
    arb_mat_t T, L;
    int ok;
    arb_mat_init(T, m, m);
    arb_mat_init(L, m, m);
    arb_mat_neg(T, H);
    for (i = 0; i < m; i++)
        arb_add_arf(arb_mat_entry(T, i, i), arb_mat_entry(T, i, i), c, prec);
    ok = arb_mat_cho(L, T, prec);
    arb_mat_clear(T);
    arb_mat_clear(L);
    return ok;
}

/* a certified upper bound of the largest eigenvalue of the symmetric ball
   matrix H (m x m) into ub (an exact ball), by bisection between
   max_i mid(H_ii) (a lower estimate) and the Gershgorin bound
   max_i (H_ii + sum_{j != i} |H_ij|) (upper ends), each candidate c
   accepted when c I - H is certified positive definite; 0 if the
   Gershgorin bound itself is not accepted */
static int
eig_upper(arb_t ub, const arb_mat_t H, slong prec)
{
    slong m = arb_mat_nrows(H), i, j, it;
    arf_t lo, hi, c, u;
    arb_t row, a;
    int ok;
    arf_init(lo); arf_init(hi); arf_init(c); arf_init(u);
    arb_init(row); arb_init(a);
    arf_set(lo, arb_midref(arb_mat_entry(H, 0, 0)));
    arf_neg_inf(hi);
    for (i = 0; i < m; i++)
    {
        arb_set(row, arb_mat_entry(H, i, i));
        for (j = 0; j < m; j++)
            if (j != i)
            {
                arb_abs(a, arb_mat_entry(H, i, j));
                arb_add(row, row, a, prec);
            }
        arb_get_ubound_arf(u, row, prec);
        arf_abs(c, u);
        arf_mul_2exp_si(c, c, -prec / 2);
        arf_add(u, u, c, prec, ARF_RND_UP);         /* slack for the test */
        if (arf_cmp(u, hi) > 0)
            arf_set(hi, u);
        if (arf_cmp(arb_midref(arb_mat_entry(H, i, i)), lo) > 0)
            arf_set(lo, arb_midref(arb_mat_entry(H, i, i)));
    }
    ok = below(hi, H, prec);
    for (it = 0; ok && it < 60; it++)
    {
        arf_add(c, lo, hi, prec, ARF_RND_NEAR);
        arf_mul_2exp_si(c, c, -1);
        if (below(c, H, prec))
            arf_set(hi, c);
        else
            arf_set(lo, c);
    }
    arb_set_arf(ub, hi);
    arf_clear(lo); arf_clear(hi); arf_clear(c); arf_clear(u);
    arb_clear(row); arb_clear(a);
    return ok;
}

int
nh_conv_slow_fast_lognorm(arb_t ub, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                          const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    arb_mat_t U, G, J, T, Jf, H;
    arb_ptr f = _arb_vec_init(n);
    int rc;
    if (!nh_model_is_linear_autonomous(M))
    {
        _arb_vec_clear(f, n);
        return nh_error_set(err, NH_ERR_MODEL, "fast log-norm: model %s is not of the original "
                            "class of paper 000 (linear autonomous)", nh_model_name(M));
    }
    arb_mat_init(U, n, m); arb_mat_init(G, n, n); arb_mat_init(J, n, n);
    arb_mat_init(T, n, m); arb_mat_init(Jf, m, m); arb_mat_init(H, m, m);
    rc = dperp_basis(U, M, q, prec, err);
    if (rc == NH_OK)
        rc = metric_at(G, M, q, prec, err);
    if (rc == NH_OK)
        rc = nh_flow_full_jacobian(f, NULL, J, M, eps, q, v, prec, err);
    if (rc == NH_OK)
    {
        arb_mat_mul(T, J, U, prec);                 /* J U      */
        arb_mat_mul(T, G, T, prec);                 /* G J U    */
        {
            arb_mat_t Ut;
            arb_mat_init(Ut, m, n);
            arb_mat_transpose(Ut, U);
            arb_mat_mul(Jf, Ut, T, prec);           /* U^T G J U */
            arb_mat_clear(Ut);
        }
        arb_mat_transpose(H, Jf);
        arb_mat_add(H, H, Jf, prec);
        arb_mat_scalar_mul_2exp_si(H, H, -1);
        if (!eig_upper(ub, H, prec))
            rc = nh_error_set(err, NH_ERR_DOMAIN, "fast log-norm: no certified eigenvalue bound "
                              "of the symmetric part (balls too wide)");
    }
    arb_mat_clear(U); arb_mat_clear(G); arb_mat_clear(J);
    arb_mat_clear(T); arb_mat_clear(Jf); arb_mat_clear(H);
    _arb_vec_clear(f, n);
    return rc;
}
