/* t-nhdyn_routes.c -- agreement of the independent routes of lib/nhdyn
   (Lagrange-d'Alembert, affine connection where it applies, Voronets)
   and of the two curvature computations (formula vs brackets) at random
   points of every shipped case, for the automatic and for other choices
   of dependent coordinates; zero curvature for integrable constraints
   (and nonzero for a non-integrable control).  Fixed seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nhdyn.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 160
#define NPTS 6

/* random rational in [-1, 1] with denominator 1000, as a ball */
static void
rnd(arb_t x, flint_rand_t st)
{
    arb_set_si(x, (slong) n_randint(st, 2001) - 1000);
    arb_div_ui(x, x, 1000, PREC);
}

/* all B entries contain 0 */
static int
all_zero(arb_srcptr B, slong len)
{
    slong i;
    for (i = 0; i < len; i++)
        if (!arb_contains_zero(B + i) || mag_cmp_2exp_si(arb_radref(B + i), -60) > 0)
            return 0;
    return 1;
}

/* One point: returns 1 if routes and curvatures agree; *nz = some B
   entry certified nonzero. */
static int
check_point(const nh_model_struct *M, flint_rand_t st, const slong *dep, int *nz, char *why, size_t wsz)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m, i;
    arb_ptr q, v, acc1, acc2, acc3, mult, lam, Bab, Ba, Bbab, Bba, pd, res;
    arb_t t;
    nh_dyn_t D;
    nh_error_t err;
    int ok = 1, r;

    nh_error_init(err);
    q = _arb_vec_init(n); v = _arb_vec_init(n); acc1 = _arb_vec_init(n); acc2 = _arb_vec_init(n);
    acc3 = _arb_vec_init(n); lam = _arb_vec_init(n); mult = _arb_vec_init(m); pd = _arb_vec_init(m);
    res = _arb_vec_init(m);
    Bab = _arb_vec_init(m * p * p); Bbab = _arb_vec_init(m * p * p);
    Ba = _arb_vec_init(m * p); Bba = _arb_vec_init(m * p);
    arb_init(t);
    for (i = 0; i < n; i++)
    {
        rnd(q + i, st);
        arb_add_ui(q + i, q + i, 2, PREC);   /* q in [1, 3]: away from the
                                                pendulum's origin and sin(theta) = 0 */
        rnd(v + i, st);
    }
    rnd(t, st);
    nh_dyn_init(D, M);
    r = nh_dyn_set_point(D, M, q, t, dep, PREC, err);
    if (r == NH_OK)
    {
        nh_dyn_complete_velocity(v, D, PREC);
        r = nh_dyn_check_constraints(res, D, M, v, PREC, err);
    }
    if (r == NH_OK) r = nh_dyn_lagrange(acc1, mult, D, v, PREC, err);
    if (r == NH_OK) r = nh_dyn_voronets(acc3, Bab, Ba, pd, D, v, PREC, err);
    if (r == NH_OK) r = nh_dyn_curvature_brackets(Bbab, Bba, D, PREC, err);
    if (r == NH_OK && nh_model_is_linear_autonomous(M))
        r = nh_dyn_connection(acc2, lam, M, q, v, PREC, err);
    if (r != NH_OK)
    {
        snprintf(why, wsz, "error: %s", err->msg);
        ok = 0;
    }
    else
    {
        if (nh_dyn_compare(NULL, acc1, acc3, n, PREC) != 1)
            ok = 0, snprintf(why, wsz, "route 1 vs 3");
        if (nh_model_is_linear_autonomous(M) && (nh_dyn_compare(NULL, acc1, acc2, n, PREC) != 1
                                                 || nh_dyn_compare(NULL, acc2, acc3, n, PREC) != 1))
            ok = 0, snprintf(why, wsz, "route 2");
        if (nh_dyn_compare(NULL, Bab, Bbab, m * p * p, PREC) != 1
            || nh_dyn_compare(NULL, Ba, Bba, m * p, PREC) != 1)
            ok = 0, snprintf(why, wsz, "curvature");
        for (i = 0; i < m * p * p; i++)
            if (!arb_contains_zero(Bab + i)) *nz = 1;
        for (i = 0; i < m * p; i++)
            if (!arb_contains_zero(Ba + i)) *nz = 1;
    }
    nh_dyn_clear(D);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(acc1, n); _arb_vec_clear(acc2, n);
    _arb_vec_clear(acc3, n); _arb_vec_clear(lam, n); _arb_vec_clear(mult, m); _arb_vec_clear(pd, m);
    _arb_vec_clear(res, m);
    _arb_vec_clear(Bab, m * p * p); _arb_vec_clear(Bbab, m * p * p);
    _arb_vec_clear(Ba, m * p); _arb_vec_clear(Bba, m * p);
    arb_clear(t);
    return ok;
}

