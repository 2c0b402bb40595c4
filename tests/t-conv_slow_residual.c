/*
 * t-conv_slow_residual.c -- the certified invariance residual R_K of the
 * truncated slow-manifold series (nh_conv_slow_invariance_residual,
 * lib/conv/conv_slow_residual.c; paper 000 eq (60), series (66)).
 *
 * R_K = eps Q [vdot - vDdot - DH_K[v, vDdot]] at v = vD + H_K,
 * H_K = sum_{k<=K} eps^k h^(k).  Independent truths:
 * 1. The ball on a plane (cases/ball_plane.nh): the slip obeys a linear
 *    equation, h_eps = eps h^(1) exactly (derivation in the case file):
 *    R_1 and R_2 contain 0 with radius < 1e-60 (256 bits), R_0 excludes 0
 *    and equals eps h^(1) (R_0 = eps Q B(0) = eps h^(1), 000 eq (67);
 *    h^(1) by the covariant route, nh_series_covariant: other code).
 * 2. cases/linear_slow.nh: w = ydot, G = diag(1, M2), V = a x^2/2 +
 *    b y^2/2, constraint dy, friction mu; c = mu/M2, d = b/M2.  With
 *    H_K = beta_K y (0, 1), beta_K = -(d/c) sum_{2j+1 <= K} Catalan_j
 *    (d/c^2)^j eps^(2j+1) (the series of the root of beta^2 + (c/eps) beta
 *    + d = 0, derived in the case file), at v = vD + H_K:
 *      vdot_y = -d y - (c/eps) beta_K y,   vDdot = (-a x, 0),
 *      dH_K/dt = beta_K ydot = beta_K^2 y,  Q = diag(0, 1/c),
 *    so R_K = (0, -(eps y / c) (beta_K^2 + (c/eps) beta_K + d)), computed
 *    here in Arb from that formula; the exact slow manifold beta (closed
 *    form with sqrt) makes the same expression vanish (checked too).
 * 3. Exponents on the vertical disk and the Chaplygin sleigh: |R_K| at
 *    eps = 1/100 .. 1/1600 scales like eps^(K+1): the certified exponent
 *    log(|R_K(a)| / |R_K(b)|) / log(a / b) between the two smallest eps
 *    is within 0.05 of K + 1 (K = 0..3); and R_K - eps^(K+1) h^(K+1)
 *    (h^(K+1) by the covariant route) scales like eps^(K+2) (exponent
 *    above K + 1.9, K = 1..3; for K = 0 it vanishes: |.| < 1e-60).
 * 4. Bad input: K = 5 (NH_ERR_USAGE), a time-dependent affine model
 *    (cases/affine_line.nh: NH_ERR_MODEL).
 * 5. The fast log-norm bound (nh_conv_slow_fast_lognorm) against the exact
 *    largest eigenvalue on linear_slow and the vertical disk (derivations
 *    at lognorm()), at a point and over a box.
 */
#include <math.h>
#include "conv.h"
#include "case_testutil.h"

#define PREC 256

static void
set_vec(arb_ptr x, const double *d, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        arb_set_d(x + i, d[i]);
}

static double
vec_norm(arb_srcptr x, slong n)
{
    double m = 0;
    slong i;
    for (i = 0; i < n; i++)
        m = fmax(m, fabs(arf_get_d(arb_midref(x + i), ARF_RND_NEAR)));
    return m;
}

static int
all_contain_zero_tiny(arb_srcptr x, slong n, double rad)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_contains_zero(x + i) || !(mag_get_d(arb_radref(x + i)) < rad))
            return 0;
    return 1;
}

