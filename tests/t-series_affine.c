/*
 * t-series_affine -- the time route for time-dependent models with
 * affine constraints realized by friction (issue 19, nh_series_time_t,
 * nh_project_D_t; proofs/020-affine-friction.md).  Every expected value
 * is computed here independently of lib/series:
 *
 *  1-4  cases/affine_line.nh (x, y; G = I, V = kappa x y, ydot = sin t,
 *       friction mu): h^(1..5) against the closed forms derived by hand
 *       in proofs/020 Sec 4 (and in the case file):
 *         h^(1) = -(c' + kappa x)/mu,   h^(2) = (c'' + kappa xdot)/mu^2,
 *         h^(3) = -(c''' - kappa^2 y)/mu^3,  h^(4) = (c'''' - kappa^2 c)/mu^4,
 *         h^(5) = -(c^(5) - 2 kappa^2 c' - kappa^3 x)/mu^5,
 *       c^(j)(t) = sin(t + j pi/2), x-components 0; v_p = (0, sin t0);
 *       the order-0 acceleration (-kappa y, cos t0); the order-1 reduced
 *       field (nh_reduced_field_t) at eps = 1/10: qdot = (xdot, c + eps h_1),
 *       vDdot = (-kappa y, 0), vdot = (-kappa y, -kappa x - mu (h_1 + eps h_2)).
 *  5    kappa = 0: the partial sums S_K = sum_{k<=K} eps^k h^(k)(t0)
 *       against the true slow manifold, the periodic solution of
 *       eps w' + mu w = -eps cos t, w = -eps (mu cos t + eps sin t) /
 *       (mu^2 + eps^2): |S_K - w + (-1)^(K+1) (eps/mu)^(K+1) c^(K+1)(t0)|
 *       <= (eps/mu)^(K+2) / (1 - eps/mu) (the tail of the geometric
 *       series; this certifies the residual exponent K + 1), K = 1..6,
 *       eps = 1/10, 1/100.
 *  6-13 rotating_plane_ball_friction (004) and disc_variable_circle_friction
 *       (003): vD + v_p satisfies the constraint; the order-0 acceleration
 *       of the series equals the Lagrange-d'Alembert accelerations of
 *       lib/nhdyn (route 1) and the Voronets accelerations (route 3) as
 *       certified balls; so does the velocity form of the order-0 reduced
 *       field (F + react^(1)), whose qdot is vD + v_p; -mu_bar A h^(1)
 *       equals the multiplier lambda of route 1 (the friction force at
 *       first order is the ideal reaction, proofs/020 eq (A7)).
 *  14   a linear autonomous model (vertical_disk): nh_series_time_t with
 *       a time gives exactly nh_series_time's balls.
 *  15-18 bad input: constraints losing rank at t0, no friction block, friction not
 *       positive at t0 (errors name t), a force line (refused).
 */
#include <string.h>
#include "series.h"
#include "nhdyn.h"
#include "case_testutil.h"

#define PREC 256

static void
cderiv(arb_t r, slong j, const arb_t t, slong prec)
{
    arb_t a;
    arb_init(a);
    arb_const_pi(a, prec);
    arb_mul_si(a, a, j, prec);
    arb_mul_2exp_si(a, a, -1);
    arb_add(a, a, t, prec);
    arb_sin(r, a, prec);
    arb_clear(a);
}

/* expected y-component of h^(k), k = 1..5 (closed forms above) */
static void
affine_line_h(arb_t r, slong k, const arb_t x, const arb_t y, const arb_t xd,
              const arb_t t, const arb_t mu, const arb_t ka, slong prec)
{
    arb_t c, s, k2;
    arb_init(c); arb_init(s); arb_init(k2);
    arb_sqr(k2, ka, prec);
    cderiv(c, k, t, prec);
    if (k == 1) { arb_mul(s, ka, x, prec); arb_add(r, c, s, prec); arb_neg(r, r); }
    if (k == 2) { arb_mul(s, ka, xd, prec); arb_add(r, c, s, prec); }
    if (k == 3) { arb_mul(s, k2, y, prec); arb_sub(r, s, c, prec); }
    if (k == 4) { cderiv(s, 0, t, prec); arb_mul(s, s, k2, prec); arb_sub(r, c, s, prec); }
    if (k == 5)
    {
        cderiv(s, 1, t, prec);
        arb_mul(s, s, k2, prec);
        arb_mul_2exp_si(s, s, 1);
        arb_sub(r, s, c, prec);
        arb_mul(s, k2, ka, prec);
        arb_addmul(r, s, x, prec);
    }
    arb_pow_ui(s, mu, k, prec);
    arb_div(r, r, s, prec);
    arb_clear(c); arb_clear(s); arb_clear(k2);
}

