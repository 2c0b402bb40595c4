/*
 * t-flow_affine.c -- the estimate integrators carry the time (issue 19):
 * the full friction system and the reduced systems of a time-dependent,
 * affine model (lib/flow/flow_field_t.c, flow_full.c, flow_reduced.c)
 * against closed forms derived by hand (proofs/020 Sec 4 with kappa = 0).
 *
 * The model: q = (x, y), G = I, V = 0, constraint ydot = sin t (A = (0, 1),
 * b = -sin t), friction mu = 2.  With w = ydot - sin t:
 *   x = x0 + vx0 t,   eps w' + mu w = -eps cos t,
 *   w(t) = w_p(t) + (w0 - w_p(0)) exp(-mu t / eps),
 *   w_p(t) = -eps (mu cos t + eps sin t) / (mu^2 + eps^2),
 *   y(t) = y0 + 1 - cos t + int_0^t w_p + (w0 - w_p(0)) (eps/mu)(1 - exp(-mu t/eps)),
 *   int_0^t w_p = -eps (mu sin t + eps (1 - cos t)) / (mu^2 + eps^2).
 * The reduced system of order k (h^(j) = (-1)^j sin^(j)(t) / mu^j, proofs/020
 * Sec 4): ydot = sum_{j=0}^{k} (-eps/mu)^j S_j(t), S_j(t) = sin(t + j pi/2)
 * the j-th derivative of sin, so (int_0^t S_j = S_{j-1}(t) - S_{j-1}(0))
 *   y(t) = y0 + sum_{j=0}^{k} (-eps/mu)^j (S_{j-1}(t) - S_{j-1}(0)).
 * A wrong time in the field (e.g. t frozen at 0, or the stage times of a
 * step) changes these values at order 1.
 *
 * 1-2. full system (Radau, tol 1e-22, 128 bits) at t = 1/2 and 3/2 from a
 *      start off the constraint (w0 = 1/3): x, y, xdot, ydot to 1e-16;
 * 3.   the global error estimate is below 1e-14 and not optimistic by
 *      more than a factor 100;
 * 4-6. reduced systems k = 0, 1, 2 (GBS) at t = 3/2: q and the lifted
 *      v = u + v_p + sum eps^j h^(j) to 1e-16;
 * 7.   a constraint losing rank at t = 1 (A = (0, 1 - t), b = 0): the
 *      reduced run with an output at t = 1 reaches that time exactly and
 *      stops with NH_ERR_MODEL, the message naming t = 1 (the field is
 *      smooth through t = 1 here; the rank is certified at every other
 *      evaluation point, so only a time where it fails can be named).
 * 8.   the true slow manifold by shooting from t0 - tau to t0 = 1
 *      (nh_flow_slow_point_t, eps = 1/10): w = h_eps(q, t0, vD) against
 *      the exact periodic slow manifold (0, w_p(t0)) to its estimated
 *      error + 1e-18;
 * 9.   the series residual |w - sum_{j<=K} eps^j h^(j)(q, t0, vD)|
 *      (nh_series_time_t) at eps = 1/20 and 1/40 against the shooting:
 *      residual exponents K + 1 within 0.1 for K = 1, 2, 3.
 */
#include <math.h>
#include <string.h>
#include "flow.h"
#include "series.h"
#include "tap.h"

#define PREC 128

static const char *model_text =
    "model affine_line_k0\n"
    "coordinates x, y\n"
    "parameter mu = 2\n"
    "metric diagonal: 1, 1\n"
    "potential: 0\n"
    "constraint: dy - sin(t)*dt\n"
    "friction diagonal: mu\n";

static const char *rank_text =
    "model rank_loss\n"
    "coordinates x, y\n"
    "metric diagonal: 1, 1\n"
    "potential: 0\n"
    "constraint: (1 - t)*dy\n"
    "friction diagonal: 1\n";

/* S_j(t) = sin(t + j pi/2), the j-th derivative of sin */
static void
sinj(arb_t r, const arb_t t, slong j, slong prec)
{
    j = ((j % 4) + 4) % 4;
    if (j == 0) arb_sin(r, t, prec);
    else if (j == 1) arb_cos(r, t, prec);
    else if (j == 2) { arb_sin(r, t, prec); arb_neg(r, r); }
    else { arb_cos(r, t, prec); arb_neg(r, r); }
}

