/*
 * t-flow_affine_full.c -- the certified full friction system of
 * time-dependent, affine models (issue 19, proofs/020 (A1) and the
 * equations of motion after it):
 *     G vdot = f(q, v, t) - (1/eps) A^T mu_bar (A v + b),
 * nh_flow_certified with NH_FLOW_FULL, against values computed here
 * without lib/flow:
 *
 *  1-4  cases/affine_line.nh with kappa = 0 (G = I, V = 0, A = (0, 1),
 *       b = -sin t, mu_bar = mu = 2): x = x0 + vx0 t, and w = ydot - sin t
 *       solves eps w' + mu w = -eps cos t; with r = mu/eps the periodic
 *       solution is w_p = -(r cos t + sin t)/(1 + r^2), so
 *         ydot = sin t + w_p(t) + (w0 - w_p(0)) e^{-r t},
 *         y = y0 + 1 - cos t - (r sin t + 1 - cos t)/(1 + r^2)
 *             + (w0 - w_p(0)) (1 - e^{-r t})/r      (derived by hand),
 *       evaluated in Arb at 256 bits: the certified balls (eps = 1/10,
 *       1/100; t = 1/4, 1/2, 1; start off the constraint, w0 = 5: the
 *       initial layer) contain it.
 *  5-6  cases/affine_line.nh as shipped (kappa = 1/3): the system is
 *       linear with the forcing (sin t, cos t), itself the solution of
 *       s' = c, c' = -s; so Z = (x, y, vx, vy, s, c) solves Z' = K Z with
 *       a constant 6 x 6 K and Z(t) = exp(K t) Z(0) (arb_mat_exp at 512
 *       bits, a certified enclosure by an independent route): contained.
 *  7-8  cases/rotating_plane_ball_friction.nh (004 Sec 3 with friction,
 *       mu_bar = diag(1, 3/2), eps = 1/10, T = 1/4): the field is written out by hand below
 *       (G depends on theta only; f_psi = k theta' sin(theta) phi',
 *       f_phi = k theta' sin(theta) psi', f_theta = -k sin(theta) psi' phi',
 *       k = m k^2) and integrated by classical RK4 in double precision at
 *       h = 1e-4 and 5e-5 (an ESTIMATE; its error estimated by the
 *       difference of the two runs): the certified ball's midpoint is
 *       within its radius + 2 x that difference + 1e-12 of the fine run.
 *  9-11 bad input: a time-dependent model without a friction block and a
 *       friction block vanishing at t = 0 are refused (NH_ERR_MODEL, the
 *       message names the friction and the time), eps <= 0 (NH_ERR_USAGE).
 */
#include <math.h>
#include <string.h>
#include "flow.h"
#include "case_testutil.h"

#define PREC 128

static void
set_q(arb_ptr x, const slong *num, const slong *den, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
    {
        arb_set_si(x + i, num[i]);
        arb_div_si(x + i, x + i, den[i], PREC);
    }
}

