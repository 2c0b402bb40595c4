/*
 * cmd_emit.c -- `nhoracle emit CASE.nh`: a reference dataset of certified
 * values (G, Gamma, P, P_perp, FR_sharp, Q, h^(1..K), reaction forces,
 * order-k reduced vector fields) at sampled points (q, v), or (q, t, v)
 * for time-dependent, affine models realized by friction (issue 19,
 * proofs/020: records t and v_p, nh_quantity_certify_t), and (with --times)
 * trajectories of the full system (paper 000 (39)-(40)) and of the
 * order-k reduced systems ((69)-(71)), certified or labelled ESTIMATES;
 * as JSON Lines or CSV (doc/datasets.md).  The work is nh_dataset_build
 * (lib/dataset.h); this file parses, checks the cost, calls and writes.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "expr.h"
#include "nh_file.h"
#include "dataset.h"
#include "series.h"

enum { OPT_POINTS = 1000, OPT_SEED, OPT_EPS, OPT_ORDER, OPT_RORDERS, OPT_FORMAT,
       OPT_TIMES, OPT_TORDERS, OPT_INIT, OPT_LIFT, OPT_TTOL, OPT_QUIET, OPT_ESTIMATE,
       OPT_T };

/* the parsed options: the library's (lib/dataset.h) plus the command's */
typedef struct
{
    nh_dataset_build_opts_t b;
    int csv;
    int quiet;                /* --quiet: no progress lines */
    int traj_opts;            /* some trajectory option given */
}
emit_opts;

static const struct option emit_options[] = {
    {"points", required_argument, NULL, OPT_POINTS},
    {"seed", required_argument, NULL, OPT_SEED},
    {"eps", required_argument, NULL, OPT_EPS},
    {"order", required_argument, NULL, OPT_ORDER},
    {"reduced-orders", required_argument, NULL, OPT_RORDERS},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"times", required_argument, NULL, OPT_TIMES},
    {"traj-orders", required_argument, NULL, OPT_TORDERS},
    {"init", required_argument, NULL, OPT_INIT},
    {"lift-order", required_argument, NULL, OPT_LIFT},
    {"traj-tol", required_argument, NULL, OPT_TTOL},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"estimate", no_argument, NULL, OPT_ESTIMATE},
    {"t", required_argument, NULL, OPT_T},
    {NULL, 0, NULL, 0}
};