/* 1: the ball on a plane */
static void
ball_plane(void)
{
    nh_model_ptr M = load_case("ball_plane.nh");
    slong n = nh_model_n(M), i;
    double qd[5] = {0, 0, 0.3, 0.2, 1}, vd[5] = {0.5, 0.1, 0.4, 0.3, 0.2};
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), vD = _arb_vec_init(n);
    arb_ptr R = _arb_vec_init(3 * n), h1 = _arb_vec_init(n);
    arb_t eps;
    nh_error_t err;
    int rc, ok0 = 1, excl = 0;

    nh_error_init(err);
    arb_init(eps);
    arb_set_ui(eps, 1);
    arb_div_ui(eps, eps, 100, PREC);
    set_vec(q, qd, n);
    set_vec(v, vd, n);
    rc = nh_project_D(vD, M, q, v, PREC, err);
    for (i = 0; rc == NH_OK && i < 3; i++)
        rc = nh_conv_slow_invariance_residual(R + i * n, M, q, vD, i, eps, PREC, err);
    if (rc == NH_OK)
        rc = nh_series_covariant(h1, NULL, M, q, vD, 1, PREC, err);
    if (rc != NH_OK)
        tap_diag("ball_plane: %s", err->msg);
    _arb_vec_scalar_mul(h1, h1, n, eps, PREC);
    for (i = 0; i < n; i++)
    {
        ok0 = ok0 && arb_overlaps(R + i, h1 + i);
        excl = excl || !arb_contains_zero(R + i);
    }
    tap_ok(rc == NH_OK && ok0 && excl, "ball_plane: R_0 excludes 0 and overlaps eps h^(1) "
           "(covariant route), |R_0| = %.6g", vec_norm(R, n));
    tap_ok(rc == NH_OK && all_contain_zero_tiny(R + n, n, 1e-60)
           && all_contain_zero_tiny(R + 2 * n, n, 1e-60),
           "ball_plane: R_1, R_2 contain 0 with radius < 1e-60 (h_eps = eps h^(1) exactly)");
    arb_clear(eps);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n);
    _arb_vec_clear(R, 3 * n); _arb_vec_clear(h1, n);
    nh_model_free(M);
}

/* beta_K of cases/linear_slow.nh (c = 3/2, d = 5/2), Catalan series */
static void
beta_K(arb_t bK, slong K, const arb_t eps, slong prec)
{
    arb_t c, d, term, r;
    slong j, cat = 1;
    arb_init(c); arb_init(d); arb_init(term); arb_init(r);
    arb_set_si(c, 3); arb_div_si(c, c, 2, prec);
    arb_set_si(d, 5); arb_div_si(d, d, 2, prec);
    arb_zero(bK);
    arb_div(term, d, c, prec);
    arb_mul(term, term, eps, prec);             /* (d/c) eps */
    arb_mul(r, eps, eps, prec);
    arb_mul(r, r, d, prec);
    arb_div(r, r, c, prec);
    arb_div(r, r, c, prec);                     /* d eps^2 / c^2 */
    for (j = 0; 2 * j + 1 <= K; j++)
    {
        arb_submul_si(bK, term, cat, prec);
        arb_mul(term, term, r, prec);
        cat = cat * 2 * (2 * j + 1) / (j + 2);  /* Catalan_{j+1} */
    }
    arb_clear(c); arb_clear(d); arb_clear(term); arb_clear(r);
}

/* -(eps y / c)(b^2 + (c/eps) b + d) */
static void
linear_R(arb_t R, const arb_t b, const arb_t eps, const arb_t y, slong prec)
{
    arb_t c, t;
    arb_init(c); arb_init(t);
    arb_set_si(c, 3); arb_div_si(c, c, 2, prec);
    arb_mul(R, b, b, prec);
    arb_div(t, c, eps, prec);
    arb_addmul(R, t, b, prec);
    arb_set_si(t, 5); arb_div_si(t, t, 2, prec);
    arb_add(R, R, t, prec);
    arb_mul(R, R, eps, prec);
    arb_mul(R, R, y, prec);
    arb_div(R, R, c, prec);
    arb_neg(R, R);
    arb_clear(c); arb_clear(t);
}

