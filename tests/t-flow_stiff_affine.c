/*
 * t-flow_stiff_affine.c -- the certified full friction system through its
 * slow manifold (lib/flow/flow_stiff.c, flow_adapted.c) for models that
 * are not linear autonomous: an affine, time-dependent constraint
 * (w = A v + b(t)) and a constraint form A(q, t) that depends on the time.
 *
 *  1. A point mass with the constraint ydot = sin(t) realized by friction
 *     (cases/affine_line.nh with kappa = 0): x'' = 0, eps y'' = -mu (y' -
 *     sin t), so with lambda = mu/eps, a = mu^2/(mu^2 + eps^2),
 *     b = -eps mu/(mu^2 + eps^2), p_part(t) = a sin t + b cos t and
 *     c = y'(t0) - p_part(t0) (derived here: p_part solves eps p' + mu p =
 *     mu sin t, and the homogeneous part decays like exp(-lambda (t -
 *     t0))):
 *         y'(t) = p_part(t) + c exp(-lambda (t - t0)),
 *         y(t)  = y(t0) + a (cos t0 - cos t) + b (sin t - sin t0)
 *                 + c (1 - exp(-lambda (t - t0))) / lambda.
 *     From t0 = 1/3 with y'(t0) = 1/2 (off D: the layer), T = t0 + 1,
 *     eps = 1/1000 and 1e-6: the route ran (steps along the slow
 *     manifold), the closed form lies in every ball, radii below 2^-90.
 *  2. cases/disc_variable_circle_friction.nh (A(q, t) depends on t:
 *     the circle's radius R0 (1 + R1 sin(nu t)); mu_bar(t) too), data off
 *     D, eps = 1/1000, T = 1/32: the route ran, and the Taylor method
 *     throughout (no slow-manifold argument, (q, v) coordinates) at 192
 *     bits lies in its 128-bit balls.
 *  3. cases/rotating_plane_ball_friction.nh (A(q, t) and b(q, t) both
 *     depend on t), from its documented point, eps = 1/1000, T = 1/32:
 *     as 2.
 */
#include <string.h>
#include "flow.h"
#include "case_testutil.h"
#include "jet_testutil.h"

#define PREC 128
#define PREC_REF 192

static const char *free_line =
    "model affine_line_free\n"
    "coordinates x, y\n"
    "parameter mu = 2\n"
    "metric diagonal: 1, 1\n"
    "constraint: dy - sin(t)*dt\n"
    "friction diagonal: mu\n";

/* q(T), v(T) of test 1 (closed form above), mu = 2, x(t0) = y(t0) = 0,
   x'(t0) = 1, y'(t0) = 1/2 */
static void
closed_form(arb_ptr q, arb_ptr v, const arb_t eps, const arb_t t0, const arb_t T, slong prec)
{
    arb_t mu, a, b, lam, c, d, e, st0, ct0, sT, cT, u;
    arb_init(mu); arb_init(a); arb_init(b); arb_init(lam); arb_init(c); arb_init(d);
    arb_init(e); arb_init(st0); arb_init(ct0); arb_init(sT); arb_init(cT); arb_init(u);
    arb_set_si(mu, 2);
    arb_mul(d, mu, mu, prec);
    arb_addmul(d, eps, eps, prec);              /* mu^2 + eps^2 */
    arb_mul(a, mu, mu, prec);
    arb_div(a, a, d, prec);
    arb_mul(b, eps, mu, prec);
    arb_div(b, b, d, prec);
    arb_neg(b, b);
    arb_div(lam, mu, eps, prec);
    arb_sin_cos(st0, ct0, t0, prec);
    arb_sin_cos(sT, cT, T, prec);
    arb_set_d(c, 0.5);                          /* c = 1/2 - p_part(t0) */
    arb_submul(c, a, st0, prec);
    arb_submul(c, b, ct0, prec);
    arb_sub(e, T, t0, prec);
    arb_mul(e, e, lam, prec);
    arb_neg(e, e);
    arb_exp(e, e, prec);                        /* exp(-lambda (T - t0)) */
    arb_sub(q + 0, T, t0, prec);                /* x = T - t0, x' = 1 */
    arb_one(v + 0);
    arb_mul(v + 1, a, sT, prec);
    arb_addmul(v + 1, b, cT, prec);
    arb_addmul(v + 1, c, e, prec);
    arb_sub(u, ct0, cT, prec);
    arb_mul(q + 1, a, u, prec);
    arb_sub(u, sT, st0, prec);
    arb_addmul(q + 1, b, u, prec);
    arb_sub_ui(u, e, 1, prec);
    arb_neg(u, u);
    arb_mul(u, u, c, prec);
    arb_div(u, u, lam, prec);
    arb_add(q + 1, q + 1, u, prec);
    arb_clear(mu); arb_clear(a); arb_clear(b); arb_clear(lam); arb_clear(c); arb_clear(d);
    arb_clear(e); arb_clear(st0); arb_clear(ct0); arb_clear(sT); arb_clear(cT); arb_clear(u);
}

static int
flow(arb_ptr q, arb_ptr v, const nh_model_struct *M, const arb_t eps, const arb_t t0,
     arb_srcptr q0, arb_srcptr v0, const arb_t T, int slow, nh_taylor_stats_t st, slong prec)
{
    nh_taylor_opts_t o;
    nh_error_t err;
    int rc;

    nh_error_init(err);
    nh_taylor_opts_init(o);
    o->slow_manifold = slow;
    rc = nh_flow_certified_from(q, v, M, NH_FLOW_FULL, eps, t0, q0, v0, T, 1, o, st, prec, err);
    if (rc != NH_OK)
        tap_diag("slow %d, %ld bits: %s", slow, (long) prec, err->msg);
    return rc;
}

