/*
 * taylor_step.c -- one step of the certified Taylor integrator
 * (taylor.h): the remainder check (taylor_remainder.c), the Taylor
 * polynomial at x_hat with that remainder, the Jacobian over the set,
 * Lohner's QR update; and the step size from the last two Taylor
 * coefficients (Jorba & Zou 2005).
 */
#include "impl.h"
#include <math.h>

/* log2 of |Phi_k| h^k (max row sum of the midpoints: the radius of the
   hull series' guess, taylor_series.c, is no size of the coefficient;
   -1e300 for 0). */
static double
phi_log2(nh_taylor_ws_t w, slong k, double log2h)
{
    slong i, j;
    mag_t r, a, mk;
    double e;

    mag_init(r); mag_init(a); mag_init(mk);
    for (i = 0; i < w->N; i++)
    {
        mag_zero(r);
        for (j = 0; j < w->N; j++)
        {
            arf_get_mag(a, arb_midref(arb_mat_entry(w->Phi + k, i, j)));
            mag_add(r, r, a);
        }
        mag_max(mk, mk, r);
    }
    e = mag_is_zero(mk) ? -1e300 : mag_get_d_log2_approx(mk) + k * log2h;
    mag_clear(r); mag_clear(a); mag_clear(mk);
    return e;
}

/* log2 of the step size making |c_k| h^k <= tol for k = p, p + 1 at
   the point x_hat (coefficients in w->ux); +inf (1e300) if they vanish. */
double
_nh_taylor_log2_step(nh_taylor_ws_t w, double log2tol)
{
    slong i, k, len = w->U->len;
    double best = 1e300, l;
    mag_t m, mk;

    mag_init(m);
    mag_init(mk);
    for (k = w->p; k <= w->p + 1; k++)
    {
        mag_zero(mk);
        for (i = 0; i < w->N; i++)
        {
            arb_get_mag(m, w->ux + i * len + k);
            mag_max(mk, mk, m);
        }
        if (mag_is_zero(mk))
            continue;
        l = (log2tol - mag_get_d_log2_approx(mk)) / k;
        if (l < best)
            best = l;
    }
    /* stability: the variational coefficient of order p from the last
       Jacobian (w->vx), |Phi_p| h^p <= 2^(8 - prec) in the max-row-sum
       norm, so that the Taylor map's Jacobian is accurate (for a stiff
       linear part |h lambda| ~ 0.1 at 128 bits) and the set contracts */
    if (w->have_var && w->phi_ord == w->p)
    {
        double e = phi_log2(w, w->p, 0.0);
        if (e > -1e299)
        {
            l = (8.0 - (double) w->prec - e) / w->p;
            if (l < best)
                best = l;
        }
    }
    mag_clear(m);
    mag_clear(mk);
    return best;
}

static double
arf_log2(const arf_t x)
{
    mag_t m;
    double l;
    mag_init(m);
    arf_get_mag(m, x);
    l = mag_get_d_log2_approx(m);
    mag_clear(m);
    return l;
}

/* The smallest m such that the ball sum_{m<k<=p} (c_k(X) - c_k(x_hat)) h^k
   (its magnitude, largest component) stays below 2^(log2tol - 8): the
   hull series' radii (not the sensitivity Phi_k) can dominate it. */
static slong
tail_order(nh_taylor_ws_t w, const arb_t h)
{
    slong i, k, len = w->U->len;
    arb_t d, hk;
    mag_t m, s, lim;

    arb_init(d); arb_init(hk); mag_init(m); mag_init(s); mag_init(lim);
    mag_set_ui_2exp_si(lim, 1, (slong) floor(w->log2tol - 8.0));
    for (k = w->p; k > 2; k--)
    {
        mag_t mk;
        mag_init(mk);
        arb_pow_ui(hk, h, k, w->prec);
        for (i = 0; i < w->N; i++)
        {
            arb_sub(d, w->uX + i * len + k, w->uxh + i * len + k, w->prec);
            arb_mul(d, d, hk, w->prec);
            arb_get_mag(m, d);
            mag_max(mk, mk, m);
        }
        mag_add(s, s, mk);
        mag_clear(mk);
        if (mag_cmp(s, lim) > 0)
            break;
    }
    arb_clear(d); arb_clear(hk); mag_clear(m); mag_clear(s); mag_clear(lim);
    return k;
}