/* 2: the linear case, K = 0..4, eps = 1/10, 1/100 */
static void
linear_case(void)
{
    nh_model_ptr M = load_case("linear_slow.nh");
    arb_ptr q = _arb_vec_init(2), vD = _arb_vec_init(2), R = _arb_vec_init(2);
    arb_t eps, bK, ex, beta, t;
    slong K, e;
    nh_error_t err;
    int rc = NH_OK, ok = 1, exact;

    nh_error_init(err);
    arb_init(eps); arb_init(bK); arb_init(ex); arb_init(beta); arb_init(t);
    arb_set_si(q + 0, 3); arb_div_si(q + 0, q + 0, 10, PREC);
    arb_set_si(q + 1, 7); arb_div_si(q + 1, q + 1, 10, PREC);
    arb_set_si(vD + 0, 1);
    for (e = 10; e <= 100; e *= 10)
        for (K = 0; K <= NH_CONV_SLOW_RES_MAX_ORDER && rc == NH_OK; K++)
        {
            arb_one(eps);
            arb_div_si(eps, eps, e, PREC);
            rc = nh_conv_slow_invariance_residual(R, M, q, vD, K, eps, PREC, err);
            beta_K(bK, K, eps, PREC);
            linear_R(ex, bK, eps, q + 1, PREC);
            ok = ok && rc == NH_OK && arb_contains_zero(R + 0) && arb_overlaps(R + 1, ex)
                 && mag_get_d(arb_radref(R + 1)) < 1e-60;
            tap_diag("linear_slow eps = 1/%ld K = %ld: R_y = %.10e, closed form %.10e", (long) e,
                     (long) K, arf_get_d(arb_midref(R + 1), ARF_RND_NEAR),
                     arf_get_d(arb_midref(ex), ARF_RND_NEAR));
        }
    if (rc != NH_OK)
        tap_diag("linear_slow: %s", err->msg);
    tap_ok(ok, "linear_slow: R_K contains the closed form -(eps y/c)(beta_K^2 + (c/eps) beta_K "
           "+ d) (y entry) and 0 (x entry), K = 0..4, eps = 1/10, 1/100");
    /* the exact beta = (-c/eps + sqrt(c^2/eps^2 - 4d))/2 annuls it */
    arb_set_si(t, 3); arb_div_si(t, t, 2, PREC); arb_div(t, t, eps, PREC);   /* c/eps */
    arb_mul(beta, t, t, PREC);
    arb_sub_si(beta, beta, 10, PREC);
    arb_sqrt(beta, beta, PREC);
    arb_sub(beta, beta, t, PREC);
    arb_mul_2exp_si(beta, beta, -1);
    linear_R(ex, beta, eps, q + 1, PREC);
    exact = arb_contains_zero(ex) && mag_get_d(arb_radref(ex)) < 1e-60;
    tap_ok(exact, "linear_slow: the closed-form residual vanishes at the exact slow manifold "
           "beta (the formula is the invariance equation)");
    arb_clear(eps); arb_clear(bK); arb_clear(ex); arb_clear(beta); arb_clear(t);
    _arb_vec_clear(q, 2); _arb_vec_clear(vD, 2); _arb_vec_clear(R, 2);
    nh_model_free(M);
}

/* log(a/b)/log(ea/eb) in double (a, b > 0) */
static double
slope(double a, double b, double ea, double eb)
{
    return log(a / b) / log(ea / eb);
}

