/*
 * cmd_flow.c -- `nhoracle flow CASE.nh --system nh|full|reduced --q SPEC
 * --v SPEC --T LIST [--eps E] [--order K] [--max-width W]`: certified
 * trajectories (issue 14): enclosures of (q, v) at the output times by
 * the validated Taylor integrator (lib/taylor.h) on the systems'
 * right-hand sides over series (nh_flow_certified, lib/flow.h).
 * Method and costs: doc/flow.md.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "flow.h"
#include "nhdyn.h"

enum { OPT_SYSTEM = 1000, OPT_ORDER, OPT_EPS, OPT_T, OPT_MAXW, OPT_TORDER, OPT_T0,
       OPT_NOSLOW };

#define FLOW_MAX_TIMES 64
#define FLOW_MAX_T 1000

typedef struct
{
    int system;                 /* NH_FLOW_NH / NH_FLOW_FULL; -1 unset  */
    int reduced;                /* --system reduced                      */
    slong order, torder;
    int have_eps, have_t0;
    fmpq_t eps, t0;             /* --eps; --t (start model time)         */
    slong nt;
    fmpq T[FLOW_MAX_TIMES];
    double max_width;
    int no_slow;                /* --no-slow-manifold                    */
}
flow_opts;

static const struct option flow_options[] = {
    {"system", required_argument, NULL, OPT_SYSTEM},
    {"order", required_argument, NULL, OPT_ORDER},
    {"eps", required_argument, NULL, OPT_EPS},
    {"T", required_argument, NULL, OPT_T},
    {"max-width", required_argument, NULL, OPT_MAXW},
    {"taylor-order", required_argument, NULL, OPT_TORDER},
    {"t", required_argument, NULL, OPT_T0},
    {"no-slow-manifold", no_argument, NULL, OPT_NOSLOW},
    {NULL, 0, NULL, 0}
};

static void
flow_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle flow CASE.nh --system nh|full|reduced [--order K] [--eps E] [--t T0]\n"
"                   --q SPEC --v SPEC --T LIST [--max-width W] [options]\n"
"Certified trajectory: balls that provably contain the exact solution\n"
"(q(t), v(t)) at each output time, by a validated Taylor integrator\n"
"(Taylor coefficients by jets, remainder by a Picard check on the Taylor\n"
"polynomial, Lohner's QR method; doc/flow.md), starting at t = 0.\n"
"  nh       nonholonomic dynamics (Lagrange-d'Alembert; time-dependent\n"
"           affine constraints allowed); v is replaced by P(v) (linear\n"
"           autonomous models) or completed to satisfy the constraints\n"
"           (--v-mode M: the meaning M for every system; changed\n"
"           components are noted)\n"
"  full     the friction system at eps, paper 000 (39)-(40); when stiff\n"
"           (linear autonomous models, small eps): the initial layer, then\n"
"           steps along the slow manifold whose cost does not grow as\n"
"           eps -> 0 (doc/flow.md); time-dependent affine models\n"
"           (proofs/020): G a = f - (1/eps) A^T mu_bar (A v + b), friction\n"
"           block required\n"
"  reduced  the order-K reduced dynamics at eps (000 (69)-(71)) in the state\n"
"           (q, vD), vD = P(v); printed v = vD + sum_{j<=K} eps^j h^(j)(q, vD),\n"
"           comparable with full; K = 0 is the nonholonomic system, K = 1..%d\n"
"           need --eps; time-dependent affine models (friction block,\n"
"           proofs/020): state (q, u), u = P(q, t0) v, printed\n"
"           v = u + v_p + sum_{j<=K} eps^j h^(j)(q, t, u), from model time --t\n"
"\n"
"Options:\n"
"  --system S       nh, full or reduced (required)\n"
"  --order K        reduction order for --system reduced, 0..%d (default 0)\n"
"  --eps E          friction parameter eps > 0, exact rational (full, and\n"
"                   reduced with K >= 1)\n"
"  --T LIST         output times, exact rationals, increasing, > 0,\n"
"                   separated by ':' or ',' (at most %d, each <= %d);\n"
"                   with --t: durations from the start (model time t0 + T)\n"
"  --t T0           start model time, exact rational >= 0 (default 0;\n"
"                   --system reduced only; ignored by models without t)\n"
"  --max-width W    stop with exit 4 when some radius exceeds W times\n"
"                   max(1, |state|) (default 1e-10)\n"
"  --taylor-order P Taylor order (default min(4 + prec/6, 100); full system:\n"
"                   min(28 + prec/4, 100), and the default along its slow\n"
"                   manifold)\n"
"  --no-slow-manifold  --system full only: no steps along the slow manifold\n"
"                   (the Taylor method throughout, cost ~ 1/eps when stiff)\n\n",
            NH_FLOW_REDUCED_MAX_ORDER, NH_FLOW_REDUCED_MAX_ORDER, FLOW_MAX_TIMES, FLOW_MAX_T);
    nh_cli_common_help(f);
}

