/*
 * series_agree.c -- the agreement of two routes to h^(k) (series.h,
 * nh_series_routes_agree): the time-derivative route (the classical
 * invariance condition, paper 000 eq (60)) and the covariant route (the
 * covariant condition (65)) must give the same terms; a difference
 * that certainly excludes 0 is a wrong route, one that contains 0 but is
 * wide is undecided.
 */
#include "impl.h"

void
nh_series_agree_init(nh_series_agree_struct *a, slong K)
{
    slong k;
    for (k = 0; k < K; k++)
    {
        arb_init(a[k].max_abs);
        arf_init(a[k].rel_rad);
        a[k].contains_zero = a[k].tight = 0;
    }
}

void
nh_series_agree_clear(nh_series_agree_struct *a, slong K)
{
    slong k;
    for (k = 0; k < K; k++)
    {
        arb_clear(a[k].max_abs);
        arf_clear(a[k].rel_rad);
    }
}

int
nh_series_routes_agree(nh_series_agree_struct *a, arb_srcptr x, arb_srcptr y, slong K,
                       slong n, slong need_bits, slong prec)
{
    slong k, i;
    arb_t d, t;
    mag_t rad, lo;
    arf_t b;
    int any_disagree = 0;

    arb_init(d);
    arb_init(t);
    mag_init(rad);
    mag_init(lo);
    arf_init(b);
    for (k = 0; k < K; k++)
    {
        arb_srcptr xk = x + k * n, yk = y + k * n;
        nh_series_agree_struct *e = a + k;

        e->contains_zero = 1;
        mag_zero(rad);
        arb_zero(e->max_abs);
        for (i = 0; i < n; i++)
        {
            arb_sub(d, xk + i, yk + i, prec);
            if (!arb_contains_zero(d))
                e->contains_zero = 0;
            if (mag_cmp(arb_radref(d), rad) > 0)
                mag_set(rad, arb_radref(d));
            arb_abs(t, xk + i);
            arb_max(e->max_abs, e->max_abs, t, prec);
        }
        arb_get_mag_lower(lo, e->max_abs);
        arf_set_mag(e->rel_rad, rad);
        if (!mag_is_zero(lo))
        {
            arf_set_mag(b, lo);
            arf_div(e->rel_rad, e->rel_rad, b, 64, ARF_RND_UP);
        }
        e->tight = arf_cmp_2exp_si(e->rel_rad, -need_bits) <= 0;
        any_disagree |= !e->contains_zero;
    }
    arb_clear(d);
    arb_clear(t);
    mag_clear(rad);
    mag_clear(lo);
    arf_clear(b);
    return any_disagree;
}
