/*
 * t-conv_fit.c -- the slope fitter and the Student t quantile (conv.h).
 *
 * Independent references:
 *  - t quantile, dof = 1 (Cauchy): P(|T| <= t) = (2/pi) atan t, so
 *    t = tan(pi level / 2).
 *  - dof = 2: P(|T| <= t) = t / sqrt(2 + t^2), so
 *    t = sqrt(2 level^2 / (1 - level^2)).
 *  - dof -> infinity: the normal quantile, z_{0.975} = 1.959963984540054
 *    (bisection of erfc here: P(|Z| > z) = erfc(z / sqrt 2); for dof =
 *    10^7 the t quantile differs from z by about z (1 + z^2) / (4 dof)
 *    < 1e-6).
 *  - exact power laws err = C eps^p: slope p, intercept log C, se ~ 0.
 *  - noisy data log err = a + p log eps + sigma N(0,1) (Box-Muller from a
 *    fixed-seed generator): over many trials the 95% interval must cover
 *    the true p in a fraction of trials compatible with 0.95 (binomial
 *    standard deviation sqrt(0.95*0.05/N)); the mean slope is unbiased.
 */
#include <math.h>
#include <string.h>
#include "conv.h"
#include "tap.h"

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

static double
urand(void)
{
    /* xorshift64*, fixed seed */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return ((rng_state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

static double
gauss(void)
{
    double u = urand(), v = urand();
    if (u < 1e-300)
        u = 1e-300;
    return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
}

static double
normal_quantile_two_sided(double level)
{
    double lo = 0, hi = 10;
    int i;
    for (i = 0; i < 200; i++)
    {
        double m = 0.5 * (lo + hi);
        if (erfc(m / sqrt(2.0)) > 1.0 - level)
            lo = m;
        else
            hi = m;
    }
    return 0.5 * (lo + hi);
}

int
main(void)
{
    nh_error_t err;
    nh_conv_fit_t fit;
    double t, ref, levels[3] = {0.5, 0.95, 0.99};
    int i, rc;

    tap_plan(24);
    nh_error_init(err);

    for (i = 0; i < 3; i++)
    {
        rc = nh_conv_t_quantile(&t, levels[i], 1, err);
        ref = tan(M_PI * levels[i] / 2);
        tap_ok(rc == NH_OK && fabs(t - ref) <= 1e-12 * ref,
               "t quantile dof 1 level %g: %.15g vs tan(pi level/2) = %.15g", levels[i], t, ref);
    }
    for (i = 0; i < 3; i++)
    {
        rc = nh_conv_t_quantile(&t, levels[i], 2, err);
        ref = sqrt(2 * levels[i] * levels[i] / (1 - levels[i] * levels[i]));
        tap_ok(rc == NH_OK && fabs(t - ref) <= 1e-12 * ref,
               "t quantile dof 2 level %g: %.15g vs closed form %.15g", levels[i], t, ref);
    }
    rc = nh_conv_t_quantile(&t, 0.95, 10000000, err);
    ref = normal_quantile_two_sided(0.95);
    tap_ok(rc == NH_OK && fabs(t - ref) < 2e-6 && fabs(ref - 1.959963984540054) < 1e-12,
           "t quantile dof 1e7 -> normal: %.12g vs %.12g", t, ref);
    tap_ok(nh_conv_t_quantile(&t, 1.5, 3, err) == NH_ERR_USAGE
           && nh_conv_t_quantile(&t, 0.95, 0, err) == NH_ERR_USAGE,
           "t quantile rejects level 1.5 and dof 0");

    /* exact power laws */
    {
        double eps[6], e[6], p[3] = {1.0, 2.0, 3.5};
        int j, good = 1;
        for (j = 0; j < 3; j++)
        {
            for (i = 0; i < 6; i++)
            {
                eps[i] = pow(10.0, -2.0 - 0.4 * i);
                e[i] = 3.0 * pow(eps[i], p[j]);
            }
            rc = nh_conv_fit(fit, eps, e, 6, 0.95, err);
            good = good && rc == NH_OK && fabs(fit->slope - p[j]) < 1e-12
                && fabs(fit->intercept - log(3.0)) < 1e-9 && fit->se < 1e-12
                && fit->ci_lo <= fit->slope && fit->ci_hi >= fit->slope
                && fit->ci_hi - fit->ci_lo < 1e-10;
            tap_diag("p = %g: slope %.15g, se %.3g, CI [%.15g, %.15g]", p[j], fit->slope, fit->se,
                     fit->ci_lo, fit->ci_hi);
        }
        tap_ok(good, "exact power laws p = 1, 2, 3.5: slope, intercept exact, CI width ~ 0");
    }

    /* two points: slope, no interval */
    {
        double eps[2] = {1e-2, 1e-3}, e[2] = {1e-4, 1e-6};
        rc = nh_conv_fit(fit, eps, e, 2, 0.95, err);
        tap_ok(rc == NH_OK && fabs(fit->slope - 2) < 1e-12 && isinf(fit->ci_lo) && isinf(fit->ci_hi),
               "two points: slope 2, infinite interval");
    }

    /* bad input */
    {
        double eps[3] = {1e-2, 1e-3, 1e-4}, e[3] = {1e-4, 0.0, 1e-8};
        rc = nh_conv_fit(fit, eps, e, 3, 0.95, err);
        tap_ok(rc == NH_ERR_USAGE, "zero error rejected: %s", err->msg);
        e[1] = 1e-6;
        eps[1] = eps[2] = eps[0];
        rc = nh_conv_fit(fit, eps, e, 3, 0.95, err);
        tap_ok(rc == NH_ERR_USAGE, "equal eps rejected: %s", err->msg);
        rc = nh_conv_fit(fit, eps, e, 1, 0.95, err);
        tap_ok(rc == NH_ERR_USAGE, "one point rejected");
    }

    /* noisy data with a known noise model: coverage and bias */
    {
        const int N = 4000, m = 6;
        const double p = 2.0, a = 0.7, sigma = 0.05;
        double eps[6], e[6], mean = 0, sd_emp = 0, sd_theory, sxx = 0, mx = 0;
        int trial, cover = 0, ok = 1;
        for (i = 0; i < m; i++)
        {
            eps[i] = pow(10.0, -2.0 - 0.4 * i);
            mx += log(eps[i]) / m;
        }
        for (i = 0; i < m; i++)
            sxx += (log(eps[i]) - mx) * (log(eps[i]) - mx);
        sd_theory = sigma / sqrt(sxx);
        for (trial = 0; trial < N; trial++)
        {
            for (i = 0; i < m; i++)
                e[i] = exp(a + p * log(eps[i]) + sigma * gauss());
            if (nh_conv_fit(fit, eps, e, m, 0.95, err) != NH_OK)
                ok = 0;
            cover += (fit->ci_lo <= p && p <= fit->ci_hi);
            mean += fit->slope / N;
            sd_emp += (fit->slope - p) * (fit->slope - p) / N;
        }
        sd_emp = sqrt(sd_emp);
        tap_diag("noisy fits: coverage %d/%d, mean slope %.6f, sd %.5f (theory %.5f)",
                 cover, N, mean, sd_emp, sd_theory);
        /* binomial sd of the coverage fraction: sqrt(.95*.05/4000) = 0.0034; allow 4 sd */
        tap_ok(ok && fabs((double) cover / N - 0.95) < 4 * 0.0034,
               "95%% interval covers the true slope in %d/%d trials", cover, N);
        /* mean of N slopes: sd sd_theory/sqrt(N); allow 5 sd */
        tap_ok(fabs(mean - p) < 5 * sd_theory / sqrt((double) N), "mean slope %.6f unbiased", mean);
        tap_ok(fabs(sd_emp / sd_theory - 1) < 0.1, "slope sd %.5f matches sigma/sqrt(Sxx) = %.5f",
               sd_emp, sd_theory);
    }

    /* CI also covers in a deterministic perturbed case and widens with noise */
    {
        double eps[4] = {1e-2, 1e-3, 1e-4, 1e-5}, e[4];
        double w1, w2;
        for (i = 0; i < 4; i++)
            e[i] = pow(eps[i], 3) * (1 + 0.01 * (i % 2 ? 1 : -1));
        nh_conv_fit(fit, eps, e, 4, 0.95, err);
        w1 = fit->ci_hi - fit->ci_lo;
        tap_ok(fit->ci_lo < 3 && 3 < fit->ci_hi, "alternating 1%% perturbation of eps^3: CI [%g, %g] covers 3",
               fit->ci_lo, fit->ci_hi);
        for (i = 0; i < 4; i++)
            e[i] = pow(eps[i], 3) * (1 + 0.1 * (i % 2 ? 1 : -1));
        nh_conv_fit(fit, eps, e, 4, 0.95, err);
        w2 = fit->ci_hi - fit->ci_lo;
        tap_ok(w2 > 5 * w1, "10%% perturbation gives a wider interval (%g > 5 * %g)", w2, w1);
    }

    /* nh_conv_loglog_slope: y = 3 x^(5/2) exactly has slope 5/2; a zero
       y is skipped (counted out), one usable point gives NAN */
    {
        double x[5] = {0.1, 0.02, 0.004, 0.0008, 0.5}, y[5];
        slong used, i;
        for (i = 0; i < 4; i++)
            y[i] = 3 * pow(x[i], 2.5);
        y[4] = 0;
        tap_ok(fabs(nh_conv_loglog_slope(x, y, 5, &used) - 2.5) < 1e-12 && used == 4,
               "loglog slope of 3 x^(5/2) is 5/2, the zero residual skipped (used %ld)", (long) used);
        tap_ok(isnan(nh_conv_loglog_slope(x + 3, y + 3, 2, &used)) && used == 1,
               "loglog slope of one usable point: NAN");
    }

    /* nh_conv_local_order / nh_conv_orders_ok on a hand-made study of 3 eps
       (unordered: 1e-2, 1e-4, 1e-3), kmax = 0, errors 7 eps^2 for q(T) and
       eps^1 for the others: the local order from the two smallest eps is
       log(7e-8 / 7e-6) / log(1e-4 / 1e-3) = 2 exactly in real arithmetic */
    {
        nh_conv_result_t r;
        double epsv[3] = {1e-2, 1e-4, 1e-3}, errv[3 * NH_CONV_NQ];
        nh_conv_fit_struct fits[NH_CONV_NQ];
        double pred[NH_CONV_NQ] = {2, 1, 1, 1, 1};
        slong i;
        int w;
        memset(r, 0, sizeof r);
        memset(fits, 0, sizeof fits);
        r->neps = 3;
        r->kmax = 0;
        r->eps = epsv;
        r->err = errv;
        r->fit = fits;
        r->predicted = pred;
        for (i = 0; i < 3; i++)
            for (w = 0; w < NH_CONV_NQ; w++)
                errv[i * NH_CONV_NQ + w] = w == 0 ? 7 * epsv[i] * epsv[i] : epsv[i];
        tap_ok(fabs(nh_conv_local_order(r, 0, NH_CONV_Q_T) - 2) < 1e-12
               && fabs(nh_conv_local_order(r, 0, NH_CONV_V_T) - 1) < 1e-12,
               "local order from the two smallest eps: 2 for 7 eps^2, 1 for eps");
        for (w = 0; w < NH_CONV_NQ; w++)
            fits[w].slope = pred[w] + 0.1;
        fits[NH_CONV_DEFECT].slope = 5;         /* the defect does not vote */
        tap_ok(nh_conv_orders_ok(r, 0, 0.25) && !nh_conv_orders_ok(r, 0, 0.05),
               "orders_ok: slopes 0.1 off pass at tol 0.25, fail at 0.05; the defect is not used");
        fits[NH_CONV_V_MAX].slope = NAN;
        tap_ok(!nh_conv_orders_ok(r, 0, 0.25), "orders_ok: a NAN slope never passes");
        r->neps = 1;
        tap_ok(isnan(nh_conv_local_order(r, 0, NH_CONV_Q_T)), "local order of one eps: NAN");
    }

    flint_cleanup();
    return tap_done();
}
