/*
 * t-taylor_compare.c -- nh_taylor_compare2 (lib/taylor/taylor_compare.c):
 * bounds of u' = M u + d, u(0) = u0, M Metzler, against the closed form
 * derived here from the eigenvalues of the 2 x 2 matrix,
 *   exp(M t) = (e^{l+ t} (M - l- I) - e^{l- t} (M - l+ I)) / (l+ - l-),
 *   int_0^t exp(M s) ds = ((e^{l+ t} - 1)/l+ (M - l- I)
 *                          - (e^{l- t} - 1)/l- (M - l+ I)) / (l+ - l-),
 * l+- = (tr M +- sqrt((M00 - M11)^2 + 4 M01 M10)) / 2 (Cayley-Hamilton;
 * no matrix exponential of the code under test):
 *  1. decoupled (M01 = M10 = 0) and 2. coupled and stiff (M11 = -1000,
 *     M01 = 30, M10 = 2, the shape of a fast-slow error at eps = 1/1000):
 *     uh contains no less than u(h) and is within 2^-90 relative of it
 *     (the fast contraction is kept: u_1(h) is about M10 u_0 / 1000, not
 *     u_1(0)); usup is at least u at 64 points of [0, h];
 *  3. balls: M, u0, d with radii give bounds at least the closed form at
 *     the upper ends;
 *  4. M not 2 x 2: NH_ERR_USAGE.
 */
#include "taylor.h"
#include "tap.h"

#define PREC 128
/* the closed form at 4 PREC: its balls must sit inside the rounding of the
   bounds at PREC for the comparisons to be certain */
#define RPREC (4 * PREC)

/* w = u(t) by the closed form (M, u0, d exact balls; l+ != l-) */
static void
closed_form(arb_ptr w, const arb_mat_t M, arb_srcptr u0, arb_srcptr d, const arb_t t)
{
    arb_t tr, disc, sq, lp, lm, ep, em, ip, im, s;
    slong i, j;

    arb_init(tr); arb_init(disc); arb_init(sq); arb_init(lp); arb_init(lm);
    arb_init(ep); arb_init(em); arb_init(ip); arb_init(im); arb_init(s);
    arb_add(tr, arb_mat_entry(M, 0, 0), arb_mat_entry(M, 1, 1), RPREC);
    arb_sub(disc, arb_mat_entry(M, 0, 0), arb_mat_entry(M, 1, 1), RPREC);
    arb_sqr(disc, disc, RPREC);
    arb_mul(s, arb_mat_entry(M, 0, 1), arb_mat_entry(M, 1, 0), RPREC);
    arb_addmul_si(disc, s, 4, RPREC);
    arb_sqrt(sq, disc, RPREC);
    arb_add(lp, tr, sq, RPREC); arb_mul_2exp_si(lp, lp, -1);
    arb_sub(lm, tr, sq, RPREC); arb_mul_2exp_si(lm, lm, -1);
    arb_mul(ep, lp, t, RPREC); arb_exp(ep, ep, RPREC);
    arb_mul(em, lm, t, RPREC); arb_exp(em, em, RPREC);
    arb_sub_si(ip, ep, 1, RPREC); arb_div(ip, ip, lp, RPREC);
    arb_sub_si(im, em, 1, RPREC); arb_div(im, im, lm, RPREC);
    for (i = 0; i < 2; i++)
    {
        arb_ptr out = w + i;
        arb_zero(out);
        for (j = 0; j < 2; j++)
        {
            /* (M - l- I)_ij and (M - l+ I)_ij */
            arb_t a, b, e, g;
            arb_init(a); arb_init(b); arb_init(e); arb_init(g);
            arb_set(a, arb_mat_entry(M, i, j));
            arb_set(b, arb_mat_entry(M, i, j));
            if (i == j)
            {
                arb_sub(a, a, lm, RPREC);
                arb_sub(b, b, lp, RPREC);
            }
            arb_mul(e, ep, a, RPREC); arb_submul(e, em, b, RPREC);   /* exp(Mt)_ij * (l+ - l-) */
            arb_mul(g, ip, a, RPREC); arb_submul(g, im, b, RPREC);   /* integral_ij * (l+ - l-) */
            arb_addmul(out, e, u0 + j, RPREC);
            arb_addmul(out, g, d + j, RPREC);
            arb_clear(a); arb_clear(b); arb_clear(e); arb_clear(g);
        }
        arb_sub(s, lp, lm, RPREC);
        arb_div(out, out, s, RPREC);
    }
    arb_clear(tr); arb_clear(disc); arb_clear(sq); arb_clear(lp); arb_clear(lm);
    arb_clear(ep); arb_clear(em); arb_clear(ip); arb_clear(im); arb_clear(s);
}

/* b >= a (certainly), and with tight: b <= a (1 + 2^-90) + 2^-300 */
static int
above(const arb_t b, const arb_t a, int tight)
{
    arb_t c, tiny;
    int ok;
    arb_init(c);
    arb_init(tiny);
    ok = arb_ge(b, a);
    if (ok && tight)
    {
        arb_one(tiny);
        arb_mul_2exp_si(tiny, tiny, -300);
        arb_mul_2exp_si(c, a, -90);
        arb_add(c, c, a, PREC);
        arb_add(c, c, tiny, PREC);
        ok = arb_le(b, c);
    }
    arb_clear(c);
    arb_clear(tiny);
    return ok;
}