/* B (formula and brackets) at a random point, dep = NULL */
static int
curvature_zero(const nh_model_struct *M, flint_rand_t st)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m, i;
    arb_ptr q, Bab, Ba, Bbab, Bba, acc, pd, v;
    arb_t t;
    nh_dyn_t D;
    nh_error_t err;
    int z;
    nh_error_init(err);
    q = _arb_vec_init(n); v = _arb_vec_init(n); acc = _arb_vec_init(n); pd = _arb_vec_init(m);
    Bab = _arb_vec_init(m * p * p); Bbab = _arb_vec_init(m * p * p);
    Ba = _arb_vec_init(m * p); Bba = _arb_vec_init(m * p);
    arb_init(t);
    for (i = 0; i < n; i++)
        rnd(q + i, st), rnd(v + i, st);
    rnd(t, st);
    nh_dyn_init(D, M);
    if (nh_dyn_set_point(D, M, q, t, NULL, PREC, err) != NH_OK)
        tap_bail("%s", err->msg);
    nh_dyn_complete_velocity(v, D, PREC);
    if (nh_dyn_voronets(acc, Bab, Ba, pd, D, v, PREC, err) != NH_OK
        || nh_dyn_curvature_brackets(Bbab, Bba, D, PREC, err) != NH_OK)
        tap_bail("%s", err->msg);
    z = all_zero(Bab, m * p * p) && all_zero(Ba, m * p) && all_zero(Bbab, m * p * p) && all_zero(Bba, m * p);
    nh_dyn_clear(D);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(acc, n); _arb_vec_clear(pd, m);
    _arb_vec_clear(Bab, m * p * p); _arb_vec_clear(Bbab, m * p * p);
    _arb_vec_clear(Ba, m * p); _arb_vec_clear(Bba, m * p);
    arb_clear(t);
    return z;
}