static int
overlaps_all(arb_srcptr a, arb_srcptr b, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_overlaps(a + i, b + i) || mag_cmp_2exp_si(arb_radref(a + i), -PREC / 2) > 0)
            return 0;
    return 1;
}

static void
test_closed_form(void)
{
    nh_model_ptr M = load_case("affine_line.nh");
    nh_error_t err;
    arb_t t0, mu, ka, e;
    arb_ptr q = _arb_vec_init(2), v = _arb_vec_init(2), vD = _arb_vec_init(2);
    arb_ptr vp = _arb_vec_init(2), h = _arb_vec_init(10), a0 = _arb_vec_init(2);
    arb_ptr ex = _arb_vec_init(2);
    slong k;
    int ok = 1, st;

    nh_error_init(err);
    arb_init(t0); arb_init(mu); arb_init(ka); arb_init(e);
    arb_set_si(t0, 1); arb_div_si(t0, t0, 2, PREC);
    arb_set_si(mu, 2); arb_set_si(ka, 1); arb_div_si(ka, ka, 3, PREC);
    arb_set_si(q + 0, 3); arb_div_si(q + 0, q + 0, 10, PREC);
    arb_set_si(q + 1, -1); arb_div_si(q + 1, q + 1, 5, PREC);
    arb_set_si(v + 0, 7); arb_div_si(v + 0, v + 0, 10, PREC);
    arb_set_si(v + 1, 5);
    st = nh_project_D_t(vD, vp, M, q, t0, v, PREC, err);
    if (st == NH_OK)
        st = nh_series_time_t(h, NULL, a0, M, q, t0, vD, 5, PREC, err);
    if (st != NH_OK)
        tap_diag("error %d: %s", st, err->msg);
    arb_sin(e, t0, PREC);
    tap_ok(st == NH_OK && arb_overlaps(vD + 0, v + 0) && arb_is_zero(vD + 1)
           && arb_is_zero(vp + 0) && arb_overlaps(vp + 1, e),
           "affine_line: vD = (xdot, 0), v_p = (0, sin t0) at t0 = 1/2");
    for (k = 1; st == NH_OK && k <= 5; k++)
    {
        arb_zero(ex + 0);
        affine_line_h(ex + 1, k, q + 0, q + 1, vD + 0, t0, mu, ka, PREC);
        if (!overlaps_all(h + (k - 1) * 2, ex, 2))
        {
            ok = 0;
            tap_diag("h^(%ld): %s vs %s", (long) k, arb_get_str(h + (k - 1) * 2 + 1, 20, 0),
                     arb_get_str(ex + 1, 20, 0));
        }
    }
    tap_ok(st == NH_OK && ok, "affine_line: h^(1..5) equal the hand-derived closed forms "
           "(kappa = 1/3, mu = 2, t0 = 1/2)");
    arb_mul(ex + 0, ka, q + 1, PREC);
    arb_neg(ex + 0, ex + 0);
    arb_cos(ex + 1, t0, PREC);
    tap_ok(st == NH_OK && overlaps_all(a0, ex, 2),
           "affine_line: order-0 acceleration = (-kappa y, c'(t0)) (ideal constraint dynamics)");
    /* reduced field of order 1 at eps = 1/10: qdot = (xdot, c + eps h_1),
       vDdot = (-kappa y, 0), vdot = (-kappa y, -kappa x - mu (h_1 + eps h_2))
       with the closed forms h_1, h_2 */
    {
        arb_ptr react = _arb_vec_init(4), qd = _arb_vec_init(2), vDd = _arb_vec_init(2);
        arb_ptr vd = _arb_vec_init(2), w = _arb_vec_init(6);
        arb_t eps, h1, h2;
        arb_init(eps); arb_init(h1); arb_init(h2);
        arb_set_si(eps, 1); arb_div_si(eps, eps, 10, PREC);
        if (st == NH_OK)
            st = nh_series_time_t(h, react, NULL, M, q, t0, vD, 2, PREC, err);
        if (st == NH_OK)
            st = nh_reduced_field_t(qd, vDd, vd, M, q, t0, vD, h, react, 2, 1, eps, PREC, err);
        affine_line_h(h1, 1, q + 0, q + 1, vD + 0, t0, mu, ka, PREC);
        affine_line_h(h2, 2, q + 0, q + 1, vD + 0, t0, mu, ka, PREC);
        arb_set(w + 0, vD + 0);
        arb_sin(w + 1, t0, PREC);
        arb_addmul(w + 1, eps, h1, PREC);
        arb_mul(w + 2, ka, q + 1, PREC);
        arb_neg(w + 2, w + 2);
        arb_zero(w + 3);
        arb_set(w + 4, w + 2);
        arb_mul(w + 5, eps, h2, PREC);
        arb_add(w + 5, w + 5, h1, PREC);
        arb_mul(w + 5, w + 5, mu, PREC);
        arb_addmul(w + 5, ka, q + 0, PREC);
        arb_neg(w + 5, w + 5);
        tap_ok(st == NH_OK && overlaps_all(qd, w, 2) && overlaps_all(vDd, w + 2, 2)
               && overlaps_all(vd, w + 4, 2),
               "affine_line: order-1 reduced field at eps = 1/10 (qdot, vDdot, vdot) = closed forms");
        _arb_vec_clear(react, 4); _arb_vec_clear(qd, 2); _arb_vec_clear(vDd, 2);
        _arb_vec_clear(vd, 2); _arb_vec_clear(w, 6);
        arb_clear(eps); arb_clear(h1); arb_clear(h2);
    }
    _arb_vec_clear(q, 2); _arb_vec_clear(v, 2); _arb_vec_clear(vD, 2); _arb_vec_clear(vp, 2);
    _arb_vec_clear(h, 10); _arb_vec_clear(a0, 2); _arb_vec_clear(ex, 2);
    arb_clear(t0); arb_clear(mu); arb_clear(ka); arb_clear(e);
    nh_model_free(M);
}

