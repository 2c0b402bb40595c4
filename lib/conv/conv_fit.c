/*
 * conv_fit.c -- observed order of convergence: least-squares slope of
 * log(error) vs log(eps) with a Student-t confidence interval (conv.h).
 * The quantile comes from Arb's certified regularized incomplete beta
 * function, inverted by bisection.
 */
#include <math.h>
#include "conv.h"
/* nh_arb.h (via conv.h) selects the Arb layout; it does not include the
   hypergeometric module, needed here for the incomplete beta function. */
#ifdef NHORACLE_ARB_IN_FLINT
#include <flint/arb_hypgeom.h>
#else
#include <arb_hypgeom.h>
#endif

/* Two-sided tail of Student's t with nu dof at t >= 0:
   P(|T| > t) = I_x(nu/2, 1/2), x = nu / (nu + t^2)
   (Abramowitz & Stegun 26.7.1 with 26.5.27).  Evaluated as a ball at
   prec bits; returns its midpoint. */
static double
t_tail(double t, slong nu, slong prec)
{
    arb_t a, b, x, r, tt;
    double res;
    arb_init(a);
    arb_init(b);
    arb_init(x);
    arb_init(r);
    arb_init(tt);
    arb_set_si(a, nu);
    arb_mul_2exp_si(a, a, -1);
    arb_one(b);
    arb_mul_2exp_si(b, b, -1);
    arb_set_d(tt, t);
    arb_sqr(tt, tt, prec);
    arb_add_si(tt, tt, nu, prec);
    arb_set_si(x, nu);
    arb_div(x, x, tt, prec);
    arb_hypgeom_beta_lower(r, a, b, x, 1, prec);
    res = arf_get_d(arb_midref(r), ARF_RND_NEAR);
    if (!arb_is_finite(r) || mag_cmp_2exp_si(arb_radref(r), -60) > 0)
        res = NAN;
    arb_clear(a);
    arb_clear(b);
    arb_clear(x);
    arb_clear(r);
    arb_clear(tt);
    return res;
}

int
nh_conv_t_quantile(double *t, double level, slong dof, nh_error_t err)
{
    double alpha = 1.0 - level, lo = 0.0, hi = 1.0, mid;
    slong prec = 128, it;

    if (!(level > 0.0 && level < 1.0) || dof < 1)
        return nh_error_set(err, NH_ERR_USAGE,
                            "t quantile: need 0 < level < 1 and dof >= 1 (level %g, dof %ld)",
                            level, (long) dof);
    /* the tail decreases from 1 (t = 0) to 0: bracket, then bisect */
    for (it = 0; it < 200 && !(t_tail(hi, dof, prec) < alpha); it++)
        hi *= 2.0;
    if (it == 200)
        return nh_error_set(err, NH_ERR_PRECISION, "t quantile: no bracket (level %g, dof %ld)",
                            level, (long) dof);
    for (it = 0; it < 200 && hi - lo > 1e-15 * hi; it++)
    {
        double p;
        mid = 0.5 * (lo + hi);
        p = t_tail(mid, dof, prec);
        if (p != p)
        {
            prec *= 2;
            if (prec > 4096)
                return nh_error_set(err, NH_ERR_PRECISION,
                                    "t quantile: incomplete beta not accurate (dof %ld)", (long) dof);
            continue;
        }
        if (p > alpha)
            lo = mid;
        else
            hi = mid;
    }
    *t = 0.5 * (lo + hi);
    return NH_OK;
}

int
nh_conv_fit(nh_conv_fit_t fit, const double *eps, const double *e, slong npts,
            double level, nh_error_t err)
{
    slong i;
    double mx = 0, my = 0, sxx = 0, sxy = 0, ssr = 0;

    fit->npts = npts;
    fit->level = level;
    fit->slope = fit->intercept = fit->se = fit->rms = NAN;
    fit->tq = NAN;
    fit->ci_lo = -INFINITY;
    fit->ci_hi = INFINITY;
    if (npts < 2)
        return nh_error_set(err, NH_ERR_USAGE, "slope fit: need at least 2 points, have %ld",
                            (long) npts);
    for (i = 0; i < npts; i++)
    {
        if (!(eps[i] > 0.0 && isfinite(eps[i])))
            return nh_error_set(err, NH_ERR_USAGE, "slope fit: eps[%ld] = %g is not positive",
                                (long) i, eps[i]);
        if (!(e[i] > 0.0 && isfinite(e[i])))
            return nh_error_set(err, NH_ERR_USAGE,
                                "slope fit: error %g at eps = %g is not positive and finite",
                                e[i], eps[i]);
        mx += log(eps[i]);
        my += log(e[i]);
    }
    mx /= npts;
    my /= npts;
    for (i = 0; i < npts; i++)
    {
        double dx = log(eps[i]) - mx, dy = log(e[i]) - my;
        sxx += dx * dx;
        sxy += dx * dy;
    }
    if (!(sxx > 0.0))
        return nh_error_set(err, NH_ERR_USAGE, "slope fit: all eps are equal (%g)", eps[0]);
    fit->slope = sxy / sxx;
    fit->intercept = my - fit->slope * mx;
    for (i = 0; i < npts; i++)
    {
        double r = log(e[i]) - fit->intercept - fit->slope * log(eps[i]);
        ssr += r * r;
    }
    fit->rms = sqrt(ssr / npts);
    if (npts == 2)
    {
        fit->se = 0.0;
        return NH_OK;
    }
    /* Var(slope) = sigma^2 / Sxx, sigma^2 estimated by SSR / (npts - 2) */
    fit->se = sqrt(ssr / (double) (npts - 2) / sxx);
    /* the quantile costs ~50 incomplete beta evaluations: remember the
       last one (a study fits many slopes with the same dof and level) */
    {
        static FLINT_TLS_PREFIX double last_level = -1, last_tq;
        static FLINT_TLS_PREFIX slong last_dof = -1;
        if (level == last_level && npts - 2 == last_dof)
            fit->tq = last_tq;
        else
        {
            if (nh_conv_t_quantile(&fit->tq, level, npts - 2, err) != NH_OK)
                return err->code;
            last_level = level;
            last_dof = npts - 2;
            last_tq = fit->tq;
        }
    }
    fit->ci_lo = fit->slope - fit->tq * fit->se;
    fit->ci_hi = fit->slope + fit->tq * fit->se;
    return NH_OK;
}

double
nh_conv_loglog_slope(const double *x, const double *y, slong n, slong *used)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    slong i, m = 0;
    for (i = 0; i < n; i++)
        if (y[i] > 0)
        {
            double lx = log(x[i]), ly = log(y[i]);
            sx += lx; sy += ly; sxx += lx * lx; sxy += lx * ly;
            m++;
        }
    *used = m;
    if (m < 2)
        return NAN;
    return (m * sxy - sx * sy) / (m * sxx - sx * sx);
}
