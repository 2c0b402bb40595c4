/*
 * t-flow_cases.c -- the certified nonholonomic flow (nh_flow_certified,
 * NH_FLOW_NH, lib/flow.h) of every shipped case from its documented point
 * (cases/flow-points.txt) over T = 1/64 at 128 bits, checked against what
 * holds for the exact solution independently of the integrator:
 *
 *  1. every cases/*.nh has a line in cases/flow-points.txt, and the run
 *     succeeds with all radii below 1e-20 (so the checks below bite);
 *  2. the constraints A(q, t) v + b(q, t) = 0 (003 eq (5.1)) hold along the
 *     exact motion: their residual evaluated on the output balls at t = T
 *     (nh_dyn_check_constraints) contains 0;
 *  3. energy: for the models with no time, affine term, one-form, force
 *     or damping, E = 1/2 G(q)(v, v) + V(q) is conserved (the constraint
 *     force A^T lambda does no work on v in D, 001 eq (4)); E evaluated on
 *     the output ball must overlap E at the start;
 *  4. a second method: for the same models the ball contains the
 *     non-validated run of the nonholonomic equations (nh_flow_reduced,
 *     k = 0, GBS) at tolerance 1e-40, 256 bits, up to that tolerance
 *     (the certified radii are 1e-39..1e-35);
 *  5. closed forms derived by hand:
 *     damped oscillator (cases/damped_oscillator.nh, y'' = -B0 y' -
 *     omega^2 y, omega = 2, B0 = 1/2, y(0) = 1, y'(0) = 0): with
 *     w = sqrt(omega^2 - B0^2/4) = sqrt(63)/4,
 *       y = e^{-t/4} (cos wt + sin(wt) / (4w)),  y' = -(4/w) e^{-t/4} sin wt
 *     (16 w^2 + 1 = 64);
 *     affine line (cases/affine_line.nh, G = I, V = kappa x y, ydot =
 *     sin t, x(0) = y(0) = 0, x'(0) = 1): y = 1 - cos t, and x'' = -kappa y
 *     (the constraint force has no x part), so
 *       x = t - kappa (t^2/2 - 1 + cos t),  x' = 1 - kappa (t - sin t).
 *
 * The starting velocity is put in D as `nhoracle flow` does (doc/flow.md):
 * P(v) for linear autonomous models, else the dependent components
 * completed from the constraints at t = 0.
 */
#include <dirent.h>
#include <string.h>
#include "flow.h"
#include "nhdyn.h"
#include "case_testutil.h"
#include "jet_testutil.h"

#define PREC 128
#define MAXRAD 1e-20
#define NCASES 64

typedef struct
{
    char file[256], q[1024], v[1024];
}
point_line;

/* every out[i] contains ex[i] (tol = 0: ex are enclosures of the exact
   values at a higher precision), or |out[i] - ex[i]| <= tol beyond both
   radii (tol > 0: ex is a non-validated estimate at tolerance tol, whose
   own radius is only its rounding: a component that is exact in the
   certified ball, e.g. the snakeboard's phi = phi0 + w t, need not
   contain the estimate) */
static int
contains_all(arb_srcptr out, arb_srcptr ex, slong n, double tol)
{
    slong i;
    int ok = 1;
    arb_t d;
    mag_t m;
    arb_init(d);
    mag_init(m);
    for (i = 0; i < n && ok; i++)
    {
        if (tol > 0)
        {
            arb_sub(d, out + i, ex + i, 4 * PREC);
            mag_set_d(m, tol);
            mag_add(arb_radref(d), arb_radref(d), m);
            ok = arb_contains_zero(d);
        }
        else
            ok = arb_contains(out + i, ex + i);
    }
    arb_clear(d);
    mag_clear(m);
    return ok;
}

