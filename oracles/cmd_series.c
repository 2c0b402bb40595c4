/*
 * cmd_series.c -- `nhoracle series CASE.nh --q ... --v ... --order K`:
 * the slow-manifold series h_eps = sum_k eps^k h^(k) (paper 000 eq (66))
 * at (q, vD = P(v)) by the time-derivative route (invariance condition
 * (60)) and the covariant route (covariant invariance condition (65):
 * the generating equation (56) along the slow trajectory), with their
 * agreement and the reaction-force coefficients.
 *
 * Agreement of the routes at order k (same test for the reaction), the
 * criterion of issue 2: d = h_time^(k) - h_cov^(k) componentwise; the
 * routes AGREE if every d_i contains 0 and
 *     rel_rad = max_i rad(d_i) / (lower bound of max_i |h_time,i^(k)|)
 * (the absolute radius if that bound is 0) is <= 2^-(P - 20), where P is
 * the REQUESTED precision --prec (and at least the bits needed for
 * --digits).  The working precision is raised by the retry driver until
 * this holds: the jet recursions lose a number of bits that grows with k
 * but not with the working precision, so guard bits always get there
 * (exit NH_ERR_PRECISION at the --max-prec cap).  They certifiably
 * DISAGREE if some d_i excludes 0 (exit NH_EXIT_DISAGREE).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define ROUTE_TIME 1
#define ROUTE_COV 2
#define ROUTE_BOTH 3

enum { OPT_ORDER = 1000, OPT_ROUTE, OPT_T };

typedef struct
{
    slong K;
    int route;          /* 0: not given (both, or time for affine models) */
    const char *t_spec; /* --t T0, NULL: 0 */
}
series_opts;

static const struct option series_options[] = {
    {"order", required_argument, NULL, OPT_ORDER},
    {"route", required_argument, NULL, OPT_ROUTE},
    {"t", required_argument, NULL, OPT_T},
    {NULL, 0, NULL, 0}
};

static void
series_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle series CASE.nh [--q SPEC] [--v SPEC] [--order K]\n"
"                       [--route time|covariant|both] [options]\n"
"Slow-manifold series h_eps = sum_k eps^k h^(k) (paper 000 eq (66)) at\n"
"(q, vD) with vD = P(v), k = 1..K, by the time-derivative route (invariance\n"
"condition, eq (60)) and by the covariant route (covariant invariance\n"
"condition (65), i.e. the generating equation (56) along the slow\n"
"trajectory), their agreement per order, and the reaction-force\n"
"coefficients by both.  Both routes cost about K^4-K^5 (doc/bench.md).\n"
"\n"
"Options:\n"
"  --order K        number of terms K (1..%d, default 4)\n"
"  --route R        time, covariant or both (default both; time for models\n"
"                   with time dependence or affine constraints)\n"
"  --t T0           the time of the point (exact rational, default 0), for\n"
"                   models whose expressions use t or whose constraints have\n"
"                   dt terms (A(q,t) v + b(q,t) = 0, friction\n"
"                   -(1/eps) A^T mu_bar (A v + b); proofs/020): the series\n"
"                   h_eps(q, t0, vD), the particular solution v_p and the\n"
"                   order-0 acceleration; time route only\n"
"Exit status 8 if the routes certifiably disagree.\n\n",
            NH_SERIES_MAX_ORDER);
    nh_cli_common_help(f);
}

static int
series_option(int opt, const char *arg, void *data, nh_error_t err)
{
    series_opts *o = data;
    switch (opt)
    {
        case OPT_ORDER:
            return nh_parse_slong(&o->K, arg, 1, NH_SERIES_MAX_ORDER, "--order", err);
        case OPT_T:
            o->t_spec = arg;
            return NH_OK;
        case OPT_ROUTE:
            if (strcmp(arg, "time") == 0)
                o->route = ROUTE_TIME;
            else if (strcmp(arg, "covariant") == 0)
                o->route = ROUTE_COV;
            else if (strcmp(arg, "both") == 0)
                o->route = ROUTE_BOTH;
            else
                return nh_error_set(err, NH_ERR_USAGE,
                                    "--route: expected time, covariant or both, found '%s'", arg);
            return NH_OK;
    }
    return nh_error_set(err, NH_ERR_USAGE, "series: unknown option");
}

/* Compare x and y (K*n balls) order by order (nh_series_agree); emit
   the table (text) and JSON list under key; return 1 if some order
   certifiably disagrees. */