/* x = the upper end of a, exact */
static void
upper(arb_t x, const arb_t a)
{
    arf_t u;
    arf_init(u);
    arb_get_ubound_arf(u, a, PREC);
    arb_set_arf(x, u);
    arf_clear(u);
}

static void
check(const char *name, const arb_mat_t M, arb_srcptr u0, arb_srcptr d, const arb_t h)
{
    arb_ptr uh = _arb_vec_init(2), us = _arb_vec_init(2), w = _arb_vec_init(2);
    arb_t t;
    slong k, i;
    int ok = 1;

    arb_init(t);
    tap_ok(nh_taylor_compare2(uh, us, M, u0, d, h, PREC) == NH_OK, "%s: bounds computed", name);
    closed_form(w, M, u0, d, h);
    tap_ok(above(uh + 0, w + 0, 1) && above(uh + 1, w + 1, 1),
           "%s: u(h) bounded, within 2^-90 relative", name);
    for (k = 0; k <= 64; k++)
    {
        arb_mul_si(t, h, k, PREC);
        arb_div_si(t, t, 64, PREC);
        closed_form(w, M, u0, d, t);
        for (i = 0; i < 2; i++)
            ok = ok && above(us + i, w + i, 0);
    }
    tap_ok(ok, "%s: the sup bound is above u at 65 points of [0, h]", name);
    _arb_vec_clear(uh, 2); _arb_vec_clear(us, 2); _arb_vec_clear(w, 2);
    arb_clear(t);
}

int
main(void)
{
    arb_mat_t M, Mu;
    arb_ptr u0 = _arb_vec_init(2), d = _arb_vec_init(2), uh = _arb_vec_init(2);
    arb_ptr w = _arb_vec_init(2), u0u = _arb_vec_init(2), du = _arb_vec_init(2);
    arb_t h;
    slong i, j;

    tap_plan(8);
    arb_mat_init(M, 2, 2);
    arb_mat_init(Mu, 2, 2);
    arb_init(h);

    /* 1. decoupled: closed form with M01 = M10 = 0 (l+ = -1/2, l- = -1000) */
    arb_set_si(arb_mat_entry(M, 0, 0), -1); arb_mul_2exp_si(arb_mat_entry(M, 0, 0), arb_mat_entry(M, 0, 0), -1);
    arb_set_si(arb_mat_entry(M, 1, 1), -1000);
    arb_one(u0 + 0); arb_one(u0 + 1);
    arb_set_si(d + 0, 1); arb_div_si(d + 0, d + 0, 10, PREC);
    arb_set_si(d + 1, 2);
    arb_set_si(h, 1); arb_mul_2exp_si(h, h, -2);
    check("decoupled", M, u0, d, h);

    /* 2. coupled, stiff */
    arb_set_si(arb_mat_entry(M, 0, 0), 1);
    arb_set_si(arb_mat_entry(M, 0, 1), 30);
    arb_set_si(arb_mat_entry(M, 1, 0), 2);
    arb_set_si(u0 + 0, 1); arb_div_si(u0 + 0, u0 + 0, 1000, PREC);
    arb_one(u0 + 1);
    arb_set_si(d + 0, 1); arb_mul_2exp_si(d + 0, d + 0, -30);
    arb_set_si(d + 1, 1); arb_mul_2exp_si(d + 1, d + 1, -20);
    arb_set_si(h, 1); arb_div_si(h, h, 10, PREC);
    check("coupled stiff", M, u0, d, h);

    /* 3. balls: the closed form at the upper ends is below the bound */
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 2; j++)
        {
            mag_set_ui_2exp_si(arb_radref(arb_mat_entry(M, i, j)), 1, -10);
            upper(arb_mat_entry(Mu, i, j), arb_mat_entry(M, i, j));
        }
        mag_set_ui_2exp_si(arb_radref(u0 + i), 1, -40);
        mag_set_ui_2exp_si(arb_radref(d + i), 1, -40);
        upper(u0u + i, u0 + i);
        upper(du + i, d + i);
    }
    nh_taylor_compare2(uh, NULL, M, u0, d, h, PREC);
    closed_form(w, Mu, u0u, du, h);
    tap_ok(above(uh + 0, w + 0, 0) && above(uh + 1, w + 1, 0),
           "balls: bounds at least the closed form at the upper ends");

    /* 4. shapes */
    {
        arb_mat_t M3;
        arb_mat_init(M3, 3, 3);
        tap_ok(nh_taylor_compare2(uh, NULL, M3, u0, d, h, PREC) == NH_ERR_USAGE,
               "3 x 3: NH_ERR_USAGE");
        arb_mat_clear(M3);
    }
    arb_mat_clear(M); arb_mat_clear(Mu);
    _arb_vec_clear(u0, 2); _arb_vec_clear(d, 2); _arb_vec_clear(uh, 2);
    _arb_vec_clear(w, 2); _arb_vec_clear(u0u, 2); _arb_vec_clear(du, 2);
    arb_clear(h);
    flint_cleanup();
    return tap_done();
}