/* kappa = 0: the series against the exact periodic slow manifold */
static void
test_periodic(void)
{
    nh_model_ptr M = load_case("affine_line.nh");
    nh_error_t err;
    fmpq_t zero;
    arb_t t0, mu, eps, w, S, r, c, bound, ek;
    arb_ptr q = _arb_vec_init(2), vD = _arb_vec_init(2), h = _arb_vec_init(12);
    slong K, j, ie;
    int ok = 1, st;

    nh_error_init(err);
    fmpq_init(zero);
    arb_init(t0); arb_init(mu); arb_init(eps); arb_init(w); arb_init(S); arb_init(r);
    arb_init(c); arb_init(bound); arb_init(ek);
    st = nh_model_set_param(M, "kappa", zero, err);
    arb_set_si(t0, 7); arb_div_si(t0, t0, 10, PREC);
    arb_set_si(mu, 2);
    arb_set_si(q + 0, 1); arb_set_si(vD + 0, 1);
    if (st == NH_OK)
        st = nh_series_time_t(h, NULL, NULL, M, q, t0, vD, 6, PREC, err);
    for (ie = 0; st == NH_OK && ie < 2; ie++)
    {
        arb_set_si(eps, 1);
        arb_div_si(eps, eps, ie == 0 ? 10 : 100, PREC);
        /* w = -eps (mu cos t0 + eps sin t0) / (mu^2 + eps^2) */
        arb_cos(w, t0, PREC);
        arb_mul(w, w, mu, PREC);
        arb_sin(r, t0, PREC);
        arb_addmul(w, r, eps, PREC);
        arb_mul(w, w, eps, PREC);
        arb_sqr(r, mu, PREC);
        arb_addmul(r, eps, eps, PREC);
        arb_div(w, w, r, PREC);
        arb_neg(w, w);
        for (K = 1; K <= 6; K++)
        {
            arb_zero(S);
            for (j = K; j >= 1; j--)     /* Horner in eps */
            {
                arb_add(S, S, h + (j - 1) * 2 + 1, PREC);
                arb_mul(S, S, eps, PREC);
            }
            /* leading remainder (-1)^(K+1) (eps/mu)^(K+1) c^(K+1)(t0) */
            arb_div(ek, eps, mu, PREC);
            arb_pow_ui(r, ek, K + 1, PREC);
            cderiv(c, K + 1, t0, PREC);
            arb_mul(r, r, c, PREC);
            if (K % 2 == 0)
                arb_neg(r, r);
            arb_sub(S, S, w, PREC);          /* = -(the tail) */
            arb_add(S, S, r, PREC);
            arb_pow_ui(bound, ek, K + 2, PREC);
            arb_sub_si(r, ek, 1, PREC);
            arb_neg(r, r);
            arb_div(bound, bound, r, PREC);
            arb_abs(S, S);
            if (!arb_le(S, bound))
            {
                ok = 0;
                tap_diag("eps 1/%d K %ld: |S_K - w + lead| = %s > %s", ie == 0 ? 10 : 100,
                         (long) K, arb_get_str(S, 10, 0), arb_get_str(bound, 10, 0));
            }
        }
    }
    if (st != NH_OK)
        tap_diag("error %d: %s", st, err->msg);
    tap_ok(st == NH_OK && ok, "affine_line, kappa = 0: periodic slow manifold - series = "
           "leading eps^(K+1) term + O(eps^(K+2)), K = 1..6, eps = 1/10, 1/100 (certified)");
    _arb_vec_clear(q, 2); _arb_vec_clear(vD, 2); _arb_vec_clear(h, 12);
    arb_clear(t0); arb_clear(mu); arb_clear(eps); arb_clear(w); arb_clear(S); arb_clear(r);
    arb_clear(c); arb_clear(bound); arb_clear(ek);
    fmpq_clear(zero);
    nh_model_free(M);
}