/* The closed form of the kappa = 0 line (header) at time t: qe, ve. */
static void
line_closed_form(arb_ptr qe, arb_ptr ve, arb_srcptr q0, arb_srcptr v0, const arb_t mu,
                 const arb_t eps, const arb_t t, slong prec)
{
    arb_t r, r2, w0, wp0, e, s, c, tmp, K;

    arb_init(r); arb_init(r2); arb_init(w0); arb_init(wp0); arb_init(e);
    arb_init(s); arb_init(c); arb_init(tmp); arb_init(K);
    arb_div(r, mu, eps, prec);
    arb_sqr(r2, r, prec);
    arb_add_ui(r2, r2, 1, prec);                      /* 1 + r^2 */
    arb_set(w0, v0 + 1);                              /* w0 = vy0 - sin 0 */
    arb_div(wp0, r, r2, prec);
    arb_neg(wp0, wp0);                                /* w_p(0) = -r/(1+r^2) */
    arb_sub(K, w0, wp0, prec);
    arb_mul(e, r, t, prec);
    arb_neg(e, e);
    arb_exp(e, e, prec);                              /* e^{-r t} */
    arb_sin_cos(s, c, t, prec);
    /* x, vx */
    arb_addmul(qe + 0, v0 + 0, t, prec);
    arb_add(qe + 0, qe + 0, q0 + 0, prec);
    arb_set(ve + 0, v0 + 0);
    /* ydot = s - (r c + s)/(1 + r^2) + K e */
    arb_mul(tmp, r, c, prec);
    arb_add(tmp, tmp, s, prec);
    arb_div(tmp, tmp, r2, prec);
    arb_sub(ve + 1, s, tmp, prec);
    arb_addmul(ve + 1, K, e, prec);
    /* y = y0 + 1 - c - (r s + 1 - c)/(1 + r^2) + K (1 - e)/r */
    arb_mul(tmp, r, s, prec);
    arb_add_ui(tmp, tmp, 1, prec);
    arb_sub(tmp, tmp, c, prec);
    arb_div(tmp, tmp, r2, prec);
    arb_sub_ui(qe + 1, c, 1, prec);
    arb_neg(qe + 1, qe + 1);
    arb_sub(qe + 1, qe + 1, tmp, prec);
    arb_add(qe + 1, qe + 1, q0 + 1, prec);
    arb_sub_ui(tmp, e, 1, prec);
    arb_neg(tmp, tmp);
    arb_mul(tmp, tmp, K, prec);
    arb_div(tmp, tmp, r, prec);
    arb_add(qe + 1, qe + 1, tmp, prec);
    arb_clear(r); arb_clear(r2); arb_clear(w0); arb_clear(wp0); arb_clear(e);
    arb_clear(s); arb_clear(c); arb_clear(tmp); arb_clear(K);
}

static const slong Q0N[2] = {3, -1}, Q0D[2] = {10, 5}, V0N[2] = {7, 5}, V0D[2] = {10, 1};
static const slong TN[3] = {1, 1, 1}, TD[3] = {4, 2, 1};

static void
line_kappa0(void)
{
    nh_model_ptr M = load_case("affine_line.nh");
    arb_ptr q0 = _arb_vec_init(2), v0 = _arb_vec_init(2), q = _arb_vec_init(6),
        v = _arb_vec_init(6), qe = _arb_vec_init(2), ve = _arb_vec_init(2),
        times = _arb_vec_init(3);
    arb_t eps, mu;
    fmpq_t zero;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_error_t err;
    slong ie, j, epsd[2] = {10, 100};
    int rc, good;

    nh_error_init(err);
    fmpq_init(zero);
    if (nh_model_set_param(M, "kappa", zero, err) != NH_OK)
        tap_bail("set kappa: %s", err->msg);
    arb_init(eps); arb_init(mu);
    arb_set_ui(mu, 2);
    set_q(q0, Q0N, Q0D, 2);
    set_q(v0, V0N, V0D, 2);
    set_q(times, TN, TD, 3);
    nh_taylor_opts_init(o);
    for (ie = 0; ie < 2; ie++)
    {
        arb_set_ui(eps, 1);
        arb_div_ui(eps, eps, epsd[ie], PREC);
        rc = nh_flow_certified(q, v, M, NH_FLOW_FULL, eps, q0, v0, times, 3, o, st, PREC, err);
        tap_ok(rc == NH_OK, "affine_line kappa = 0, eps = 1/%ld: certified full flow (%s)",
               (long) epsd[ie], rc == NH_OK ? "ok" : err->msg);
        good = (rc == NH_OK);
        for (j = 0; j < 3 && good; j++)
        {
            _arb_vec_zero(qe, 2);
            line_closed_form(qe, ve, q0, v0, mu, eps, times + j, 256);
            good = tu_balls_inside(q + 2 * j, qe, 2, 1e-8) && tu_balls_inside(v + 2 * j, ve, 2, 1e-8);
            if (!good)
                tap_diag("t = %ld/%ld: ball y = %s, closed form %s", (long) TN[j], (long) TD[j],
                         arb_get_str(q + 2 * j + 1, 20, 0), arb_get_str(qe + 1, 20, 0));
        }
        tap_ok(good, "eps = 1/%ld, t = 1/4, 1/2, 1: (q, v) balls contain the closed form "
               "(y, ydot with exp(-mu t/eps))", (long) epsd[ie]);
    }
    arb_clear(eps); arb_clear(mu);
    fmpq_clear(zero);
    _arb_vec_clear(q0, 2); _arb_vec_clear(v0, 2); _arb_vec_clear(q, 6);
    _arb_vec_clear(v, 6); _arb_vec_clear(qe, 2); _arb_vec_clear(ve, 2);
    _arb_vec_clear(times, 3);
    nh_model_free(M);
}

