/*
 * cmd_slowmanifold.c -- `nhoracle slowmanifold CASE.nh --q .. --v ..
 * [--order K] [--eps LIST] [--tol T]`: the series h_eps = sum eps^k
 * h^(k) (paper 000 eq (66), nh_series_time) against the TRUE slow
 * manifold D_eps computed independently of the recursion.
 *
 * For each eps in LIST, nh_flow_slow_point finds the point of D_eps over
 * the fixed point (q, vD = P(q) v) of D by shooting with the full
 * friction system (39)-(40) (Radau IIA, start on D, relaxation time tau
 * long enough for the fast transient to decay below the tolerance), and
 * returns w(eps) = P_perp v (an ESTIMATE of h_eps(q, vD), with an
 * estimated error).  Then
 *  (1) the residual r_K(eps) = |w(eps) - sum_{k<=K} eps^k h^(k)(q, vD)|_inf
 *      for K = 0..--order and its least-squares slope in log-log
 *      (expected K+1: D_eps = graph(h_eps));
 *  (2) the eps-Taylor coefficients of w: the interpolating polynomial
 *      sum_{k=1}^{N} c_k eps^k through the N values w(eps_j) (h_eps(0) =
 *      0, so no constant term), compared digit by digit with h^(k):
 *      digits matched = -log10(|c_k - h^(k)|_inf / |h^(k)|_inf); the
 *      fit's own uncertainty is estimated by the same fit through the N-1
 *      smallest eps ("digits expected").
 * Because the point (q, vD) of D is the same for every eps (the shooting
 * solves for the start point), no projection error enters the fit.
 * All numbers derived from w are ESTIMATES and labelled so; h^(k) are
 * certified balls.  See doc/integrator.md.
 *  (3) (issue 14) the certified invariance residual R_K of the truncated
 *      series at each eps (nh_conv_slow_certify, 000 eq (60)): balls, with
 *      the exact exponent between successive eps (doc/convergence.md,
 *      "Certified invariance residual").
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slowmanifold.h"

enum { OPT_ORDER = 1000, OPT_EPS, OPT_TOL, OPT_QUIET, OPT_T };

static const struct option sm_options[] = {
    {"order", required_argument, NULL, OPT_ORDER},
    {"eps", required_argument, NULL, OPT_EPS},
    {"tol", required_argument, NULL, OPT_TOL},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"t", required_argument, NULL, OPT_T},
    {NULL, 0, NULL, 0}
};

static void
sm_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle slowmanifold CASE.nh --q SPEC --v SPEC [--order K] [--eps LIST]\n"
"                             [--tol T] [--quiet] [options]\n"
"The series h_eps = sum_k eps^k h^(k) (time route) against the TRUE slow\n"
"manifold D_eps, computed independently of the recursion: for each eps the\n"
"point of D_eps over the fixed point (q, vD = P(v)) of D is found by shooting\n"
"with the full friction system (Radau IIA), w(eps) = P_perp v there.\n"
"Reports (1) the residual |w - sum_{k<=K} eps^k h^(k)| for K = 0..order and\n"
"its observed scaling exponent (expected K+1), (2) the eps-Taylor\n"
"coefficients of w (polynomial interpolation in eps) against h^(k), as\n"
"digits matched per k.  Values derived from w are ESTIMATES (labelled,\n"
"with estimated errors); h^(k) are certified balls.  (3) CERTIFIED (balls):\n"
"the invariance residual R_K = eps Q [d/dt P_perp v - d/dt H_K(q, P v)] at\n"
"v = vD + H_K, H_K = sum_{k<=K} eps^k h^(k), along the full field (paper 000\n"
"eq (60)), K = 0..min(order, 4): 0 on D_eps, eps^(K+1) h^(K+1) + O(eps^(K+2));\n"
"its max norm and the exact exponent between successive eps (models of the\n"
"original class of paper 000 only).  Progress on stderr.\n"
"\n"
"Options:\n"
"  --order K        residual orders 0..K (1..%d, default 3)\n"
"  --eps LIST       distinct eps > 0, exact rationals separated by ',' or ':',\n"
"                   at least 3\n"
"                   (default " SM_DEFAULT_EPS ")\n"
"  --tol T          integration tolerance (default 1e-24; needs --prec\n"
"                   well above -log2(T), the default 256 is ample)\n"
"  --quiet          no progress lines on stderr\n"
"  --t T0           model time of the point (exact rational, default 0) for\n"
"                   time-dependent or affine models (issue 19, proofs/020):\n"
"                   vD = P(q, T0) v, h^(k)(q, T0, vD) by the time route with\n"
"                   t, and the shooting runs from T0 - tau to T0 (the slow\n"
"                   manifold is a time-dependent graph over vD + v_p);\n"
"                   w = v - vD - v_p there.  Ignored by autonomous models\n\n",
        NH_SERIES_MAX_ORDER - 2);
    nh_cli_common_help(f);
}

/* --eps: at least 3 positive, distinct exact rationals */
static const nh_fmpq_list_rules sm_eps_rules = {3, SM_MAX_EPS, 1, 0, 1, WORD_MAX};