/* order-0 acceleration and the first-order friction against lib/nhdyn */
static void
test_nh(const char *file, const char *qs, const char *vs, slong t_num, slong t_den)
{
    nh_model_ptr M = load_case(file);
    slong n = nh_model_n(M), m = nh_model_m(M), i, j, l;
    nh_error_t err;
    nh_dyn_t D;
    arb_t t0, s;
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), vD = _arb_vec_init(n);
    arb_ptr vp = _arb_vec_init(n), v0 = _arb_vec_init(n), h = _arb_vec_init(2 * n);
    arb_ptr a0 = _arb_vec_init(n), acc = _arb_vec_init(n), acc3 = _arb_vec_init(n);
    arb_ptr mult = _arb_vec_init(m), lam = _arb_vec_init(m), res = _arb_vec_init(m);
    arb_ptr Bab = _arb_vec_init(m * n * n), Ba = _arb_vec_init(m * n), pd = _arb_vec_init(m);
    arb_ptr react1 = _arb_vec_init(2 * n), rq = _arb_vec_init(n), rvD = _arb_vec_init(n);
    arb_ptr rv = _arb_vec_init(n);
    jet_ctx_t c;
    jet_mat_t A, mu;
    arb_ptr qt;
    int st;

    nh_error_init(err);
    arb_init(t0); arb_init(s);
    arb_set_si(t0, t_num); arb_div_si(t0, t0, t_den, PREC);
    st = nh_model_parse_point(q, M, qs, "--q", PREC, err);
    if (st == NH_OK)
        st = nh_model_parse_point(v, M, vs, "--v", PREC, err);
    if (st == NH_OK)
        st = nh_project_D_t(vD, vp, M, q, t0, v, PREC, err);
    if (st == NH_OK)
        st = nh_series_time_t(h, react1, a0, M, q, t0, vD, 2, PREC, err);
    if (st == NH_OK)
    {
        arb_t eps;
        arb_init(eps);
        arb_one(eps);
        st = nh_reduced_field_t(rq, rvD, rv, M, q, t0, vD, h, react1, 2, 0, eps, PREC, err);
        arb_clear(eps);
    }
    _arb_vec_add(v0, vD, vp, n, PREC);
    nh_dyn_init(D, M);
    if (st == NH_OK)
        st = nh_dyn_set_point(D, M, q, t0, NULL, PREC, err);
    if (st == NH_OK)
        st = nh_dyn_check_constraints(res, D, M, v0, PREC, err);
    tap_ok(st == NH_OK, "%s: vD + v_p satisfies A v + b = 0 at t0 = %ld/%ld", file,
           (long) t_num, (long) t_den);
    if (st == NH_OK)
        st = nh_dyn_lagrange(acc, mult, D, v0, PREC, err);
    if (st == NH_OK)
        st = nh_dyn_voronets(acc3, Bab, Ba, pd, D, v0, PREC, err);
    if (st != NH_OK)
        tap_diag("error %d: %s", st, err->msg);
    tap_ok(st == NH_OK && overlaps_all(a0, acc, n) && overlaps_all(a0, acc3, n),
           "%s: order-0 acceleration of the series = nh accelerations (Lagrange-d'Alembert, "
           "Voronets) as certified balls", file);
    tap_ok(st == NH_OK && overlaps_all(rv, acc, n) && overlaps_all(rq, v0, n),
           "%s: order-0 reduced field (nh_reduced_field_t): qdot = vD + v_p, velocity form "
           "F + react^(1) = nh acceleration", file);
    /* lambda_series = -mu_bar A h^(1), A and mu_bar at (q0, t0) */
    jet_ctx_init(c, 1, 0);
    qt = jet_vec_init(n + 1, c);
    for (i = 0; i < n; i++)
        arb_set(qt + i, q + i);
    arb_set(qt + n, t0);
    jet_mat_init(A, m, n, c);
    jet_mat_init(mu, m, m, c);
    if (st == NH_OK)
        st = nh_model_eval_constraints(A, M, qt, 0, c, PREC, err);
    if (st == NH_OK)
        st = nh_model_eval_friction(mu, M, qt, 0, c, PREC, err);
    for (i = 0; st == NH_OK && i < m; i++)
    {
        arb_zero(lam + i);
        for (j = 0; j < m; j++)
        {
            arb_zero(s);
            for (l = 0; l < n; l++)
                arb_addmul(s, JET_MAT_ENTRY(A, j, l, c), h + l, PREC);
            arb_submul(lam + i, JET_MAT_ENTRY(mu, i, j, c), s, PREC);
        }
    }
    tap_ok(st == NH_OK && overlaps_all(lam, mult, m),
           "%s: -mu_bar A h^(1) = lambda, the multiplier of the ideal constraint", file);
    jet_mat_clear(A, c); jet_mat_clear(mu, c);
    jet_vec_clear(qt, n + 1, c);
    jet_ctx_clear(c);
    nh_dyn_clear(D);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n); _arb_vec_clear(vp, n);
    _arb_vec_clear(v0, n); _arb_vec_clear(h, 2 * n); _arb_vec_clear(a0, n);
    _arb_vec_clear(acc, n); _arb_vec_clear(acc3, n); _arb_vec_clear(mult, m);
    _arb_vec_clear(lam, m); _arb_vec_clear(res, m);
    _arb_vec_clear(react1, 2 * n); _arb_vec_clear(rq, n); _arb_vec_clear(rvD, n);
    _arb_vec_clear(rv, n);
    _arb_vec_clear(Bab, m * n * n); _arb_vec_clear(Ba, m * n); _arb_vec_clear(pd, m);
    arb_clear(t0); arb_clear(s);
    nh_model_free(M);
}

