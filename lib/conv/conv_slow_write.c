/*
 * conv_slow_write.c -- the JSON writers of the slow-manifold study
 * (lib/conv.h, `nhoracle slowmanifold`): the shooting points w(eps) and
 * the residuals of the truncated series, all ESTIMATES.
 */
#include <math.h>
#include <stdio.h>
#include "impl.h"

/* JSON "points": the shooting statistics and w per eps */
json_object *
nh_conv_slow_points_json(const nh_conv_slow_struct *S, const fmpq *eps)
{
    json_object *jpts = json_object_new_array(), *jo, *wa;
    slong j, i;
    for (j = 0; j < S->neps; j++)
    {
        const nh_flow_slow_info_struct *info = S->info + j;
        char *es = fmpq_get_str(NULL, 10, eps + j);
        jo = json_object_new_object();
        json_object_object_add(jo, "eps", json_object_new_string(es));
        json_object_object_add(jo, "tau", json_object_new_double(info->tau));
        json_object_object_add(jo, "lambda_lower_bound", json_object_new_double(info->lambda_lb));
        json_object_object_add(jo, "iterations", json_object_new_int64(info->iters));
        json_object_object_add(jo, "steps", json_object_new_int64(info->steps));
        json_object_object_add(jo, "seconds", json_object_new_double(info->seconds));
        json_object_object_add(jo, "shooting_residual", json_object_new_double(info->resid));
        json_object_object_add(jo, "error_estimate", json_object_new_double(info->gerr));
        wa = json_object_new_array();
        for (i = 0; i < S->n; i++)
        {
            char *ws = arb_get_str(S->w + j * S->n + i,
                                   FLINT_MAX(5, (slong) (-log10(info->gerr + 1e-300)) + 2),
                                   ARB_STR_NO_RADIUS);
            json_object_array_add(wa, json_object_new_string(ws));
            flint_free(ws);
        }
        json_object_object_add(jo, "w_estimate", wa);
        json_object_array_add(jpts, jo);
        flint_free(es);
    }
    return jpts;
}

json_object *
nh_conv_slow_residual_json(const nh_conv_slow_struct *S)
{
    slong N = S->neps, j, k;
    json_object *jres = json_object_new_array(), *jo, *ra;
    for (k = 0; k <= S->K; k++)
    {
        const double *r = S->resid + k * N;
        ra = json_object_new_array();
        for (j = 0; j < N; j++)
            json_object_array_add(ra, r[j] > 0 ? json_object_new_double(r[j]) : NULL);
        jo = json_object_new_object();
        json_object_object_add(jo, "K", json_object_new_int64(k));
        json_object_object_add(jo, "residual_estimate", ra);
        json_object_object_add(jo, "observed_exponent",
                               S->used[k] >= 2 ? json_object_new_double(S->slope[k]) : NULL);
        json_object_object_add(jo, "points_used", json_object_new_int64(S->used[k]));
        json_object_object_add(jo, "expected_exponent", json_object_new_int64(k + 1));
        json_object_array_add(jres, jo);
    }
    return jres;
}
