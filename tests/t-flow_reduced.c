/*
 * t-flow_reduced.c -- the certified reduced systems of order k
 * (NH_FLOW_REDUCED, nh_flow_taylor_section, nh_flow_certified_reduced;
 * lib/flow.h, lib/flow/flow_taylor_reduced.c).
 *
 * 1. h^(j)(q, vD) on a degree-0 context (balls) by nh_flow_taylor_section
 *    (the time route in saddle form, rho = A h_eps, iterated in
 *    ctx x (t, eps); and the closed form of h^(1)) against nh_series_time
 *    (lib/series: the time route by sweeps in (t, eps) with Q of Lemma 4,
 *    an independent formulation and code) at the same point: balls
 *    overlap, radii small; disk and sleigh, K = 1, 2, 3.
 * 2. The jets of h^(1) along a series with variational variables (the
 *    context of Lohner's method, (s | y_1..y_N), caps (p | 1)): the closed
 *    form (one pass in ctx) and the (t, eps) iteration (two passes in ctx
 *    x (t, eps)) agree coefficient by coefficient.
 *    And on the vertical disk against a closed form derived by hand (G =
 *    diag(I, m, m, J) constant, so f = 0 and Gamma = 0; A = [0 1 0 -R cos;
 *    0 0 1 -R sin], dA[u] u = R u_theta u_phi (sin, -cos), an eigenvector of
 *    S = A G^{-1} A^T = (1/m) 1 + (R^2/J) (cos, sin)(cos, sin)^T with
 *    eigenvalue 1/m, mu_bar = 1, so sigma^(1) = m^2 R u_theta u_phi (sin, -cos)
 *    and h^(1) = G^{-1} A^T sigma^(1) = m R u_theta u_phi (0, sin, -cos, 0)
 *    for every (q, u)): all Taylor coefficients up to degree 3 in the 8
 *    variables (dq, du), i.e. every derivative of h^(1) to third order.
 * 3. Trajectories of k = 1, 2 on the vertical disk and the Chaplygin
 *    sleigh: the certified balls at T contain nh_flow_reduced's run at
 *    tolerance 1e-40, 256 bits (GBS, h^(j) from nh_series_time at each
 *    evaluation point, lib/flow/flow_reduced.c), whose estimated error is
 *    printed and far below the certified radius.
 * 4. Bad input: k beyond NH_FLOW_REDUCED_MAX_ORDER (NH_ERR_USAGE), a model
 *    outside the linear autonomous class (NH_ERR_MODEL), vD0 not in D
 *    (NH_ERR_DOMAIN).
 */
#include <math.h>
#include "flow.h"
#include "case_testutil.h"
#include "jet_testutil.h"
#include "series_testutil.h"
#include "flow_testutil.h"

#define PREC 128

/* a point of each case: q0 and vD0 = P(q0) v (in D) */
static nh_model_ptr
point(const char *name, arb_ptr q0, arb_ptr vD0)
{
    nh_model_ptr M = load_case(name);
    slong n = nh_model_n(M), i;
    arb_ptr v = _arb_vec_init(n);
    nh_error_t err;
    static const double qd[4] = {0.3, 0.5, -0.25, 0.125}, vd[4] = {0.75, 0.5, -0.25, 1.25};

    nh_error_init(err);
    for (i = 0; i < n; i++)
    {
        arb_set_d(q0 + i, qd[i]);
        arb_set_d(v + i, vd[i]);
    }
    if (nh_project_D(vD0, M, q0, v, PREC, err) != NH_OK)
        tap_bail("%s: %s", name, err->msg);
    _arb_vec_clear(v, n);
    return M;
}

