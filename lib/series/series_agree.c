/*
 * nh_series_agree -- the agreement criterion of the two routes order by
 * order (issue 2); nh_series_probe -- the bits a route loses at order K,
 * extrapolated from order K/2 (issue 17).  Used by `nhoracle series`.
 */
#include <math.h>
#include "impl.h"

void
nh_series_agree_init(nh_series_agree_struct *a, slong K)
{
    slong k;
    for (k = 0; k < K; k++)
    {
        a[k].contains_zero = a[k].tight = a[k].ok = 0;
        arb_init(&a[k].max_abs);
        arf_init(&a[k].rel_rad);
    }
}

void
nh_series_agree_clear(nh_series_agree_struct *a, slong K)
{
    slong k;
    for (k = 0; k < K; k++)
    {
        arb_clear(&a[k].max_abs);
        arf_clear(&a[k].rel_rad);
    }
}

/* One order: d_i = x_i - y_i, i < n. */
static void
agree_block(nh_series_agree_struct *a, arb_srcptr x, arb_srcptr y, slong n, slong need,
            slong prec)
{
    slong i;
    arb_t d, ax;
    mag_t rad, lo;

    arb_init(d);
    arb_init(ax);
    mag_init(rad);
    mag_init(lo);
    a->contains_zero = 1;
    arb_zero(&a->max_abs);
    for (i = 0; i < n; i++)
    {
        arb_sub(d, x + i, y + i, prec);
        if (!arb_contains_zero(d))
            a->contains_zero = 0;
        if (mag_cmp(arb_radref(d), rad) > 0)
            mag_set(rad, arb_radref(d));
        arb_abs(ax, x + i);
        arb_max(&a->max_abs, &a->max_abs, ax, prec);
    }
    arb_get_mag_lower(lo, &a->max_abs);
    arf_set_mag(&a->rel_rad, rad);
    if (!mag_is_zero(lo))
    {
        arf_t t;
        arf_init(t);
        arf_set_mag(t, lo);
        arf_div(&a->rel_rad, &a->rel_rad, t, 64, ARF_RND_UP);
        arf_clear(t);
    }
    a->tight = arf_cmp_2exp_si(&a->rel_rad, -need) <= 0;
    a->ok = a->contains_zero && a->tight;
    arb_clear(d);
    arb_clear(ax);
    mag_clear(rad);
    mag_clear(lo);
}

int
nh_series_agree(nh_series_agree_struct *a, arb_srcptr x, arb_srcptr y, slong K, slong n,
                slong need, slong prec)
{
    slong k;
    int any = 0;
    for (k = 0; k < K; k++)
    {
        agree_block(a + k, x + k * n, y + k * n, n, need, prec);
        if (!a[k].contains_zero)
            any = 1;
    }
    return any;
}

int
nh_series_probe(nh_series_probe_struct *p, const nh_model_struct *M, arb_srcptr q0,
                arb_srcptr vD, slong K, int route, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), Kp = K / 2, worst;
    arb_ptr h;
    int st;

    p->Kp = Kp;
    p->lost_half = p->lost = 0.0;
    if (Kp < 1)
        return nh_error_set(err, NH_ERR_USAGE, "nh_series_probe: order K = %ld below 2",
                            (long) K);
    h = _arb_vec_init(Kp * n);
    st = (route == NH_ROUTE_COVARIANT) ? nh_series_covariant(h, NULL, M, q0, vD, Kp, prec, err)
                                       : nh_series_time(h, NULL, M, q0, vD, Kp, prec, err);
    if (st == NH_OK)
    {
        double acc = nh_series_block_accuracy(h + (Kp - 1) * n, 1, n, &worst);
        p->lost_half = prec - acc;
        p->lost = (prec - acc) * pow((double) K / (double) Kp, 1.15) + 2.0;
    }
    _arb_vec_clear(h, Kp * n);
    return st;
}