/* kappa = 1/3: Z(t) = exp(K t) Z(0), Z = (x, y, vx, vy, sin t, cos t). */
static void
line_expm(void)
{
    nh_model_ptr M = load_case("affine_line.nh");
    arb_ptr q0 = _arb_vec_init(2), v0 = _arb_vec_init(2), q = _arb_vec_init(6),
        v = _arb_vec_init(6), times = _arb_vec_init(3), ex = _arb_vec_init(4);
    arb_mat_t K, E;
    arb_t eps, r, ka;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_error_t err;
    slong ie, j, i, epsd[2] = {10, 100}, P2 = 512;
    int rc, good;

    nh_error_init(err);
    arb_init(eps); arb_init(r); arb_init(ka);
    arb_mat_init(K, 6, 6); arb_mat_init(E, 6, 6);
    set_q(q0, Q0N, Q0D, 2);
    set_q(v0, V0N, V0D, 2);
    set_q(times, TN, TD, 3);
    arb_set_ui(ka, 1);
    arb_div_ui(ka, ka, 3, P2);
    nh_taylor_opts_init(o);
    for (ie = 0; ie < 2; ie++)
    {
        arb_set_ui(eps, 1);
        arb_div_ui(eps, eps, epsd[ie], PREC);
        rc = nh_flow_certified(q, v, M, NH_FLOW_FULL, eps, q0, v0, times, 3, o, st, PREC, err);
        good = (rc == NH_OK);
        arb_set_ui(r, 2 * epsd[ie]);                       /* r = mu/eps */
        for (j = 0; j < 3 && good; j++)
        {
            arb_mat_zero(K);
            arb_one(arb_mat_entry(K, 0, 2));
            arb_one(arb_mat_entry(K, 1, 3));
            arb_neg(arb_mat_entry(K, 2, 1), ka);             /* vx' = -kappa y */
            arb_neg(arb_mat_entry(K, 3, 0), ka);             /* vy' = -kappa x - r (vy - s) */
            arb_neg(arb_mat_entry(K, 3, 3), r);
            arb_set(arb_mat_entry(K, 3, 4), r);
            arb_one(arb_mat_entry(K, 4, 5));                 /* s' = c */
            arb_set_si(arb_mat_entry(K, 5, 4), -1);          /* c' = -s */
            arb_mat_scalar_mul_arb(K, K, times + j, P2);
            arb_mat_exp(E, K, P2);
            for (i = 0; i < 4; i++)
            {
                arb_mul(ex + i, arb_mat_entry(E, i, 0), q0 + 0, P2);
                arb_addmul(ex + i, arb_mat_entry(E, i, 1), q0 + 1, P2);
                arb_addmul(ex + i, arb_mat_entry(E, i, 2), v0 + 0, P2);
                arb_addmul(ex + i, arb_mat_entry(E, i, 3), v0 + 1, P2);
                arb_add(ex + i, ex + i, arb_mat_entry(E, i, 5), P2);   /* c(0) = 1 */
            }
            good = tu_balls_inside(q + 2 * j, ex, 2, 1e-8) && tu_balls_inside(v + 2 * j, ex + 2, 2, 1e-8);
            if (!good)
                tap_diag("t index %ld: ball y = %s, exp route y = %s", (long) j,
                         arb_get_str(q + 2 * j + 1, 20, 0), arb_get_str(ex + 1, 20, 0));
        }
        tap_ok(good, "affine_line kappa = 1/3, eps = 1/%ld: balls at t = 1/4, 1/2, 1 contain "
               "exp(K t) Z0 (%s)", (long) epsd[ie], rc == NH_OK ? "ok" : err->msg);
    }
    arb_clear(eps); arb_clear(r); arb_clear(ka);
    arb_mat_clear(K); arb_mat_clear(E);
    _arb_vec_clear(q0, 2); _arb_vec_clear(v0, 2); _arb_vec_clear(q, 6);
    _arb_vec_clear(v, 6); _arb_vec_clear(times, 3); _arb_vec_clear(ex, 4);
    nh_model_free(M);
}

