/*
 * t-taylor_guess.c -- the series at the hull X from a verified guess
 * (lib/taylor/taylor_series.c, doc/flow.md Method 7), and its fallback to
 * the full Picard iteration when the guess fails.
 *
 * The integrator's steps are driven through its private interface
 * (lib/taylor/impl.h: the test hook w->guess_shrink strips the guess of
 * its radii and allows one pass, so the check fails on purpose), with a
 * fixed step h and the step rule's tolerance switched off (the enclosure
 * is sound for any h the a-priori check accepts).  After every step the
 * hull must contain the closed-form solution at the step's end for the
 * two ends and the middle of the initial ball (the solutions are monotone
 * in x0, so the ends give the exact range):
 *   x' = x^2,       x(t) = x0 / (1 - x0 t);
 *   x' = t x^2,     x(t) = 1 / (1/x0 - t^2/2)   (non-autonomous).
 * (A linear field such as x' = t - x propagates the radii exactly, so the
 * guess sits on P's fixed point up to rounding and is not verified: the
 * full iteration runs, still enclosing; not a case for the verified path.)
 * The counters of the workspace must show which path ran (verified guess
 * or full iteration), so neither case passes without exercising it.
 *
 * The series at x_hat from the last step's (_nh_taylor_point_series_next,
 * Taylor-shifted by the step, verified): after each step of x' = x^2 it
 * must be found (return 1) and contain the exact c_k = x_hat^(k+1) with
 * sum_k rad(c_k) h^k below 2^-100 (its sharpness check, tolerance 2^-100);
 * with a wrong last step (2h) it must be refused or still contain them.
 */
#include <math.h>
#include "taylor.h"
#include "taylor/impl.h"
#include "taylor_testutil.h"
#include "taylor_ws_testutil.h"
#include "tap.h"

/* x' = t x^2 on jets (t = t0 + s): (t x) x */
static int
rhs_forced(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx,
           void *data, slong prec, nh_error_t err)
{
    int rc = rhs_ty(f, x, t0, ord, ctx, data, prec, err);

    jet_mul(f, f, x, ord, ctx, prec);
    return rc;
}

/* the closed form at time t from x0 (exact), prec bits */
static void
exact(arb_t x, int forced, const arb_t x0, const arb_t t, slong prec)
{
    arb_t a;

    arb_init(a);
    if (forced)
    {
        arb_sqr(a, t, prec);
        arb_mul_2exp_si(a, a, -1);
        arb_inv(x, x0, prec);
        arb_sub(x, x, a, prec);
        arb_inv(x, x, prec);
    }
    else
    {
        arb_mul(a, x0, t, prec);
        arb_sub_ui(a, a, 1, prec);
        arb_neg(a, a);
        arb_div(x, x0, a, prec);
    }
    arb_clear(a);
}

/* K steps of size 1/16 from x0 = 1/2 +- 2^-200 (the width is the truncation and rounding); returns 1 if every hull
   contains the closed form and stays narrow; counts in ok/full */
static int
run(int forced, int shrink, slong *ok, slong *full, double *rad)
{
    const slong prec = 128, K = 16;
    nh_taylor_ws_t w;
    nh_error_t err;
    arb_t t, h, x0, x, e;
    slong step, j;
    int good = 1;

    nh_error_init(err);
    arb_init(t); arb_init(h); arb_init(x0); arb_init(x); arb_init(e);
    ws_at_half(w, forced ? rhs_forced : rhs_sq, 12, -200, prec);
    w->guess_shrink = shrink;
    arb_set_ui(h, 1);
    arb_mul_2exp_si(h, h, -4);
    if (!first_jacobian(w, t, err))
        good = 0;
    for (step = 0; step < K && good; step++)
    {
        if (!fixed_step(w, t, h, err))
        {
            tap_diag("step %ld refused", (long) step);
            good = 0;
            break;
        }
        arb_add(t, t, h, prec);
        _nh_taylor_hull(w);
        for (j = -1; j <= 1; j++)
        {
            arb_set_d(x0, 0.5);
            arb_set_si(e, j);
            arb_mul_2exp_si(e, e, -200);
            arb_add(x0, x0, e, 4 * prec);
            exact(x, forced, x0, t, 4 * prec);
            if (!arb_contains(w->X, x))
            {
                tap_diag("t = %ld/16, x0 end %ld: hull does not contain the closed form",
                         (long) step + 1, (long) j);
                good = 0;
            }
        }
    }
    *ok = w->guess_ok;
    *full = w->guess_full;
    *rad = mag_get_d(arb_radref(w->X));
    _nh_taylor_ws_clear(w);
    arb_clear(t); arb_clear(h); arb_clear(x0); arb_clear(x); arb_clear(e);
    return good;
}

