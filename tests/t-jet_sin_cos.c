/*
 * t-jet_sin_cos.c -- sin, cos, exp of jets by the Euler-operator
 * recurrence (lib/jet/jet_sin_cos.c) against the composition route they
 * replaced (Arb's arb_poly_sin_cos_series / arb_poly_exp_series at a(0),
 * then jet_compose_series): the balls must overlap and be narrow, in the
 * contexts the certified integrator uses (one variable; (s | y_1..y_4 |
 * z_0..z_2) with caps (12 | 1 | 1)), at full and lower truncation ord,
 * with aliasing res = a, and for a ball input; jet_sin_cos's two outputs
 * likewise.  Closed forms are in
 * t-jet_elementary (sin^2 + cos^2 = 1, exp(x + y), sin(x)).
 */
#include <math.h>
#include "jet.h"
#include "tap.h"

#define PREC 128

static void
rand_jet(arb_ptr a, const jet_ctx_t ctx, flint_rand_t st, double rad)
{
    slong i;
    for (i = 0; i < ctx->len; i++)
    {
        arb_set_si(a + i, (slong) n_randint(st, 2001) - 1000);
        arb_mul_2exp_si(a + i, a + i, -11);
        if (n_randint(st, 4) == 0)
            arb_zero(a + i);                     /* sparse, as in the fields */
    }
    arb_add_ui(a, a, 1, PREC);
    mag_set_d(arb_radref(a), rad);
}

/* the composition route: coefficients of f at a(0), then compose */
static void
old_route(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, int f)
{
    arb_poly_t x, s, c;
    arb_poly_init(x); arb_poly_init(s); arb_poly_init(c);
    arb_poly_set_coeff_arb(x, 0, a);
    arb_poly_set_coeff_si(x, 1, 1);
    if (f == 2)
        arb_poly_exp_series(s, x, ord + 1, PREC);
    else if (f == 0)
        arb_poly_sin_cos_series(s, c, x, ord + 1, PREC);
    else
        arb_poly_sin_cos_series(c, s, x, ord + 1, PREC);
    jet_compose_series(res, s->coeffs, s->length, a, ord, ctx, PREC);
    arb_poly_clear(x); arb_poly_clear(s); arb_poly_clear(c);
}

/* res = sin, cos or exp (f = 0, 1, 2) of a by the public functions */
static void
apply(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, int f)
{
    if (f == 0)
        jet_sin(res, a, ord, ctx, PREC);
    else if (f == 1)
        jet_cos(res, a, ord, ctx, PREC);
    else
        jet_exp(res, a, ord, ctx, PREC);
}

/* overlap everywhere, radii below tol (1 + |mid|) up to degree ord, zero above */
static int
agree(arb_srcptr r, arb_srcptr o, slong ord, const jet_ctx_t ctx, double tol)
{
    slong i, n = jet_ctx_len(ctx, ord);
    for (i = 0; i < ctx->len; i++)
    {
        if (i >= n)
        {
            if (!arb_is_zero(r + i))
                return 0;
            continue;
        }
        if (!arb_overlaps(r + i, o + i)
            || mag_get_d(arb_radref(r + i))
               > tol * (1 + fabs(arf_get_d(arb_midref(o + i), ARF_RND_UP))))
            return 0;
    }
    return 1;
}

static void
check(const char *name, const jet_ctx_t ctx, slong ord, double rad, flint_rand_t st)
{
    arb_ptr a = jet_init(ctx), r = jet_init(ctx), o = jet_init(ctx), al = jet_init(ctx);
    static const char *fn[3] = { "sin", "cos", "exp" };
    int f, ok, trial;
    double tol = rad > 0 ? 1e-6 : 1e-30;

    for (f = 0; f < 3; f++)
    {
        ok = 1;
        for (trial = 0; trial < 5 && ok; trial++)
        {
            rand_jet(a, ctx, st, rad);
            apply(r, a, ord, ctx, f);
            old_route(o, a, ord, ctx, f);
            ok = agree(r, o, ord, ctx, tol);
            /* aliasing: al = f(al) */
            jet_set(al, a, ctx);
            apply(al, al, ord, ctx, f);
            ok = ok && agree(al, o, ord, ctx, tol);
        }
        tap_ok(ok, "%s, %s, ord %ld, rad(a0) %g: recurrence overlaps the composition route",
               fn[f], name, (long) ord, rad);
    }
    jet_clear(a, ctx); jet_clear(r, ctx); jet_clear(o, ctx); jet_clear(al, ctx);
}

/* jet_sin_cos (both outputs from one recurrence) against the composition
   route for sin and for cos, with s aliasing a, c aliasing a, and one
   output NULL */
static void
check_pair(const char *name, const jet_ctx_t ctx, slong ord, double rad, flint_rand_t st)
{
    arb_ptr a = jet_init(ctx), s = jet_init(ctx), c = jet_init(ctx);
    arb_ptr os = jet_init(ctx), oc = jet_init(ctx), al = jet_init(ctx);
    int ok = 1, trial;
    double tol = rad > 0 ? 1e-6 : 1e-30;

    for (trial = 0; trial < 5 && ok; trial++)
    {
        rand_jet(a, ctx, st, rad);
        old_route(os, a, ord, ctx, 0);
        old_route(oc, a, ord, ctx, 1);
        ok = jet_sin_cos(s, c, a, ord, ctx, PREC) == NH_OK
             && agree(s, os, ord, ctx, tol) && agree(c, oc, ord, ctx, tol);
        jet_set(al, a, ctx);
        jet_sin_cos(al, c, al, ord, ctx, PREC);             /* s = a */
        ok = ok && agree(al, os, ord, ctx, tol) && agree(c, oc, ord, ctx, tol);
        jet_set(al, a, ctx);
        jet_sin_cos(s, al, al, ord, ctx, PREC);             /* c = a */
        ok = ok && agree(s, os, ord, ctx, tol) && agree(al, oc, ord, ctx, tol);
        jet_set(al, a, ctx);
        jet_sin_cos(NULL, al, al, ord, ctx, PREC);
        ok = ok && agree(al, oc, ord, ctx, tol);
    }
    tap_ok(ok, "jet_sin_cos, %s, ord %ld, rad(a0) %g: both outputs overlap the composition "
           "route (aliasing, NULL output)", name, (long) ord, rad);
    jet_clear(a, ctx); jet_clear(s, ctx); jet_clear(c, ctx);
    jet_clear(os, ctx); jet_clear(oc, ctx); jet_clear(al, ctx);
}

int
main(void)
{
    jet_ctx_t U, V;
    slong sizes[3] = { 1, 4, 3 }, caps[3] = { 12, 1, 1 };
    flint_rand_t st;

    tap_plan(16);
    flint_rand_init(st);
    jet_ctx_init(U, 1, 21);
    jet_ctx_init_groups(V, 3, sizes, caps, 14);
    check("one variable, order 21", U, 21, 0.0, st);
    check("(s | y | z) caps (12 | 1 | 1), order 14", V, 14, 0.0, st);
    check("(s | y | z) caps (12 | 1 | 1), order 14", V, 9, 0.0, st);
    check("one variable, order 21", U, 21, 1e-12, st);
    check_pair("one variable, order 21", U, 21, 0.0, st);
    check_pair("one variable, order 21", U, 13, 1e-12, st);
    check_pair("(s | y | z) caps (12 | 1 | 1), order 14", V, 14, 0.0, st);
    check_pair("(s | y | z) caps (12 | 1 | 1), order 14", V, 9, 0.0, st);
    jet_ctx_clear(U);
    jet_ctx_clear(V);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