/* ---- the rotating-plane ball by hand (cases/rotating_plane_ball_friction.nh) */

#define BK 0.1                      /* m k^2 = 2/5 a0^2, a0 = 1/2 */

static void
ball_field(double *dz, const double *z, double t, double eps)
{
    const double *q = z, *v = z + 5;
    double a = 0.5 * (1 + 0.2 * sin(t)), W = 1.5 + t / 3, mu[2] = {1, 1.5};
    double sp = sin(q[2]), cp = cos(q[2]), st = sin(q[4]), ct = cos(q[4]);
    double A[2][5] = {{1, 0, 0, a * cp * st, -a * sp}, {0, 1, 0, a * sp * st, a * cp}};
    double b[2] = {W * q[1], -W * q[0]}, f[5] = {0, 0, 0, 0, 0}, g[2], det, r2, r3;
    int i, l;

    f[2] = BK * st * v[4] * v[3];                      /* -(dG/dt v)_psi */
    f[3] = BK * st * v[4] * v[2];                      /* -(dG/dt v)_phi */
    f[4] = -BK * st * v[2] * v[3];                     /* 1/2 d_theta G(v, v) */
    for (l = 0; l < 2; l++)
    {
        g[l] = b[l];
        for (i = 0; i < 5; i++)
            g[l] += A[l][i] * v[i];
        g[l] *= mu[l] / eps;
    }
    for (i = 0; i < 5; i++)
        f[i] -= A[0][i] * g[0] + A[1][i] * g[1];
    for (i = 0; i < 5; i++)
        dz[i] = v[i];
    dz[5] = f[0];
    dz[6] = f[1];
    dz[9] = f[4] / BK;
    det = BK * (1 - ct * ct);                          /* [[1, ct], [ct, 1]] block */
    r2 = (f[2] - ct * f[3]) / det;
    r3 = (f[3] - ct * f[2]) / det;
    dz[7] = r2;
    dz[8] = r3;
}

