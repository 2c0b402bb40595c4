/*
 * t-taylor_variational.c -- the variational coefficients Phi_k = d x_k / d x0
 * of the certified Taylor integrator's recursive (C^1) scheme
 * (nh_taylor_variational: one field evaluation and the recurrence
 * Phi_{k+1} = (1/(k+1)) sum A_i Phi_{k-i}) against
 *   - the Picard form it replaced (nh_taylor_series in the context
 *     (s | y_1..y_N), caps (p | 1): the variational equation carried by
 *     the jets): the balls must overlap;
 *   - closed forms:
 *     y' = y^2, y(0) = y0: y = y0 / (1 - y0 s), so x_k = y0^(k+1) and
 *       Phi_k = (k + 1) y0^k (also for a ball y0: enclosure for every y0);
 *     y' = L y (L stiff, non-normal, eigenvalues -1000, -10, -1):
 *       sum_{k<=p} Phi_k h^k = exp(hL) up to the tail
 *       sum_{k>p} ||hL||^k / k!, with exp(hL) by arb_mat_exp (scaling
 *       and squaring, a different algorithm);
 *     the pendulum x' = v, v' = -sin x (a nonlinear 2 x 2 case, old
 *       against new only, with a ball initial state).
 */
#include <math.h>
#include "taylor.h"
#include "taylor_testutil.h"
#include "tap.h"

/* x' = v, v' = -sin(x) + (t0 + s) / 8 (time-dependent) */
static int
rhs_pendulum(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx,
             void *data, slong prec, nh_error_t err)
{
    arb_ptr t = jet_init(ctx);
    int rc;
    (void) data; (void) err;
    jet_set(JET_ENTRY(f, 0, ctx), JET_ENTRY(x, 1, ctx), ctx);
    rc = jet_sin(JET_ENTRY(f, 1, ctx), JET_ENTRY(x, 0, ctx), ord, ctx, prec);
    jet_neg(JET_ENTRY(f, 1, ctx), JET_ENTRY(f, 1, ctx), ctx);
    jet_set_var(t, t0, 0, ctx);
    jet_scalar_div_si(t, t, 8, ctx, prec);
    jet_add(JET_ENTRY(f, 1, ctx), JET_ENTRY(f, 1, ctx), t, ctx, prec);
    jet_clear(t, ctx);
    return rc;
}

/* The Picard form: Phi_k from the jets in (s | y), caps (p | 1). */
static int
old_phi(arb_ptr Phi, slong N, slong p, nh_taylor_rhs_fn rhs, void *data, arb_srcptr x0,
        const arb_t t0, slong prec, nh_error_t err)
{
    jet_ctx_t V;
    slong sizes[2] = { 1, N }, caps[2] = { p, 1 }, i, j, k, *e;
    arb_ptr x, w;
    int rc;

    jet_ctx_init_groups(V, 2, sizes, caps, p + 1);
    x = jet_vec_init(N, V);
    w = jet_vec_init(2 * N, V);
    for (i = 0; i < N; i++)
        jet_set_var(JET_ENTRY(x, i, V), x0 + i, 1 + i, V);
    rc = nh_taylor_series(x, w, N, rhs, data, t0, V, prec, err);
    e = flint_calloc(N + 1, sizeof(slong));
    for (k = 0; k <= p && rc == NH_OK; k++)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
            {
                e[0] = k;
                e[1 + j] = 1;
                arb_set(Phi + (k * N + i) * N + j, JET_ENTRY(x, i, V) + jet_ctx_index(V, e));
                e[1 + j] = 0;
            }
    flint_free(e);
    jet_vec_clear(x, N, V);
    jet_vec_clear(w, 2 * N, V);
    jet_ctx_clear(V);
    return rc;
}

/* new and old Phi overlap entrywise; both radii below maxrad max(1, |mid|) */
static int
agree(arb_srcptr a, arb_srcptr b, slong cnt, double maxrad)
{
    slong i;
    double s;
    for (i = 0; i < cnt; i++)
    {
        s = FLINT_MAX(1.0, fabs(arf_get_d(arb_midref(b + i), ARF_RND_NEAR)));
        if (!arb_overlaps(a + i, b + i) || !(mag_get_d(arb_radref(a + i)) <= maxrad * s)
            || !(mag_get_d(arb_radref(b + i)) <= maxrad * s))
            return 0;
    }
    return 1;
}

static void
check_square(double rad)
{
    slong p = 20, k, prec = 128;
    arb_ptr Phi = _arb_vec_init(p + 1), Pold = _arb_vec_init(p + 1), x = _arb_vec_init(p + 1);
    arb_t y0, t0, ex;
    nh_error_t err;
    int ok, rc;

    arb_init(y0); arb_init(t0); arb_init(ex);
    nh_error_init(err);
    arb_set_d(y0, 0.625);
    mag_set_d(arb_radref(y0), rad);
    rc = nh_taylor_variational(Phi, x, 1, p, rhs_sq, NULL, y0, t0, prec, err);
    ok = (rc == NH_OK);
    for (k = 0; k <= p && ok; k++)
    {
        /* x_k = y0^(k+1), Phi_k = (k+1) y0^k, exact for the point 5/8 */
        arb_set_d(ex, 0.625);
        arb_pow_ui(ex, ex, k + 1, 4 * prec);
        ok = arb_contains(x + k, ex);
        arb_set_d(ex, 0.625);
        arb_pow_ui(ex, ex, k, 4 * prec);
        arb_mul_ui(ex, ex, k + 1, 4 * prec);
        ok = ok && arb_contains(Phi + k, ex)
            && mag_get_d(arb_radref(Phi + k)) <= (rad ? 1e-8 : 1e-30) * (k + 1);
    }
    tap_ok(ok, "y' = y^2, y0 = 5/8 +/- %g: x_k = y0^(k+1), Phi_k = (k+1) y0^k contained, "
           "k <= %ld", rad, (long) p);
    rc = old_phi(Pold, 1, p, rhs_sq, NULL, y0, t0, prec, err);
    tap_ok(rc == NH_OK && agree(Phi, Pold, p + 1, rad ? 1e-6 : 1e-25),
           "y' = y^2, y0 = 5/8 +/- %g: recursive Phi_k overlaps the Picard form", rad);
    _arb_vec_clear(Phi, p + 1); _arb_vec_clear(Pold, p + 1); _arb_vec_clear(x, p + 1);
    arb_clear(y0); arb_clear(t0); arb_clear(ex);
}