/* test 1 at eps = 1/epsinv */
static void
test_affine_line(const nh_model_struct *M, slong epsinv)
{
    arb_ptr q0 = _arb_vec_init(2), v0 = _arb_vec_init(2), q = _arb_vec_init(2);
    arb_ptr v = _arb_vec_init(2), qe = _arb_vec_init(2), ve = _arb_vec_init(2);
    arb_t eps, t0, T;
    nh_taylor_stats_t st;
    slong i;
    int ok;

    arb_init(eps); arb_init(t0); arb_init(T);
    arb_one(eps);
    arb_div_si(eps, eps, epsinv, PREC);
    arb_set_si(t0, 1);
    arb_div_si(t0, t0, 3, PREC);
    arb_add_ui(T, t0, 1, PREC);
    arb_one(v0 + 0);
    arb_set_d(v0 + 1, 0.5);
    ok = flow(q, v, M, eps, t0, q0, v0, T, 1, st, PREC) == NH_OK;
    closed_form(qe, ve, eps, t0, T, 4 * PREC);
    for (i = 0; i < 2 && ok; i++)
        ok = arb_overlaps(q + i, qe + i) && arb_overlaps(v + i, ve + i);
    tap_ok(ok && st->slow_steps > 0 && tu_vec_rad_le(q, 2, -90) && tu_vec_rad_le(v, 2, -90),
           "ydot = sin t, eps = 1/%ld, from t0 = 1/3 off D: the closed form in every ball, "
           "radii below 2^-90 (layer to t = %.3g, %ld steps along the slow manifold, %ld in "
           "all)", (long) epsinv, st->slow_from, (long) st->slow_steps, (long) st->steps);
    _arb_vec_clear(q0, 2); _arb_vec_clear(v0, 2); _arb_vec_clear(q, 2);
    _arb_vec_clear(v, 2); _arb_vec_clear(qe, 2); _arb_vec_clear(ve, 2);
    arb_clear(eps); arb_clear(t0); arb_clear(T);
}

/* tests 2, 3: the route against the Taylor method at PREC_REF */
static void
test_against_taylor(const char *name, const char *qs, const char *vs, slong epsinv, slong log2T)
{
    nh_model_ptr M = load_case(name);
    slong n = nh_model_n(M), i;
    arb_ptr q0 = _arb_vec_init(n), v0 = _arb_vec_init(n), qa = _arb_vec_init(n);
    arb_ptr va = _arb_vec_init(n), qb = _arb_vec_init(n), vb = _arb_vec_init(n);
    arb_t eps, t0, T;
    nh_taylor_stats_t sa, sb;
    nh_error_t err;
    int ok;

    nh_error_init(err);
    arb_init(eps); arb_init(t0); arb_init(T);
    arb_one(eps);
    arb_div_si(eps, eps, epsinv, PREC_REF);
    arb_one(T);
    arb_mul_2exp_si(T, T, log2T);
    ok = nh_model_parse_point(q0, M, qs, "--q", PREC_REF, err) == NH_OK
         && nh_model_parse_point(v0, M, vs, "--v", PREC_REF, err) == NH_OK;
    if (!ok)
        tap_diag("%s: %s", name, err->msg);
    ok = ok && flow(qa, va, M, eps, t0, q0, v0, T, 1, sa, PREC) == NH_OK
         && flow(qb, vb, M, eps, t0, q0, v0, T, 0, sb, PREC_REF) == NH_OK;
    for (i = 0; i < n && ok; i++)
        ok = arb_contains(qa + i, qb + i) && arb_contains(va + i, vb + i);
    tap_ok(ok && sa->slow_steps > 0 && sb->slow_from < 0 && sa->steps < sb->steps,
           "%s, eps = 1/%ld, T = 2^%ld: the Taylor method's balls at %d bits lie in the "
           "route's at %d (%ld steps, %ld along the slow manifold, against %ld)", name,
           (long) epsinv, (long) log2T, PREC_REF, PREC, (long) sa->steps,
           (long) sa->slow_steps, (long) sb->steps);
    _arb_vec_clear(q0, n); _arb_vec_clear(v0, n); _arb_vec_clear(qa, n);
    _arb_vec_clear(va, n); _arb_vec_clear(qb, n); _arb_vec_clear(vb, n);
    arb_clear(eps); arb_clear(t0); arb_clear(T);
    nh_model_free(M);
}

int
main(void)
{
    nh_model_ptr M = NULL;
    nh_error_t err;

    nh_error_init(err);
    tap_plan(4);
    if (nh_model_parse(&M, free_line, "affine_line_free", err) != NH_OK)
        tap_bail("parse: %s", err->msg);
    test_affine_line(M, 1000);
    test_affine_line(M, 1000000);
    nh_model_free(M);
    test_against_taylor("disc_variable_circle_friction.nh", "phi=0,psi=0", "phi=1/2,psi=3",
                        1000, -5);
    test_against_taylor("rotating_plane_ball_friction.nh", "theta=1",
                        "psi=1/2,phi=1/2,theta=1/4", 1000, -5);
    flint_cleanup();
    return tap_done();
}