static void
emit_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle emit CASE.nh [--points N] [--seed S] [--q SPEC --v SPEC]\n"
"                   [--eps LIST] [--order K] [--reduced-orders LIST]\n"
"                   [--format jsonl|csv] [-o FILE] [options]\n"
"Reference dataset of certified values (midpoint and radius as decimal\n"
"strings, plus a plain double) at sample points (q, v), vD = P(q) v:\n"
"G, Gamma, P, P_perp, FR_sharp, Q, h^(1..K), reaction^(1..K) = -FR_sharp h^(k),\n"
"and the order-k reduced vector fields qdot, vDdot, vdot for each eps.\n"
"Format and conventions: doc/datasets.md.\n"
"\n"
"Options:\n"
"  --points N       N random points (default 4; 0 if --q/--v is given):\n"
"                   every q_i and v_i uniform on {k/%d : |k| <= %d}, i.e. the\n"
"                   box [-1, 1], from the generator splitmix64(seed)\n"
"  --seed S         random seed (default 1)\n"
"  --q/--v SPEC     an explicit point (point 0, before the random ones)\n"
"  --eps LIST       distinct eps > 0 for the reduced fields, exact rationals\n"
"                   separated by ':' or ',' (default 1/100:1/10)\n"
"  --order K        series order: h^(1..K), reaction^(1..K) (1..%d, default 2)\n"
"  --t LIST         time-dependent or affine models (issue 19, a 'friction'\n"
"                   block required, else exit 3): the model time t of each\n"
"                   point, exact rationals separated by ':' or ','; point i is at\n"
"                   t[i mod len] (default: every point at t = 0).  The point\n"
"                   is then (q, t, v): records t, vD = u = P(q,t) v, v_p (the\n"
"                   G-orthogonal particular solution), the geometry at fixed\n"
"                   t, h^(k), reaction^(k) and the reduced fields of the\n"
"                   time route (proofs/020); --times T are then durations\n"
"                   from the point's t\n"
"  --reduced-orders LIST  reduction orders k, separated by ':' (default 0:1)\n"
"  --format F       jsonl (default) or csv\n"
"Trajectories (certified enclosures where the validated integrator applies,\n"
"else ESTIMATES with error estimates; metadata trajectories.certified):\n"
"  --times LIST     output times t > 0 (exact rationals, increasing, ':' or\n"
"                   ','): for each point and eps, the full system's q(t), v(t)\n"
"                   (records full_q, full_v) and the order-k reduced systems'\n"
"                   (reduced_q, reduced_v).  Certified (status enclosure, by\n"
"                   the validated Taylor integrator of lib/flow.h at --prec\n"
"                   bits, default 128): the full system (original class and\n"
"                   time-dependent, affine models from the point's t), the reduced\n"
"                   orders nh_flow_certified_reduced(_t) supports (k = 0..4,\n"
"                   time-dependent models included); the others are estimates\n"
"                   (lib/ode.h).\n"
"                   The certified full system costs ~ T/eps steps (doc/flow.md)\n"
"  --estimate       every trajectory an ESTIMATE (lib/ode.h, fast), as before\n"
"  --traj-orders LIST  reduction orders of the trajectories (default 0:1)\n"
"  --init deps|d    initial velocity of the full system: deps (default) the\n"
"                   order-K lift vD + sum_{j<=K} eps^j h^(j)(q, vD) to D_eps,\n"
"                   d: vD itself (initial layer included); the reduced\n"
"                   systems always start at (q, vD)\n"
"  --lift-order K   order of the lift for --init deps (default 2)\n"
"  --traj-tol TOL   integrator tolerance rtol = atol (default %g); the error\n"
"                   estimate comes from a second run at TOL/1000\n"
"  --digits D       accuracy (default %d here): each vector/matrix is printed\n"
"                   on the decimal grid 10^u with 10^u <= 10^-D max|entry|,\n"
"                   radius 10^u (certified with 64 more bits)\n"
"  --quiet          no progress lines (runs longer than 5 s print\n"
"                   'points done: i/N' on stderr every 5 s)\n\n",
            NH_DATASET_GRID, NH_DATASET_GRID, NH_SERIES_MAX_ORDER - 1, NH_DATASET_TRAJ_TOL, NH_DATASET_DEFAULT_DIGITS);
    nh_cli_common_help(f);
}

/* split "a:b:c" (also ',') into pieces */
static int
split_list(char **piece, slong max, slong *count, char *s, const char *what, nh_error_t err)
{
    char *p = s, *tok;
    *count = 0;
    while ((tok = strsep(&p, ":,")) != NULL)
    {
        if (*tok == '\0')
            return nh_error_set(err, NH_ERR_USAGE, "%s: empty item in list", what);
        if (*count == max)
            return nh_error_set(err, NH_ERR_USAGE, "%s: at most %ld items", what, (long) max);
        piece[(*count)++] = tok;
    }
    return NH_OK;
}

/* the rules of the lists of exact rationals (nh_parse_fmpq_list) */
static const nh_fmpq_list_rules eps_rules = {1, NH_DATASET_MAX_EPS, 1, 0, 1, WORD_MAX};
static const nh_fmpq_list_rules times_rules = {1, NH_DATASET_MAX_TIMES, 1, 1, 1, NH_DATASET_MAX_T};
static const nh_fmpq_list_rules t0_rules = {1, NH_DATASET_MAX_T0, 0, 0, 0, WORD_MAX};

/* the list arg of integers in [0, hi] into x[0..*count) */
static int
slong_list(slong *x, slong *count, const char *arg, slong hi, const char *what, nh_error_t err)
{
    char *copy = strdup(arg), *piece[NH_DATASET_MAX_ORDERS];
    slong cnt, i;
    int rc = split_list(piece, NH_DATASET_MAX_ORDERS, &cnt, copy, what, err);
    for (i = 0; rc == NH_OK && i < cnt; i++)
        rc = nh_parse_slong(x + i, piece[i], 0, hi, what, err);
    if (rc == NH_OK)
        *count = cnt;
    free(copy);
    return rc;
}

