/*
 * t-taylor_stiff.c -- nh_taylor_stiff_integrate (lib/taylor/
 * taylor_stiff.c): enclosures along the slow manifold of stiff systems,
 * against closed forms derived here.
 *
 *  1. x1' = 1, x2' = (sin x1 - x2)/eps, x1(0) = 3/10, x2(0) = phi(3/10) +
 *     c: x2(t) = phi(x1(t)) + c exp(-t/eps), phi(x) = (sin x - eps cos x) /
 *     (1 + eps^2) (variation of constants), at eps = 1e-3 and 1e-6 and
 *     c = 0 and 1e-3 (the fast transient is inside the ball by the
 *     comparison system's contraction): the ball at T = 1 contains the
 *     closed form (at 512 bits) and is below 2^-100; at most 20 steps,
 *     whatever eps (the point of the method).
 *  2. Linear, fast part feeding the slow one: x1' = -5 x1 + x2 + 5 x3,
 *     x2' = -x1, x3' = (x1 - x3)/eps (eps = 1e-4; on the slow manifold
 *     x3 = x1 + O(eps), a rotation in (x1, x2)): x(T) = exp(L T)
 *     x(0) by arb_mat_exp at 512 bits (a method independent of the
 *     stepper), from x3(0) on the slow manifold (its invariance equation
 *     solved here by iteration) and off it by 1/2 (eps = 1e-4, 1e-7: the
 *     layer's start by the Taylor method, then stiff steps) and by 1/16
 *     (eps = 1e-7: the layer by stiff steps only); a start off it by d
 *     shifts the slow part by about 5 d eps, so the layer must be
 *     followed, not skipped (the test fails if the layer's series is
 *     switched off); the ball at T = 1 contains x(T) and its radius is
 *     below 2^-90 max(1, |x|); off the manifold at most 60 steps, and
 *     steps along the manifold after the layer.
 *  3. A ball output time 1 +- 2^-60: the ball holds exp(L t) x(0) at both
 *     ends of it (by arb_mat_exp; the stepper integrates to the midpoint
 *     and widens over the ball by a Picard inclusion); decreasing output
 *     times are NH_ERR_USAGE.
 */
#include <math.h>
#include <string.h>
#include "taylor.h"
#include "tap.h"

#define PREC 128
#define RPREC 512

typedef struct { slong epsinv; } sin_data;

static int
rhs_sin(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx, void *data,
        slong prec, nh_error_t err)
{
    sin_data *d = data;
    (void) t0; (void) err;
    jet_set_si(JET_ENTRY(f, 0, ctx), 1, ctx);
    jet_sin(JET_ENTRY(f, 1, ctx), JET_ENTRY(x, 0, ctx), ord, ctx, prec);
    jet_sub(JET_ENTRY(f, 1, ctx), JET_ENTRY(f, 1, ctx), JET_ENTRY(x, 1, ctx), ctx, prec);
    jet_scalar_mul_si(JET_ENTRY(f, 1, ctx), JET_ENTRY(f, 1, ctx), d->epsinv, ctx, prec);
    return NH_OK;
}

/* phi(a) at eps = 1/epsinv */
static void
phi(arb_t r, const arb_t a, slong epsinv, slong prec)
{
    arb_t s, c, e;
    arb_init(s); arb_init(c); arb_init(e);
    arb_one(e);
    arb_div_si(e, e, epsinv, prec);
    arb_sin_cos(s, c, a, prec);
    arb_mul(c, c, e, prec);
    arb_sub(r, s, c, prec);
    arb_mul(e, e, e, prec);
    arb_add_si(e, e, 1, prec);
    arb_div(r, r, e, prec);
    arb_clear(s); arb_clear(c); arb_clear(e);
}