static void
test_linear_same(void)
{
    nh_model_ptr M = load_case("vertical_disk.nh");
    slong n = nh_model_n(M), K = 4, i;
    nh_error_t err;
    arb_t t0;
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), vD = _arb_vec_init(n);
    arb_ptr h1 = _arb_vec_init(K * n), h2 = _arb_vec_init(K * n);
    arb_ptr r1 = _arb_vec_init(K * n), r2 = _arb_vec_init(K * n);
    int st, same = 1;

    nh_error_init(err);
    arb_init(t0);
    arb_set_si(t0, 3);
    st = nh_model_parse_point(q, M, "theta=0.3,x=0,y=0,varphi=0", "--q", PREC, err);
    if (st == NH_OK)
        st = nh_model_parse_point(v, M, "theta=1.1,x=0.6,y=0.2,varphi=0.9", "--v", PREC, err);
    if (st == NH_OK)
        st = nh_project_D(vD, M, q, v, PREC, err);
    if (st == NH_OK)
        st = nh_series_time(h1, r1, M, q, vD, K, PREC, err);
    if (st == NH_OK)
        st = nh_series_time_t(h2, r2, NULL, M, q, t0, vD, K, PREC, err);
    for (i = 0; st == NH_OK && i < K * n; i++)
        if (!arb_equal(h1 + i, h2 + i) || !arb_equal(r1 + i, r2 + i))
            same = 0;
    tap_ok(st == NH_OK && same, "vertical_disk (linear, autonomous): nh_series_time_t with t0 = 3 "
           "gives the balls of nh_series_time exactly");
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n);
    _arb_vec_clear(h1, K * n); _arb_vec_clear(h2, K * n);
    _arb_vec_clear(r1, K * n); _arb_vec_clear(r2, K * n);
    arb_clear(t0);
    nh_model_free(M);
}