static void
ball_rk4(double *z, double T, double h, double eps)
{
    double k1[10], k2[10], k3[10], k4[10], y[10], t = 0;
    slong s, ns = (slong) floor(T / h + 0.5);
    int i;

    for (s = 0; s < ns; s++, t = s * h)
    {
        ball_field(k1, z, t, eps);
        for (i = 0; i < 10; i++) y[i] = z[i] + 0.5 * h * k1[i];
        ball_field(k2, y, t + 0.5 * h, eps);
        for (i = 0; i < 10; i++) y[i] = z[i] + 0.5 * h * k2[i];
        ball_field(k3, y, t + 0.5 * h, eps);
        for (i = 0; i < 10; i++) y[i] = z[i] + h * k3[i];
        ball_field(k4, y, t + h, eps);
        for (i = 0; i < 10; i++)
            z[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
}

static void
ball(void)
{
    nh_model_ptr M = load_case("rotating_plane_ball_friction.nh");
    static const slong qn[5] = {3, -1, 2, 1, 11}, qd[5] = {10, 5, 5, 2, 10},
        vn[5] = {7, 1, 11, -2, 3}, vd[5] = {10, 5, 10, 5, 10};
    arb_ptr q0 = _arb_vec_init(5), v0 = _arb_vec_init(5), q = _arb_vec_init(5),
        v = _arb_vec_init(5), times = _arb_vec_init(1);
    arb_t eps;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_error_t err;
    double zc[10], zf[10], worst = 0, rad;
    slong i;
    int rc, good = 1;

    nh_error_init(err);
    arb_init(eps);
    set_q(q0, qn, qd, 5);
    set_q(v0, vn, vd, 5);
    arb_set_ui(times, 1);
    arb_div_ui(times, times, 4, PREC);
    arb_set_ui(eps, 1);
    arb_div_ui(eps, eps, 10, PREC);
    nh_taylor_opts_init(o);
    rc = nh_flow_certified(q, v, M, NH_FLOW_FULL, eps, q0, v0, times, 1, o, st, PREC, err);
    tap_ok(rc == NH_OK, "rotating-plane ball with friction, eps = 1/10, T = 1/4: certified full "
           "flow (%s)", rc == NH_OK ? "ok" : err->msg);
    for (i = 0; i < 5; i++)
    {
        zc[i] = zf[i] = (double) qn[i] / qd[i];
        zc[5 + i] = zf[5 + i] = (double) vn[i] / vd[i];
    }
    ball_rk4(zc, 0.25, 1e-4, 0.1);
    ball_rk4(zf, 0.25, 5e-5, 0.1);
    for (i = 0; i < 10 && rc == NH_OK; i++)
    {
        arb_srcptr x = (i < 5) ? q + i : v + i - 5;
        double d = fabs(arf_get_d(arb_midref(x), ARF_RND_NEAR) - zf[i]);
        rad = mag_get_d(arb_radref(x));
        worst = FLINT_MAX(worst, fabs(zf[i] - zc[i]));
        if (!(d <= rad + 2 * fabs(zf[i] - zc[i]) + 1e-12) || !(rad <= 1e-8))
        {
            good = 0;
            tap_diag("component %ld: ball %s, RK4 %.17g (coarse %.17g)", (long) i,
                     arb_get_str(x, 20, 0), zf[i], zc[i]);
        }
    }
    tap_ok(rc == NH_OK && good, "the balls agree with a hand-written field integrated by RK4 "
           "(estimate; step-doubling difference %.2g)", worst);
    arb_clear(eps);
    _arb_vec_clear(q0, 5); _arb_vec_clear(v0, 5); _arb_vec_clear(q, 5);
    _arb_vec_clear(v, 5); _arb_vec_clear(times, 1);
    nh_model_free(M);
}

static int
refuse(const char *text, const arb_t eps, int want, const char *needle, const char *what)
{
    nh_model_ptr M = NULL;
    arb_ptr q0 = _arb_vec_init(2), v0 = _arb_vec_init(2), q = _arb_vec_init(2),
        v = _arb_vec_init(2), times = _arb_vec_init(1);
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    nh_error_t err;
    int rc, ok;

    nh_error_init(err);
    if (nh_model_parse(&M, text, "bad.nh", err) != NH_OK)
        tap_bail("parse: %s", err->msg);
    arb_one(times);
    nh_taylor_opts_init(o);
    rc = nh_flow_certified(q, v, M, NH_FLOW_FULL, eps, q0, v0, times, 1, o, st, PREC, err);
    ok = (rc == want) && strstr(err->msg, needle) != NULL;
    tap_ok(ok, "%s (rc %d: %s)", what, rc, err->msg);
    nh_model_free(M);
    _arb_vec_clear(q0, 2); _arb_vec_clear(v0, 2); _arb_vec_clear(q, 2);
    _arb_vec_clear(v, 2); _arb_vec_clear(times, 1);
    return ok;
}

int
main(void)
{
    arb_t eps;

    tap_plan(11);
    line_kappa0();
    line_expm();
    ball();
    arb_init(eps);
    arb_set_ui(eps, 1);
    arb_div_ui(eps, eps, 10, PREC);
    refuse("model a\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dy - sin(t)*dt\n",
           eps, NH_ERR_MODEL, "no 'friction' block", "time-dependent model without friction block");
    refuse("model a\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dy - sin(t)*dt\n"
           "friction diagonal: t\n", eps, NH_ERR_MODEL, "t=0",
           "friction mu_bar = t vanishing at t0 = 0 named with its time");
    arb_zero(eps);
    refuse("model a\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dy - sin(t)*dt\n"
           "friction diagonal: 1\n", eps, NH_ERR_USAGE, "eps > 0", "eps = 0 refused");
    arb_clear(eps);
    flint_cleanup();
    return tap_done();
}