/* The series at x_hat from the last step's on x' = x^2 (8 steps of 1/64
   from 1/2 +- 2^-200): 1 if every check holds; wrong: the last step
   doubled before the call. */
static int
next_series(int wrong)
{
    const slong prec = 128, K = 8;
    nh_taylor_ws_t w;
    nh_error_t err;
    arb_t t, h, c;
    mag_t sum, hm;
    slong step, k, len;
    int good = 1, v;

    nh_error_init(err);
    arb_init(t); arb_init(h); arb_init(c);
    mag_init(sum); mag_init(hm);
    ws_at_half(w, rhs_sq, 12, -200, prec);
    len = w->U->len;
    arb_set_ui(h, 1);
    arb_mul_2exp_si(h, h, -6);
    if (!first_jacobian(w, t, err))
        good = 0;
    for (step = 0; step < K && good; step++)
    {
        if (!fixed_step(w, t, h, err))
        {
            good = 0;
            break;
        }
        _arb_vec_set(w->uprev, w->uxh, len);
        arb_mul_2exp_si(w->hprev, h, wrong ? 1 : 0);
        w->uprev_ok = 1;
        arb_add(t, t, h, prec);
        w->log2tol = -100.0;    /* the check's sharpness bound: 2^-102 */
        v = _nh_taylor_point_series_next(w, t, NH_TAYLOR_NEXT_PASSES, err);
        if (!wrong && v != 1)
        {
            tap_diag("step %ld: the series from the last step's was not verified", (long) step);
            good = 0;
        }
        mag_zero(sum);
        for (k = len - 1; k >= 0 && v == 1; k--)
        {
            arb_pow_ui(c, w->xh, k + 1, 4 * prec);
            if (!arb_contains(w->ux + k, c))
            {
                tap_diag("step %ld: coefficient %ld misses x_hat^%ld", (long) step, (long) k,
                         (long) k + 1);
                good = 0;
            }
            arb_get_mag(hm, h);
            mag_mul(sum, sum, hm);
            mag_add(sum, sum, arb_radref(w->ux + k));
        }
        if (v == 1 && !wrong && mag_cmp_2exp_si(sum, -100) > 0)
        {
            tap_diag("step %ld: sum_k rad(c_k) h^k = 2^%.1f", (long) step,
                     mag_get_d_log2_approx(sum));
            good = 0;
        }
    }
    _nh_taylor_ws_clear(w);
    arb_clear(t); arb_clear(h); arb_clear(c);
    mag_clear(sum); mag_clear(hm);
    return good;
}

/* _nh_taylor_series_verify itself on x' = x^2 over Y = 1/2 +- 1/64: the
   series of the solution from y is c_k = y^(k+1).  A guess enclosing
   those with room (c_k at 1/2 +- 1/32) must be verified and P(g) must
   contain y^(k+1) for y at both ends of Y; a guess without radii
   (coefficients k >= 1 at the midpoint, one pass) must be refused, and so
   must a guess with an infinite coefficient. */