static void
test_sin(slong epsinv, int offset)
{
    sin_data d = {epsinv};
    arb_ptr x0 = _arb_vec_init(2), xo = _arb_vec_init(2);
    arb_t t0, T, ex, a, c;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_error_t err;
    slong nr;
    int rc;

    arb_init(t0); arb_init(T); arb_init(ex); arb_init(a); arb_init(c);
    nh_taylor_opts_init(o);
    nh_error_init(err);
    memset(st, 0, sizeof(nh_taylor_stats_struct));
    arb_set_si(x0, 3);
    arb_div_si(x0, x0, 10, RPREC);
    phi(x0 + 1, x0, epsinv, RPREC);
    arb_zero(c);
    if (offset)
    {
        arb_set_si(c, 1);
        arb_div_si(c, c, 1000, RPREC);
        arb_add(x0 + 1, x0 + 1, c, RPREC);
    }
    arb_set_round(x0 + 1, x0 + 1, PREC);
    arb_one(T);
    rc = nh_taylor_stiff_integrate(xo, NULL, NULL, &nr, rhs_sin, &d, 2, 1, x0, t0, T, 1, o, st,
                                   PREC, err);
    /* closed form at 512 bits: phi(13/10) + c exp(-1/eps), with x2(0) taken
       exactly as the rounded start (its rounding is inside c's ball) */
    arb_set_si(a, 13);
    arb_div_si(a, a, 10, RPREC);
    phi(ex, a, epsinv, RPREC);
    {
        arb_t tr, p0;
        arb_init(tr); arb_init(p0);
        phi(p0, x0, epsinv, RPREC);
        arb_sub(tr, x0 + 1, p0, RPREC);
        arb_set_si(p0, -epsinv);
        arb_exp(p0, p0, RPREC);
        arb_addmul(ex, tr, p0, RPREC);
        arb_clear(tr); arb_clear(p0);
    }
    tap_ok(rc == NH_OK && nr == 1 && arb_contains(xo + 1, ex)
           && mag_cmp_2exp_si(arb_radref(xo + 1), -100) < 0 && st->steps <= 20,
           "x2' = (sin x1 - x2)/eps, eps = 1/%ld, x2(0) off the manifold by %s: the ball "
           "contains the closed form, radius below 2^-100, %ld steps (<= 20)",
           (long) epsinv, offset ? "1e-3" : "0", (long) st->steps);
    _arb_vec_clear(x0, 2); _arb_vec_clear(xo, 2);
    arb_clear(t0); arb_clear(T); arb_clear(ex); arb_clear(a); arb_clear(c);
}

typedef struct { arb_mat_struct *L; } lin_data;

static int
rhs_lin(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx, void *data,
        slong prec, nh_error_t err)
{
    arb_mat_struct *L = ((lin_data *) data)->L;
    slong i, j;
    (void) t0; (void) ord; (void) err;
    for (i = 0; i < 3; i++)
    {
        jet_zero(JET_ENTRY(f, i, ctx), ctx);
        for (j = 0; j < 3; j++)
            jet_addmul_scalar(JET_ENTRY(f, i, ctx), JET_ENTRY(x, j, ctx),
                              arb_mat_entry(L, i, j), ctx, prec);
    }
    return NH_OK;
}