static int
parse_times(flow_opts *o, const char *arg, nh_error_t err)
{
    char *copy = strdup(arg), *tok, *save = NULL;
    int rc = NH_OK;

    o->nt = 0;
    for (tok = strtok_r(copy, ":,", &save); tok != NULL && rc == NH_OK;
         tok = strtok_r(NULL, ":,", &save))
    {
        if (o->nt == FLOW_MAX_TIMES)
            rc = nh_error_set(err, NH_ERR_USAGE, "--T: at most %d times", FLOW_MAX_TIMES);
        else if ((rc = nh_parse_fmpq(o->T + o->nt, tok, "--T", err)) == NH_OK)
        {
            if (fmpq_sgn(o->T + o->nt) <= 0
                || (o->nt > 0 && fmpq_cmp(o->T + o->nt, o->T + o->nt - 1) <= 0)
                || fmpq_cmp_si(o->T + o->nt, FLOW_MAX_T) > 0)
                rc = nh_error_set(err, NH_ERR_USAGE, "--T: expected increasing times in "
                                  "(0, %d], found '%s'", FLOW_MAX_T, tok);
            o->nt++;
        }
    }
    if (rc == NH_OK && o->nt == 0)
        rc = nh_error_set(err, NH_ERR_USAGE, "--T: no time given");
    free(copy);
    return rc;
}

static int
flow_option(int opt, const char *arg, void *data, nh_error_t err)
{
    flow_opts *o = data;
    char *end;
    int rc;

    switch (opt)
    {
        case OPT_SYSTEM:
            o->reduced = !strcmp(arg, "reduced");
            if (!strcmp(arg, "nh") || o->reduced)
                o->system = NH_FLOW_NH;
            else if (!strcmp(arg, "full"))
                o->system = NH_FLOW_FULL;
            else
                return nh_error_set(err, NH_ERR_USAGE, "--system: expected nh, full or "
                                    "reduced, found '%s'", arg);
            return NH_OK;
        case OPT_ORDER:
            return nh_parse_slong(&o->order, arg, 0, NH_SERIES_MAX_ORDER - 1, "--order", err);
        case OPT_TORDER:
            return nh_parse_slong(&o->torder, arg, 4, 200, "--taylor-order", err);
        case OPT_EPS:
            o->have_eps = 1;
            return nh_parse_fmpq_pos(o->eps, arg, "--eps", err);
        case OPT_T:
            return parse_times(o, arg, err);
        case OPT_T0:
            o->have_t0 = 1;
            if ((rc = nh_parse_fmpq(o->t0, arg, "--t", err)) != NH_OK)
                return rc;
            if (fmpq_sgn(o->t0) < 0 || fmpq_cmp_si(o->t0, FLOW_MAX_T) > 0)
                return nh_error_set(err, NH_ERR_USAGE, "--t: expected a start time in [0, %d], "
                                    "found '%s'", FLOW_MAX_T, arg);
            return NH_OK;
        case OPT_NOSLOW:
            o->no_slow = 1;
            return NH_OK;
        case OPT_MAXW:
            o->max_width = strtod(arg, &end);
            if (end == arg || *end != '\0' || !(o->max_width > 0.0) || o->max_width > 1.0)
                return nh_error_set(err, NH_ERR_USAGE, "--max-width: expected a number in "
                                    "(0, 1], found '%s'", arg);
            return NH_OK;
    }
    return nh_error_set(err, NH_ERR_USAGE, "flow: unknown option");
}

static int
flow_validate(void *data, nh_error_t err)
{
    flow_opts *o = data;
    if (o->system < 0)
        return nh_error_set(err, NH_ERR_USAGE, "flow: --system nh|full|reduced is required");
    if (o->nt == 0)
        return nh_error_set(err, NH_ERR_USAGE, "flow: --T LIST is required");
    if (o->system == NH_FLOW_FULL && !o->have_eps)
        return nh_error_set(err, NH_ERR_USAGE, "flow: --system full needs --eps VALUE");
    if (o->reduced && o->order > NH_FLOW_REDUCED_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "flow: --system reduced --order %ld: the "
                            "certified reduced systems go up to order %d (the cost grows "
                            "like K binomial(K+4, 4); doc/flow.md)", (long) o->order,
                            NH_FLOW_REDUCED_MAX_ORDER);
    if (o->have_t0 && !o->reduced)
        return nh_error_set(err, NH_ERR_USAGE, "flow: --t (start model time) is supported "
                            "with --system reduced only (the other systems start at t = 0)");
    if (o->reduced && o->order > 0 && !o->have_eps)
        return nh_error_set(err, NH_ERR_USAGE, "flow: --system reduced --order %ld needs "
                            "--eps VALUE", (long) o->order);
    if (o->no_slow && (o->system != NH_FLOW_FULL || o->reduced))
        return nh_error_set(err, NH_ERR_USAGE, "flow: --no-slow-manifold applies to "
                            "--system full only");
    return NH_OK;
}

