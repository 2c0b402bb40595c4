/*
 * taylor_integrate.c -- the certified integration loop (taylor.h): steps
 * of size chosen by _nh_taylor_log2_step, halved when no a-priori
 * enclosure is found, landing on the output times; the width is checked
 * after every step against opts->max_width.
 */
#include "impl.h"
#include <math.h>

static int
fail(nh_error_t err, int code, const char *why, const arb_t t, double width, double scale)
{
    char *ts = arb_get_str(t, 15, ARB_STR_NO_RADIUS);

    if (err != NULL && err->code != NH_OK && code != NH_ERR_PRECISION
        && code != NH_ERR_RESOURCE)
    {
        nh_error_prefix(err, "certified integration stopped at t = %s%s%s (enclosure "
                        "width %.3g, relative %.3g): ", ts, why[0] ? ": " : "", why,
                        width, width / scale);
        err->code = code;
    }
    else
        nh_error_set(err, code, "certified integration stopped at t = %s: %s "
                     "(enclosure width %.3g, relative %.3g)", ts, why, width,
                     width / scale);
    flint_free(ts);
    return code;
}

/* The step size for the next step, as an exact arf (about 26 bits). */
static void
choose_step(arf_t h, nh_taylor_ws_t w, const nh_taylor_opts_t opts, double scale)
{
    double log2tol, l2;

    log2tol = (opts->tol > 0.0) ? log2(opts->tol)
              : (opts->stiff ? 8.0 : 0.0) - (double) w->prec;
    log2tol += log2(scale);
    w->log2tol = log2tol;
    l2 = _nh_taylor_log2_step(w, log2tol) + log2(0.9);
    if (l2 > 1000.0)
        l2 = 1000.0;
    arf_set_d(h, exp2(l2 - floor(l2)));
    arf_mul_2exp_si(h, h, (slong) floor(l2));
    arf_set_round(h, h, 26, ARF_RND_DOWN);
}

static int
check_times(const arb_t t0, arb_srcptr times, slong nt, nh_error_t err)
{
    slong j;

    for (j = 0; j < nt; j++)
        if (!arb_is_finite(times + j) || arb_lt(times + j, j ? times + j - 1 : t0)
            || arf_cmp(arb_midref(times + j), arb_midref(j ? times + j - 1 : t0)) < 0)
            return nh_error_set(err, NH_ERR_USAGE, "output time %ld is before the "
                                "previous time (times must be nondecreasing, >= t0)",
                                (long) j);
    return NH_OK;
}