/* the full system's closed form: x, y, xdot, ydot at t (kappa = 0) */
static void
full_exact(arb_ptr q, arb_ptr v, const arb_t t, const arb_t eps, arb_srcptr q0, arb_srcptr v0)
{
    arb_t mu, d, wp0, wp, ip, e, c, s, w0, a;
    arb_init(mu); arb_init(d); arb_init(wp0); arb_init(wp); arb_init(ip); arb_init(e);
    arb_init(c); arb_init(s); arb_init(w0); arb_init(a);
    arb_set_si(mu, 2);
    arb_sqr(d, mu, PREC);
    arb_addmul(d, eps, eps, PREC);                     /* mu^2 + eps^2 */
    arb_sin_cos(s, c, t, PREC);
    arb_mul(wp0, eps, mu, PREC);
    arb_div(wp0, wp0, d, PREC);
    arb_neg(wp0, wp0);                                 /* w_p(0) = -eps mu / d */
    arb_mul(wp, mu, c, PREC);
    arb_addmul(wp, eps, s, PREC);
    arb_mul(wp, wp, eps, PREC);
    arb_div(wp, wp, d, PREC);
    arb_neg(wp, wp);                                   /* w_p(t) */
    arb_sub_si(a, c, 1, PREC);
    arb_neg(a, a);                                     /* 1 - cos t */
    arb_mul(ip, eps, a, PREC);
    arb_addmul(ip, mu, s, PREC);
    arb_mul(ip, ip, eps, PREC);
    arb_div(ip, ip, d, PREC);
    arb_neg(ip, ip);                                   /* int_0^t w_p */
    arb_mul(e, mu, t, PREC);
    arb_div(e, e, eps, PREC);
    arb_neg(e, e);
    arb_exp(e, e, PREC);                               /* exp(-mu t / eps) */
    arb_sub(w0, v0 + 1, wp0, PREC);                    /* w0 - w_p(0), w0 = ydot0 - sin 0 */
    /* x, xdot */
    arb_set(q + 0, q0 + 0);
    arb_addmul(q + 0, v0 + 0, t, PREC);
    arb_set(v + 0, v0 + 0);
    /* ydot = sin t + w_p + (w0 - w_p(0)) e */
    arb_add(v + 1, s, wp, PREC);
    arb_addmul(v + 1, w0, e, PREC);
    /* y = y0 + 1 - cos t + int w_p + (w0 - w_p(0)) (eps/mu) (1 - e) */
    arb_add(q + 1, q0 + 1, a, PREC);
    arb_add(q + 1, q + 1, ip, PREC);
    arb_sub_si(e, e, 1, PREC);
    arb_neg(e, e);
    arb_mul(e, e, eps, PREC);
    arb_div(e, e, mu, PREC);
    arb_addmul(q + 1, w0, e, PREC);
    arb_clear(mu); arb_clear(d); arb_clear(wp0); arb_clear(wp); arb_clear(ip); arb_clear(e);
    arb_clear(c); arb_clear(s); arb_clear(w0); arb_clear(a);
}

/* the order-k reduced system's closed form at t from (q0, u0 = (vx0, 0)) */
static void
reduced_exact(arb_ptr q, arb_ptr v, const arb_t t, const arb_t eps, slong k, arb_srcptr q0,
              arb_srcptr v0)
{
    arb_t r, p, a, b, zero;
    slong j;
    arb_init(r); arb_init(p); arb_init(a); arb_init(b); arb_init(zero);
    arb_div_si(r, eps, -2, PREC);                      /* -eps/mu */
    arb_one(p);
    arb_set(q + 0, q0 + 0);
    arb_addmul(q + 0, v0 + 0, t, PREC);
    arb_set(v + 0, v0 + 0);
    arb_set(q + 1, q0 + 1);
    arb_zero(v + 1);
    for (j = 0; j <= k; j++)
    {
        sinj(a, t, j, PREC);
        arb_addmul(v + 1, p, a, PREC);
        sinj(a, t, j - 1, PREC);
        sinj(b, zero, j - 1, PREC);
        arb_sub(a, a, b, PREC);
        arb_addmul(q + 1, p, a, PREC);
        arb_mul(p, p, r, PREC);
    }
    arb_clear(r); arb_clear(p); arb_clear(a); arb_clear(b); arb_clear(zero);
}

