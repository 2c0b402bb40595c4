/*
 * t-taylor_slow_series.c -- nh_taylor_slow_series (lib/taylor/
 * taylor_slow_series.c): the Taylor series of the solution on the slow
 * manifold, against closed forms derived here.
 *
 *  1. Linear, y = (x1, x2 | x0) (taylor_testutil.h's stiff example
 *     reordered, fast last): x1' = -10 x1 + 5 x2, x2' = -x2,
 *     x0' = 30 x1 + x2 - 1000 x0.  The slow manifold is x0 = Phi (x1, x2)
 *     with Phi (L_ss + 1000 I) = L_fs (invariance of a graph over a
 *     linear flow), solved here by arb_mat_solve; on it the series is
 *     c_k = L^k y* / k!.  Coefficients 0..5 to 2^-100 (the higher fast
 *     ones carry the truncation c_{f,21} = 0, see KCMP), the last update
 *     below 2^-100.
 *  2. Nonlinear, eps = 1/1000: x1' = 1, x2' = (sin x1 - x2)/eps.  The
 *     slow manifold is the periodic solution x2 = (sin x1 - eps cos x1) /
 *     (1 + eps^2) (variation of constants); along x1 = 3/10 + s its
 *     coefficients come from sin and cos at 3/10 and their derivatives'
 *     cycle.  The same tolerance and coefficients.
 *  3. Integrating the fast component forwards instead (one Picard series
 *     from the exact x2(0), nh_taylor_series) is NOT accurate: its
 *     coefficient 20 has a radius above 1 (the check the backward
 *     solution exists for, so that test 2 cannot pass by accident).
 *  4. Shapes: Nf > N is NH_ERR_USAGE.
 *  5. nh_taylor_slow_series_scaled on example 2 with the residual weighted
 *     by rho^k, rho = 1/16: the same coefficients 0..5 to 2^-100, the
 *     weighted residual it reports at most 2^(12 - prec): the rounding
 *     floor of the fast equation (sin x1 - x2)/eps, about 1000 x 2^-prec,
 *     where the passes stop as stalled.
 */
#include "taylor.h"
#include "taylor_testutil.h"
#include "tap.h"

#define PREC 128
#define P 20
/* The backward solution starts from c_{f,P+1} = 0: coefficient k of the
   fast part is off by about prod_{j=k}^{P} (j+1)/mu |c_{f,P+1}| (mu = 1000
   here), above 2^-100 for k > 5 in test 1; the coefficients that carry a
   step of the stepper, and every one that the defect does not bound, are
   the low ones: compare 0..KCMP. */
#define KCMP 5
/* the references: the linear one multiplies by |L| = 1000 per coefficient
   while the fast coefficients stay small (cancellation), hence 4 PREC */
#define RPREC (4 * PREC)

/* x1' = 1, x2' = (sin x1 - x2)/eps, eps = 1/1000 */
static int
rhs_sin(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx, void *data,
        slong prec, nh_error_t err)
{
    (void) t0; (void) data; (void) err;
    jet_set_si(JET_ENTRY(f, 0, ctx), 1, ctx);
    jet_sin(JET_ENTRY(f, 1, ctx), JET_ENTRY(x, 0, ctx), ord, ctx, prec);
    jet_sub(JET_ENTRY(f, 1, ctx), JET_ENTRY(f, 1, ctx), JET_ENTRY(x, 1, ctx), ctx, prec);
    jet_scalar_mul_si(JET_ENTRY(f, 1, ctx), JET_ENTRY(f, 1, ctx), 1000, ctx, prec);
    return NH_OK;
}

/* |a - b| <= 2^-100 max(1, |b|) */
static int
close_to(const arb_t a, const arb_t b)
{
    arb_t d;
    mag_t m, bound;
    int ok;
    arb_init(d); mag_init(m); mag_init(bound);
    arb_sub(d, a, b, PREC);
    arb_get_mag(m, d);
    arb_get_mag(bound, b);
    if (mag_cmp_2exp_si(bound, 0) < 0)
        mag_one(bound);
    mag_mul_2exp_si(bound, bound, -100);
    ok = mag_cmp(m, bound) <= 0;
    arb_clear(d); mag_clear(m); mag_clear(bound);
    return ok;
}