/* the lines of cases/flow-points.txt (comments after '#') */
static slong
read_points(point_line *P)
{
    char path[4096], line[4096];
    slong k = 0;
    FILE *f;
    snprintf(path, sizeof path, "%s/cases/flow-points.txt", srcdir());
    if ((f = fopen(path, "r")) == NULL)
        tap_bail("cannot open %s", path);
    while (k < NCASES && fgets(line, sizeof line, f) != NULL)
    {
        char *h = strchr(line, '#');
        if (h != NULL)
            *h = '\0';
        if (sscanf(line, "%255s %1023s %1023s", P[k].file, P[k].q, P[k].v) == 3)
            k++;
    }
    fclose(f);
    return k;
}

/* 1: every cases/*.nh has a point */
static void
all_cases_listed(const point_line *P, slong np)
{
    char path[4096], missing[1024] = "";
    struct dirent *e;
    DIR *d;
    slong k, nfiles = 0;
    snprintf(path, sizeof path, "%s/cases", srcdir());
    if ((d = opendir(path)) == NULL)
        tap_bail("cannot open %s", path);
    while ((e = readdir(d)) != NULL)
    {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 3, ".nh") != 0)
            continue;
        nfiles++;
        for (k = 0; k < np && strcmp(P[k].file, e->d_name) != 0; k++)
            ;
        if (k == np && strlen(missing) + l + 2 < sizeof missing)
            strcat(strcat(missing, " "), e->d_name);
    }
    closedir(d);
    tap_ok(missing[0] == '\0' && nfiles > 0 && np == nfiles,
           "cases/flow-points.txt lists every shipped case (%ld files, %ld points)%s%s",
           (long) nfiles, (long) np, missing[0] ? "; missing:" : "", missing);
}

/* v in D as cmd_flow.c does (doc/flow.md) */
static int
start_in_D(arb_ptr v, const nh_model_struct *M, arb_srcptr q, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr vD = _arb_vec_init(n);
    nh_dyn_t D;
    arb_t t;
    int rc;

    arb_init(t);
    nh_dyn_init(D, M);
    if (nh_model_is_linear_autonomous(M))
    {
        rc = nh_project_D(vD, M, q, v, PREC, err);
        _arb_vec_set(v, vD, n);
    }
    else if ((rc = nh_dyn_set_point(D, M, q, t, NULL, PREC, err)) == NH_OK)
        nh_dyn_complete_velocity(v, D, PREC);
    nh_dyn_clear(D);
    arb_clear(t);
    _arb_vec_clear(vD, n);
    return rc;
}

/* E = 1/2 G(q)(v, v) + V(q) on balls (autonomous models); 2: the
   constraint residual at (q, t) contains 0 (*inD) */
static int
energy_and_constraints(arb_t E, int *inD, const nh_model_struct *M, arb_srcptr q,
                       arb_srcptr v, const arb_t t, nh_error_t err)
{
    slong n = nh_model_n(M), i, j;
    arb_ptr res = _arb_vec_init(n);
    arb_t s;
    nh_dyn_t D;
    int rc;

    arb_init(s);
    nh_dyn_init(D, M);
    rc = nh_dyn_set_point(D, M, q, t, NULL, PREC, err);
    if (rc == NH_OK)
    {
        *inD = nh_dyn_check_constraints(res, D, M, v, PREC, err) == NH_OK;
        arb_zero(E);
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
            {
                arb_mul(s, NH_DYN_VAL(NH_DYN_G(D, i, j)), v + i, PREC);
                arb_addmul(E, s, v + j, PREC);
            }
        arb_mul_2exp_si(E, E, -1);
        arb_add(E, E, NH_DYN_VAL(D->V), PREC);
    }
    nh_dyn_clear(D);
    arb_clear(s);
    _arb_vec_clear(res, n);
    return rc;
}

static int
conservative(const nh_model_struct *M)
{
    return nh_model_is_linear_autonomous(M) && !nh_model_has_time(M) &&
           !nh_model_has_oneform(M) && !nh_model_has_force(M) && !nh_model_has_damping(M);
}