static int
compare_routes(nh_out_t out, const char *key, const char *what,
               arb_srcptr x, arb_srcptr y, slong K, slong n)
{
    slong k, need = nh_digits_to_bits(out->cli->digits);
    nh_series_agree_struct *ag = flint_malloc(K * sizeof(nh_series_agree_struct));
    json_object *list = json_object_new_array();
    int any_disagree;

    if (out->cli->prec - 20 > need)
        need = out->cli->prec - 20;
    nh_series_agree_init(ag, K);
    any_disagree = nh_series_agree(ag, x, y, K, n, need, out->prec);
    nh_out_printf(out, "agreement of the routes (%s):\n", what);
    nh_out_printf(out, "  %3s  %-40s  %-9s  %s\n", "k", "max_i |component|", "agreement",
                  "rel. radius of difference");
    for (k = 1; k <= K; k++)
    {
        const nh_series_agree_struct *a = ag + (k - 1);
        char *hs, *rs;
        json_object *e;

        if (a->contains_zero && !a->tight)
            nh_out_mark_wide(out, "agreement of %s at order %ld (rel. radius above 2^-%ld)",
                             what, (long) k, (long) need);
        hs = nh_out_ball_str(out, &a->max_abs);
        rs = arf_get_str(&a->rel_rad, 3);
        nh_out_printf(out, "  %3ld  %-40s  %-9s  %s\n", (long) k, hs,
                      a->ok ? "OK" : (a->contains_zero ? "UNCERTAIN" : "FAIL"), rs);
        e = json_object_new_object();
        json_object_object_add(e, "k", json_object_new_int64(k));
        json_object_object_add(e, "ok", json_object_new_boolean(a->ok));
        json_object_object_add(e, "contains_zero", json_object_new_boolean(a->contains_zero));
        json_object_object_add(e, "max_abs", json_object_new_string(hs));
        json_object_object_add(e, "rel_rad", json_object_new_string(rs));
        json_object_array_add(list, e);
        flint_free(hs);
        flint_free(rs);
    }
    json_object_object_add(out->root, key, list);
    nh_series_agree_clear(ag, K);
    flint_free(ag);
    return any_disagree;
}

/* Emit h^(1..K) (K*n balls): text blocks and a JSON list of lists. */
static void
emit_terms(nh_out_t out, const char *key, const char *sym, const char *route,
           arb_srcptr h, slong K, const nh_model_struct *M)
{
    slong k, n = nh_model_n(M);
    char label[128];
    json_object *list = json_object_new_array();
    for (k = 1; k <= K; k++)
    {
        snprintf(label, sizeof label, "%s^(%ld) (%s route)", sym, (long) k, route);
        json_object_array_add(list, nh_out_vector_list(out, label, h + (k - 1) * n, n, 1, M));
    }
    json_object_object_add(out->root, key, list);
}

/* Precision probe (issue 17, the K = 36 -> 40 jump; nh_series_probe):
   for K >= 16, on the first attempt (prec = --prec; later attempts are
   not probed: a pessimistic estimate must not raise the precision twice)
   and when a retry is allowed, estimate the bits lost at order K from
   h^(1..K/2).  If the digits (and, with both routes, the agreement
   criterion) cannot be met at prec, mark the output too wide: the retry
   driver raises the precision before the expensive attempt.  An
   estimate only chooses the precision; what is printed is checked as
   always. */
static int
series_probe_too_wide(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
                      arb_srcptr q, arb_srcptr vD, slong K, int route, slong prec)
{
    slong need = nh_digits_to_bits(cli->digits);
    nh_series_probe_struct p;
    nh_error_t err;

    if (K < 16 || prec != cli->prec || 2 * prec > cli->max_prec
        || !nh_model_is_linear_autonomous(M))
        return 0;
    if (route == ROUTE_BOTH && cli->prec - 20 + 2 > need)
        need = cli->prec - 20 + 2;
    nh_error_init(err);
    if (nh_series_probe(&p, M, q, vD, K, route == ROUTE_COV ? NH_ROUTE_COVARIANT : NH_ROUTE_TIME,
                        prec, err) != NH_OK || !(p.lost_half > 0) || prec - p.lost >= need)
        return 0;
    nh_out_mark_wide(out, "h^(%ld) (estimate from h^(%ld): about %.0f of %ld bits lost)",
                     (long) K, (long) p.Kp, p.lost, (long) prec);
    return 1;
}

/* Time-dependent or affine models (issue 19, proofs/020): the time
   route at (q, t0, vD), vD = P(q, t0) v; also v_p and the order-0
   acceleration (K >= 2). */