int
nh_taylor_integrate(arb_ptr x_out, nh_taylor_rhs_fn rhs, void *data, slong N,
                    arb_srcptr x0, const arb_t t0, arb_srcptr times, slong nt,
                    const nh_taylor_opts_t opts, nh_taylor_stats_t st,
                    slong prec, nh_error_t err)
{
    nh_taylor_ws_t w;
    arb_t t, dt, h;
    arf_t hc, hlast;
    slong j, i, steps = 0, halv = 0;
    double width = 0.0, scale = 1.0, hd, hmin = 1e300, hmax = 0.0, span;
    int rc = NH_OK, e, last;

    if ((rc = check_times(t0, times, nt, err)) != NH_OK)
        return rc;
    /* the right-hand side at prec, but for one Picard pass of the series
       at x_hat at lprec; the Taylor sum, Lohner's update and the hull at
       lprec = prec + guard bits (doc/flow.md, Method 6) */
    _nh_taylor_ws_init(w, N, nh_taylor_order(opts, prec), rhs, data, prec);
    w->lprec = prec + NH_TAYLOR_GUARD_BITS;
    w->pvar_adapt = !opts->stiff;
    arb_init(t); arb_init(dt); arb_init(h); arf_init(hc); arf_init(hlast);
    for (i = 0; i < N; i++)
    {
        arb_get_mid_arb(w->xh + i, x0 + i);
        arb_sub(w->r + i, x0 + i, w->xh + i, w->lprec);
    }
    arb_set(t, t0);
    /* variational jets at the initial set, for the first step size */
    _nh_taylor_hull(w);
    if ((rc = _nh_taylor_hull_series(w, t, err)) != NH_OK
        || (rc = _nh_taylor_jacobian(w, t, t, err)) != NH_OK)
        rc = fail(err, rc, "", t, 0.0, 1.0);
    span = nt ? fabs(arf_get_d(arb_midref(times + nt - 1), ARF_RND_NEAR)
                     - arf_get_d(arb_midref(t0), ARF_RND_NEAR)) : 0.0;
    for (j = 0; j < nt && rc == NH_OK; j++)
    {
        arb_sub(dt, times + j, t, prec);
        last = arb_is_zero(dt) || arb_equal(times + j, t);
        while (!last && rc == NH_OK)
        {
            if (steps >= opts->max_steps)
            {
                rc = fail(err, NH_ERR_RESOURCE, "too many steps (max_steps)", t, width, scale);
                break;
            }
            /* the series at x_hat: from the last step's, verified, else in
               full (doc/flow.md, Method 7) */
            e = _nh_taylor_point_series_next(w, t, NH_TAYLOR_NEXT_PASSES, err);
            if (e < 0)
            {
                rc = fail(err, -e, "", t, width, scale);
                break;
            }
            if (e == 0 && (rc = _nh_taylor_point_series_sharp(w, w->xh, t, err)) != NH_OK)
            {
                rc = fail(err, rc, "", t, width, scale);
                break;
            }
            _arb_vec_set(w->uxh, w->ux, N * w->U->len);
            choose_step(hc, w, opts, scale);
            /* at most twice the last accepted step (the remainder check,
               not the point coefficients, may limit it) */
            if (steps > 0 && arf_cmp(hc, hlast) > 0)
                arf_set(hc, hlast);
            if (arf_get_d(hc, ARF_RND_UP) < 1e-12 * FLINT_MAX(1.0, span)
                && arf_cmp(hc, arb_midref(dt)) < 0)
            {
                rc = fail(err, NH_ERR_PRECISION, "the step size fell below 1e-12 (a "
                          "singularity or blow-up ahead)", t, width, scale);
                break;
            }
            for (;;)
            {
                last = arf_cmp(hc, arb_midref(dt)) >= 0;
                if (last)
                    arb_set(h, dt);
                else
                    arb_set_arf(h, hc);
                if (err != NULL)
                    err->code = NH_OK;
                e = _nh_taylor_step(w, t, h, err);
                if (e != 0)
                    break;
                halv++;
                arf_set(hc, arb_midref(h));
                if (w->log2h_sug != 0.0 && w->log2h_sug < log2(arf_get_d(hc, ARF_RND_NEAR)) - 1.0)
                {
                    arf_set_d(hc, exp2(w->log2h_sug - floor(w->log2h_sug)));
                    arf_mul_2exp_si(hc, hc, (slong) floor(w->log2h_sug));
                    arf_set_round(hc, hc, 26, ARF_RND_DOWN);
                }
                else
                    arf_mul_2exp_si(hc, hc, -1);
                hd = arf_get_d(hc, ARF_RND_UP);
                if (hd < 1e-15 * FLINT_MAX(1.0, span))
                {
                    e = -((err != NULL && err->code == NH_ERR_DOMAIN) ? NH_ERR_DOMAIN
                                                                      : NH_ERR_PRECISION);
                    break;
                }
            }
            if (e < 0)
            {
                rc = fail(err, -e, "no a-priori enclosure even with steps below 1e-15 "
                          "(a singularity or blow-up ahead, or the set is too wide)",
                          t, width, scale);
                break;
            }
            hd = arf_get_d(arb_midref(h), ARF_RND_NEAR);
            if (!last || arf_cmp(arb_midref(h), hlast) > 0 || steps == 0)
            {
                /* next step: the one whose remainder meets the tolerance,
                   at most twice this one */
                arf_mul_2exp_si(hlast, arb_midref(h), 1);
                if (w->log2h_sug != 0.0 && w->log2h_sug < log2(hd) + 1.0)
                {
                    arf_set_d(hlast, exp2(w->log2h_sug - floor(w->log2h_sug)));
                    arf_mul_2exp_si(hlast, hlast, (slong) floor(w->log2h_sug));
                    arf_set_round(hlast, hlast, 26, ARF_RND_DOWN);
                }
            }
            _arb_vec_set(w->uprev, w->uxh, N * w->U->len);
            arb_set(w->hprev, h);
            w->uprev_ok = !opts->stiff;
            hmin = FLINT_MIN(hmin, hd);
            hmax = FLINT_MAX(hmax, hd);
            steps++;
            if (last)
                arb_set(t, times + j);
            else
                arb_add(t, t, h, prec);
            arb_sub(dt, times + j, t, prec);
            _nh_taylor_hull(w);
            _nh_taylor_width(&width, &scale, w->X, N);
            if (!(width <= opts->max_width * scale))
                rc = fail(err, NH_ERR_PRECISION, "the enclosure is wider than max-width",
                          t, width, scale);
        }
        if (rc == NH_OK)
        {
            _nh_taylor_hull(w);
            _nh_taylor_width(&width, &scale, w->X, N);
            _arb_vec_set(x_out + j * N, w->X, N);
        }
    }
    if (st != NULL)
    {
        st->steps = steps;
        st->halvings = halv;
        st->width = width;
        st->hmin = steps ? hmin : 0.0;
        st->hmax = hmax;
        st->hull_verified = w->guess_ok;
        st->hull_full = w->guess_full;
        st->remainder_ok = w->rem_ok;
        st->remainder_failed = w->rem_failed;
        st->slow_steps = 0;
        st->slow_from = st->slow_to = -1.0;
    }
    arb_clear(t); arb_clear(dt); arb_clear(h); arf_clear(hc); arf_clear(hlast);
    _nh_taylor_ws_clear(w);
    return rc;
}