/* The start velocity (issue 29): with --v-mode M, the velocity of M at
   (q, t) for every system (t: --t of the reduced system, else 0);
   without, --system nh takes the projection P(v) (linear autonomous
   models) or the completion of the dependent velocities (others) at
   t = 0, and the other systems v as given (reduced projects it itself).
   Every changed component is noted (nh_cli_velocity). */
static int
flow_start_velocity(nh_out_t out, const nh_cli_struct *cli, const flow_opts *o, arb_ptr v,
                    const nh_model_struct *M, arb_srcptr q, slong prec, nh_error_t err)
{
    int def = nh_model_is_linear_autonomous(M) ? NH_POINT_V_PROJECT : NH_POINT_V_COMPLETE, rc;
    arb_t t;
    if (cli->v_mode < 0 && o->system != NH_FLOW_NH)
        return NH_OK;
    arb_init(t);
    if (cli->v_mode >= 0 && o->reduced)
        arb_set_fmpq(t, o->t0, prec);
    rc = nh_cli_velocity_set(v, out, M, cli, q, t, def, NULL, prec, err);
    arb_clear(t);
    return rc;
}

static void
emit_points(nh_out_t out, const nh_model_struct *M, arb_srcptr times, arb_srcptr q,
            arb_srcptr v, slong nt)
{
    slong n = nh_model_n(M), j, i;
    json_object *pts = json_object_new_array(), *p, *jq, *jv;
    char label[128], *ts;

    for (j = 0; j < nt; j++)
    {
        ts = arb_get_str(times + j, 30, 0);
        p = json_object_new_object();
        json_object_object_add(p, "t", json_object_new_string(ts));
        jq = json_object_new_object();
        jv = json_object_new_object();
        for (i = 0; i < n; i++)
        {
            json_object_object_add(jq, nh_model_coord_name(M, i),
                                   nh_out_ball_json(out, q + j * n + i));
            json_object_object_add(jv, nh_model_coord_name(M, i),
                                   nh_out_ball_json(out, v + j * n + i));
        }
        json_object_object_add(p, "q", jq);
        json_object_object_add(p, "v", jv);
        json_object_array_add(pts, p);
        snprintf(label, sizeof label, "q at t = %s", ts);
        nh_out_vector(out, NULL, label, q + j * n, n, 1, M);
        snprintf(label, sizeof label, "v at t = %s", ts);
        nh_out_vector(out, NULL, label, v + j * n, n, 1, M);
        flint_free(ts);
    }
    json_object_object_add(out->root, "points", pts);
}

