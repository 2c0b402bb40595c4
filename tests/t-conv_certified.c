/*
 * t-conv_certified.c -- the certified part of the convergence study
 * (nh_conv_certified, conv.h; issue 14).
 *
 * Closed form (derivation in the header of tests/t-conv_study.c): the
 * linear plane of conv_testutil.h (G = I, V = g y, constraint dy, g = 2)
 * has the exact slow manifold y' = -g eps, so from q = (0, 1), v = (1, 0)
 * lifted to D_eps the full solution is x = t, y = 1 - g eps t, and the
 * order-0 reduced (nonholonomic) solution is x = t, y = 1.  Hence
 * e(eps) = |q_full(T) - q_0(T)|_inf = g eps T exactly and the slope
 * log(e_a/e_b) / log(eps_a/eps_b) is exactly 1: the certified balls must
 * contain these exact values (computed here from rationals, not by the
 * code under test).  The order-1 reduced solution is the full
 * one (h_eps = -g eps exactly): its certified error balls contain 0.  eps with
 * T/eps above max_ratio are skipped, nh_conv_cert_agrees on values
 * chosen inside / outside, a model outside the original class refused.
 */
#include <string.h>
#include "conv.h"
#include "tap.h"
#include "conv_testutil.h"

static const char *timed_model =
    "model timed_plane\n"
    "coordinates x, y\n"
    "metric diagonal: 1, 1 + t^2\n"
    "constraint: dy\n";

