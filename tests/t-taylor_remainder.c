/*
 * t-taylor_remainder.c -- the remainder of one step by the Picard check
 * on a polynomial with one interval coefficient
 * (lib/taylor/taylor_remainder.c, doc/flow.md Method 2).
 *
 * Driven through the integrator's private interface: the hull X, then
 * _nh_taylor_remainder over [t, t + h].  On success the remainder
 * coefficient w->rem must contain, for tau in (0, h] and x0 at both ends
 * and the middle of X (every case is monotone in x0), the exact
 *   r(tau) = (x(t + tau) - sum_{k<=p} c_k(x0) tau^k) / tau^(p+1),
 * from closed forms derived by hand, not by the jets:
 *   x' = x^2:     c_k = x0^(k+1), r(tau) = x0^(p+2) / (1 - x0 tau);
 *   x' = t x:     x(t0 + tau) = x0 exp(t0 tau + tau^2/2), c_k from
 *                 arb_poly_exp_series of t0 tau + tau^2/2;
 *   x' = -L x:    r(tau) = x0 (exp(-L tau) - sum_{k<=p} (-L tau)^k / k!)
 *                 / tau^(p+1), with L h = 8 > 1: the check must accept
 *                 it (the term D R h / (p + 2) contracts while L h < p + 2).
 * And a step across the blow-up of x' = x^2 (x0 = 1/2, h = 4: x(2) is
 * infinite) must be refused: an accepted check there would be unsound.
 *
 * The Jacobian truncated at degree m = w->pvar < p (taylor_step.c): the
 * degrees above m enter the step as a ball.  One step of x' = x^2 from
 * X = 1/2 +- 2^-10, h = 1/8, m = 2 and m = p: the hull must contain
 * x0 / (1 - x0 h) at both ends and the middle of X (the map is monotone);
 * without the ball the m = 2 step misses the ends by ~1e-6.
 */
#include "taylor.h"
#include "taylor/impl.h"
#include "taylor_testutil.h"
#include "taylor_ws_testutil.h"
#include "tap.h"

/* y' = -L y (data: L as arb) */
static int
rhs_decay(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx,
          void *data, slong prec, nh_error_t err)
{
    arb_t c;
    (void) t0; (void) ord; (void) err;
    arb_init(c);
    arb_neg(c, (arb_srcptr) data);
    jet_scalar_mul(f, x, c, ctx, prec);
    arb_clear(c);
    return NH_OK;
}

enum { SQ, TY, DECAY };

/* the exact remainder coefficient r(tau) for the initial value x0 */
static void
exact_r(arb_t r, int kind, const arb_t x0, const arb_t t0, const arb_t tau, const arb_t L,
        slong p, slong prec)
{
    arb_t a, s, pw;
    slong k;

    arb_init(a); arb_init(s); arb_init(pw);
    if (kind == SQ)
    {
        arb_mul(a, x0, tau, prec);
        arb_sub_ui(a, a, 1, prec);
        arb_neg(a, a);
        arb_pow_ui(r, x0, p + 2, prec);
        arb_div(r, r, a, prec);
    }
    else
    {
        arb_poly_t q, e;
        arb_poly_init(q); arb_poly_init(e);
        if (kind == TY)
        {
            /* x = x0 exp(t0 tau + tau^2 / 2) */
            arb_poly_set_coeff_arb(q, 1, t0);
            arb_set_d(a, 0.5);
            arb_poly_set_coeff_arb(q, 2, a);
            arb_mul(a, t0, tau, prec);
            arb_sqr(s, tau, prec);
            arb_mul_2exp_si(s, s, -1);
            arb_add(a, a, s, prec);
        }
        else
        {
            arb_neg(a, L);
            arb_poly_set_coeff_arb(q, 1, a);
            arb_mul(a, a, tau, prec);
        }
        arb_exp(a, a, prec);
        arb_poly_exp_series(e, q, p + 1, prec);
        /* a - sum_{k<=p} e_k tau^k */
        arb_one(pw);
        for (k = 0; k <= p; k++)
        {
            arb_poly_get_coeff_arb(s, e, k);
            arb_mul(s, s, pw, prec);
            arb_sub(a, a, s, prec);
            arb_mul(pw, pw, tau, prec);
        }
        arb_mul(a, a, x0, prec);
        arb_div(r, a, pw, prec);
        arb_poly_clear(q); arb_poly_clear(e);
    }
    arb_clear(a); arb_clear(s); arb_clear(pw);
}

/* One check from X = x0 +- rad at t0 over [t0, t0 + h] (h = hnum/hden);
   returns the check's result; *contains: every exact r(tau) in w->rem. */