static void
test_linear(slong epsinv, slong off)
{
    arb_mat_t L, E, x, y;
    arb_ptr x0 = _arb_vec_init(3), xo = _arb_vec_init(3);
    arb_t t0, T;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_error_t err;
    lin_data D;
    slong nr, i, k;
    int rc, ok;
    mag_t m;

    arb_mat_init(L, 3, 3); arb_mat_init(E, 3, 3); arb_mat_init(x, 3, 1); arb_mat_init(y, 3, 1);
    arb_init(t0); arb_init(T); mag_init(m);
    nh_taylor_opts_init(o);
    nh_error_init(err);
    memset(st, 0, sizeof(nh_taylor_stats_struct));
    arb_set_si(arb_mat_entry(L, 0, 0), -5); arb_set_si(arb_mat_entry(L, 0, 1), 1);
    arb_set_si(arb_mat_entry(L, 0, 2), 5);
    arb_set_si(arb_mat_entry(L, 1, 0), -1);
    arb_set_si(arb_mat_entry(L, 2, 0), epsinv); arb_set_si(arb_mat_entry(L, 2, 2), -epsinv);
    arb_set_si(x0 + 0, 1); arb_set_si(x0 + 1, -1);
    {
        /* x3(0) on the slow manifold x3 = Phi (x1, x2): the invariance
           equation Phi (L_ss + L_sf Phi) = L_fs + L_ff Phi, iterated as
           Phi <- (Phi (L_ss + L_sf Phi) - L_fs) / L_ff (contracts by
           about |L_ss|/|L_ff| = 5e-4 per pass), at 512 bits */
        arb_t p0, p1, a0, a1, lff;
        arb_init(p0); arb_init(p1); arb_init(a0); arb_init(a1); arb_init(lff);
        arb_set_si(lff, -epsinv);
        for (i = 0; i < 40; i++)
        {
            /* row (p0, p1) times (L_ss + L_sf Phi), L_sf = (5, 0)^T */
            arb_mul_si(a0, p0, 5, RPREC); arb_add_si(a0, a0, -5, RPREC);  /* -5 + 5 p0 */
            arb_mul_si(a1, p1, 5, RPREC); arb_add_si(a1, a1, 1, RPREC);   /*  1 + 5 p1 */
            {
                arb_t n0, n1;
                arb_init(n0); arb_init(n1);
                /* (p0, p1) [[a0, a1], [-1, 0]] = (p0 a0 - p1, p0 a1) */
                arb_mul(n0, p0, a0, RPREC); arb_sub(n0, n0, p1, RPREC);
                arb_mul(n1, p0, a1, RPREC);
                arb_sub_si(n0, n0, epsinv, RPREC);                       /* - L_fs */
                arb_div(p0, n0, lff, RPREC);
                arb_div(p1, n1, lff, RPREC);
                arb_clear(n0); arb_clear(n1);
            }
        }
        arb_sub(x0 + 2, p0, p1, RPREC);     /* Phi (1, -1) */
        if (off)                            /* off the manifold by 1/off */
        {
            arb_set_si(a0, 1);
            arb_div_si(a0, a0, off, RPREC);
            arb_add(x0 + 2, x0 + 2, a0, RPREC);
        }
        arb_set_round(x0 + 2, x0 + 2, PREC);
        arb_clear(p0); arb_clear(p1); arb_clear(a0); arb_clear(a1); arb_clear(lff);
    }
    D.L = L;
    arb_one(T);
    rc = nh_taylor_stiff_integrate(xo, NULL, NULL, &nr, rhs_lin, &D, 3, 1, x0, t0, T, 1, o, st,
                                   PREC, err);
    arb_mat_exp(E, L, RPREC);
    for (i = 0; i < 3; i++)
        arb_set(arb_mat_entry(x, i, 0), x0 + i);
    arb_mat_mul(y, E, x, RPREC);
    ok = (rc == NH_OK && nr == 1);
    for (i = 0; i < 3 && ok; i++)
    {
        ok = arb_contains(xo + i, arb_mat_entry(y, i, 0));
        arb_get_mag(m, arb_mat_entry(y, i, 0));
        if (mag_cmp_2exp_si(m, 0) < 0)
            mag_one(m);
        mag_mul_2exp_si(m, m, -90);
        ok = ok && mag_cmp(arb_radref(xo + i), m) <= 0;
    }
    if (off)    /* the initial layer by the solution's own series, then the manifold */
        ok = ok && st->slow_from > 0 && st->slow_from < 1 && st->slow_steps > 0
             && st->steps <= 60;
    else
        ok = ok && st->slow_steps == st->steps;
    tap_ok(ok, "linear, fast part feeding the slow one (eps = 1/%ld), x3(0) off the manifold "
           "by 1/%ld (0: on it): the ball at T = 1 contains exp(L T) x(0), radius below 2^-90 "
           "relative (%ld steps, %ld along the manifold from t = %.3g)", (long) epsinv,
           (long) off, (long) st->steps, (long) st->slow_steps, st->slow_from);
    if (!off)
    {
        /* 3: a ball time T = 1 +- 2^-60: the ball holds the solution at
           both ends, exp(L (1 -+ 2^-60)) x(0), radius below 2^-50 */
        arb_t Tb;
        arb_init(Tb);
        mag_set_ui_2exp_si(arb_radref(T), 1, -60);
        rc = nh_taylor_stiff_integrate(xo, NULL, NULL, &nr, rhs_lin, &D, 3, 1, x0, t0, T, 1, o,
                                       st, PREC, err);
        ok = (rc == NH_OK && nr == 1);
        for (k = -1; k <= 1 && ok; k += 2)
        {
            arb_one(Tb);
            arb_mul_2exp_si(Tb, Tb, -60);
            arb_mul_si(Tb, Tb, k, RPREC);
            arb_add_si(Tb, Tb, 1, RPREC);
            arb_mat_scalar_mul_arb(E, L, Tb, RPREC);
            arb_mat_exp(E, E, RPREC);
            arb_mat_mul(y, E, x, RPREC);
            for (i = 0; i < 3 && ok; i++)
                ok = arb_contains(xo + i, arb_mat_entry(y, i, 0))
                     && mag_cmp_2exp_si(arb_radref(xo + i), -50) < 0;
        }
        tap_ok(ok, "a ball time 1 +- 2^-60: the ball holds exp(L t) x(0) at both ends, radius "
               "below 2^-50");
        /* 4: output times whose midpoints decrease */
        arb_set_si(Tb, 1);
        arb_mul_2exp_si(Tb, Tb, -1);
        {
            arb_ptr two = _arb_vec_init(2);
            arb_one(two + 0);
            arb_set(two + 1, Tb);
            tap_ok(nh_taylor_stiff_integrate(xo, NULL, NULL, &nr, rhs_lin, &D, 3, 1, x0, t0, two,
                                             2, o, st, PREC, err) == NH_ERR_USAGE,
                   "decreasing output times: NH_ERR_USAGE");
            _arb_vec_clear(two, 2);
        }
        arb_clear(Tb);
    }
    arb_mat_clear(L); arb_mat_clear(E); arb_mat_clear(x); arb_mat_clear(y);
    _arb_vec_clear(x0, 3); _arb_vec_clear(xo, 3);
    arb_clear(t0); arb_clear(T); mag_clear(m);
}

int
main(void)
{
    tap_plan(10);
    test_sin(1000, 0);
    test_sin(1000, 1);
    test_sin(1000000, 1);
    test_sin(1000000, 0);
    test_linear(10000, 0);
    test_linear(10000, 2);          /* the layer's start by the Taylor method */
    test_linear(10000000, 2);
    test_linear(10000000, 16);      /* the layer by the stiff steps only */
    flint_cleanup();
    return tap_done();
}