static void
verify_direct(void)
{
    const slong prec = 128, p = 12;
    nh_taylor_ws_t w;
    arb_t t, y, c;
    arb_ptr g;
    slong k, j, len;
    int v, good = 1;

    arb_init(t); arb_init(y); arb_init(c);
    _nh_taylor_ws_init(w, 1, p, rhs_sq, NULL, prec);
    len = w->U->len;
    g = _arb_vec_init(len);
    arb_set_d(g, 0.5);
    mag_set_ui_2exp_si(arb_radref(g), 1, -6);
    for (k = 1; k < len; k++)
    {
        arb_set_d(c, 0.5);
        mag_set_ui_2exp_si(arb_radref(c), 1, -5);
        arb_pow_ui(g + k, c, k + 1, prec);
    }
    v = _nh_taylor_series_verify(w, g, t, NH_TAYLOR_GUESS_PASSES, NULL);
    for (j = -1; j <= 1 && v == 1; j += 2)
        for (k = 0; k < len; k++)
        {
            arb_set_si(y, 32 + j);
            arb_mul_2exp_si(y, y, -6);
            arb_pow_ui(c, y, k + 1, prec);
            if (!arb_contains(w->ux + k, c))
            {
                tap_diag("P(g)_%ld misses y^%ld at y = %ld/64", (long) k, (long) k + 1,
                         (long) (32 + j));
                good = 0;
            }
        }
    tap_ok(v == 1 && good, "verify: a guess with room is verified and P(g) contains the "
           "series from both ends of Y");
    for (k = 1; k < len; k++)
    {
        arb_set_d(g + k, 0.5);
        arb_pow_ui(g + k, g + k, k + 1, prec);
    }
    v = _nh_taylor_series_verify(w, g, t, 1, NULL);
    tap_ok(v == 0, "verify: a guess without radii is refused (returned %d)", v);
    /* a guess with an infinite coefficient contains every P(g): it must be
       refused, not "verified" (converge --certified's reduced flow found
       no a-priori enclosure at any step size when it was accepted) */
    arb_set_d(g, 0.5);
    for (k = 1; k < len; k++)
    {
        arb_set_d(g + k, 0.5);
        arb_pow_ui(g + k, g + k, k + 1, prec);
        mag_inf(arb_radref(g + k));
    }
    v = _nh_taylor_series_verify(w, g, t, NH_TAYLOR_GUESS_PASSES, NULL);
    tap_ok(v == 0, "verify: a guess with an infinite coefficient is refused (returned %d)", v);
    _nh_taylor_ws_clear(w);
    _arb_vec_clear(g, len);
    arb_clear(t); arb_clear(y); arb_clear(c);
}

int
main(void)
{
    int forced, good;
    slong ok, full;
    double rad;

    tap_plan(13);
    verify_direct();
    tap_ok(next_series(0), "x' = x^2: the series at x_hat from the last step's, verified, "
           "contains x_hat^(k+1), sum rad(c_k) h^k < 2^-100, at every step");
    tap_ok(next_series(1), "the same with a wrong last step (2h): refused or still enclosing");
    for (forced = 0; forced <= 1; forced++)
    {
        const char *name = forced ? "x' = t x^2" : "x' = x^2";

        good = run(forced, 0, &ok, &full, &rad);
        tap_ok(good && rad < 1e-12, "%s, verified guess: every hull contains the closed form "
               "(radius at t = 1 %.3g)", name, rad);
        tap_ok(ok >= 8, "%s: the series at the hull came from a verified guess (%ld of %ld)",
               name, (long) ok, (long) (ok + full));
        good = run(forced, 1, &ok, &full, &rad);
        tap_ok(good && rad < 1e-12, "%s, guess failing on purpose: every hull contains the "
               "closed form (radius at t = 1 %.3g)", name, rad);
        tap_ok(ok == 0 && full >= 16, "%s: every series at the hull came from the full "
               "iteration (%ld of %ld)", name, (long) full, (long) (ok + full));
    }
    flint_cleanup();
    return tap_done();
}