/* 1: degree-0 jets against nh_series_time */
static void
at_point(const char *name)
{
    arb_ptr q0 = _arb_vec_init(4), vD0 = _arb_vec_init(4);
    nh_model_ptr M = point(name, q0, vD0);
    slong n = nh_model_n(M), K = 3, k;
    arb_ptr x = _arb_vec_init(2 * n), ht = _arb_vec_init(K * n), hs = _arb_vec_init(K * n),
        h1 = _arb_vec_init(n);
    nh_flow_taylor_t S;
    jet_ctx_t c0;
    nh_error_t err;
    int ok = 1, rc;
    double r = 0;

    nh_error_init(err);
    jet_ctx_init(c0, 1, 0);
    _arb_vec_set(x, q0, n);
    _arb_vec_set(x + n, vD0, n);
    nh_flow_taylor_init_reduced(S, M, K, NULL);
    rc = nh_series_time(ht, NULL, M, q0, vD0, K, PREC, err);
    for (k = 1; k <= K && rc == NH_OK; k++)
    {
        rc = nh_flow_taylor_section(hs, NULL, S, x, k, 0, 0, c0, PREC, err);
        ok = ok && rc == NH_OK && tu_vec_overlaps(hs, ht, k * n);
        r = FLINT_MAX(r, tu_vec_max_rad(hs, k * n));
    }
    if (rc == NH_OK)
        rc = nh_flow_taylor_section(h1, NULL, S, x, 1, 1, 0, c0, PREC, err);
    ok = ok && rc == NH_OK && tu_vec_overlaps(h1, ht, n);
    if (rc != NH_OK)
        tap_diag("%s: %s", name, err->msg);
    tap_diag("%s: h^(1..3) = %.6g %.6g %.6g (max |.|), largest radius %.3g", name,
             tu_max_abs(ht, n), tu_max_abs(ht + n, n), tu_max_abs(ht + 2 * n, n), r);
    tap_ok(ok && r < 1e-30, "%s: h^(1..3) on a degree-0 jet (time route in (t, eps) x ctx; "
           "closed form of h^(1)) overlap nh_series_time at q0, vD0", name);
    nh_flow_taylor_clear(S);
    jet_ctx_clear(c0);
    nh_model_free(M);
    _arb_vec_clear(q0, 4); _arb_vec_clear(vD0, 4); _arb_vec_clear(x, 2 * n);
    _arb_vec_clear(ht, K * n); _arb_vec_clear(hs, K * n); _arb_vec_clear(h1, n);
}

/* 2: jets with variational variables, closed form against the iteration */
static void
on_jets(const char *name)
{
    arb_ptr q0 = _arb_vec_init(4), vD0 = _arb_vec_init(4);
    nh_model_ptr M = point(name, q0, vD0);
    slong n = nh_model_n(M), N = 2 * n, p = 6, i, sizes[2] = {1, 2 * 4}, caps[2];
    arb_ptr x, hd, hs;
    nh_flow_taylor_t S;
    jet_ctx_t ctx;
    flint_rand_t st;
    nh_error_t err;
    int rc1, rc2;

    nh_error_init(err);
    flint_rand_init(st);
    tap_diag("%s: random jet coefficients, seed 14", name);
    flint_rand_set_seed(st, 14, 14);
    sizes[1] = N;
    caps[0] = p;
    caps[1] = 1;
    jet_ctx_init_groups(ctx, 2, sizes, caps, p + 1);
    x = jet_vec_init(N, ctx);
    hd = jet_vec_init(n, ctx);
    hs = jet_vec_init(n, ctx);
    for (i = 0; i < N; i++)
    {
        slong c;
        arb_ptr xi = JET_ENTRY(x, i, ctx);
        arb_set(xi, i < n ? q0 + i : vD0 + i - n);
        for (c = 1; c < ctx->len; c++)
            if (jet_ctx_degree(ctx, c) <= 3)
            {
                arb_set_si(xi + c, (slong) n_randint(st, 201) - 100);
                arb_div_ui(xi + c, xi + c, 400, PREC);
            }
    }
    nh_flow_taylor_init_reduced(S, M, 1, NULL);
    rc1 = nh_flow_taylor_section(hd, NULL, S, x, 1, 1, p, ctx, PREC, err);
    rc2 = nh_flow_taylor_section(hs, NULL, S, x, 1, 0, p, ctx, PREC, err);
    if (rc1 != NH_OK || rc2 != NH_OK)
        tap_diag("%s: %s", name, err->msg);
    tap_ok(rc1 == NH_OK && rc2 == NH_OK && tu_vec_overlaps(hd, hs, n * ctx->len)
           && tu_vec_max_rad(hd, n * ctx->len) < 1e-20,
           "%s: h^(1) on jets in (s | y_1..y_%ld), caps (%ld | 1): closed form and the "
           "(t, eps) iteration agree in all %ld coefficients (radius %.3g)", name, (long) N,
           (long) p, (long) (n * ctx->len), tu_vec_max_rad(hd, n * ctx->len));
    nh_flow_taylor_clear(S);
    jet_vec_clear(x, N, ctx); jet_vec_clear(hd, n, ctx); jet_vec_clear(hs, n, ctx);
    jet_ctx_clear(ctx);
    flint_rand_clear(st);
    nh_model_free(M);
    _arb_vec_clear(q0, 4); _arb_vec_clear(vD0, 4);
}

