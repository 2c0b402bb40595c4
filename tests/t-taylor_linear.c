/*
 * t-taylor_linear.c -- the certified Taylor integrator (lib/taylor.h)
 * against exact solutions computed independently:
 *   - linear systems y' = L y: the exact flow exp(T L) y0 by arb_mat_exp
 *     at four times the precision (a different algorithm: scaling and
 *     squaring of the matrix exponential series), including stiff,
 *     non-normal L with an eigenvalue -1/eps, eps = 1e-3;
 *   - y' = t y: y = y0 exp((t^2 - t0^2)/2) (time-dependent field, t0 != 0);
 *   - an initial box: the enclosure contains the images of its corners;
 *   - y' = y^2, y(0) = 1: y = 1/(1 - t); before the pole and close to it
 *     (t = 1 - 2^-7, 1 - 2^-10: y = 2^j exactly, relative width < 1e-20) contained,
 *     past it a clear error (never a ball).
 * Containment: the exact value's ball (radius ~2^-500) must lie inside
 * the certified ball, and the certified ball must be narrow (so a test
 * returning huge balls fails).
 */
#include <stdlib.h>
#include <string.h>
#include "taylor.h"
#include "taylor_testutil.h"
#include "tap.h"

/* every exact ball inside the certified one, which has radius <= maxrad */
static int
contains_all(arb_srcptr out, arb_srcptr exact, slong n, double maxrad)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_contains(out + i, exact + i) || mag_cmp_2exp_si(arb_radref(out + i), 0) > 0
            || mag_get_d(arb_radref(out + i)) > maxrad)
            return 0;
    return 1;
}

static void
exact_linear(arb_ptr y, const arb_mat_t L, const arb_t T, arb_srcptr y0, slong prec)
{
    slong n = arb_mat_nrows(L), i;
    arb_mat_t E, v, w;
    arb_mat_init(E, n, n); arb_mat_init(v, n, 1); arb_mat_init(w, n, 1);
    arb_mat_scalar_mul_arb(E, L, T, prec);
    arb_mat_exp(E, E, prec);
    for (i = 0; i < n; i++)
        arb_set(arb_mat_entry(v, i, 0), y0 + i);
    arb_mat_mul(w, E, v, prec);
    for (i = 0; i < n; i++)
        arb_set(y + i, arb_mat_entry(w, i, 0));
    arb_mat_clear(E); arb_mat_clear(v); arb_mat_clear(w);
}

/* integrate y' = L y, y(0) = y0 (exact), to times Ts; check containment */
static void
check_linear(const char *name, arb_mat_t L, arb_srcptr y0, const double *Ts, slong nt,
             slong prec, double maxrad)
{
    slong n = arb_mat_nrows(L), j;
    lin_data d = { L };
    nh_taylor_opts_t opts;
    nh_taylor_stats_t st;
    nh_error_t err;
    arb_ptr times = _arb_vec_init(nt), out = _arb_vec_init(nt * n), ex = _arb_vec_init(n);
    arb_t t0;
    int rc, ok = 1;

    arb_init(t0);
    nh_error_init(err);
    nh_taylor_opts_init(opts);
    opts->max_width = 1e-5;
    for (j = 0; j < nt; j++)
        arb_set_d(times + j, Ts[j]);
    rc = nh_taylor_integrate(out, rhs_linear, &d, n, y0, t0, times, nt, opts, st, prec, err);
    if (rc != NH_OK)
        tap_diag("%s: %s", name, err->msg);
    for (j = 0; j < nt && rc == NH_OK; j++)
    {
        exact_linear(ex, L, times + j, y0, 4 * prec);
        ok = ok && contains_all(out + j * n, ex, n, maxrad);
    }
    tap_ok(rc == NH_OK && ok, "%s: exp(tL) y0 contained at %ld times, radius <= %.0e "
           "(%ld steps, width %.3g at T, prec %ld)", name, (long) nt, maxrad,
           (long) st->steps, st->width, (long) prec);
    _arb_vec_clear(times, nt); _arb_vec_clear(out, nt * n); _arb_vec_clear(ex, n);
    arb_clear(t0);
}

