/*
 * taylor_compare.c -- bounds of the solution of the 2 x 2 comparison
 * system u' = M u + d of a fast-slow error (issue 33 item 2; doc/flow.md,
 * "Stiff flows through the slow manifold", step (d)).
 *
 * M is Metzler (off-diagonal entries >= 0), u(0) = u0 >= 0, d >= 0
 * constant.  Then u(t) >= 0 and u is nondecreasing in every entry of M,
 * u0 and d (exp(M t) >= 0 entrywise and monotone in M for Metzler M;
 * Hirsch & Smith, "Monotone dynamical systems", 2005, Sec. 3.1), so the
 * upper bounds of the balls give an upper bound.
 *   Value at h: the augmented matrix [[M, d], [0, 0]] h, exponentiated by
 *   arb_mat_exp, gives exp(M h) u0 + int_0^h exp(M s) ds d in its last
 *   column (Van Loan, IEEE TAC 23 (1978)).  The fast contraction of
 *   M_11 ~ -mu/eps is kept: a fast error decays instead of being carried.
 *   Sup over [0, h]: with the weighted norm N = max(u_0, kappa u_1),
 *   D+ N <= L N + max(d_0, kappa d_1), L = max(M_00 + M_01/kappa,
 *   M_11 + kappa M_10), so N(t) <= exp(L+ h) (N(0) + h max(d_0, kappa d_1))
 *   (Gronwall); kappa = -M_11 / (2 M_10) when M_11 < 0 < M_10, else 1.
 */
#include "impl.h"

/* x = max(upper bound of a, 0), as an exact ball of prec bits */
static void
ub_pos(arb_t x, const arb_t a, slong prec)
{
    arf_t u;
    arf_init(u);
    arb_get_ubound_arf(u, a, prec);
    if (arf_sgn(u) < 0)
        arf_zero(u);
    arb_set_arf(x, u);
    arf_clear(u);
}

/* x = upper bound of a, as an exact ball of prec bits */
static void
ub(arb_t x, const arb_t a, slong prec)
{
    arf_t u;
    arf_init(u);
    arb_get_ubound_arf(u, a, prec);
    arb_set_arf(x, u);
    arf_clear(u);
}

static void
sup_bound(arb_ptr usup, const arb_mat_t Mu, arb_srcptr u0, arb_srcptr d, const arb_t h,
          slong prec)
{
    arb_t kappa, L, t, N0, Nd;

    arb_init(kappa); arb_init(L); arb_init(t); arb_init(N0); arb_init(Nd);
    if (arb_is_negative(arb_mat_entry(Mu, 1, 1)) && arb_is_positive(arb_mat_entry(Mu, 1, 0)))
    {
        arb_div(kappa, arb_mat_entry(Mu, 1, 1), arb_mat_entry(Mu, 1, 0), prec);
        arb_mul_2exp_si(kappa, kappa, -1);
        arb_neg(kappa, kappa);
        arb_get_mid_arb(kappa, kappa);      /* one exact kappa > 0 */
    }
    else
        arb_one(kappa);
    arb_div(L, arb_mat_entry(Mu, 0, 1), kappa, prec);
    arb_add(L, L, arb_mat_entry(Mu, 0, 0), prec);
    arb_mul(t, kappa, arb_mat_entry(Mu, 1, 0), prec);
    arb_add(t, t, arb_mat_entry(Mu, 1, 1), prec);
    arb_max(L, L, t, prec);
    arb_nonnegative_part(L, L);
    arb_mul(N0, kappa, u0 + 1, prec);
    arb_max(N0, N0, u0 + 0, prec);
    arb_mul(Nd, kappa, d + 1, prec);
    arb_max(Nd, Nd, d + 0, prec);
    arb_addmul(N0, h, Nd, prec);
    arb_mul(L, L, h, prec);
    arb_exp(L, L, prec);
    arb_mul(N0, N0, L, prec);
    ub(usup + 0, N0, prec);
    arb_div(t, N0, kappa, prec);
    ub(usup + 1, t, prec);
    arb_clear(kappa); arb_clear(L); arb_clear(t); arb_clear(N0); arb_clear(Nd);
}

int
nh_taylor_compare2(arb_ptr uh, arb_ptr usup, const arb_mat_t M, arb_srcptr u0, arb_srcptr d,
                   const arb_t h, slong prec)
{
    arb_mat_t Mu, E;
    arb_ptr u0u, du;
    arb_t hu;
    slong i, j;
    int ok;

    if (arb_mat_nrows(M) != 2 || arb_mat_ncols(M) != 2)
        return NH_ERR_USAGE;
    arb_mat_init(Mu, 2, 2);
    arb_mat_init(E, 3, 3);
    u0u = _arb_vec_init(2);
    du = _arb_vec_init(2);
    arb_init(hu);
    ub(arb_mat_entry(Mu, 0, 0), arb_mat_entry(M, 0, 0), prec);
    ub(arb_mat_entry(Mu, 1, 1), arb_mat_entry(M, 1, 1), prec);
    ub_pos(arb_mat_entry(Mu, 0, 1), arb_mat_entry(M, 0, 1), prec);
    ub_pos(arb_mat_entry(Mu, 1, 0), arb_mat_entry(M, 1, 0), prec);
    for (i = 0; i < 2; i++)
    {
        ub_pos(u0u + i, u0 + i, prec);
        ub_pos(du + i, d + i, prec);
    }
    ub_pos(hu, h, prec);
    /* value at h: exp([[M, d], [0, 0]] h) applied to (u0, 1) */
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 2; j++)
            arb_mul(arb_mat_entry(E, i, j), arb_mat_entry(Mu, i, j), hu, prec);
        arb_mul(arb_mat_entry(E, i, 2), du + i, hu, prec);
    }
    arb_mat_exp(E, E, prec);
    for (i = 0; i < 2; i++)
    {
        arb_t s;
        arb_init(s);
        arb_dot(s, arb_mat_entry(E, i, 2), 0, arb_mat_entry(E, i, 0), 1, u0u, 1, 2, prec);
        ub_pos(uh + i, s, prec);
        arb_clear(s);
    }
    if (usup != NULL)
        sup_bound(usup, Mu, u0u, du, hu, prec);
    ok = arb_is_finite(uh + 0) && arb_is_finite(uh + 1)
         && (usup == NULL || (arb_is_finite(usup + 0) && arb_is_finite(usup + 1)));
    arb_mat_clear(Mu);
    arb_mat_clear(E);
    _arb_vec_clear(u0u, 2);
    _arb_vec_clear(du, 2);
    arb_clear(hu);
    return ok ? NH_OK : NH_ERR_PRECISION;
}