/* 2': the disk's h^(1) on jets in (dq, du) against its closed form */
static void
disk_closed_form(void)
{
    arb_ptr q0 = _arb_vec_init(4), vD0 = _arb_vec_init(4);
    nh_model_ptr M = point("vertical_disk.nh", q0, vD0);
    slong n = 4, i, d = 3;
    arb_ptr x, hd, hs, he, s, c;
    nh_flow_taylor_t S;
    jet_ctx_t ctx;
    nh_error_t err;
    arb_t mR;
    int rc1, rc2;

    nh_error_init(err);
    arb_init(mR);
    arb_set_d(mR, 0.5);                     /* m R, m = 1, R = 1/2 */
    jet_ctx_init(ctx, 2 * n, d);
    x = jet_vec_init(2 * n, ctx);
    hd = jet_vec_init(n, ctx); hs = jet_vec_init(n, ctx); he = jet_vec_init(n, ctx);
    s = jet_init(ctx); c = jet_init(ctx);
    for (i = 0; i < 2 * n; i++)
        jet_set_var(JET_ENTRY(x, i, ctx), i < n ? q0 + i : vD0 + i - n, i, ctx);
    nh_flow_taylor_init_reduced(S, M, 1, NULL);
    rc1 = nh_flow_taylor_section(hd, NULL, S, x, 1, 1, d, ctx, PREC, err);
    rc2 = nh_flow_taylor_section(hs, NULL, S, x, 1, 0, d, ctx, PREC, err);
    if (rc1 != NH_OK || rc2 != NH_OK)
        tap_diag("disk closed form: %s", err->msg);
    /* he = m R u_theta u_phi (0, sin theta, -cos theta, 0) on jets */
    jet_sin(s, JET_ENTRY(x, 0, ctx), d, ctx, PREC);
    jet_cos(c, JET_ENTRY(x, 0, ctx), d, ctx, PREC);
    jet_mul(JET_ENTRY(he, 0, ctx), JET_ENTRY(x, n + 0, ctx), JET_ENTRY(x, n + 3, ctx), d, ctx,
            PREC);
    jet_scalar_mul(JET_ENTRY(he, 0, ctx), JET_ENTRY(he, 0, ctx), mR, ctx, PREC);
    jet_mul(JET_ENTRY(he, 1, ctx), JET_ENTRY(he, 0, ctx), s, d, ctx, PREC);
    jet_mul(JET_ENTRY(he, 2, ctx), JET_ENTRY(he, 0, ctx), c, d, ctx, PREC);
    jet_neg(JET_ENTRY(he, 2, ctx), JET_ENTRY(he, 2, ctx), ctx);
    jet_zero(JET_ENTRY(he, 0, ctx), ctx);
    tap_ok(rc1 == NH_OK && rc2 == NH_OK && tu_vec_overlaps(hd, he, n * ctx->len)
           && tu_vec_overlaps(hs, he, n * ctx->len) && tu_vec_max_rad(hd, n * ctx->len) < 1e-30
           && tu_vec_max_rad(hs, n * ctx->len) < 1e-30,
           "vertical disk: h^(1) = m R u_theta u_phi (0, sin, -cos, 0) with all its "
           "derivatives to order %ld in (dq, du) (%ld coefficients), closed form and "
           "iteration", (long) d, (long) (n * ctx->len));
    nh_flow_taylor_clear(S);
    jet_vec_clear(x, 2 * n, ctx); jet_vec_clear(hd, n, ctx); jet_vec_clear(hs, n, ctx);
    jet_vec_clear(he, n, ctx); jet_clear(s, ctx); jet_clear(c, ctx);
    jet_ctx_clear(ctx);
    arb_clear(mR);
    nh_model_free(M);
    _arb_vec_clear(q0, 4); _arb_vec_clear(vD0, 4);
}