static void
check_linear(void)
{
    slong N = 3, p = 20, prec = 128, i, k;
    arb_mat_t L, E, J;
    lin_data ld;
    arb_ptr Phi = _arb_vec_init((p + 1) * N * N), Pold = _arb_vec_init((p + 1) * N * N),
        x = _arb_vec_init(N * (p + 1)), y0 = _arb_vec_init(N);
    arb_t t0, h, tail, c;
    nh_error_t err;
    int rc, ok;

    arb_mat_init(L, N, N); arb_mat_init(E, N, N); arb_mat_init(J, N, N);
    arb_init(t0); arb_init(h); arb_init(tail); arb_init(c);
    nh_error_init(err);
    stiff_example(L, y0);
    arb_set_d(t0, 0.25);
    ld.L = L;
    rc = nh_taylor_variational(Phi, x, N, p, rhs_linear, &ld, y0, t0, prec, err);
    ok = (rc == NH_OK);
    /* J = sum_k Phi_k h^k at h = 1/2048 (||hL||_inf <= 1031/2048) */
    arb_set_d(h, 1.0 / 2048);
    arb_mat_zero(J);
    for (k = p; k >= 0 && ok; k--)
    {
        arb_mat_scalar_mul_arb(J, J, h, prec);
        for (i = 0; i < N * N; i++)
            arb_add(arb_mat_entry(J, i / N, i % N), arb_mat_entry(J, i / N, i % N),
                    Phi + k * N * N + i, prec);
    }
    /* tail bound: sum_{k>p} a^k / k! <= 2 a^(p+1) / (p+1)!, a = 1031/2048 < 1 */
    arb_set_d(tail, 1031.0 / 2048);
    arb_pow_ui(tail, tail, p + 1, prec);
    arb_fac_ui(c, p + 1, prec);
    arb_div(tail, tail, c, prec);
    arb_mul_2exp_si(tail, tail, 1);
    arb_mat_scalar_mul_arb(E, L, h, 4 * prec);
    arb_mat_exp(E, E, 4 * prec);
    for (i = 0; i < N * N && ok; i++)
    {
        arb_add_error(arb_mat_entry(J, i / N, i % N), tail);
        ok = arb_contains(arb_mat_entry(J, i / N, i % N), arb_mat_entry(E, i / N, i % N))
            && mag_get_d(arb_radref(arb_mat_entry(J, i / N, i % N))) < 1e-25;
    }
    tap_ok(ok, "y' = L y (eigenvalues -1000, -10, -1): sum_{k<=%ld} Phi_k h^k contains "
           "exp(hL) (arb_mat_exp) within the tail bound, h = 1/2048", (long) p);
    rc = old_phi(Pold, N, p, rhs_linear, &ld, y0, t0, prec, err);
    tap_ok(rc == NH_OK && agree(Phi, Pold, (p + 1) * N * N, 1e-30),
           "y' = L y: recursive Phi_k overlaps the Picard form (relative radii < 1e-30)");
    arb_mat_clear(L); arb_mat_clear(E); arb_mat_clear(J);
    _arb_vec_clear(Phi, (p + 1) * N * N); _arb_vec_clear(Pold, (p + 1) * N * N);
    _arb_vec_clear(x, N * (p + 1)); _arb_vec_clear(y0, N);
    arb_clear(t0); arb_clear(h); arb_clear(tail); arb_clear(c);
}

static void
check_pendulum(void)
{
    slong N = 2, p = 24, prec = 128;
    arb_ptr Phi = _arb_vec_init((p + 1) * N * N), Pold = _arb_vec_init((p + 1) * N * N),
        x = _arb_vec_init(N * (p + 1)), y0 = _arb_vec_init(N);
    arb_t t0;
    nh_error_t err;
    int rc;

    arb_init(t0);
    nh_error_init(err);
    arb_set_d(y0 + 0, 0.75);
    arb_set_d(y0 + 1, -0.5);
    mag_set_d(arb_radref(y0 + 0), 1e-20);
    arb_set_d(t0, 0.5);
    rc = nh_taylor_variational(Phi, x, N, p, rhs_pendulum, NULL, y0, t0, prec, err);
    if (rc == NH_OK)
        rc = old_phi(Pold, N, p, rhs_pendulum, NULL, y0, t0, prec, err);
    tap_ok(rc == NH_OK && agree(Phi, Pold, (p + 1) * N * N, 1e-15),
           "pendulum with forcing t/8, x0 a ball: recursive Phi_k overlaps the Picard "
           "form, k <= %ld", (long) p);
    _arb_vec_clear(Phi, (p + 1) * N * N); _arb_vec_clear(Pold, (p + 1) * N * N);
    _arb_vec_clear(x, N * (p + 1)); _arb_vec_clear(y0, N);
    arb_clear(t0);
}

int
main(void)
{
    tap_plan(7);
    check_square(0.0);
    check_square(1e-12);
    check_linear();
    check_pendulum();
    flint_cleanup();
    return tap_done();
}