static int
series_compute_t(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
                 slong prec, const series_opts *o, nh_error_t err)
{
    slong n = nh_model_n(M), K = o->K;
    arb_ptr q, v, vD, vp, ht, rt, a0;
    arb_t t0;
    int rc;
    char what[96];

    snprintf(what, sizeof what, "the time route at order K = %ld (n = %ld)", (long) K, (long) n);
    if (nh_cli_check_bytes(cli, nh_series_time_memory(n, nh_model_m(M), K, prec), what,
                           "lower --order", err) != NH_OK)
        return NH_ERR_RESOURCE;
    q = _arb_vec_init(n); v = _arb_vec_init(n); vD = _arb_vec_init(n); vp = _arb_vec_init(n);
    a0 = _arb_vec_init(n); ht = _arb_vec_init(K * n); rt = _arb_vec_init(K * n);
    arb_init(t0);
    rc = nh_cli_point_t(q, v, t0, M, cli, o->t_spec, prec, err);
    if (rc == NH_OK)
        rc = nh_cli_velocity_D(vD, vp, out, M, cli, q, t0, v, NH_POINT_V_PROJECT, prec, err);
    if (rc == NH_OK)
        rc = nh_series_time_t(ht, rt, K >= 2 ? a0 : NULL, M, q, t0, vD, K, prec, err);
    if (rc != NH_OK)
        nh_error_prefix(err, "time route: ");
    else
    {
        nh_out_header(out, M, q, v);
        nh_out_printf(out, "convention: h_eps = sum_k eps^k h^(k) (paper 000 eq (66)); "
                      "v = vD + v_p + h_eps(q, t, vD) (proofs/020)\n");
        nh_out_printf(out, "order K = %ld, route: time (the covariant route is not available "
                      "for time-dependent or affine models)\n", (long) K);
        nh_out_scalar(out, "t0", "t0", t0);
        json_object_object_add(out->root, "order", json_object_new_int64(K));
        json_object_object_add(out->root, "route", json_object_new_string("time"));
        nh_out_vector(out, "vD", "vD = P(q, t0) v", vD, n, 1, M);
        nh_out_vector(out, "v_p", "v_p = -G^{-1} A^T (A G^{-1} A^T)^{-1} b", vp, n, 1, M);
        emit_terms(out, "h", "h", "time", ht, K, M);
        nh_out_printf(out, "reaction force coefficients (eps^(k-1) term of -(1/eps) FR_sharp h_eps):\n");
        emit_terms(out, "reaction_time", "reaction", "time", rt, K, M);
        if (K >= 2)
            nh_out_vector(out, "acc0", "order-0 acceleration d/dt(vD + v_p) (= nh)", a0, n, 1, M);
    }
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n); _arb_vec_clear(vp, n);
    _arb_vec_clear(a0, n); _arb_vec_clear(ht, K * n); _arb_vec_clear(rt, K * n);
    arb_clear(t0);
    return rc;
}

