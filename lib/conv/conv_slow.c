/*
 * conv_slow.c -- the slow-manifold study of `nhoracle slowmanifold`
 * (conv.h, doc/series.md): the series h_eps = sum_k eps^k h^(k) (paper
 * 000 eq (66), time route, certified) against the true slow manifold
 * D_eps found by shooting at each eps (nh_flow_slow_point), with the
 * residuals' scaling exponents and the eps-Taylor coefficients of the
 * true manifold by interpolation.  Everything derived from the shooting
 * is an ESTIMATE.
 */
#include <math.h>
#include "conv.h"

void
nh_conv_slow_init(nh_conv_slow_struct *S, slong n, slong neps, slong K)
{
    S->n = n;
    S->neps = neps;
    S->K = K;
    S->HK = FLINT_MAX(K + 1, neps);
    S->vD = _arb_vec_init(n);
    S->h = _arb_vec_init(S->HK * n);
    S->w = _arb_vec_init(neps * n);
    S->c = _arb_vec_init(neps * n);
    S->info = flint_calloc(neps, sizeof(nh_flow_slow_info_struct));
    S->resid = flint_calloc((K + 1) * neps, sizeof(double));
    S->slope = flint_calloc(K + 1, sizeof(double));
    S->used = flint_calloc(K + 1, sizeof(slong));
    S->hnorm = flint_calloc(neps, sizeof(double));
    S->diff = flint_calloc(neps, sizeof(double));
    S->digits = flint_calloc(neps, sizeof(double));
    S->digits_expected = flint_calloc(neps, sizeof(double));
    S->t0 = NULL;
    S->Kc = FLINT_MIN(K, NH_CONV_SLOW_RES_MAX_ORDER);
    S->cres = _arb_vec_init(neps * (S->Kc + 1) * n);
    S->cnorm = _arb_vec_init(neps * (S->Kc + 1));
    S->cslope = _arb_vec_init(neps * (S->Kc + 1));
    S->cslope_ok = flint_calloc(neps * (S->Kc + 1), sizeof(int));
    S->why[0] = '\0';
}

void
nh_conv_slow_clear(nh_conv_slow_struct *S)
{
    _arb_vec_clear(S->vD, S->n);
    _arb_vec_clear(S->h, S->HK * S->n);
    _arb_vec_clear(S->w, S->neps * S->n);
    _arb_vec_clear(S->c, S->neps * S->n);
    flint_free(S->info);
    flint_free(S->resid);
    flint_free(S->slope);
    flint_free(S->used);
    flint_free(S->hnorm);
    flint_free(S->diff);
    flint_free(S->digits);
    flint_free(S->digits_expected);
    {
        slong kc = FLINT_MIN(S->K, NH_CONV_SLOW_RES_MAX_ORDER) + 1;
        _arb_vec_clear(S->cres, S->neps * kc * S->n);
        _arb_vec_clear(S->cnorm, S->neps * kc);
        _arb_vec_clear(S->cslope, S->neps * kc);
        flint_free(S->cslope_ok);
    }
}

/* max_i |mid(a_i - b_i)| (an estimate) */
static double
vec_maxdiff(arb_srcptr a, arb_srcptr b, slong n, slong prec)
{
    slong i;
    double m = 0, d;
    arb_t t;
    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_sub(t, a + i, b + i, prec);
        d = fabs(arf_get_d(arb_midref(t), ARF_RND_UP));
        if (d > m)
            m = d;
    }
    arb_clear(t);
    return m;
}

/* (1) residuals r_K(eps_j) and their scaling exponents */
static void
slow_residuals(nh_conv_slow_struct *S, arb_srcptr epsb, slong prec)
{
    slong n = S->n, N = S->neps, j, k;
    arb_ptr R = _arb_vec_init(n);
    double *epsd = flint_malloc(sizeof(double) * N);
    for (j = 0; j < N; j++)
        epsd[j] = arf_get_d(arb_midref(epsb + j), ARF_RND_NEAR);
    for (k = 0; k <= S->K; k++)
    {
        double *r = S->resid + k * N;
        for (j = 0; j < N; j++)
        {
            double rr;
            nh_flow_slow_residual(R, S->w + j * n, S->h, k, epsb + j, n, prec);
            rr = _nh_ode_vec_max(R, n);
            /* below 100x the estimated error: not measured */
            r[j] = (rr > 100 * S->info[j].gerr) ? rr : -1.0;
        }
        S->slope[k] = nh_conv_loglog_slope(epsd, r, N, S->used + k);
    }
    flint_free(epsd);
    _arb_vec_clear(R, n);
}