static int
sm_option(int opt, const char *arg, void *data, nh_error_t err)
{
    sm_opts *o = data;
    char *end;
    switch (opt)
    {
        case OPT_ORDER:
            return nh_parse_slong(&o->order, arg, 0, NH_SERIES_MAX_ORDER - 2, "--order", err);
        case OPT_EPS:
            return nh_parse_fmpq_list(o->eps, &o->neps, arg, "--eps", &sm_eps_rules, err);
        case OPT_TOL:
            o->tol = strtod(arg, &end);
            if (end == arg || *end != '\0' || !(o->tol > 0 && o->tol < 1e-3))
                return nh_error_set(err, NH_ERR_USAGE,
                                    "--tol: expected a number in (0, 1e-3), found '%s'", arg);
            return NH_OK;
        case OPT_QUIET:
            o->quiet = 1;
            return NH_OK;
        case OPT_T:
            o->t_spec = arg;
            return NH_OK;
    }
    return nh_error_set(err, NH_ERR_USAGE, "slowmanifold: unknown option");
}

typedef struct
{
    const sm_opts *o;
    nh_out_struct *out;
    const nh_conv_slow_struct *S;
    const nh_model_struct *M;
    arb_srcptr q, v;
}
sm_progress_struct;

/* the header, vD and the head of the shooting table (once the series ran) */
static void
sm_header(const sm_progress_struct *P)
{
    nh_out_struct *out = P->out;
    nh_out_header(out, P->M, P->q, P->v);
    nh_out_printf(out, "convention: h_eps = sum_k eps^k h^(k) (paper 000 eq (66)); "
                  "h^(k) from the time route (certified)\n");
    nh_out_vector(out, "vD", "vD = P(v) (the fixed point of D)", P->S->vD, P->S->n, 1, P->M);
    json_object_object_add(out->root, "order", json_object_new_int64(P->o->order));
    json_object_object_add(out->root, "tol", json_object_new_double(P->o->tol));
    nh_out_printf(out, "\nTrue slow manifold by shooting (ESTIMATES; w = P_perp v on D_eps over (q, vD)):\n");
    nh_out_printf(out, "%-12s %10s %6s %8s %10s %11s %11s\n", "eps", "tau", "iters", "steps",
                  "seconds", "shoot.res", "est.error");
}

/* progress on stderr, and the shooting table row of each eps (the
   header first) */
static void
sm_progress(void *data, slong j, const nh_flow_slow_info_struct *info)
{
    sm_progress_struct *P = data;
    const sm_opts *o = P->o;
    char *es = fmpq_get_str(NULL, 10, o->eps + j);
    if (j == 0 && info == NULL)
        sm_header(P);
    if (info == NULL)
    {
        if (!o->quiet)
            fprintf(stderr, "slowmanifold: eps = %s (%ld/%ld) ...\n", es, (long) j + 1, (long) o->neps);
    }
    else
    {
        if (!o->quiet)
            fprintf(stderr, "slowmanifold: eps = %s done: %ld Broyden iterations, %ld steps, %.1f s\n",
                    es, (long) info->iters, (long) info->steps, info->seconds);
        nh_out_printf(P->out, "%-12s %10.4g %6ld %8ld %10.2f %11.3e %11.3e\n", es, info->tau,
                      (long) info->iters, (long) info->steps, info->seconds, info->resid, info->gerr);
    }
    flint_free(es);
}