/* 4: the tight non-validated run is inside the certified ball */
static void
versus_estimate(const char *name, const nh_model_struct *M, arb_srcptr q0, arb_srcptr v0,
                const arb_t T, arb_srcptr q, arb_srcptr v)
{
    slong n = nh_model_n(M);
    arb_ptr qe = _arb_vec_init(n), ve = _arb_vec_init(n), gq = _arb_vec_init(n),
        gv = _arb_vec_init(n);
    nh_ode_opts_t oo;
    nh_ode_stats_t so;
    nh_error_t err;
    arb_t eps;
    int rc;

    arb_init(eps);
    arb_set_d(eps, 0.1);        /* unused at k = 0 */
    nh_error_init(err);
    nh_ode_opts_init(oo);
    oo->prec = 256;
    oo->rtol = oo->atol = 1e-40;
    rc = nh_flow_reduced(qe, ve, gq, gv, M, 0, eps, q0, v0, T, 1, oo, so, err);
    if (rc != NH_OK)
        tap_diag("%s estimate: %s", name, err->msg);
    if (rc == NH_OK && !(contains_all(q, qe, n, 1e-40) && contains_all(v, ve, n, 1e-40)))
    {
        slong i;
        for (i = 0; i < n; i++)
        {
            tap_diag("%s q[%ld]: certified %s, estimate %s (estimated error %.3g)", name,
                     (long) i, arb_get_str(q + i, 40, 0), arb_get_str(qe + i, 40, 0),
                     arf_get_d(arb_midref(gq + i), ARF_RND_UP));
            tap_diag("%s v[%ld]: certified %s, estimate %s (estimated error %.3g)", name,
                     (long) i, arb_get_str(v + i, 40, 0), arb_get_str(ve + i, 40, 0),
                     arf_get_d(arb_midref(gv + i), ARF_RND_UP));
        }
    }
    tap_ok(rc == NH_OK && contains_all(q, qe, n, 1e-40) && contains_all(v, ve, n, 1e-40),
           "%s: the certified ball at T = 1/64 contains the tol-1e-40 GBS run of the "
           "nonholonomic equations", name);
    _arb_vec_clear(qe, n); _arb_vec_clear(ve, n); _arb_vec_clear(gq, n);
    _arb_vec_clear(gv, n);
    arb_clear(eps);
}

/* 5: closed forms (header); e = (q, v) exact at T, prec p */
static int
closed_form(arb_ptr e, const char *file, const arb_t T, slong p)
{
    arb_t w, a, s, c;
    int known = 1;

    arb_init(w); arb_init(a); arb_init(s); arb_init(c);
    if (strcmp(file, "damped_oscillator.nh") == 0)          /* (y, z, y', z') */
    {
        arb_set_ui(w, 63);
        arb_sqrt(w, w, p);
        arb_mul_2exp_si(w, w, -2);                          /* w = sqrt(63)/4 */
        arb_mul(a, w, T, p);
        arb_sin_cos(s, c, a, p);
        arb_mul_2exp_si(a, T, -2);
        arb_neg(a, a);
        arb_exp(a, a, p);                                   /* e^{-T/4} */
        arb_div(e + 0, s, w, p);
        arb_mul_2exp_si(e + 0, e + 0, -2);
        arb_add(e + 0, e + 0, c, p);
        arb_mul(e + 0, e + 0, a, p);
        arb_mul(e + 2, a, s, p);
        arb_div(e + 2, e + 2, w, p);
        arb_mul_2exp_si(e + 2, e + 2, 2);
        arb_neg(e + 2, e + 2);
        arb_zero(e + 1); arb_zero(e + 3);
    }
    else if (strcmp(file, "affine_line.nh") == 0)           /* (x, y, x', y') */
    {
        arb_set_ui(a, 1);
        arb_div_ui(a, a, 3, p);                             /* kappa = 1/3 */
        arb_sin_cos(s, c, T, p);
        arb_sqr(w, T, p);
        arb_mul_2exp_si(w, w, -1);
        arb_sub_ui(w, w, 1, p);
        arb_add(w, w, c, p);                                /* t^2/2 - 1 + cos t */
        arb_submul(e + 0, a, w, p);
        arb_add(e + 0, e + 0, T, p);
        arb_sub_ui(e + 1, c, 1, p);
        arb_neg(e + 1, e + 1);                              /* 1 - cos t */
        arb_sub(w, T, s, p);
        arb_one(e + 2);
        arb_submul(e + 2, a, w, p);
        arb_set(e + 3, s);
    }
    else
        known = 0;
    arb_clear(w); arb_clear(a); arb_clear(s); arb_clear(c);
    return known;
}