/* (2) eps-Taylor coefficients of w through all points (c) and through
   the N - 1 smallest eps (for the digits expected) */
static int
slow_coefficients(nh_conv_slow_struct *S, arb_srcptr epsb, slong prec)
{
    slong n = S->n, N = S->neps, k;
    arb_ptr c2 = _arb_vec_init(N * n);
    int ok = nh_flow_slow_taylor(S->c, epsb, S->w, N, n, prec)
             && nh_flow_slow_taylor(c2, epsb + 1, S->w + n, N - 1, n, prec);
    for (k = 1; ok && k <= N - 1; k++)
    {
        double hn = _nh_ode_vec_max(S->h + (k - 1) * n, n);
        double dk = vec_maxdiff(S->c + (k - 1) * n, S->h + (k - 1) * n, n, prec);
        double uk = vec_maxdiff(S->c + (k - 1) * n, c2 + (k - 1) * n, n, prec);
        S->hnorm[k - 1] = hn;
        S->diff[k - 1] = dk;
        S->digits[k - 1] = (hn > 0 && dk > 0) ? -log10(dk / hn) : (dk == 0 ? INFINITY : NAN);
        S->digits_expected[k - 1] = (hn > 0 && uk > 0) ? -log10(uk / hn) : (uk == 0 ? INFINITY : NAN);
    }
    _arb_vec_clear(c2, N * n);
    return ok;
}

int
nh_conv_slow_series(nh_conv_slow_struct *S, const nh_model_struct *M, arb_srcptr q,
                    arb_srcptr v, slong prec, nh_error_t err)
{
    int rc;
    if (!nh_model_is_linear_autonomous(M))
    {
        arb_t z;
        arb_init(z);            /* t0 = NULL: model time 0 */
        rc = nh_project_D_t(S->vD, NULL, M, q, S->t0 != NULL ? S->t0 : z, v, prec, err);
        if (rc == NH_OK)
            rc = nh_series_time_t(S->h, NULL, NULL, M, q, S->t0 != NULL ? S->t0 : z, S->vD,
                                  S->HK, prec, err);
        arb_clear(z);
        return rc;
    }
    rc = nh_project_D(S->vD, M, q, v, prec, err);
    if (rc == NH_OK)
        rc = nh_series_time(S->h, NULL, M, q, S->vD, S->HK, prec, err);
    return rc;
}

int
nh_conv_slow_study(nh_conv_slow_struct *S, const nh_model_struct *M, arb_srcptr q,
                   const fmpq *eps, const nh_ode_opts_struct *oo,
                   nh_conv_slow_progress_t progress, void *pdata, slong prec, nh_error_t err)
{
    slong n = S->n, N = S->neps, j;
    arb_ptr epsb = _arb_vec_init(N), tz = _arb_vec_init(1);   /* tz: model time 0 */
    int rc = NH_OK;

    for (j = 0; rc == NH_OK && j < N; j++)
    {
        arb_set_fmpq(epsb + j, eps + j, prec);
        if (progress != NULL)
            progress(pdata, j, NULL);
        rc = nh_flow_slow_point_t(S->w + j * n, NULL, NULL, M, epsb + j, q,
                                  S->t0 != NULL ? S->t0 : tz, S->vD, oo, S->info + j, err);
        if (rc != NH_OK)
        {
            char *es = fmpq_get_str(NULL, 10, eps + j);
            nh_error_prefix(err, "slowmanifold at eps = %s: ", es);
            flint_free(es);
        }
        else if (progress != NULL)
            progress(pdata, j, S->info + j);
    }
    if (rc == NH_OK)
    {
        slow_residuals(S, epsb, prec);
        if (!slow_coefficients(S, epsb, prec))
            rc = nh_error_set(err, NH_ERR_PRECISION, "slowmanifold: the eps-Vandermonde system is singular");
    }
    _arb_vec_clear(epsb, N);
    _arb_vec_clear(tz, 1);
    return rc;
}
