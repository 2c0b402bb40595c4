/*
 * cmd_reduced.c -- `nhoracle reduced CASE.nh --q ... --v ... --k K
 * --eps E`: the order-k reduced vector field at (q, vD = P(v)) for a given
 * eps (paper 000 (69)-(71)): h^(1..k+1) from the time-derivative route,
 * then nh_reduced_field: qdot, vDdot and the velocity form vdot.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

enum { OPT_K = 1000, OPT_EPS, OPT_T };

typedef struct
{
    slong k;
    int have_eps;
    fmpq_t eps;
    const char *t_spec;     /* --t T0 (time-dependent, affine models), NULL: 0 */
}
reduced_opts;

static const struct option reduced_options[] = {
    {"k", required_argument, NULL, OPT_K},
    {"eps", required_argument, NULL, OPT_EPS},
    {"t", required_argument, NULL, OPT_T},
    {NULL, 0, NULL, 0}
};

static void
reduced_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle reduced CASE.nh --eps E [--k K] [--q SPEC] [--v SPEC] [options]\n"
"Order-k reduced vector field at (q, vD), vD = P(v), for the friction\n"
"parameter eps: with v = vD + sum_{j=1}^k eps^j h^(j)(q, vD),\n"
"  qdot = v,  vDdot = (dP[v]) v + P F(q, v),  F = -Gamma(v, v) - grad V,\n"
"and the velocity form vdot = F(q, v) - sum_{j=1}^{k+1} eps^(j-1) FR_sharp h^(j)\n"
"(k = 0: nonholonomic equations, paper 000 (69)-(70); k = 1: (71)).\n"
"h^(j) from the time-derivative route (order k+1).\n"
"\n"
"Options:\n"
"  --k K            order of the reduction (0..%d, default 1)\n"
"  --eps E          friction parameter eps > 0, exact rational (required)\n"
"  --t T0           time of the point (default 0) for models with time or\n"
"                   affine constraints (proofs/020): v = vD + v_p + sum eps^j h^(j),\n"
"                   vDdot = (dP/dt) v + P F with the explicit time included\n\n",
            NH_SERIES_MAX_ORDER - 1);
    nh_cli_common_help(f);
}

static int
reduced_option(int opt, const char *arg, void *data, nh_error_t err)
{
    reduced_opts *o = data;
    switch (opt)
    {
        case OPT_K:
            return nh_parse_slong(&o->k, arg, 0, NH_SERIES_MAX_ORDER - 1, "--k", err);
        case OPT_T:
            o->t_spec = arg;
            return NH_OK;
        case OPT_EPS:
            o->have_eps = 1;
            return nh_parse_fmpq_pos(o->eps, arg, "--eps", err);
    }
    return nh_error_set(err, NH_ERR_USAGE, "reduced: unknown option");
}

static int
reduced_validate(void *data, nh_error_t err)
{
    reduced_opts *o = data;
    if (!o->have_eps)
        return nh_error_set(err, NH_ERR_USAGE, "reduced: --eps VALUE is required");
    return NH_OK;
}