/* 3: exponents K + 1 */
static void
exponents(const char *name, const double *qd, const double *vd)
{
    nh_model_ptr M = load_case(name);
    slong n = nh_model_n(M), K, e, i;
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), vD = _arb_vec_init(n);
    arb_ptr R = _arb_vec_init(n), h = _arb_vec_init(5 * n), d = _arb_vec_init(n);
    double r[2], s[2], ev[2] = {1.0 / 800, 1.0 / 1600}, worst = 0, worst2 = 100;
    arb_t eps, ek;
    nh_error_t err;
    int rc, zero0 = 0;

    nh_error_init(err);
    arb_init(eps); arb_init(ek);
    set_vec(q, qd, n);
    set_vec(v, vd, n);
    rc = nh_project_D(vD, M, q, v, PREC, err);
    if (rc == NH_OK)
        rc = nh_series_covariant(h, NULL, M, q, vD, 5, PREC, err);
    for (K = 0; K <= 3 && rc == NH_OK; K++)
    {
        for (e = 0; e < 2 && rc == NH_OK; e++)
        {
            arb_one(eps);
            arb_div_si(eps, eps, 800 << e, PREC);
            rc = nh_conv_slow_invariance_residual(R, M, q, vD, K, eps, PREC, err);
            arb_pow_ui(ek, eps, K + 1, PREC);
            for (i = 0; i < n; i++)
            {
                arb_mul(d + i, ek, h + K * n + i, PREC);
                arb_sub(d + i, R + i, d + i, PREC);
            }
            r[e] = vec_norm(R, n);
            s[e] = vec_norm(d, n);
        }
        if (rc != NH_OK)
            break;
        tap_diag("%s K = %ld: |R_K| = %.4e, %.4e; |R_K - eps^(K+1) h^(K+1)| = %.4e, %.4e; "
                 "exponents %.4f, %.4f", name, (long) K, r[0], r[1], s[0], s[1],
                 slope(r[0], r[1], ev[0], ev[1]), slope(s[0], s[1], ev[0], ev[1]));
        worst = fmax(worst, fabs(slope(r[0], r[1], ev[0], ev[1]) - (K + 1)));
        if (K == 0)     /* the identity R_0 = eps h^(1) (000 eq (67)) */
            zero0 = s[0] < 1e-60 && s[1] < 1e-60;
        else
            worst2 = fmin(worst2, slope(s[0], s[1], ev[0], ev[1]) - (K + 1));
    }
    if (rc != NH_OK)
        tap_diag("%s: %s", name, err->msg);
    tap_ok(rc == NH_OK && worst < 0.05, "%s: exponent of |R_K| between eps = 1/800, 1/1600 "
           "within 0.05 of K + 1, K = 0..3 (worst deviation %.4f)", name, worst);
    tap_ok(rc == NH_OK && worst2 > 0.9, "%s: R_K - eps^(K+1) h^(K+1) (covariant route) has "
           "exponent > K + 1.9, K = 1..3 (smallest excess %.4f)", name, worst2);
    tap_ok(rc == NH_OK && zero0, "%s: |R_0 - eps h^(1)| < 1e-60 (the identity R_0 = eps Q B(0) "
           "= eps h^(1), 000 eq (67))", name);
    arb_clear(eps); arb_clear(ek);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n);
    _arb_vec_clear(R, n); _arb_vec_clear(h, 5 * n); _arb_vec_clear(d, n);
    nh_model_free(M);
}

/* 4: bad input */
static void
bad_input(void)
{
    nh_model_ptr M = load_case("vertical_disk.nh"), A = load_case("affine_line.nh");
    arb_ptr q = _arb_vec_init(4), R = _arb_vec_init(4);
    arb_t eps;
    nh_error_t err;
    int rc1, rc2;
    nh_error_init(err);
    arb_init(eps);
    arb_set_d(eps, 0.01);
    rc1 = nh_conv_slow_invariance_residual(R, M, q, q, NH_CONV_SLOW_RES_MAX_ORDER + 1, eps,
                                           PREC, err);
    tap_diag("K too large: %s", err->msg);
    rc2 = nh_conv_slow_invariance_residual(R, A, q, q, 1, eps, PREC, err);
    tap_diag("affine model: %s", err->msg);
    tap_ok(rc1 == NH_ERR_USAGE && rc2 == NH_ERR_MODEL,
           "K above the maximum: NH_ERR_USAGE; a time-dependent affine model: NH_ERR_MODEL");
    arb_clear(eps);
    _arb_vec_clear(q, 4); _arb_vec_clear(R, 4);
    nh_model_free(M);
    nh_model_free(A);
}

/* 5: the fast log-norm bound (nh_conv_slow_fast_lognorm).  linear_slow:
   J = d_v vdot = diag(0, -c/eps) (V quadratic, G constant: d_v F = 0),
   D_perp = span e_y, U = (0, 1/sqrt(M2)), U^T G J U = -c/eps exactly, for
   every (q, v): the bound must be >= -c/eps (valid) and within 1e-20
   relative of it (tight), also over a box.  Vertical disk (G constant, so
   Gamma = 0, d_v F = 0; mu_bar = 1): the fast block is -(1/eps) L^{-1} S^2
   L^{-T}, eigenvalues -(1/eps) eig(S), S = (1/m) I + (R^2/J) (cos theta,
   sin theta)(cos, sin)^T with eigenvalues 1/m = 1 and 1/m + R^2/J = 3
   (m = 1, R = 1/2, J = 1/8): lambda_max = -1/eps exactly, over any box. */
