/*
 * t-series_agree.c -- nh_series_routes_agree (lib/series/series_agree.c)
 * on blocks built by hand, K = 4 orders of n = 2 balls, need 60 bits:
 *   k = 1: x = y = (3/4, -5/2) exactly: agrees; max |x| = 5/2, rel 0;
 *   k = 2: y = x + (0, 2^-10): disagrees (the difference excludes 0);
 *   k = 3: x = (1 +- 2^-40, 1/2), y = (1, 1/2): contains 0 but the
 *          relative radius 2^-40 / (1 - 2^-40) > 2^-60: not tight;
 *   k = 4: x = y = (0 +- 2^-70, 0): max |x| has lower bound 0, so the
 *          radius itself, 2^-70 <= 2^-60: agrees.
 * The return value is 1 (order 2 disagrees); without order 2 it is 0.
 */
#include "series.h"
#include "tap.h"

int
main(void)
{
    arb_ptr x = _arb_vec_init(8), y = _arb_vec_init(8);
    nh_series_agree_struct a[4];
    arb_t t;
    arf_t r;
    int rc, ok;

    tap_plan(5);
    arb_init(t);
    arf_init(r);
    arb_set_d(x + 0, 0.75); arb_set_d(x + 1, -2.5);
    arb_set_d(x + 2, 0.75); arb_set_d(x + 3, -2.5);
    arb_one(x + 4); mag_set_ui_2exp_si(arb_radref(x + 4), 1, -40); arb_set_d(x + 5, 0.5);
    mag_set_ui_2exp_si(arb_radref(x + 6), 1, -70);
    _arb_vec_set(y, x, 8);
    arb_one(t); arb_mul_2exp_si(t, t, -10);
    arb_add(y + 3, y + 3, t, 128);
    arb_one(y + 4);
    mag_zero(arb_radref(y + 6));

    nh_series_agree_init(a, 4);
    rc = nh_series_routes_agree(a, x, y, 4, 2, 60, 128);
    arb_set_d(t, 2.5);
    tap_ok(rc == 1, "some order certainly disagrees: return 1");
    tap_ok(a[0].contains_zero && a[0].tight && arb_equal(a[0].max_abs, t) && arf_is_zero(a[0].rel_rad),
           "k = 1: equal exact blocks agree, max |x| = 5/2, relative radius 0");
    tap_ok(!a[1].contains_zero, "k = 2: a difference of 2^-10 in one component: disagrees");
    arf_set_ui_2exp_si(r, 1, -40);
    ok = a[2].contains_zero && !a[2].tight && arf_cmp(a[2].rel_rad, r) >= 0;
    arf_set_ui_2exp_si(r, 1, -39);
    tap_ok(ok && arf_cmp(a[2].rel_rad, r) <= 0,
           "k = 3: radius 2^-40 on 1: relative radius in [2^-40, 2^-39], not tight at 60 bits");
    arf_set_ui_2exp_si(r, 1, -70);
    ok = a[3].contains_zero && a[3].tight && arf_cmp(a[3].rel_rad, r) >= 0;
    nh_series_agree_clear(a, 4);
    /* without order 2 */
    nh_series_agree_init(a, 2);
    rc = nh_series_routes_agree(a, x + 4, y + 4, 2, 2, 60, 128);
    tap_ok(ok && rc == 0, "k = 4: a zero block agrees with its radius 2^-70 as the measure; "
           "orders 3-4 alone: no disagreement (return 0)");
    nh_series_agree_clear(a, 2);
    _arb_vec_clear(x, 8);
    _arb_vec_clear(y, 8);
    arb_clear(t);
    arf_clear(r);
    flint_cleanup();
    return tap_done();
}