static int
check(int kind, double x0d, double rad, double t0d, slong hnum, slong hden, slong p,
      int *contains)
{
    const slong prec = 128, hp = 512;
    nh_taylor_ws_t w;
    nh_error_t err;
    arb_t t, L, x0, tau, r;
    arf_t hu;
    slong j, m;
    int res;
    nh_taylor_rhs_fn f = (kind == SQ) ? rhs_sq : (kind == TY) ? rhs_ty : rhs_decay;

    nh_error_init(err);
    arb_init(t); arb_init(L); arb_init(x0); arb_init(tau); arb_init(r);
    arf_init(hu);
    arb_set_ui(L, 1000);
    arb_set_d(t, t0d);
    _nh_taylor_ws_init(w, 1, p, f, L, prec);
    w->lprec = prec + NH_TAYLOR_GUARD_BITS;
    arb_set_d(w->xh, x0d);
    arb_zero(w->r);
    mag_set_d(arb_radref(w->r), rad);
    _nh_taylor_hull(w);
    arf_set_si(hu, hnum);
    arf_div_si(hu, hu, hden, prec, ARF_RND_UP);
    res = _nh_taylor_remainder(w, t, hu, err);
    *contains = 1;
    for (m = 1; m <= 4 && res == 1; m++)
        for (j = -1; j <= 1; j++)
        {
            arb_set_d(x0, x0d);
            arb_set_d(r, rad * j);
            arb_add(x0, x0, r, hp);
            arb_set_si(tau, hnum * m);
            arb_div_si(tau, tau, 4 * hden, hp);
            exact_r(r, kind, x0, t, tau, L, p, hp);
            if (!arb_contains(w->rem, r))
            {
                tap_diag("kind %d, tau = %ld/4 h, x0 end %ld: rem does not contain r(tau)",
                         kind, (long) m, (long) j);
                *contains = 0;
            }
        }
    _nh_taylor_ws_clear(w);
    arb_clear(t); arb_clear(L); arb_clear(x0); arb_clear(tau); arb_clear(r);
    arf_clear(hu);
    return res;
}

/* one step of x' = x^2 from 1/2 +- 2^-10 over h = 1/8 with the Jacobian
   truncated at degree m; 1 if the hull contains the exact images */
static int
truncated_step(slong m)
{
    const slong prec = 128, p = 12;
    nh_taylor_ws_t w;
    nh_error_t err;
    arb_t t, h, x0, x, e;
    slong j;
    int good;

    nh_error_init(err);
    arb_init(t); arb_init(h); arb_init(x0); arb_init(x); arb_init(e);
    ws_at_half(w, rhs_sq, p, -10, prec);
    arb_set_ui(h, 1);
    arb_mul_2exp_si(h, h, -3);
    w->pvar = m;
    good = fixed_step(w, t, h, err) && w->phi_ord == m;
    _nh_taylor_hull(w);
    for (j = -1; j <= 1 && good; j++)
    {
        arb_set_si(e, j);
        arb_mul_2exp_si(e, e, -10);
        arb_set_d(x0, 0.5);
        arb_add(x0, x0, e, 4 * prec);
        arb_mul(x, x0, h, 4 * prec);
        arb_sub_ui(x, x, 1, 4 * prec);
        arb_neg(x, x);
        arb_div(x, x0, x, 4 * prec);
        if (!arb_contains(w->X, x))
        {
            tap_diag("m = %ld, x0 end %ld: the hull misses x0 / (1 - x0 h)", (long) m, (long) j);
            good = 0;
        }
    }
    _nh_taylor_ws_clear(w);
    arb_clear(t); arb_clear(h); arb_clear(x0); arb_clear(x); arb_clear(e);
    return good;
}

int
main(void)
{
    int res, in;

    tap_plan(9);
    res = check(SQ, 0.5, 0.0, 0.0, 1, 16, 12, &in);
    tap_ok(res == 1 && in, "x' = x^2, thin x0 = 1/2, h = 1/16: accepted, r(tau) enclosed");
    res = check(SQ, 0.5, 1.0 / 1024, 0.0, 1, 4, 12, &in);
    tap_ok(res == 1 && in, "x' = x^2, x0 = 1/2 +- 2^-10, h = 1/4: accepted, r(tau) enclosed");
    res = check(SQ, 0.5, 0.0, 0.0, 4, 1, 12, &in);
    tap_ok(res == 0, "x' = x^2, x0 = 1/2, h = 4 (blow-up at t = 2): refused (returned %d)", res);
    res = check(TY, 0.75, 1.0 / 4096, 0.5, 1, 8, 16, &in);
    tap_ok(res == 1 && in, "x' = t x at t0 = 1/2, h = 1/8: accepted, r(tau) enclosed");
    res = check(TY, 0.75, 0.0, -1.0, 1, 2, 10, &in);
    tap_ok(res == 1 && in, "x' = t x at t0 = -1, h = 1/2: accepted, r(tau) enclosed");
    res = check(DECAY, 2.0, 0.0, 0.0, 1, 125, 20, &in);
    tap_ok(res == 1 && in, "x' = -1000 x, p = 20, h = 1/125 (L h = 8): accepted, r(tau) "
           "enclosed");
    res = check(DECAY, 2.0, 1.0 / 64, 0.0, 1, 250, 20, &in);
    tap_ok(res == 1 && in, "x' = -1000 x, x0 = 2 +- 1/64, h = 1/250: accepted, r(tau) "
           "enclosed");
    tap_ok(truncated_step(12), "x' = x^2 from 1/2 +- 2^-10, Jacobian to degree p = 12: the "
           "hull contains the exact images");
    tap_ok(truncated_step(2), "the same with the Jacobian truncated at degree 2 (the degrees "
           "3..12 as a ball): contained");
    flint_cleanup();
    return tap_done();
}