/* max_i of an upper bound of |a_i - b_i| (midpoint distance plus radii) */
static double
maxdiff(arb_srcptr a, arb_srcptr b, slong n)
{
    arb_ptr d = _arb_vec_init(n);
    mag_t m, best;
    double r;
    slong i;
    mag_init(m);
    mag_init(best);
    _arb_vec_sub(d, a, b, n, PREC);
    for (i = 0; i < n; i++)
    {
        arb_get_mag(m, d + i);
        mag_max(best, best, m);
    }
    r = mag_get_d(best);
    mag_clear(m);
    mag_clear(best);
    _arb_vec_clear(d, n);
    return r;
}

int
main(void)
{
    nh_model_ptr M = NULL, R = NULL;
    nh_error_t err;
    nh_ode_opts_t o;
    nh_ode_stats_t st;
    arb_ptr q0 = _arb_vec_init(2), v0 = _arb_vec_init(2), times = _arb_vec_init(2);
    arb_ptr qo = _arb_vec_init(4), vo = _arb_vec_init(4), gq = _arb_vec_init(4),
            gv = _arb_vec_init(4), qe = _arb_vec_init(2), ve = _arb_vec_init(2);
    arb_t eps;
    slong i, k;
    int rc;
    double d, dg = 0, ge;

    tap_plan(9);
    nh_ode_opts_init(o);              /* 128 bits, tolerance 1e-22 */
    o->prec = PREC;
    o->rtol = o->atol = 1e-22;
    nh_error_init(err);
    if (nh_model_parse(&M, model_text, "affine_line_k0", err) != NH_OK
        || nh_model_parse(&R, rank_text, "rank_loss", err) != NH_OK)
        tap_bail("model: %s", err->msg);
    arb_init(eps);
    arb_set_si(eps, 1);
    arb_div_si(eps, eps, 10, PREC);
    arb_set_d(q0 + 0, 0.5); arb_zero(q0 + 1);
    arb_one(v0 + 0); arb_set_si(v0 + 1, 1); arb_div_si(v0 + 1, v0 + 1, 3, PREC);
    arb_set_d(times + 0, 0.5); arb_set_d(times + 1, 1.5);
    rc = nh_flow_full(qo, vo, gq, gv, M, eps, q0, v0, times, 2, o, st, err);
    if (rc != NH_OK)
        tap_diag("full: %s", err->msg);
    for (i = 0; i < 2; i++)
    {
        full_exact(qe, ve, times + i, eps, q0, v0);
        d = FLINT_MAX(maxdiff(qo + 2 * i, qe, 2), maxdiff(vo + 2 * i, ve, 2));
        dg = FLINT_MAX(dg, d);
        tap_ok(rc == NH_OK && d < 1e-16, "full system at t = %g: |(q, v) - closed form| = %.3e "
               "(%ld steps)", i ? 1.5 : 0.5, d, (long) st->steps);
    }
    ge = FLINT_MAX(st->gerr_q, st->gerr_v);
    tap_ok(rc == NH_OK && ge < 1e-14 && dg < 100 * ge + 1e-30,
           "global error estimate %.3e, true error %.3e", ge, dg);

    /* reduced systems from (q0, u0), u0 = P(q0, 0) v0 = (1, 0) */
    arb_zero(v0 + 1);
    for (k = 0; k <= 2; k++)
    {
        rc = nh_flow_reduced(qo, vo, NULL, NULL, M, k, eps, q0, v0, times, 2, o, NULL, err);
        if (rc != NH_OK)
            tap_diag("reduced k = %ld: %s", (long) k, err->msg);
        reduced_exact(qe, ve, times + 1, eps, k, q0, v0);
        d = FLINT_MAX(maxdiff(qo + 2, qe, 2), maxdiff(vo + 2, ve, 2));
        tap_ok(rc == NH_OK && d < 1e-16, "reduced k = %ld at t = 1.5: |(q, v) - closed form| = "
               "%.3e", (long) k, d);
    }

    /* rank loss at t = 1 */
    arb_set_si(times + 1, 1);
    rc = nh_flow_reduced(qo, vo, NULL, NULL, R, 1, eps, q0, v0, times, 2, o, NULL, err);
    {
        const char *p = strstr(err->msg, "t=");
        double tt = p != NULL ? atof(p + 2) : -1;
        tap_ok(rc == NH_ERR_MODEL && fabs(tt - 1) < 0.05, "rank loss at t = 1: code %d, "
               "message names t = %g: %s", rc, tt, err->msg);
    }

    /* 8-9: the slow manifold at t0 = 1 */
    {
        nh_flow_slow_info_t info;
        arb_ptr w = _arb_vec_init(2), h = _arb_vec_init(6), S = _arb_vec_init(2);
        arb_t t0, mu, den, ex, e2;
        double res[2][4], sd;
        slong K, a;
        int ok = 1;
        arb_init(t0); arb_init(mu); arb_init(den); arb_init(ex); arb_init(e2);
        arb_one(t0);
        arb_set_si(mu, 2);
        o->rtol = o->atol = 1e-24;
        rc = nh_flow_slow_point_t(w, NULL, NULL, M, eps, q0, t0, v0, o, info, err);
        /* w_p(t0) = -eps (mu cos t0 + eps sin t0) / (mu^2 + eps^2) */
        arb_sqr(den, mu, PREC);
        arb_addmul(den, eps, eps, PREC);
        arb_cos(ex, t0, PREC);
        arb_mul(ex, ex, mu, PREC);
        arb_sin(e2, t0, PREC);
        arb_addmul(ex, e2, eps, PREC);
        arb_mul(ex, ex, eps, PREC);
        arb_div(ex, ex, den, PREC);
        arb_neg(ex, ex);
        arb_zero(S + 0);
        arb_set(S + 1, ex);
        sd = maxdiff(w, S, 2);
        tap_ok(rc == NH_OK && sd < info->gerr + 1e-18, "slow point at t0 = 1 by shooting: |w - "
               "exact| = %.3e, estimated error %.3e (tau = %.3g, %ld iterations)%s%s", sd,
               info->gerr, info->tau, (long) info->iters, rc ? ": " : "", rc ? err->msg : "");
        for (a = 0; a < 2 && rc == NH_OK; a++)
        {
            arb_set_si(e2, 1);
            arb_div_si(e2, e2, a ? 40 : 20, PREC);
            rc = nh_flow_slow_point_t(w, NULL, NULL, M, e2, q0, t0, v0, o, info, err);
            if (rc == NH_OK)
                rc = nh_series_time_t(h, NULL, NULL, M, q0, t0, v0, 3, PREC, err);
            for (K = 1; K <= 3 && rc == NH_OK; K++)
            {
                nh_flow_slow_residual(S, w, h, K, e2, 2, PREC);
                res[a][K] = _nh_ode_vec_max(S, 2);
            }
        }
        for (K = 1; K <= 3 && rc == NH_OK; K++)
        {
            double ex_K = log(res[0][K] / res[1][K]) / log(2.0);
            tap_diag("K = %ld: residuals %.3e (eps 1/20), %.3e (eps 1/40), exponent %.3f",
                     (long) K, res[0][K], res[1][K], ex_K);
            ok &= fabs(ex_K - (K + 1)) < 0.1;
        }
        tap_ok(rc == NH_OK && ok, "series residual exponents K + 1 against the shooting, "
               "K = 1, 2, 3%s%s", rc ? ": " : "", rc ? err->msg : "");
        arb_clear(t0); arb_clear(mu); arb_clear(den); arb_clear(ex); arb_clear(e2);
        _arb_vec_clear(w, 2); _arb_vec_clear(h, 6); _arb_vec_clear(S, 2);
    }

    arb_clear(eps);
    _arb_vec_clear(q0, 2); _arb_vec_clear(v0, 2); _arb_vec_clear(times, 2);
    _arb_vec_clear(qo, 4); _arb_vec_clear(vo, 4); _arb_vec_clear(gq, 4); _arb_vec_clear(gv, 4);
    _arb_vec_clear(qe, 2); _arb_vec_clear(ve, 2);
    nh_model_free(M);
    nh_model_free(R);
    flint_cleanup();
    return tap_done();
}
