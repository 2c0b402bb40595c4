/*
 * slowmanifold_report.c -- the writers of `nhoracle slowmanifold` that
 * print balls through nh_out (oracles/slowmanifold.h): the eps-Taylor
 * coefficients against h^(k) and the certified invariance residual.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slowmanifold.h"

/* (2) eps-Taylor coefficients against h^(k) */
void
sm_print_coefficients(nh_out_t out, const nh_conv_slow_struct *S, const nh_model_struct *M)
{
    slong n = S->n, N = S->neps, k, i;
    json_object *jcoef = json_object_new_array(), *jo, *fa;
    char buf[256];
    nh_out_printf(out, "\n(2) eps-Taylor coefficients of w by interpolation through the %ld points "
                  "(ESTIMATES) vs h^(k):\n", (long) N);
    nh_out_printf(out, "%-4s %14s %14s %14s %16s\n", "k", "|h^(k)|_inf", "|c_k - h^(k)|",
                  "digits matched", "digits expected");
    for (k = 1; k <= N - 1; k++)
    {
        double dm = S->digits[k - 1], de = S->digits_expected[k - 1];
        nh_out_printf(out, "%-4ld %14.6e %14.3e %14.1f %16.1f\n", (long) k, S->hnorm[k - 1],
                      S->diff[k - 1], dm, de);
        jo = json_object_new_object();
        json_object_object_add(jo, "k", json_object_new_int64(k));
        json_object_object_add(jo, "h_norm", json_object_new_double(S->hnorm[k - 1]));
        json_object_object_add(jo, "abs_difference_estimate", json_object_new_double(S->diff[k - 1]));
        json_object_object_add(jo, "digits_matched", isfinite(dm) ? json_object_new_double(dm) : NULL);
        json_object_object_add(jo, "digits_expected", isfinite(de) ? json_object_new_double(de) : NULL);
        fa = json_object_new_array();
        for (i = 0; i < n; i++)
        {
            snprintf(buf, sizeof buf, "%.20e", arf_get_d(arb_midref(S->c + (k - 1) * n + i), ARF_RND_NEAR));
            json_object_array_add(fa, json_object_new_string(buf));
        }
        json_object_object_add(jo, "fitted_estimate", fa);
        json_object_object_add(jo, "series", nh_out_vector_json(out, S->h + (k - 1) * n, n, 1));
        json_object_array_add(jcoef, jo);
    }
    json_object_object_add(out->root, "coefficients", jcoef);
    nh_out_printf(out, "digits matched = -log10(|c_k - h^(k)|_inf / |h^(k)|_inf); digits expected: "
                  "the same fit through the %ld smallest eps agrees to that many digits\n",
                  (long) N - 1);
    for (k = 1; k <= FLINT_MIN(S->HK, N - 1); k++)
    {
        snprintf(buf, sizeof buf, "h^(%ld) (time route, certified)", (long) k);
        nh_out_vector(out, NULL, buf, S->h + (k - 1) * n, n, 1, M);
    }
}

/* (3) the certified invariance residual R_K (nh_conv_slow_certify):
   per K and eps the vector R_K and |R_K|_inf, and the exponent between
   successive eps, all balls ("certified": true) */
static json_object *
sm_cert_row(nh_out_t out, const nh_conv_slow_struct *S, const sm_opts *o, slong j, slong k)
{
    slong r = j * (S->Kc + 1) + k;
    char *es = fmpq_get_str(NULL, 10, o->eps + j), *ns, label[96];
    json_object *jo = json_object_new_object();
    snprintf(label, sizeof label, "R_%ld at eps = %s", (long) k, es);
    nh_out_check(out, S->cres + r * S->n, S->n, 1, label);
    ns = nh_out_ball_str(out, S->cnorm + r);
    nh_out_printf(out, "%-4ld %-12s %s", (long) k, es, ns);
    if (j + 1 < S->neps && S->cslope_ok[r])
    {
        char *ss = nh_out_ball_str(out, S->cslope + r);
        nh_out_printf(out, "   exponent to next eps %s\n", ss);
        json_object_object_add(jo, "exponent_to_next", json_object_new_string(ss));
        flint_free(ss);
    }
    else
    {
        nh_out_printf(out, "%s\n", j + 1 < S->neps ? "   exponent to next eps unbounded "
                      "(a norm ball contains 0)" : "");
        json_object_object_add(jo, "exponent_to_next", NULL);
    }
    json_object_object_add(jo, "K", json_object_new_int64(k));
    json_object_object_add(jo, "eps", json_object_new_string(es));
    json_object_object_add(jo, "norm", json_object_new_string(ns));
    json_object_object_add(jo, "R", nh_out_vector_json(out, S->cres + r * S->n, S->n, 1));
    flint_free(ns);
    flint_free(es);
    return jo;
}

void
sm_print_certified(nh_out_t out, const nh_conv_slow_struct *S, const sm_opts *o)
{
    json_object *jc = json_object_new_object(), *rows = json_object_new_array();
    slong j, k;
    json_object_object_add(jc, "certified", json_object_new_boolean(1));
    json_object_object_add(jc, "normalisation", json_object_new_string(
        "R_K = eps Q (d/dt P_perp v - d/dt H_K(q, P v)) at v = vD + H_K, 000 eq (60); "
        "= eps^(K+1) h^(K+1) + O(eps^(K+2))"));
    nh_out_printf(out, "\n(3) certified invariance residual (balls containing the exact value): "
                  "R_K = eps Q [d/dt P_perp v - d/dt H_K(q, P v)]\n"
                  "    at v = vD + H_K, H_K = sum_{k<=K} eps^k h^(k), along the full field "
                  "(000 eq (60)); 0 on D_eps, = eps^(K+1) h^(K+1) + O(eps^(K+2))\n");
    if (S->Kc < 0)
    {
        nh_out_printf(out, "%s\n", S->why);
        json_object_object_add(jc, "available", json_object_new_boolean(0));
        json_object_object_add(jc, "why", json_object_new_string(S->why));
    }
    else
    {
        json_object_object_add(jc, "available", json_object_new_boolean(1));
        nh_out_printf(out, "%-4s %-12s %s\n", "K", "eps", "|R_K|_inf (certified)");
        for (k = 0; k <= S->Kc; k++)
            for (j = 0; j < S->neps; j++)
                json_object_array_add(rows, sm_cert_row(out, S, o, j, k));
        if (S->Kc < S->K)
            nh_out_printf(out, "(orders K > %ld: no certified residual, h^(j) on jets are "
                          "limited to j <= %d)\n", (long) S->Kc, NH_CONV_SLOW_RES_MAX_ORDER);
    }
    json_object_object_add(jc, "rows", rows);
    json_object_object_add(out->root, "certified_residual", jc);
}