/* 3: certified trajectory against the tight non-validated run */
static void
versus_estimate(const char *name, slong k, double epsd, double Td)
{
    arb_ptr q0 = _arb_vec_init(4), vD0 = _arb_vec_init(4);
    nh_model_ptr M = point(name, q0, vD0);
    slong n = nh_model_n(M);
    char label[160];
    tu_versus_struct r;

    snprintf(label, sizeof label, "%s k = %ld", name, (long) k);
    tu_versus_run(&r, M, NH_FLOW_REDUCED, k, epsd, q0, vD0, Td, PREC, label);
    tap_ok(r.rc == NH_OK && r.rc2 == NH_OK && tu_vec_contains(r.q, r.qe, n)
           && tu_vec_contains(r.v, r.ve, n)
           && FLINT_MAX(tu_vec_max_rad(r.q, n), tu_vec_max_rad(r.v, n)) < 1e-25,
           "%s reduced k = %ld, eps = %g: the certified ball at T = %g contains the "
           "tol-1e-40 run (%ld steps)", name, (long) k, epsd, Td, (long) r.steps);
    tu_versus_clear(&r);
    nh_model_free(M);
    _arb_vec_clear(q0, 4); _arb_vec_clear(vD0, 4);
}

/* 4: bad input */
static void
bad_input(void)
{
    arb_ptr q0 = _arb_vec_init(4), vD0 = _arb_vec_init(4), q = _arb_vec_init(4),
        v = _arb_vec_init(4);
    nh_model_ptr M = point("vertical_disk.nh", q0, vD0), Md = load_case("damped_oscillator.nh");
    arb_t eps, T;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_error_t err;
    int r1, r2, r3;

    arb_init(eps); arb_init(T);
    nh_error_init(err);
    arb_set_d(eps, 0.1);
    arb_set_d(T, 0.0625);
    nh_taylor_opts_init(o);
    r1 = nh_flow_certified_reduced(q, v, M, NH_FLOW_REDUCED_MAX_ORDER + 1, eps, q0, vD0, T, 1,
                                   o, st, PREC, err);
    tap_diag("k too large: %s", err->msg);
    r2 = nh_flow_certified_reduced(q, v, Md, 1, eps, q0, vD0, T, 1, o, st, PREC, err);
    tap_diag("damped oscillator: %s", err->msg);
    arb_add_si(vD0 + 1, vD0 + 1, 1, PREC);      /* x' = R cos(theta) phi' violated */
    r3 = nh_flow_certified_reduced(q, v, M, 1, eps, q0, vD0, T, 1, o, st, PREC, err);
    tap_diag("vD0 not in D: %s", err->msg);
    tap_ok(r1 == NH_ERR_USAGE && r2 == NH_ERR_MODEL && r3 == NH_ERR_DOMAIN,
           "bad input: order %d (usage, %d), damped oscillator (model, %d), vD0 off D "
           "(domain, %d)", NH_FLOW_REDUCED_MAX_ORDER + 1, r1, r2, r3);
    nh_model_free(M);
    nh_model_free(Md);
    _arb_vec_clear(q0, 4); _arb_vec_clear(vD0, 4); _arb_vec_clear(q, 4); _arb_vec_clear(v, 4);
    arb_clear(eps); arb_clear(T);
}

int
main(void)
{
    tap_plan(9);
    at_point("vertical_disk.nh");
    at_point("chaplygin_sleigh.nh");
    on_jets("chaplygin_sleigh.nh");
    disk_closed_form();
    versus_estimate("vertical_disk.nh", 1, 0.1, 0.0625);
    versus_estimate("chaplygin_sleigh.nh", 1, 0.1, 0.0625);
    versus_estimate("vertical_disk.nh", 2, 0.1, 0.0625);
    versus_estimate("chaplygin_sleigh.nh", 2, 0.1, 0.0625);
    bad_input();
    flint_cleanup();
    return tap_done();
}