/* The order m of the next step's variational coefficients: the ball of
   the Taylor map's degrees above m is added to the set unrotated (Lohner's
   QR does not see it), so m is the smallest order from which on
   |Phi_k| h^k <= 2^-40 (this step's h and Phi) and at which that ball
   stays below the tolerance (tail_order), at least 2; if the last
   computed order is above 2^-30, 4 more. */
static void
adapt_pvar(nh_taylor_ws_t w, const arb_t h)
{
    slong m = w->phi_ord, k;
    double log2h;
    mag_t a;

    mag_init(a);
    arb_get_mag(a, h);
    log2h = mag_get_d_log2_approx(a);
    mag_clear(a);
    if (phi_log2(w, m, log2h) > -30.0)
    {
        w->pvar = FLINT_MIN(w->p, m + 4);
        return;
    }
    for (k = m; k > 2 && phi_log2(w, k - 1, log2h) <= -40.0; k--)
        ;
    w->pvar = FLINT_MAX(k, tail_order(w, h));
}

/* One step t -> t + h (h a ball, positive).  Returns 1 on success, 0 if
   no enclosure was found (shorten h), or -code on a hard error. */
int
_nh_taylor_step(nh_taylor_ws_t w, const arb_t t, const arb_t h, nh_error_t err)
{
    slong N = w->N, p = w->p, i, k, len = w->U->len;
    arf_t hu;
    int e, rc;

    arf_init(hu);
    _nh_taylor_hull(w);
    arb_get_ubound_arf(hu, h, w->prec);
    w->log2h_sug = 0.0;
    e = _nh_taylor_remainder(w, t, hu, err);
    if (e != 1)
        goto done;
    /* the step is refused (and a shorter one suggested) when the
       remainder R' h^(p+1) exceeds 16 times the tolerance: the width
       growth stays near the truncation error */
    {
        mag_t mk, m1;
        double l2;
        mag_init(mk);
        mag_init(m1);
        for (i = 0; i < N; i++)
        {
            arb_get_mag(m1, w->rem + i);
            mag_max(mk, mk, m1);
        }
        l2 = mag_is_zero(mk) ? -1e300 : mag_get_d_log2_approx(mk)
            + (p + 1) * arf_log2(hu);
        mag_clear(mk);
        mag_clear(m1);
        w->log2h_sug = arf_log2(hu) + (w->log2tol - l2) / (p + 1) - 0.1;
        if (l2 > w->log2tol + 4.0)
        {
            e = 0;
            goto done;
        }
    }
    /* the series at x_hat: computed by the caller for the step size
       (nh_taylor_integrate) and kept in w->uxh */
    rc = _nh_taylor_jacobian(w, t, h, err);
    if (rc != NH_OK)
    {
        e = (rc == NH_ERR_DOMAIN) ? 0 : -rc;
        goto done;
    }
    /* Horner: u = sum_{k<=p} c_k h^k + c_{p+1}(Z) h^{p+1}, plus, when the
       Jacobian stops at degree m = pvar < p, the ball
       sum_{m<k<=p} (c_k(X) - c_k(x_hat)) h^k */
    for (i = 0; i < N; i++)
    {
        arb_mul(w->u + i, w->rem + i, h, w->lprec);
        for (k = p; k >= 0; k--)
        {
            arb_add(w->u + i, w->u + i, w->uxh + i * len + k, w->lprec);
            if (k > 0)
                arb_mul(w->u + i, w->u + i, h, w->lprec);
        }
        if (w->pvar < p)
        {
            arb_t d, a;
            arb_init(d);
            arb_init(a);
            for (k = p; k > w->pvar; k--)
            {
                arb_sub(a, w->uX + i * len + k, w->uxh + i * len + k, w->lprec);
                arb_add(d, d, a, w->lprec);
                arb_mul(d, d, h, w->lprec);
            }
            arb_pow_ui(a, h, w->pvar, w->lprec);
            arb_addmul(w->u + i, d, a, w->lprec);
            arb_clear(d);
            arb_clear(a);
        }
    }
    _nh_taylor_lohner(w);
    if (w->pvar_adapt)
        adapt_pvar(w, h);
done:
    arf_clear(hu);
    return e;
}