static void
test_linear(void)
{
    arb_mat_t L, A, Phi, y, c;
    jet_ctx_t U;
    arb_ptr x;
    arb_t t0;
    mag_t change;
    nh_error_t err;
    slong i, j, k, bad = -1;
    lin_data D;

    arb_mat_init(L, 3, 3); arb_mat_init(A, 2, 2); arb_mat_init(Phi, 1, 2);
    arb_mat_init(y, 3, 1); arb_mat_init(c, 1, 1);
    arb_set_si(arb_mat_entry(L, 0, 0), -10); arb_set_si(arb_mat_entry(L, 0, 1), 5);
    arb_set_si(arb_mat_entry(L, 1, 1), -1);
    arb_set_si(arb_mat_entry(L, 2, 0), 30); arb_set_si(arb_mat_entry(L, 2, 1), 1);
    arb_set_si(arb_mat_entry(L, 2, 2), -1000);
    /* Phi (L_ss + 1000 I) = L_fs, i.e. (L_ss + 1000 I)^T Phi^T = L_fs^T */
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++)
            arb_set(arb_mat_entry(A, j, i), arb_mat_entry(L, i, j));
    arb_add_si(arb_mat_entry(A, 0, 0), arb_mat_entry(A, 0, 0), 1000, RPREC);
    arb_add_si(arb_mat_entry(A, 1, 1), arb_mat_entry(A, 1, 1), 1000, RPREC);
    {
        arb_mat_t rhs, sol;
        arb_mat_init(rhs, 2, 1); arb_mat_init(sol, 2, 1);
        arb_set(arb_mat_entry(rhs, 0, 0), arb_mat_entry(L, 2, 0));
        arb_set(arb_mat_entry(rhs, 1, 0), arb_mat_entry(L, 2, 1));
        arb_mat_solve(sol, A, rhs, RPREC);
        arb_set(arb_mat_entry(Phi, 0, 0), arb_mat_entry(sol, 0, 0));
        arb_set(arb_mat_entry(Phi, 0, 1), arb_mat_entry(sol, 1, 0));
        arb_mat_clear(rhs); arb_mat_clear(sol);
    }
    arb_set_si(arb_mat_entry(y, 0, 0), -1);
    arb_set_si(arb_mat_entry(y, 1, 0), 1);
    arb_mul(arb_mat_entry(y, 2, 0), arb_mat_entry(Phi, 0, 0), arb_mat_entry(y, 0, 0), RPREC);
    arb_addmul(arb_mat_entry(y, 2, 0), arb_mat_entry(Phi, 0, 1), arb_mat_entry(y, 1, 0), RPREC);

    jet_ctx_init(U, 1, P);
    x = jet_vec_init(3, U);
    arb_set_si(JET_ENTRY(x, 0, U), -1);
    arb_set_si(JET_ENTRY(x, 1, U), 1);
    arb_set_si(arb_mat_entry(c, 0, 0), -1);
    arb_div_si(arb_mat_entry(c, 0, 0), arb_mat_entry(c, 0, 0), 1000, PREC);
    arb_init(t0); mag_init(change); nh_error_init(err);
    D.L = L;
    tap_ok(nh_taylor_slow_series(x, 3, 1, c, rhs_linear, &D, t0, U, 3, change, PREC, err)
           == NH_OK, "linear: solved");
    /* c_k = L^k y* / k! */
    for (k = 0; k <= KCMP && bad < 0; k++)
    {
        for (i = 0; i < 3; i++)
            if (!close_to(JET_ENTRY(x, i, U) + k, arb_mat_entry(y, i, 0)))
                bad = k;
        arb_mat_mul(y, L, y, RPREC);
        arb_mat_scalar_div_si(y, y, k + 1, RPREC);
    }
    tap_ok(bad < 0, "linear: coefficients 0..%d equal L^k y*/k! to 2^-100 (first bad: %ld)",
           KCMP, (long) bad);
    tap_ok(mag_cmp_2exp_si(change, -100) <= 0, "linear: last update below 2^-100");
    jet_vec_clear(x, 3, U);
    jet_ctx_clear(U);
    arb_clear(t0); mag_clear(change);
    arb_mat_clear(L); arb_mat_clear(A); arb_mat_clear(Phi);
    arb_mat_clear(y); arb_mat_clear(c);
}

/* the exact coefficients of x2 = (sin x1 - eps cos x1)/(1 + eps^2) along
   x1 = 3/10 + s, eps = 1/1000: e[k] */
static void
exact_sin(arb_ptr e, slong p)
{
    arb_t a, s, c, eps, den, t;
    slong k;
    arb_init(a); arb_init(s); arb_init(c); arb_init(eps); arb_init(den); arb_init(t);
    arb_set_si(a, 3); arb_div_si(a, a, 10, PREC);
    arb_sin_cos(s, c, a, PREC);
    arb_one(eps); arb_div_si(eps, eps, 1000, PREC);
    arb_mul(den, eps, eps, PREC); arb_add_si(den, den, 1, PREC);
    for (k = 0; k <= p; k++)
    {
        /* d^k sin = sin, cos, -sin, -cos; d^k cos = cos, -sin, -cos, sin */
        arb_srcptr ds = (k % 2 == 0) ? s : c, dc = (k % 2 == 0) ? c : s;
        int sgs = (k % 4 < 2) ? 1 : -1, sgc = (k % 4 == 0 || k % 4 == 3) ? 1 : -1;
        arb_mul(t, eps, dc, PREC);
        if (sgc < 0)
            arb_neg(t, t);
        arb_set(e + k, ds);
        if (sgs < 0)
            arb_neg(e + k, e + k);
        arb_sub(e + k, e + k, t, PREC);
        arb_div(e + k, e + k, den, PREC);
        arb_fac_ui(t, k, PREC);
        arb_div(e + k, e + k, t, PREC);
    }
    arb_clear(a); arb_clear(s); arb_clear(c); arb_clear(eps); arb_clear(den); arb_clear(t);
}

