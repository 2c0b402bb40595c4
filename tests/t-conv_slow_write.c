/*
 * t-conv_slow_write.c -- the JSON writers of the slow-manifold study
 * (nh_conv_slow_points_json, nh_conv_slow_residual_json, lib/conv.h) on a
 * study filled by hand with known values: every member must carry the
 * value put in, residuals at or below 0 (below the noise) must be null,
 * an exponent fitted on fewer than 2 points null, expected exponents
 * K + 1, and w printed with the digits its error estimate allows.
 */
#include <math.h>
#include <string.h>
#include "conv.h"
#include "tap.h"

int
main(void)
{
    nh_conv_slow_struct S;
    fmpq eps[3];
    json_object *p, *r, *x;
    slong j;
    int ok;

    tap_plan(6);
    nh_conv_slow_init(&S, 2, 3, 1);
    for (j = 0; j < 3; j++)
    {
        fmpq_init(eps + j);
        fmpq_set_si(eps + j, 1, 100 << j);      /* 1/100, 1/200, 1/400 */
        S.info[j].tau = 1.5;
        S.info[j].iters = 3 + j;
        S.info[j].steps = 10;
        S.info[j].seconds = 0;
        S.info[j].resid = 1e-20;
        S.info[j].gerr = 1e-10;                 /* 12 digits of w */
        arb_set_d(S.w + 2 * j, 0.25);           /* exact in binary */
        arb_set_si(S.w + 2 * j + 1, -(j + 1));
    }
    /* K = 0: r = 1e-2, 5e-3, 2.5e-3 (slope 1, 3 points); K = 1: one point
       below the noise (-1), so only two used */
    S.resid[0] = 1e-2; S.resid[1] = 5e-3; S.resid[2] = 2.5e-3;
    S.resid[3] = 1e-4; S.resid[4] = -1; S.resid[5] = 6.25e-6;
    S.slope[0] = 1; S.used[0] = 3;
    S.slope[1] = 2; S.used[1] = 1;

    p = nh_conv_slow_points_json(&S, eps);
    x = json_object_array_get_idx(p, 1);
    tap_ok(json_object_array_length(p) == 3
           && strcmp(json_object_get_string(json_object_object_get(x, "eps")), "1/200") == 0
           && json_object_get_int64(json_object_object_get(x, "iterations")) == 4
           && json_object_get_double(json_object_object_get(x, "error_estimate")) == 1e-10,
           "points: eps 1/200, iterations 4, error estimate 1e-10");
    x = json_object_object_get(x, "w_estimate");
    tap_ok(json_object_array_length(x) == 2
           && strtod(json_object_get_string(json_object_array_get_idx(x, 0)), NULL) == 0.25
           && strtod(json_object_get_string(json_object_array_get_idx(x, 1)), NULL) == -2,
           "points: w_estimate (0.25, -2)");
    r = nh_conv_slow_residual_json(&S);
    x = json_object_array_get_idx(r, 0);
    ok = json_object_array_length(r) == 2
         && json_object_get_double(json_object_array_get_idx(
                json_object_object_get(x, "residual_estimate"), 2)) == 2.5e-3
         && json_object_get_double(json_object_object_get(x, "observed_exponent")) == 1
         && json_object_get_int64(json_object_object_get(x, "expected_exponent")) == 1;
    tap_ok(ok, "residual K = 0: r(1/400) = 2.5e-3, exponent 1, expected 1");
    x = json_object_array_get_idx(r, 1);
    tap_ok(json_object_array_get_idx(json_object_object_get(x, "residual_estimate"), 1) == NULL,
           "residual K = 1: the point below the noise is null");
    tap_ok(json_object_object_get(x, "observed_exponent") == NULL
           && json_object_get_int64(json_object_object_get(x, "points_used")) == 1,
           "residual K = 1: one point used, no exponent");
    tap_ok(json_object_get_int64(json_object_object_get(x, "expected_exponent")) == 2,
           "residual K = 1: expected exponent 2");
    json_object_put(p);
    json_object_put(r);
    for (j = 0; j < 3; j++)
        fmpq_clear(eps + j);
    nh_conv_slow_clear(&S);
    flint_cleanup();
    return tap_done();
}