int
main(void)
{
    nh_error_t err;
    nh_model_ptr M = NULL, Mt = NULL;
    nh_conv_opts_t o;
    nh_conv_cert_opts_t co;
    nh_conv_cert_t c;
    nh_conv_result_t r;
    arb_t ex, one;
    fmpq_t e;
    slong i;
    int rc, good;

    tap_plan(8);
    nh_error_init(err);
    arb_init(ex);
    arb_init(one);
    fmpq_init(e);
    arb_one(one);
    rc = nh_model_parse(&M, conv_test_plane_model, "<linear_plane>", err);
    if (rc != NH_OK)
        tap_bail("model: %s", err->msg);
    conv_test_plane_opts(o);
    o->kmax = 1;
    fmpq_set_si(o->T, 1, 2);
    _fmpq_vec_clear(o->eps, o->neps);
    o->neps = 3;
    o->eps = _fmpq_vec_init(3);
    fmpq_set_si(o->eps + 0, 1, 10);
    fmpq_set_si(o->eps + 1, 1, 20);
    fmpq_set_si(o->eps + 2, 1, 40);
    nh_conv_cert_opts_init(co);
    co->progress = 0;

    rc = nh_conv_certified(c, M, o, co, err);
    tap_ok(rc == NH_OK, "certified part runs on the linear plane (%s)", rc ? err->msg : "ok");
    if (rc != NH_OK)
        tap_bail("%s", err->msg);
    good = 1;
    for (i = 0; i < 3; i++)
    {
        /* exact e = g eps T, g = 2 */
        fmpq_mul(e, o->eps + i, o->T);
        fmpq_mul_si(e, e, 2);
        arb_set_fmpq(ex, e, 256);
        good = good && c->status[i * 2] == NH_CONV_CERT_OK && arb_contains(c->err + i * 2, ex)
            && mag_cmp_2exp_si(arb_radref(c->err + i * 2), -30) < 0;
        {
            char *s = arb_get_str(c->err + i * 2, 20, 0);
            tap_diag("eps 1/%ld: e in %s (exact g eps T)",
                     (long) fmpz_get_si(fmpq_denref(o->eps + i)), s);
            flint_free(s);
        }
    }
    tap_ok(good, "k = 0: every certified ball contains the exact error g eps T, radius < 2^-30");
    good = c->slope_status[0] == NH_CONV_SLOPE_OK && c->slope_next[0] == 1
        && c->slope_status[2] == NH_CONV_SLOPE_OK && c->slope_next[2] == 2
        && c->slope_status[4] == NH_CONV_SLOPE_NONE
        && arb_contains(c->slope + 0, one) && arb_contains(c->slope + 2, one);
    tap_ok(good, "k = 0: the certified slopes between successive eps contain the exact slope 1");
    /* k = 1: h_eps = -g eps dy exactly (h^(1) = -g, h^(j) = 0 for j >= 2),
       so the order-1 reduced solution y = 1 - g eps t IS the full one:
       e = 0 exactly, every ball must contain 0, and the slopes are
       unbounded (an error ball containing 0). */
    good = 1;
    for (i = 0; i < 3; i++)
        good = good && c->status[i * 2 + 1] == NH_CONV_CERT_OK
            && arb_contains_zero(c->err + i * 2 + 1)
            && mag_cmp_2exp_si(arb_radref(c->err + i * 2 + 1), -30) < 0
            && (i == 2 || c->slope_status[i * 2 + 1] == NH_CONV_SLOPE_UNBOUNDED);
    tap_ok(good, "k = 1: certified, every ball contains the exact error 0 (radius < 2^-30), "
           "slopes unbounded");

    /* nh_conv_cert_agrees: a hand-made estimate row inside / outside */
    memset(r, 0, sizeof r);
    r->err = calloc(3 * 2 * NH_CONV_NQ, sizeof(double));
    r->ierr = calloc(3 * 2 * NH_CONV_NQ, sizeof(double));
    r->err[NH_CONV_Q_T] = 0.1;              /* g eps T at eps 1/10, T 1/2 */
    r->ierr[NH_CONV_Q_T] = 1e-20;
    r->err[2 * NH_CONV_NQ + NH_CONV_Q_T] = 0.05 * (1 + 1e-9);
    r->ierr[2 * NH_CONV_NQ + NH_CONV_Q_T] = 1e-12;
    /* (k = 1: the hand-made estimate 0 lies in the ball around the exact 0) */
    good = nh_conv_cert_agrees(c, r, 0, 0) == 1 && nh_conv_cert_agrees(c, r, 1, 0) == 0
        && nh_conv_cert_agrees(c, r, 0, 1) == 1;
    tap_ok(good, "nh_conv_cert_agrees: inside 1, 1e-9 off with error 1e-12 0, 0 in a ball around 0: 1");
    free(r->err);
    free(r->ierr);
    nh_conv_cert_clear(c);

    /* eps with T/eps above max_ratio are skipped */
    co->max_ratio = 6;
    rc = nh_conv_certified(c, M, o, co, err);
    good = rc == NH_OK && c->status[0] == NH_CONV_CERT_OK
        && c->status[2] == NH_CONV_CERT_COSTLY && c->status[4] == NH_CONV_CERT_COSTLY
        && c->slope_status[0] == NH_CONV_SLOPE_NONE;
    tap_ok(good, "max_ratio 6: eps 1/20, 1/40 (T/eps = 10, 20) not certified, no slope");
    if (rc == NH_OK)
        nh_conv_cert_clear(c);

    /* a model outside the original class */
    rc = nh_model_parse(&Mt, timed_model, "<timed_plane>", err);
    if (rc != NH_OK)
        tap_bail("timed model: %s", err->msg);
    rc = nh_conv_cert_check(Mt, err);
    tap_ok(rc == NH_ERR_MODEL && strstr(err->msg, "no friction block") != NULL,
           "time-dependent metric, no friction block: NH_ERR_MODEL (%s)", err->msg);
    nh_error_init(err);
    rc = nh_conv_certified(c, Mt, o, co, err);
    tap_ok(rc == NH_ERR_MODEL, "nh_conv_certified refuses it too");

    nh_model_free(Mt);
    nh_conv_opts_clear(o);
    nh_model_free(M);
    arb_clear(ex);
    arb_clear(one);
    fmpq_clear(e);
    flint_cleanup();
    return tap_done();
}