static void
one_case(const point_line *L)
{
    nh_model_ptr M = load_case(L->file);
    slong n = nh_model_n(M);
    arb_ptr q0 = _arb_vec_init(n), v0 = _arb_vec_init(n), q = _arb_vec_init(n),
        v = _arb_vec_init(n), ex = _arb_vec_init(2 * n);
    arb_t T, t0, E0, E;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_error_t err;
    int rc, in0 = 0, inD = 0;
    double r = 1;

    arb_init(T); arb_init(t0); arb_init(E0); arb_init(E);
    nh_error_init(err);
    arb_one(T);
    arb_mul_2exp_si(T, T, -6);                              /* T = 1/64 */
    rc = nh_model_parse_point(q0, M, L->q, "--q", PREC, err);
    if (rc == NH_OK)
        rc = nh_model_parse_point(v0, M, L->v, "--v", PREC, err);
    if (rc == NH_OK)
        rc = start_in_D(v0, M, q0, err);
    if (rc == NH_OK)
        rc = energy_and_constraints(E0, &in0, M, q0, v0, t0, err);
    nh_taylor_opts_init(o);
    st->steps = 0;
    if (rc == NH_OK)
        rc = nh_flow_certified(q, v, M, NH_FLOW_NH, NULL, q0, v0, T, 1, o, st, PREC, err);
    if (rc == NH_OK)
        r = FLINT_MAX(tu_vec_max_rad(q, n), tu_vec_max_rad(v, n));
    if (rc != NH_OK)
        tap_diag("%s: %s", L->file, err->msg);
    tap_ok(rc == NH_OK && in0 && r < MAXRAD, "%s nh from q = %s: certified to T = 1/64 "
           "(%ld steps), max radius %.2g < 1e-20", L->file, L->q, (long) st->steps, r);
    if (rc == NH_OK)
        rc = energy_and_constraints(E, &inD, M, q, v, T, err);
    tap_ok(rc == NH_OK && inD, "%s: A v + b contains 0 on the ball at T", L->file);
    if (rc == NH_OK && conservative(M))
    {
        tap_ok(arb_overlaps(E, E0) && mag_cmp_2exp_si(arb_radref(E), -60) < 0,
               "%s: energy on the ball at T (radius %.2g) overlaps its initial value",
               L->file, mag_get_d(arb_radref(E)));
        versus_estimate(L->file, M, q0, v0, T, q, v);
    }
    if (rc == NH_OK && closed_form(ex, L->file, T, 4 * PREC))
        tap_ok(contains_all(q, ex, n, 0) && contains_all(v, ex + n, n, 0),
               "%s: the ball at T = 1/64 contains the closed form", L->file);
    nh_model_free(M);
    _arb_vec_clear(q0, n); _arb_vec_clear(v0, n); _arb_vec_clear(q, n); _arb_vec_clear(v, n);
    _arb_vec_clear(ex, 2 * n);
    arb_clear(T); arb_clear(t0); arb_clear(E0); arb_clear(E);
}

int
main(void)
{
    point_line P[NCASES];
    slong np = read_points(P), k;

    all_cases_listed(P, np);
    for (k = 0; k < np; k++)
        one_case(P + k);
    flint_cleanup();
    return tap_done();
}