int
main(void)
{
    const char *cases[] = { "vertical_disk.nh", "chaplygin_sleigh.nh", "inclined_sleigh.nh",
                            "pendulum_radial_friction.nh", "rotating_plane_ball.nh",
                            "disc_variable_circle.nh", "vertical_disk_002.nh", "damped_oscillator.nh" };
    /* a second, non-automatic choice of dependent coordinates per case
       (indices; -1 = none) */
    const slong alt[][2] = { {1, 3}, {0, -1}, {0, -1}, {1, -1}, {3, 4}, {1, -1}, {0, 3}, {1, -1} };
    slong c, k, ncases = sizeof cases / sizeof cases[0];
    flint_rand_t st;
    nh_model_ptr M;
    nh_error_t err;
    char why[2048];

    tap_plan(2 * ncases + 7);
    flint_rand_init(st);
    nh_error_init(err);
    for (c = 0; c < ncases; c++)
    {
        int ok = 1, nz = 0;
        M = load_case(cases[c]);
        why[0] = '\0';
        for (k = 0; k < NPTS && ok; k++)
            ok = check_point(M, st, NULL, &nz, why, sizeof why);
        tap_ok(ok, "%s: routes and curvatures agree at %d random points (automatic dependent set) %s",
               cases[c], NPTS, why);
        ok = 1;
        for (k = 0; k < NPTS && ok; k++)
            ok = check_point(M, st, alt[c], &nz, why, sizeof why);
        tap_ok(ok, "%s: same with dependent coordinates %s%s%s %s", cases[c],
               nh_model_coord_name(M, alt[c][0]), nh_model_m(M) > 1 ? "," : "",
               nh_model_m(M) > 1 ? nh_model_coord_name(M, alt[c][1]) : "", why);
        nh_model_free(M);
    }

    /* integrable constraints: zero curvature.  (i) the disc on a circle
       of constant radius (R1 = 0): r dpsi - (R0 + r) dphi = d(r psi -
       (R0 + r) phi).  (ii) the affine time-dependent constraint
       dx - t dy - y dt = d(x - t y). */
    {
        fmpq_t z;
        int nz = 0;
        fmpq_init(z);
        M = load_case("disc_variable_circle.nh");
        nh_model_set_param(M, "R1", z, err);
        tap_ok(curvature_zero(M, st), "disc on a circle of constant radius: B = 0 (integrable)");
        nh_model_free(M);
        fmpq_clear(z);
        if (nh_model_parse(&M, "model integ\ncoordinates x, y, z\nmetric diagonal: 1, 2, 3\n"
                           "potential: x*y*t\nconstraint: dx - t*dy - y*dt\n", "<integ>", err) != NH_OK)
            tap_bail("%s", err->msg);
        tap_ok(curvature_zero(M, st), "d(x - t y) = 0: B = 0 (integrable, affine, time-dependent)");
        why[0] = '\0';
        tap_ok(check_point(M, st, NULL, &nz, why, sizeof why), "d(x - t y): routes agree %s", why);
        nh_model_free(M);
        /* control: dx - t dy (not integrable in (x, y, t)): B^x_y = d_t a^x_y = 1 */
        if (nh_model_parse(&M, "model nonint\ncoordinates x, y, z\nmetric diagonal: 1, 2, 3\n"
                           "constraint: dx - t*dy\n", "<nonint>", err) != NH_OK)
            tap_bail("%s", err->msg);
        tap_ok(!curvature_zero(M, st), "dx - t dy: curvature nonzero (control)");
        nh_model_free(M);
        M = load_case("disc_variable_circle.nh");
        tap_ok(!curvature_zero(M, st), "disc on a circle of variable radius: curvature nonzero");
        nh_model_free(M);
    }
    /* oneform and force against equivalent potentials:
       (i) Delta = d_q f with f = x y sin t: L + Delta(qdot) = L + df/dt -
       d_t f, so the dynamics equal those of V + d_t f = V + x y cos t;
       (ii) force F = -dU (U = x^2 z + cos(t) y) equals the potential U. */
    {
        const char *base = "model g\ncoordinates x, y, z\nmetric: 2 + t^2, 1/2, 0\nmetric: 1/2, 3, x\n"
                           "metric: 0, x, 4\nconstraint: dx - z*dy - sin(t)*x*dt\n";
        char txt[1024];
        nh_model_ptr M2;
        int same = 1, r;
        slong n = 3, m = 1, i, rep;
        for (k = 0; k < 2; k++)
        {
            same = 1;
            snprintf(txt, sizeof txt, "%s%s", base,
                     k == 0 ? "potential: x*z\noneform: y*sin(t)*dx + x*sin(t)*dy\n"
                            : "potential: x*z\nforce: -2*x*z*dx - cos(t)*dy - x^2*dz\n");
            if (nh_model_parse(&M, txt, "<g1>", err) != NH_OK)
                tap_bail("%s", err->msg);
            snprintf(txt, sizeof txt, "%s%s", base,
                     k == 0 ? "potential: x*z + x*y*cos(t)\n" : "potential: x*z + x^2*z + cos(t)*y\n");
            if (nh_model_parse(&M2, txt, "<g2>", err) != NH_OK)
                tap_bail("%s", err->msg);
            for (rep = 0; rep < 4; rep++)
            {
                arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), a1 = _arb_vec_init(n),
                        a2 = _arb_vec_init(n), a3 = _arb_vec_init(n), mu = _arb_vec_init(m),
                        B1 = _arb_vec_init(4), B2 = _arb_vec_init(2), pd = _arb_vec_init(1);
                arb_t t;
                nh_dyn_t D1, D2;
                int nz = 0;
                arb_init(t);
                for (i = 0; i < n; i++)
                    rnd(q + i, st), rnd(v + i, st);
                rnd(t, st);
                nh_dyn_init(D1, M);
                nh_dyn_init(D2, M2);
                r = nh_dyn_set_point(D1, M, q, t, NULL, PREC, err);
                r |= nh_dyn_set_point(D2, M2, q, t, NULL, PREC, err);
                nh_dyn_complete_velocity(v, D1, PREC);
                r |= nh_dyn_lagrange(a1, mu, D1, v, PREC, err);
                r |= nh_dyn_voronets(a3, B1, B2, pd, D1, v, PREC, err);
                r |= nh_dyn_lagrange(a2, mu, D2, v, PREC, err);
                if (r != NH_OK || nh_dyn_compare(NULL, a1, a2, n, PREC) != 1
                    || nh_dyn_compare(NULL, a3, a2, n, PREC) != 1)
                    same = 0;
                if (!check_point(M, st, NULL, &nz, why, sizeof why))
                    same = 0;
                nh_dyn_clear(D1);
                nh_dyn_clear(D2);
                _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(a1, n);
                _arb_vec_clear(a2, n); _arb_vec_clear(a3, n); _arb_vec_clear(mu, m);
                _arb_vec_clear(B1, 4); _arb_vec_clear(B2, 2); _arb_vec_clear(pd, 1);
                arb_clear(t);
            }
            tap_ok(same, k == 0 ? "oneform d_q(x y sin t) = potential x y cos t (routes 1 and 3)"
                                : "force -dU = potential U (routes 1 and 3)");
            nh_model_free(M);
            nh_model_free(M2);
        }
    }
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