int
main(void)
{
    arb_mat_t L;
    arb_ptr y0 = _arb_vec_init(3), out = _arb_vec_init(3), ex = _arb_vec_init(3);
    arb_t t0, T, e;
    nh_taylor_opts_t opts;
    nh_taylor_stats_t st;
    nh_error_t err;
    double Ts[3] = { 0.5, 3.0, 10.0 }, Tstiff[2] = { 0.125, 0.25 };
    slong prec, i;
    int rc;

    tap_plan(11);
    arb_init(t0); arb_init(T); arb_init(e);
    nh_error_init(err);

    /* harmonic oscillator: rotation by angle t */
    arb_mat_init(L, 2, 2);
    arb_set_si(arb_mat_entry(L, 0, 1), 1);
    arb_set_si(arb_mat_entry(L, 1, 0), -1);
    arb_set_si(y0 + 0, 1);
    arb_set_d(y0 + 1, 0.25);
    for (prec = 128; prec <= 256; prec += 128)
        check_linear("oscillator", L, y0, Ts, 3, prec, prec == 128 ? 1e-28 : 1e-60);
    arb_mat_clear(L);

    /* stiff, non-normal, eigenvalues -1/eps, -10, -1 with eps = 1e-3 */
    arb_mat_init(L, 3, 3);
    stiff_example(L, y0);
    check_linear("stiff eps=1e-3", L, y0, Tstiff, 2, 128, 1e-28);
    /* stiff oscillatory block: eigenvalues -1/eps +- 3i/eps, eps = 1e-2 */
    arb_mat_zero(L);
    arb_set_si(arb_mat_entry(L, 0, 0), -100);
    arb_set_si(arb_mat_entry(L, 0, 1), 300);
    arb_set_si(arb_mat_entry(L, 1, 0), -300);
    arb_set_si(arb_mat_entry(L, 1, 1), -100);
    arb_set_si(arb_mat_entry(L, 2, 2), 0);
    arb_set_si(arb_mat_entry(L, 2, 0), 1);
    check_linear("stiff oscillatory eps=1e-2", L, y0, Tstiff, 2, 128, 1e-28);

    /* an initial box: the enclosure contains the image of every corner */
    {
        lin_data d = { L };
        arb_ptr box = _arb_vec_init(3), c = _arb_vec_init(3);
        slong k;
        int ok;
        nh_taylor_opts_init(opts);
        for (i = 0; i < 3; i++)
        {
            arb_set(box + i, y0 + i);
            mag_set_d(arb_radref(box + i), 1e-12);
        }
        arb_set_d(T, 0.5);
        rc = nh_taylor_integrate(out, rhs_linear, &d, 3, box, t0, T, 1, opts, st, 128, err);
        ok = (rc == NH_OK);
        for (k = 0; k < 8 && ok; k++)
        {
            for (i = 0; i < 3; i++)
            {
                arb_set(c + i, y0 + i);
                arb_add_si(c + i, c + i, 0, 128);
                arb_set_d(e, (k >> i) & 1 ? 1e-12 : -1e-12);
                arb_add(c + i, c + i, e, 128);
                /* the corner is the double 1e-12 rounded: use its midpoint */
                mag_zero(arb_radref(c + i));
            }
            exact_linear(ex, L, T, c, 512);
            for (i = 0; i < 3; i++)
                ok = ok && arb_contains(out + i, ex + i);
        }
        /* and the width is not blown up: the box is mapped by exp(TL), whose
           slow block (eigenvalue -1, 1 in the last column) keeps it ~1e-12 */
        tap_ok(ok && st->width < 1e-11, "initial box radius 1e-12: images of its 8 corners "
               "contained at T = 0.5 (width %.3g)", st->width);
        _arb_vec_clear(box, 3); _arb_vec_clear(c, 3);
    }
    arb_mat_clear(L);

    /* y' = t y from t0 = 1/2: y = y0 exp((T^2 - t0^2)/2) */
    nh_taylor_opts_init(opts);
    arb_set_d(t0, 0.5);
    arb_set_si(T, 2);
    arb_set_si(y0, 3);
    rc = nh_taylor_integrate(out, rhs_ty, NULL, 1, y0, t0, T, 1, opts, st, 128, err);
    arb_set_d(e, (4.0 - 0.25) / 2);
    arb_exp(e, e, 512);
    arb_mul_si(e, e, 3, 512);
    tap_ok(rc == NH_OK && contains_all(out, e, 1, 1e-28),
           "y' = t y from t0 = 1/2 to 2: 3 exp(15/8) contained (width %.3g)", st->width);

    /* y' = y^2, y(0) = 1: y(1/2) = 2; T = 2 lies past the pole t = 1 */
    arb_zero(t0);
    arb_set_si(y0, 1);
    arb_set_d(T, 0.5);
    rc = nh_taylor_integrate(out, rhs_sq, NULL, 1, y0, t0, T, 1, opts, st, 128, err);
    arb_set_si(e, 2);
    tap_ok(rc == NH_OK && contains_all(out, e, 1, 1e-28), "y' = y^2: y(1/2) = 2 contained");
    /* near the pole: y(1 - 2^-j) = 2^j exactly (closed form 1/(1 - t)) */
    {
        slong j;
        for (j = 7; j <= 10; j += 3)
        {
            arb_one(T);
            arb_mul_2exp_si(e, T, -j);
            arb_sub(T, T, e, 128);
            rc = nh_taylor_integrate(out, rhs_sq, NULL, 1, y0, t0, T, 1, opts, st, 128, err);
            arb_one(e);
            arb_mul_2exp_si(e, e, j);
            tap_ok(rc == NH_OK && contains_all(out, e, 1, 1e-20 * (double) (1 << j)),
                   "y' = y^2 near the pole: y(1 - 2^-%ld) = 2^%ld contained, relative "
                   "width < 1e-20 (rc %d, width %.3g, %ld steps)", (long) j, (long) j, rc,
                   st->width, (long) st->steps);
        }
    }
    arb_set_si(T, 2);
    rc = nh_taylor_integrate(out, rhs_sq, NULL, 1, y0, t0, T, 1, opts, st, 128, err);
    tap_diag("blow-up: %s", err->msg);
    {
        const char *p = strstr(err->msg, "certified integration stopped at t = ");
        double tr = p ? strtod(p + strlen("certified integration stopped at t = "), NULL) : -1;
        tap_ok((rc == NH_ERR_PRECISION || rc == NH_ERR_DOMAIN) && tr >= 0.9 && tr <= 1.0,
               "y' = y^2 past the pole t = 1: error code %d naming the time reached %g "
               "in [0.9, 1]", rc, tr);
    }
    /* bad times */
    arb_set_si(T, -1);
    rc = nh_taylor_integrate(out, rhs_sq, NULL, 1, y0, t0, T, 1, opts, st, 128, err);
    tap_ok(rc == NH_ERR_USAGE, "output time before t0: NH_ERR_USAGE");

    _arb_vec_clear(y0, 3); _arb_vec_clear(out, 3); _arb_vec_clear(ex, 3);
    arb_clear(t0); arb_clear(T); arb_clear(e);
    flint_cleanup();
    return tap_done();
}