static int
series_compute(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
               slong prec, void *data, nh_error_t err)
{
    const series_opts *o = data;
    slong n = nh_model_n(M), K = o->K;
    arb_ptr q, v, vD, ht, rt, hc, rc_;
    int rc, dis = 0;
    const char *rname = o->route == ROUTE_BOTH ? "both" : o->route == ROUTE_TIME ? "time" : "covariant";

    /* up-front memory estimates against --max-memory (or the machine) */
    {
        char what[96];
        snprintf(what, sizeof what, "the time route at order K = %ld (n = %ld)", (long) K, (long) n);
        if ((o->route & ROUTE_TIME)
            && nh_cli_check_bytes(cli, nh_series_time_memory(n, nh_model_m(M), K, prec), what,
                                  "lower --order", err) != NH_OK)
            return NH_ERR_RESOURCE;
        snprintf(what, sizeof what, "the covariant route at order K = %ld (n = %ld)", (long) K, (long) n);
        if ((o->route & ROUTE_COV)
            && nh_cli_check_bytes(cli, nh_series_covariant_memory(n, K, prec), what,
                                  "lower --order", err) != NH_OK)
            return NH_ERR_RESOURCE;
    }

    q = _arb_vec_init(n);
    v = _arb_vec_init(n);
    vD = _arb_vec_init(n);
    ht = _arb_vec_init(K * n);
    rt = _arb_vec_init(K * n);
    hc = _arb_vec_init(K * n);
    rc_ = _arb_vec_init(K * n);

    rc = nh_cli_point(q, v, M, cli, prec, err);
    if (rc == NH_OK)
        rc = nh_cli_velocity_D(vD, NULL, out, M, cli, q, NULL, v, NH_POINT_V_PROJECT, prec, err);
    if (rc == NH_OK && series_probe_too_wide(out, cli, M, q, vD, K, o->route, prec))
        goto cleanup;
    if (rc == NH_OK && (o->route & ROUTE_TIME))
    {
        rc = nh_series_time(ht, rt, M, q, vD, K, prec, err);
        if (rc != NH_OK)
            nh_error_prefix(err, "time route: ");
    }
    if (rc == NH_OK && (o->route & ROUTE_COV))
    {
        rc = nh_series_covariant(hc, rc_, M, q, vD, K, prec, err);
        if (rc != NH_OK)
            nh_error_prefix(err, "covariant route: ");
    }
    if (rc != NH_OK)
        goto cleanup;

    nh_out_header(out, M, q, v);
    nh_out_printf(out, "convention: h_eps = sum_k eps^k h^(k) (paper 000 eq (66))\n");
    nh_out_printf(out, "order K = %ld, route: %s\n", (long) K, rname);
    json_object_object_add(out->root, "convention",
                           json_object_new_string("h_eps = sum_k eps^k h^(k) (paper 000 eq (66))"));
    json_object_object_add(out->root, "order", json_object_new_int64(K));
    json_object_object_add(out->root, "route", json_object_new_string(rname));
    nh_out_printf(out, "note: using vD = P(v)\n");
    nh_out_vector(out, "vD", "vD = P(v)", vD, n, 1, M);

    if (o->route & ROUTE_TIME)
        emit_terms(out, "h", "h", "time", ht, K, M);
    if (o->route & ROUTE_COV)
        emit_terms(out, o->route == ROUTE_BOTH ? "h_covariant" : "h", "h", "covariant", hc, K, M);
    if (o->route == ROUTE_BOTH)
        dis |= compare_routes(out, "agreement", "h", ht, hc, K, n);

    nh_out_printf(out, "reaction force coefficients (eps^(k-1) term of -(1/eps) FR_sharp h_eps):\n");
    if (o->route & ROUTE_TIME)
        emit_terms(out, "reaction_time", "reaction", "time", rt, K, M);
    if (o->route & ROUTE_COV)
        emit_terms(out, "reaction_covariant", "reaction", "covariant", rc_, K, M);
    if (o->route == ROUTE_BOTH)
        dis |= compare_routes(out, "reaction_agreement", "reaction", rt, rc_, K, n);

    if (o->route == ROUTE_BOTH)
    {
        nh_out_printf(out, "verdict: %s\n", dis ? "ROUTES DISAGREE" : "routes agree");
        json_object_object_add(out->root, "agree", json_object_new_boolean(!dis));
    }
    if (dis)
    {
        out->status = NH_EXIT_DISAGREE;
        snprintf(out->status_msg, sizeof out->status_msg,
                 "the time-derivative and covariant routes disagree "
                 "(certified: a difference ball excludes 0)");
    }
    nh_out_curvature_at(out, M, q, prec);   /* issue 16: the curvature note */

cleanup:
    _arb_vec_clear(q, n);
    _arb_vec_clear(v, n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(ht, K * n);
    _arb_vec_clear(rt, K * n);
    _arb_vec_clear(hc, K * n);
    _arb_vec_clear(rc_, K * n);
    return rc;
}

static int
series_dispatch(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
                slong prec, void *data, nh_error_t err)
{
    series_opts *o = data;
    if (nh_model_is_linear_autonomous(M))
    {
        series_opts lin = *o;
        if (lin.route == 0)
            lin.route = ROUTE_BOTH;
        return series_compute(out, cli, M, prec, &lin, err);
    }
    if (o->route & ROUTE_COV)
        return nh_error_set(err, NH_ERR_MODEL,
                            "%s: model %s has time dependence or affine constraints: the covariant "
                            "route (paper 000) is not available; use --route time (proofs/020)",
                            nh_model_filename(M), nh_model_name(M));
    return series_compute_t(out, cli, M, prec, o, err);
}

int
nh_cmd_series(int argc, char **argv)
{
    series_opts o;
    o.K = 4;
    o.route = 0;
    o.t_spec = NULL;
    return nh_cli_main(argc, argv, series_options, series_option, &o, series_usage, NULL,
                       series_dispatch);
}
