/*
 * t-conv_slow_run.c -- the slow-manifold study in one call
 * (nh_conv_slow_run, lib/conv.h) on the linear plane of conv_testutil.h
 * (G = I, V = g y, g = 2, constraint dy): its slow manifold is exactly
 * y' = -g eps (t-conv_study.c, part 1), so h^(1) = (0, -g), h^(k) = 0 for
 * k >= 2, the shooting finds w(eps) = (0, -g eps), and the certified
 * invariance residual is R_0 = eps h^(1), |R_0| = g eps, and R_1 = 0.
 */
#include <math.h>
#include "conv.h"
#include "conv_testutil.h"
#include "tap.h"

int
main(void)
{
    nh_model_ptr M = NULL;
    nh_conv_slow_struct S;
    nh_conv_slow_opts_struct o;
    nh_error_t err;
    arb_ptr q = _arb_vec_init(2), v = _arb_vec_init(2);
    fmpq eps[3];
    arb_t ge;
    slong j;
    int rc, ok;
    const slong g = 2;

    tap_plan(5);
    nh_error_init(err);
    if (nh_model_parse(&M, conv_test_plane_model, "<linear_plane>", err) != NH_OK)
        tap_bail("model: %s", err->msg);
    for (j = 0; j < 3; j++)
    {
        fmpq_init(eps + j);
        fmpq_set_si(eps + j, 1, 100 << j);
    }
    arb_set_si(q + 1, 1);                   /* q = (0, 1), v = (1, 1/2): off D */
    arb_set_si(v + 0, 1);
    arb_set_d(v + 1, 0.5);
    nh_conv_slow_init(&S, 2, 3, 1);
    nh_conv_slow_opts_init(&o);
    o.eps = eps;
    o.neps = 3;
    o.tol = 1e-16;
    o.quiet = 1;
    rc = nh_conv_slow_run(&S, M, q, v, &o, err);
    tap_ok(rc == NH_OK, "runs (%s)", err->msg);
    /* vD = P v = (1, 0); h^(1) = (0, -g) */
    tap_ok(rc == NH_OK && arb_contains_si(S.vD + 0, 1) && arb_contains_si(S.vD + 1, 0)
           && arb_contains_si(S.h + 0, 0) && arb_contains_si(S.h + 1, -g),
           "vD = (1, 0), h^(1) = (0, -2) certified");
    for (j = 0, ok = rc == NH_OK; ok && j < 3; j++)
        ok = fabs(arf_get_d(arb_midref(S.w + 2 * j + 1), ARF_RND_NEAR) + g * fmpq_get_d(eps + j))
             < 1e-10 * g * fmpq_get_d(eps + j);
    tap_ok(ok, "shooting: w(eps) = (0, -g eps) (estimate, relative 1e-10)");
    arb_init(ge);
    for (j = 0, ok = rc == NH_OK && S.Kc == 1; ok && j < 3; j++)
    {
        arb_set_fmpq(ge, eps + j, 128);
        arb_mul_si(ge, ge, g, 128);         /* |R_0(eps)| = g eps exactly */
        ok = arb_overlaps(S.cnorm + j * 2, ge) && arb_contains_zero(S.cnorm + j * 2 + 1);
    }
    tap_ok(ok, "certified: |R_0| contains g eps, R_1 contains 0, at every eps");
    nh_conv_slow_clear(&S);
    nh_conv_slow_init(&S, 2, 4, 1);
    tap_ok(nh_conv_slow_run(&S, M, q, v, &o, err) == NH_ERR_USAGE,
           "3 eps for a study of 4: NH_ERR_USAGE (%s)", err->msg);
    nh_conv_slow_clear(&S);
    arb_clear(ge);
    for (j = 0; j < 3; j++)
        fmpq_clear(eps + j);
    _arb_vec_clear(q, 2);
    _arb_vec_clear(v, 2);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
