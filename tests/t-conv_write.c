/*
 * t-conv_write.c -- the writers of a convergence study (lib/conv.h:
 * nh_conv_result_json, nh_conv_tap, nh_conv_plot_dat, nh_conv_plot_gp,
 * nh_conv_prec_for_tol, nh_conv_lift_used), checked on the linear plane of
 * conv_testutil.h, whose errors are known in closed form: the slow manifold
 * is y' = -g eps exactly, so every difference of order k = 0 is g eps (q at
 * T = 1: g eps T), the observed order is 1 and the fitted line of max q is
 * log(err) = log(g T) + 1 log(eps).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "conv.h"
#include "conv_testutil.h"
#include "tap.h"

int
main(void)
{
    nh_model_ptr M = NULL;
    nh_conv_opts_t o;
    nh_conv_result_t r;
    nh_conv_report_struct rep;
    nh_error_t err;
    json_object *root, *x, *ord;
    char *text, *p;
    size_t len;
    slong bad, i, rows;
    int rc, good;
    const double g = 2;

    tap_plan(9);
    nh_error_init(err);
    /* ceil(-log2 1e-18) = 60, + 64 = 124 -> 128; ceil(-log2 1e-30) = 100 -> 164 -> 192;
       1e-3: 10 + 64 = 74 -> 128 */
    tap_ok(nh_conv_prec_for_tol(1e-18) == 128 && nh_conv_prec_for_tol(1e-30) == 192
           && nh_conv_prec_for_tol(1e-3) == 128, "precision for a tolerance");

    if (nh_model_parse(&M, conv_test_plane_model, "<linear_plane>", err) != NH_OK)
        tap_bail("model: %s", err->msg);
    conv_test_plane_opts(o);
    tap_ok(nh_conv_lift_used(o) == 3, "lift order -1 means kmax + 3 = 3");
    rc = nh_conv_study(r, M, o, err);
    if (rc != NH_OK)
        tap_bail("study: %s", err->msg);
    nh_conv_report_init(&rep);
    rep.timings = 0;

    /* JSON: slope 1 of q(T), eps as exact strings, verdict */
    root = json_object_new_object();
    nh_conv_result_json(root, r, o, &rep);
    ord = json_object_array_get_idx(json_object_object_get(root, "orders"), 0);
    x = json_object_object_get(json_object_object_get(ord, "q_T"), "observed");
    tap_ok(x != NULL && fabs(json_object_get_double(x) - 1) < 1e-6
           && json_object_get_boolean(json_object_object_get(ord, "within_tolerance")),
           "JSON: observed order of q(T) is 1, within tolerance");
    x = json_object_object_get(root, "eps");
    tap_ok(json_object_array_length(x) == 3
           && strcmp(json_object_get_string(json_object_array_get_idx(x, 0)), "1/100") == 0
           && strcmp(json_object_get_string(json_object_array_get_idx(x, 2)), "1/10000") == 0
           && json_object_object_get(root, "timings") == NULL
           && json_object_get_int64(json_object_object_get(root, "lift_order")) == 3,
           "JSON: eps 1/100 .. 1/10000 exact, no timings, lift order 3");
    json_object_put(root);

    /* TAP: ok; and not ok when no deviation at all is tolerated (tol < 0) */
    text = nh_conv_tap(&len, &bad, r, o, M, &rep, 128);
    tap_ok(strncmp(text, "1..1\nok 1 - linear_plane k=0 data on D_eps", 42) == 0 && bad == -1
           && strlen(text) == len, "TAP: plan 1..1, ok 1");
    free(text);
    rep.order_tol = -1;
    text = nh_conv_tap(&len, &bad, r, o, M, &rep, 128);
    tap_ok(strstr(text, "\nnot ok 1 - ") != NULL && bad == 0, "TAP: not ok 1 with order_tol < 0");
    free(text);

    /* plot data: the five columns are g eps (q at T = 1: g eps T = g eps) */
    text = nh_conv_plot_dat(&len, r, M, o->init);
    good = 1;
    rows = 0;
    for (p = strtok(text, "\n"); p != NULL; p = strtok(NULL, "\n"))
    {
        double e, c[5];
        if (p[0] == '#')
            continue;
        good &= sscanf(p, "%lf %lf %lf %lf %lf %lf", &e, c, c + 1, c + 2, c + 3, c + 4) == 6;
        for (i = 0; i < 5; i++)
            good &= fabs(c[i] - g * e) <= 1e-5 * g * e;
        rows++;
    }
    tap_ok(good && rows == 3, "plot data: 3 rows, every column g eps (6 digits)");
    free(text);

    /* plot script: fq0(x) = exp(A) * x**S with S = 1 and exp(A) = g T = 2 */
    text = nh_conv_plot_gp(&len, r, M, o->init, "base");
    p = strstr(text, "fq0(x) = exp(");
    {
        double A = 0, S = 0;
        int got = p != NULL && sscanf(p, "fq0(x) = exp(%lf) * x**%lf", &A, &S) == 2;
        tap_ok(got && fabs(S - 1) < 1e-6 && fabs(exp(A) - g) < 1e-5, "plot script: fitted line "
               "2 eps^1 (A = %g, S = %g)", A, S);
    }
    tap_ok(strstr(text, "'base.dat' index 0") != NULL, "plot script reads base.dat");
    free(text);

    nh_conv_result_clear(r);
    nh_conv_opts_clear(o);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