/* --format, --init, --traj-tol */
static int
emit_option_word(int opt, const char *arg, emit_opts *o, nh_error_t err)
{
    char *end;
    double d;
    if (opt == OPT_FORMAT && (strcmp(arg, "jsonl") == 0 || strcmp(arg, "json") == 0
                              || strcmp(arg, "csv") == 0))
        o->csv = strcmp(arg, "csv") == 0;
    else if (opt == OPT_FORMAT)
        return nh_error_set(err, NH_ERR_USAGE, "--format: expected jsonl or csv, found '%s'", arg);
    else if (opt == OPT_INIT && (strcmp(arg, "deps") == 0 || strcmp(arg, "d") == 0))
        o->b->init_d = strcmp(arg, "d") == 0;
    else if (opt == OPT_INIT)
        return nh_error_set(err, NH_ERR_USAGE, "--init: expected deps or d, found '%s'", arg);
    else
    {
        d = strtod(arg, &end);
        if (*arg == '\0' || *end != '\0' || !(d >= 1e-60 && d <= 1e-3))
            return nh_error_set(err, NH_ERR_USAGE, "--traj-tol: expected a number in "
                                "[1e-60, 1e-3], found '%s'", arg);
        o->b->traj_tol = d;
    }
    return NH_OK;
}

static int
emit_option(int opt, const char *arg, void *data, nh_error_t err)
{
    emit_opts *o = data;
    nh_dataset_build_opts_struct *b = o->b;
    slong s;
    int rc;
    if (opt == OPT_TORDERS || opt == OPT_INIT || opt == OPT_LIFT || opt == OPT_ESTIMATE
        || opt == OPT_TTOL)
        o->traj_opts = 1;
    switch (opt)
    {
        case OPT_POINTS:
            return nh_parse_slong(&b->points, arg, 0, NH_DATASET_MAX_POINTS, "--points", err);
        case OPT_SEED:
            rc = nh_parse_slong(&s, arg, 0, WORD_MAX, "--seed", err);
            b->seed = (ulong) s;
            return rc;
        case OPT_ORDER:
            return nh_parse_slong(&b->order, arg, 1, NH_SERIES_MAX_ORDER - 1, "--order", err);
        case OPT_FORMAT: case OPT_INIT: case OPT_TTOL:
            return emit_option_word(opt, arg, o, err);
        case OPT_EPS:
            return nh_parse_fmpq_list(b->eps, &b->neps, arg, "--eps", &eps_rules, err);
        case OPT_TIMES:
            return nh_parse_fmpq_list(b->times, &b->ntimes, arg, "--times", &times_rules, err);
        case OPT_T:
            rc = nh_parse_fmpq_list(b->t0, &b->nt0, arg, "--t", &t0_rules, err);
            if (rc == NH_OK)
                b->t0_spec = arg;
            return rc;
        case OPT_TORDERS:
            return slong_list(b->torders, &b->ntorders, arg, NH_SERIES_MAX_ORDER - 2,
                              "--traj-orders", err);
        case OPT_RORDERS:
            return slong_list(b->rorders, &b->nrorders, arg, NH_SERIES_MAX_ORDER - 1,
                              "--reduced-orders", err);
        case OPT_LIFT:
            return nh_parse_slong(&b->lift_order, arg, 0, NH_SERIES_MAX_ORDER - 1,
                                  "--lift-order", err);
        case OPT_QUIET: case OPT_ESTIMATE:
            *(opt == OPT_QUIET ? &o->quiet : &b->estimate) = 1;
            return NH_OK;
    }
    return nh_error_set(err, NH_ERR_USAGE, "emit: unknown option");
}

/* the progress callback of nh_dataset_build: 'emit: points done i/N' on
   stderr every NH_PROGRESS_SECONDS */
typedef struct { double t0, last; } emit_progress_struct;

static void
emit_progress(void *data, slong done, slong total)
{
    emit_progress_struct *p = data;
    nh_cli_progress("emit: points done", done, total, p->t0, &p->last);
}

/* Up-front cost (issue 13 item 7b): per point the geometry to jet order 1
   twice (4 n^3 + 24 n^2 jets of n + 1 coefficients: Christoffel jets, 12
   matrices, the dG, C temporaries) plus the time route of the series to
   order Kh (nh_series_time_memory); n = 64 would need ~38 GB: refused. */