static void
lognorm(void)
{
    nh_model_ptr L = load_case("linear_slow.nh"), D = load_case("vertical_disk.nh");
    arb_ptr q = _arb_vec_init(4), v = _arb_vec_init(4);
    arb_t eps, ub, ex, d;
    nh_error_t err;
    int rc, ok = 1, pass;
    nh_error_init(err);
    arb_init(eps); arb_init(ub); arb_init(ex); arb_init(d);
    arb_one(eps);
    arb_div_ui(eps, eps, 1000, PREC);
    for (pass = 0; pass < 2; pass++)        /* a point, then a box */
    {
        arb_set_d(q + 0, 0.3); arb_set_d(q + 1, 0.7); arb_set_d(q + 2, -0.2); arb_set_d(q + 3, 0.4);
        arb_set_d(v + 0, 1.1); arb_set_d(v + 1, 0.6); arb_set_d(v + 2, 0.2); arb_set_d(v + 3, 0.9);
        if (pass == 1)
        {
            slong i;
            for (i = 0; i < 4; i++)
            {
                mag_set_d(arb_radref(q + i), 0.05);
                mag_set_d(arb_radref(v + i), 0.05);
            }
        }
        rc = nh_conv_slow_fast_lognorm(ub, L, q, v, eps, PREC, err);
        arb_set_si(ex, -3);
        arb_div_si(ex, ex, 2, PREC);
        arb_div(ex, ex, eps, PREC);                 /* -c/eps */
        arb_sub(d, ub, ex, PREC);
        ok = ok && rc == NH_OK && arb_is_nonnegative(d) && arf_cmpabs_2exp_si(arb_midref(d), -50) < 0;
        tap_diag("linear_slow %s: bound %.15g, exact %.15g", pass ? "box" : "point",
                 arf_get_d(arb_midref(ub), ARF_RND_NEAR), arf_get_d(arb_midref(ex), ARF_RND_NEAR));
        rc = rc == NH_OK ? nh_conv_slow_fast_lognorm(ub, D, q, v, eps, PREC, err) : rc;
        arb_inv(ex, eps, PREC);
        arb_neg(ex, ex);                            /* -1/eps */
        arb_sub(d, ub, ex, PREC);
        /* over the box the ball evaluation loses to dependency (S and
           L^{-1} evaluated on balls of theta): only a valid bound that still
           certifies contraction at a quarter of the exact rate is asked */
        if (pass == 0)
            ok = ok && rc == NH_OK && arb_is_nonnegative(d) && arf_cmpabs_2exp_si(arb_midref(d), -30) < 0;
        else
            ok = ok && rc == NH_OK && arb_is_nonnegative(d)
                 && arf_cmp_si(arb_midref(ub), -250) < 0;
        tap_diag("vertical_disk %s: bound %.15g, exact %.15g", pass ? "box" : "point",
                 arf_get_d(arb_midref(ub), ARF_RND_NEAR), arf_get_d(arb_midref(ex), ARF_RND_NEAR));
        if (rc != NH_OK)
            tap_diag("lognorm: %s", err->msg);
    }
    tap_ok(ok, "fast log-norm bound >= the exact -c/eps (linear_slow) and -1/eps (disk, eps = "
           "1/1000): within 2^-50 / 2^-30 of it at a point; over a box of radius 0.05 within 2^-50 "
           "(linear) and below -1/(4 eps) (disk)");
    arb_clear(eps); arb_clear(ub); arb_clear(ex); arb_clear(d);
    _arb_vec_clear(q, 4); _arb_vec_clear(v, 4);
    nh_model_free(L); nh_model_free(D);
}

int
main(void)
{
    const double dq[4] = {0.3, 0.1, -0.2, 0.4}, dv[4] = {1.1, 0.6, 0.2, 0.9};
    const double sq[3] = {0.1, -0.2, 0.4}, sv[3] = {0.9, 0.2, 0.7};
    tap_plan(12);
    ball_plane();
    linear_case();
    exponents("vertical_disk.nh", dq, dv);
    exponents("chaplygin_sleigh.nh", sq, sv);
    bad_input();
    lognorm();
    flint_cleanup();
    return tap_done();
}