static void
test_bad(const char *text, const char *want, const char *what)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    arb_t t0;
    arb_ptr q = _arb_vec_init(2), h = _arb_vec_init(2);
    int st;

    nh_error_init(err);
    arb_init(t0);
    arb_set_si(t0, 1);
    arb_mul_2exp_si(t0, t0, -1);
    st = nh_model_parse(&M, text, "bad.nh", err);
    if (st == NH_OK)
        st = nh_series_time_t(h, NULL, NULL, M, q, t0, q, 1, PREC, err);
    tap_ok(st == NH_ERR_MODEL && strstr(err->msg, want) != NULL, "%s (exit 3: %s)", what, err->msg);
    _arb_vec_clear(q, 2); _arb_vec_clear(h, 2);
    arb_clear(t0);
    if (M != NULL)
        nh_model_free(M);
}

int
main(void)
{
    tap_plan(18);
    test_closed_form();
    test_periodic();
    test_nh("rotating_plane_ball_friction.nh", "x=0.3,y=-0.2,psi=0.4,phi=0.5,theta=1.1",
            "x=0.7,y=0.2,psi=1.1,phi=-0.4,theta=0.3", 3, 5);
    test_nh("disc_variable_circle_friction.nh", "phi=0.4,psi=-0.3", "phi=0.9,psi=0.2", 7, 10);
    test_linear_same();
    test_bad("model bad\ncoordinates x, y\nmetric diagonal: 1, 1\n"
             "constraint: (t - 1/2)*dy - dt\nfriction diagonal: 1\n", "t=0.5",
             "constraint losing rank at t0 = 1/2 named with its time");
    test_bad("model bad\ncoordinates x, y\nmetric diagonal: 1, 1\n"
             "constraint: dy - sin(t)*dt\n", "no 'friction' block",
             "a time-dependent model without a friction block (mu_bar not given) is refused");
    test_bad("model bad\ncoordinates x, y\nmetric diagonal: 1, 1\n"
             "constraint: dy - dt\nfriction diagonal: t - 1/2\n", "friction FR not positive",
             "friction vanishing at t0 = 1/2 (kernel larger than the constraint set)");
    test_bad("model bad\ncoordinates x, y\nmetric diagonal: 1, 1\n"
             "constraint: dy - dt\nforce: x*dx\n", "force", "a force line is refused");
    flint_cleanup();
    return tap_done();
}