static int
emit_check_cost(const nh_cli_struct *cli, const nh_model_struct *M, const emit_opts *o,
                nh_error_t err)
{
    double geo = 0.0, bytes;
    slong kmax = 0, Kh, i, n = nh_model_n(M);
    char what[300];
    for (i = 0; i < o->b->nrorders; i++)
        kmax = FLINT_MAX(kmax, o->b->rorders[i]);
    Kh = FLINT_MAX(o->b->order, kmax + 1);
    (void) nh_cli_check_cost(cli, n, n, 1, 3 * n + 24, &geo, NULL);
    bytes = geo + nh_series_time_memory(n, nh_model_m(M), Kh, cli->max_prec);
    snprintf(what, sizeof what, "emit (%ld coordinates; per point the geometry to jet "
             "order 1 twice, %.3g jets of %ld coefficients, and the series to order %ld, "
             "at up to %ld bits)", (long) n, 4.0 * n * n * n + 24.0 * n * n, (long) n + 1,
             (long) Kh, (long) cli->max_prec);
    return nh_cli_check_bytes(cli, bytes, what, "lower --max-prec or use fewer coordinates", err);
}

/* the command line's settings of the library options */
static void
emit_lib_opts(emit_opts *o, const nh_cli_struct *cli, const char *text, size_t textlen,
              emit_progress_struct *prog)
{
    nh_dataset_build_opts_struct *b = o->b;
    b->q_spec = cli->q_spec;
    b->v_spec = cli->v_spec;
    b->digits = cli->digits;
    b->prec = cli->prec;
    b->prec_set = cli->prec_set;
    b->max_prec = cli->max_prec;
    b->case_file = cli->case_path;
    b->text = text;
    b->textlen = textlen;
    prog->t0 = prog->last = nh_cli_now();
    b->progress = o->quiet ? NULL : emit_progress;
    b->progress_data = prog;
}

static int
emit_run(const nh_cli_struct *cli, emit_opts *o)
{
    nh_error_t err;
    nh_model_ptr M = NULL;
    nh_dataset_t ds;
    emit_progress_struct prog;
    char *text = NULL, *out = NULL;
    size_t textlen = 0, outlen;
    int rc;

    nh_error_init(err);
    nh_dataset_init(ds);
    rc = nh_cli_start(&M, cli, err);
    if (rc == NH_OK)
        rc = nh_file_read(&text, &textlen, cli->case_path, (size_t) EXPR_MAX_TEXT, "model file",
                          err);
    if (rc == NH_OK)
        rc = emit_check_cost(cli, M, o, err);
    if (rc == NH_OK && o->traj_opts && o->b->ntimes == 0)
        rc = nh_error_set(err, NH_ERR_USAGE, "emit: --traj-orders, --init, --lift-order, "
                          "--traj-tol and --estimate need --times");
    if (rc == NH_OK)
    {
        emit_lib_opts(o, cli, text, textlen, &prog);
        rc = nh_dataset_build(ds, M, o->b, NULL, err);
    }
    if (rc == NH_OK)
    {
        out = o->csv ? nh_dataset_csv(ds, &outlen) : nh_dataset_jsonl(ds, &outlen);
        if (cli->output != NULL)
            rc = nh_write_atomic(cli->output, out, outlen, err);
        else if (fwrite(out, 1, outlen, stdout) != outlen || fflush(stdout) != 0)
            rc = nh_error_set(err, NH_ERR_IO, "emit: cannot write to standard output");
    }
    free(out);
    free(text);
    nh_dataset_clear(ds);
    if (M != NULL)
        nh_model_free(M);
    if (rc != NH_OK)
        return nh_report(err);
    return NH_OK;
}

int
nh_cmd_emit(int argc, char **argv)
{
    emit_opts o;
    nh_cli_t cli;
    nh_error_t err;
    int rc, i, have_digits = 0;

    memset(&o, 0, sizeof o);
    nh_dataset_build_opts_init(o.b);
    for (i = 1; i < argc; i++)
        if (strncmp(argv[i], "--digits", 8) == 0)
            have_digits = 1;

    nh_error_init(err);
    rc = nh_cli_parse(cli, argc, argv, emit_options, emit_option, &o, emit_usage, err);
    if (rc == -1)
        rc = NH_OK;
    else if (rc != NH_OK)
        rc = nh_report(err);
    else
    {
        nh_cli_struct *c = cli;
        if (!have_digits)
            c->digits = NH_DATASET_DEFAULT_DIGITS;
        if (c->json)
            o.csv = 0;
        rc = emit_run(cli, &o);
        nh_cli_clear(cli);
    }
    nh_dataset_build_opts_clear(o.b);
    return rc;
}