static void
test_sin(void)
{
    jet_ctx_t U;
    arb_ptr x, e, w;
    arb_mat_t c;
    arb_t t0, d;
    nh_error_t err;
    slong k, bad = -1;

    jet_ctx_init(U, 1, P);
    x = jet_vec_init(2, U);
    w = jet_vec_init(4, U);
    e = _arb_vec_init(P + 1);
    arb_mat_init(c, 1, 1);
    arb_init(t0); arb_init(d); nh_error_init(err);
    exact_sin(e, P);
    arb_set_si(JET_ENTRY(x, 0, U), 3);
    arb_div_si(JET_ENTRY(x, 0, U), JET_ENTRY(x, 0, U), 10, PREC);
    arb_set_si(arb_mat_entry(c, 0, 0), -1);
    arb_div_si(arb_mat_entry(c, 0, 0), arb_mat_entry(c, 0, 0), 1000, PREC);
    tap_ok(nh_taylor_slow_series(x, 2, 1, c, rhs_sin, NULL, t0, U, 3, NULL, PREC, err) == NH_OK,
           "sin: solved");
    for (k = 0; k <= KCMP && bad < 0; k++)
        if (!close_to(JET_ENTRY(x, 1, U) + k, e + k))
            bad = k;
    tap_ok(bad < 0 && arb_equal_si(JET_ENTRY(x, 0, U) + 1, 1),
           "sin: x2's coefficients 0..%d those of (sin x1 - eps cos x1)/(1 + eps^2) "
           "to 2^-100 (first bad: %ld)", KCMP, (long) bad);

    /* 3: the forward recursion from the exact x2(0) */
    jet_zero(JET_ENTRY(x, 0, U), U);
    jet_zero(JET_ENTRY(x, 1, U), U);
    arb_set_si(JET_ENTRY(x, 0, U), 3);
    arb_div_si(JET_ENTRY(x, 0, U), JET_ENTRY(x, 0, U), 10, PREC);
    arb_set(JET_ENTRY(x, 1, U), e + 0);
    tap_ok(nh_taylor_series(x, w, 2, rhs_sin, NULL, t0, U, PREC, err) == NH_OK,
           "sin: forward series computed");
    arb_sub(d, JET_ENTRY(x, 1, U) + P, e + P, PREC);
    tap_ok(mag_cmp_2exp_si(arb_radref(d), 0) > 0,
           "sin: the forward recursion leaves coefficient %d undetermined to within 1 "
           "(rounding amplified by 1000^k/k!)", P);

    /* 5: the residual weighted by (1/16)^k */
    {
        mag_t rho, change;
        mag_init(rho); mag_init(change);
        mag_set_ui_2exp_si(rho, 1, -4);
        _arb_vec_zero(x, 2 * U->len);
        arb_set_si(JET_ENTRY(x, 0, U), 3);
        arb_div_si(JET_ENTRY(x, 0, U), JET_ENTRY(x, 0, U), 10, PREC);
        bad = -1;
        tap_ok(nh_taylor_slow_series_scaled(x, 2, 1, c, rhs_sin, NULL, t0, U, 40, rho, change,
                                            PREC, err) == NH_OK,
               "scaled: solved");
        for (k = 0; k <= KCMP && bad < 0; k++)
            if (!close_to(JET_ENTRY(x, 1, U) + k, e + k))
                bad = k;
        tap_ok(bad < 0 && mag_cmp_2exp_si(change, 12 - PREC) <= 0,
               "scaled (rho = 1/16): coefficients 0..%d to 2^-100 (first bad: %ld), weighted "
               "residual %.3g at most 2^(12 - prec)", KCMP, (long) bad, mag_get_d(change));
        mag_clear(rho); mag_clear(change);
    }

    jet_vec_clear(x, 2, U);
    jet_vec_clear(w, 4, U);
    _arb_vec_clear(e, P + 1);
    jet_ctx_clear(U);
    arb_mat_clear(c);
    arb_clear(t0); arb_clear(d);
}

int
main(void)
{
    jet_ctx_t U;
    arb_ptr x;
    arb_mat_t c;
    arb_t t0;
    nh_error_t err;

    tap_plan(10);
    test_linear();
    test_sin();
    /* 4: shapes */
    jet_ctx_init(U, 1, 4);
    x = jet_vec_init(2, U);
    arb_mat_init(c, 3, 3);
    arb_init(t0); nh_error_init(err);
    tap_ok(nh_taylor_slow_series(x, 2, 3, c, rhs_sin, NULL, t0, U, 1, NULL, PREC, err)
           == NH_ERR_USAGE, "Nf > N: NH_ERR_USAGE");
    jet_vec_clear(x, 2, U);
    arb_mat_clear(c);
    arb_clear(t0);
    jet_ctx_clear(U);
    flint_cleanup();
    return tap_done();
}