static int
flow_compute(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
             slong prec, void *data, nh_error_t err)
{
    const flow_opts *o = data;
    slong n = nh_model_n(M), j;
    arb_ptr q0 = _arb_vec_init(n), v0 = _arb_vec_init(n), times = _arb_vec_init(o->nt),
        q = _arb_vec_init(o->nt * n), v = _arb_vec_init(o->nt * n);
    arb_ptr u0 = _arb_vec_init(n);
    arb_t eps, t0;
    /* the (q, u) route of nh_flow_certified_reduced_t: time-dependent /
       affine models with a friction block and no one-form, force or damping
       (others: k = 0 is the nonholonomic system from v as given, k >= 1 and
       --t are refused by nh_flow_certified_reduced_t, exit 3) */
    int fric = nh_model_has_friction(M) && !nh_model_has_oneform(M)
        && !nh_model_has_force(M) && !nh_model_has_damping(M);
    int timed = !nh_model_is_linear_autonomous(M) && (fric || o->have_t0);
    nh_taylor_opts_t topts;
    nh_taylor_stats_t st;
    const char *sys = o->reduced ? "reduced" : (o->system == NH_FLOW_FULL ? "full" : "nh");
    int rc;

    arb_init(eps);
    arb_init(t0);
    if (o->have_eps)
        arb_set_fmpq(eps, o->eps, prec);
    for (j = 0; j < o->nt; j++)
        arb_set_fmpq(times + j, o->T + j, prec);
    nh_taylor_opts_init(topts);
    topts->max_width = o->max_width;
    topts->order = o->torder;
    topts->stiff = (o->system == NH_FLOW_FULL);   /* as nh_flow_certified sets it */
    topts->slow_manifold = !o->no_slow;
    rc = nh_cli_point(q0, v0, M, cli, prec, err);
    if (rc == NH_OK)
        rc = flow_start_velocity(out, cli, o, v0, M, q0, prec, err);
    if (rc == NH_OK && o->reduced && timed)
    {
        /* time-dependent / affine (proofs/020): u0 = P(q0, t0) v, from t0 */
        arb_set_fmpq(t0, o->t0, prec);
        if (fric)
            rc = nh_project_D_t(u0, NULL, M, q0, t0, v0, prec, err);
        else
            _arb_vec_set(u0, v0, n);
        if (rc == NH_OK)
            rc = nh_flow_certified_reduced_t(q, v, M, o->order, o->have_eps ? eps : NULL, t0,
                                             q0, u0, times, o->nt, topts, st, prec, err);
    }
    else if (rc == NH_OK && o->reduced)
        rc = nh_flow_certified_reduced(q, v, M, o->order, o->have_eps ? eps : NULL, q0, v0,
                                       times, o->nt, topts, st, prec, err);
    else if (rc == NH_OK)
        rc = nh_flow_certified(q, v, M, o->system, o->have_eps ? eps : NULL, q0, v0, times,
                               o->nt, topts, st, prec, err);
    if (rc == NH_OK)
    {
        nh_out_header(out, M, q0, v0);
        json_object_object_add(out->root, "certified", json_object_new_boolean(1));
        json_object_object_add(out->root, "system", json_object_new_string(sys));
        nh_out_printf(out, "system: %s%s (certified enclosures, validated Taylor integrator, "
                      "order %ld)\n", sys, o->system == NH_FLOW_NH ? " (v taken in D)" : "",
                      (long) nh_taylor_order(topts, prec));
        if (o->reduced && timed)
        {
            char *ts = fmpq_get_str(NULL, 10, o->t0);
            nh_out_printf(out, "reduced order K = %ld from model time t0 = %s: state (q, u), "
                          "u = P(q, t) v; v = u + v_p + sum_{j<=K} eps^j h^(j)(q, t, u); "
                          "the point times are durations from t0\n", (long) o->order, ts);
            json_object_object_add(out->root, "t0", json_object_new_string(ts));
            flint_free(ts);
        }
        else if (o->reduced && o->order > 0)
            nh_out_printf(out, "reduced order K = %ld: state (q, vD); v = vD + sum_{j<=K} "
                          "eps^j h^(j)(q, vD)\n", (long) o->order);
        if (o->reduced)
            json_object_object_add(out->root, "order", json_object_new_int64(o->order));
        if (o->have_eps)
        {
            char *es = fmpq_get_str(NULL, 10, o->eps);
            json_object_object_add(out->root, "eps", json_object_new_string(es));
            nh_out_printf(out, "eps = %s (exact)\n", es);
            flint_free(es);
        }
        nh_out_printf(out, "steps %ld, largest radius at the last time %.3g\n",
                      (long) st->steps, st->width);
        json_object_object_add(out->root, "steps", json_object_new_int64(st->steps));
        if (o->system == NH_FLOW_FULL && !o->reduced && st->slow_from >= 0)
        {
            json_object *sm = json_object_new_object();
            nh_out_printf(out, "slow manifold: initial layer to t = %.6g, "
                          "then %ld steps along the slow manifold to t = %.6g%s\n",
                          st->slow_from, (long) st->slow_steps, st->slow_to,
                          st->slow_to < fmpq_get_d(o->T + o->nt - 1) * (1 - 1e-12)
                          ? " (the Taylor method from there: a step did not close)" : "");
            json_object_object_add(sm, "layer_until", json_object_new_double(st->slow_from));
            json_object_object_add(sm, "steps", json_object_new_int64(st->slow_steps));
            json_object_object_add(sm, "until", json_object_new_double(st->slow_to));
            json_object_object_add(out->root, "slow_manifold", sm);
        }
        emit_points(out, M, times, q, v, o->nt);
    }
    arb_clear(eps);
    arb_clear(t0);
    _arb_vec_clear(u0, n);
    _arb_vec_clear(q0, n); _arb_vec_clear(v0, n); _arb_vec_clear(times, o->nt);
    _arb_vec_clear(q, o->nt * n); _arb_vec_clear(v, o->nt * n);
    return rc;
}

int
nh_cmd_flow(int argc, char **argv)
{
    flow_opts o;
    slong j;
    int rc;

    memset(&o, 0, sizeof o);
    o.system = -1;
    o.max_width = 1e-10;
    fmpq_init(o.eps);
    fmpq_init(o.t0);
    for (j = 0; j < FLOW_MAX_TIMES; j++)
        fmpq_init(o.T + j);
    rc = nh_cli_main(argc, argv, flow_options, flow_option, &o, flow_usage, flow_validate,
                     flow_compute);
    fmpq_clear(o.eps);
    fmpq_clear(o.t0);
    for (j = 0; j < FLOW_MAX_TIMES; j++)
        fmpq_clear(o.T + j);
    return rc;
}