static int
reduced_compute(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
                slong prec, void *data, nh_error_t err)
{
    const reduced_opts *o = data;
    slong n = nh_model_n(M), K = o->k + 1, j;
    arb_ptr q, v, vD, h, qdot, vDdot, vdot, react, vp;
    arb_t eps, t0;
    int timed = !nh_model_is_linear_autonomous(M);
    char *es, label[64];
    json_object *list;
    int rc;

    q = _arb_vec_init(n);
    v = _arb_vec_init(n);
    vD = _arb_vec_init(n);
    h = _arb_vec_init(K * n);
    qdot = _arb_vec_init(n);
    vDdot = _arb_vec_init(n);
    vdot = _arb_vec_init(n);
    react = _arb_vec_init(K * n);
    vp = _arb_vec_init(n);
    arb_init(eps);
    arb_init(t0);
    arb_set_fmpq(eps, o->eps, prec);

    /* time-dependent or affine models (issue 19): t0 from --t (default
       0), vD = P(q, t0) v and v_p (nh_project_D_t) */
    rc = nh_cli_point_t(q, v, t0, M, cli, o->t_spec, prec, err);
    if (rc == NH_OK)
        rc = nh_cli_velocity_D(vD, timed ? vp : NULL, out, M, cli, q, t0, v, NH_POINT_V_PROJECT,
                               prec, err);
    if (rc == NH_OK && timed)
    {
        rc = nh_series_time_t(h, react, NULL, M, q, t0, vD, K, prec, err);
        if (rc == NH_OK)
            rc = nh_reduced_field_t(qdot, vDdot, vdot, M, q, t0, vD, h, react, K, o->k, eps,
                                    prec, err);
    }
    else if (rc == NH_OK)
        rc = nh_series_time(h, NULL, M, q, vD, K, prec, err);
    if (rc == NH_OK && !timed)
        rc = nh_reduced_field(qdot, vDdot, vdot, M, q, vD, h, K, o->k, eps, prec, err);
    if (rc != NH_OK)
        goto cleanup;

    nh_out_header(out, M, q, v);
    {
        fmpq_t e;
        fmpq_init(e);
        fmpq_set(e, o->eps);
        es = fmpq_get_str(NULL, 10, e);
        fmpq_clear(e);
    }
    nh_out_printf(out, "eps = %s (exact), reduction order k = %ld\n", es, (long) o->k);
    nh_out_printf(out, "convention: h_eps = sum_k eps^k h^(k) (paper 000 eq (66))\n");
    json_object_object_add(out->root, "eps", json_object_new_string(es));
    json_object_object_add(out->root, "k", json_object_new_int64(o->k));
    json_object_object_add(out->root, "convention",
                           json_object_new_string("h_eps = sum_k eps^k h^(k) (paper 000 eq (66))"));
    flint_free(es);
    nh_out_printf(out, "note: using vD = P(v)\n");
    nh_out_vector(out, "vD", "vD = P(v)", vD, n, 1, M);
    if (timed)
    {
        nh_out_scalar(out, "t0", "t0", t0);
        nh_out_vector(out, "v_p", "v_p = -G^{-1} A^T (A G^{-1} A^T)^{-1} b (v = vD + v_p + ...)",
                      vp, n, 1, M);
    }

    list = json_object_new_array();
    for (j = 1; j <= K; j++)
    {
        snprintf(label, sizeof label, "h^(%ld) (time route)", (long) j);
        nh_out_vector(out, NULL, label, h + (j - 1) * n, n, 1, M);
        json_object_array_add(list, nh_out_vector_json(out, h + (j - 1) * n, n, 1));
    }
    json_object_object_add(out->root, "h", list);

    nh_out_vector(out, "qdot", "qdot", qdot, n, 1, M);
    nh_out_vector(out, "vDdot", "vDdot", vDdot, n, 1, M);
    nh_out_vector(out, "vdot", "vdot (velocity form)", vdot, n, 1, M);
    nh_out_curvature_at(out, M, q, prec);   /* issue 16: the curvature note */

cleanup:
    arb_clear(eps);
    arb_clear(t0);
    _arb_vec_clear(react, K * n);
    _arb_vec_clear(vp, n);
    _arb_vec_clear(q, n);
    _arb_vec_clear(v, n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(h, K * n);
    _arb_vec_clear(qdot, n);
    _arb_vec_clear(vDdot, n);
    _arb_vec_clear(vdot, n);
    return rc;
}

int
nh_cmd_reduced(int argc, char **argv)
{
    reduced_opts o;
    int rc;
    o.k = 1;
    o.have_eps = 0;
    o.t_spec = NULL;
    fmpq_init(o.eps);
    rc = nh_cli_main(argc, argv, reduced_options, reduced_option, &o, reduced_usage,
                     reduced_validate, reduced_compute);
    fmpq_clear(o.eps);
    return rc;
}