/* (1) residuals and scaling exponents (text; JSON nh_conv_slow_residual_json) */
static void
sm_print_residuals(nh_out_t out, const nh_conv_slow_struct *S, const sm_opts *o)
{
    slong N = S->neps, j, k;
    nh_out_printf(out, "\n(1) residual r_K = |w - sum_{k<=K} eps^k h^(k)|_inf (ESTIMATES) and "
                  "observed exponent (expected K+1)\n");
    nh_out_printf(out, "%-4s", "K");
    for (j = 0; j < N; j++)
    {
        char *es = fmpq_get_str(NULL, 10, o->eps + j);
        nh_out_printf(out, " %11s", es);
        flint_free(es);
    }
    nh_out_printf(out, " %9s %9s\n", "slope", "expected");
    for (k = 0; k <= S->K; k++)
    {
        const double *r = S->resid + k * N;
        nh_out_printf(out, "%-4ld", (long) k);
        for (j = 0; j < N; j++)
        {
            if (r[j] > 0)
                nh_out_printf(out, " %11.4e", r[j]);
            else
                nh_out_printf(out, " %11s", "<noise");
        }
        if (S->used[k] >= 2)
            nh_out_printf(out, " %9.4f %9ld\n", S->slope[k], (long) k + 1);
        else
            nh_out_printf(out, " %9s %9ld\n", "n/a", (long) k + 1);
    }
    json_object_object_add(out->root, "residual", nh_conv_slow_residual_json(S));
    nh_out_printf(out, "(residuals below 100x the estimated error are marked <noise and "
                  "left out of the fit)\n");
}

/* --v-mode (issue 29), default project: the series projects v itself; in
   the other modes it starts from their velocity (on the constraint set) */
static int
sm_velocity(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M, arb_srcptr q,
            const arb_t t0, arb_ptr v, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr w = _arb_vec_init(n);
    int project = nh_cli_v_mode(cli, NH_POINT_V_PROJECT) == NH_POINT_V_PROJECT;
    int rc = nh_cli_velocity(w, out, M, cli, q, t0, v, NH_POINT_V_PROJECT, NULL, prec, err);
    if (rc == NH_OK && !project)
        _arb_vec_set(v, w, n);
    else if (rc != NH_OK && project)
    {
        nh_error_init(err);     /* the series' own checks say why */
        rc = NH_OK;
    }
    _arb_vec_clear(w, n);
    return rc;
}

static int
sm_compute(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
           slong prec, void *data, nh_error_t err)
{
    const sm_opts *o = data;
    slong n = nh_model_n(M);
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n);
    nh_conv_slow_opts_struct so;
    nh_conv_slow_struct S;
    sm_progress_struct P = {o, out, &S, M, q, v};
    arb_t t0;
    int rc;

    nh_conv_slow_init(&S, n, o->neps, o->order);
    nh_conv_slow_opts_init(&so);
    so.eps = o->eps;
    so.neps = o->neps;
    so.tol = o->tol;
    so.quiet = o->quiet;
    so.progress = sm_progress;
    so.progress_data = &P;
    so.prec = prec;
    rc = nh_cli_point(q, v, M, cli, prec, err);
    arb_init(t0);
    if (rc == NH_OK && o->t_spec != NULL)
    {
        fmpq_t tq;
        fmpq_init(tq);
        rc = nh_parse_fmpq(tq, o->t_spec, "--t", err);
        arb_set_fmpq(t0, tq, prec);
        fmpq_clear(tq);
    }
    S.t0 = t0;
    if (rc == NH_OK)
        rc = sm_velocity(out, cli, M, q, t0, v, prec, err);
    if (rc == NH_OK)
        rc = nh_conv_slow_run(&S, M, q, v, &so, err);
    if (rc == NH_OK)
    {
        json_object_object_add(out->root, "points", nh_conv_slow_points_json(&S, o->eps));
        sm_print_residuals(out, &S, o);
        sm_print_coefficients(out, &S, M);
        sm_print_certified(out, &S, o);
    }
    nh_conv_slow_clear(&S);
    arb_clear(t0);
    _arb_vec_clear(q, n);
    _arb_vec_clear(v, n);
    return rc;
}

int
nh_cmd_slowmanifold(int argc, char **argv)
{
    sm_opts o;
    nh_error_t err;
    slong k;
    int rc;
    o.order = 3;
    o.neps = 0;
    o.tol = 1e-24;
    o.quiet = 0;
    o.t_spec = NULL;
    for (k = 0; k < SM_MAX_EPS; k++)
        fmpq_init(o.eps + k);
    nh_error_init(err);
    if (nh_parse_fmpq_list(o.eps, &o.neps, SM_DEFAULT_EPS, "--eps", &sm_eps_rules, err) != NH_OK)
        return nh_report(err);
    rc = nh_cli_main(argc, argv, sm_options, sm_option, &o, sm_usage, NULL, sm_compute);
    for (k = 0; k < SM_MAX_EPS; k++)
        fmpq_clear(o.eps + k);
    return rc;
}
