/*
 * cmd_check.c -- `nhoracle check CASE.nh --candidate 'CMD ARGS' --quantity
 * Q ...`: test a candidate implementation as a function (doc/check.md).
 * The search, the references and the shrinking are lib/check.h; the
 * candidate process is oracles/cli/candidate.c; the protocol and the
 * culprit of a candidate error oracles/check_proto.c; the reports and
 * the regression file oracles/check_report.c; here: the options and the
 * run (oracles/check_oracle.h).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_oracle.h"
#include "nh_file.h"

#if NH_EXIT_CANDIDATE != NH_CHECK_ERR_CANDIDATE
#error "check: the candidate's exit code differs between cli.h and check.h"
#endif


enum
{
    OPT_CANDIDATE = 1000, OPT_QUANTITY, OPT_ORDER, OPT_EPS, OPT_DOMAIN, OPT_BUDGET, OPT_SEED,
    OPT_RTOL, OPT_ATOL, OPT_TAP, OPT_BATCH, OPT_TIMEOUT, OPT_CAND_MEM,
    OPT_REPLAY
};


static const struct option check_options[] = {
    {"candidate", required_argument, NULL, OPT_CANDIDATE},
    {"quantity", required_argument, NULL, OPT_QUANTITY},
    {"order", required_argument, NULL, OPT_ORDER},
    {"eps", required_argument, NULL, OPT_EPS},
    {"domain", required_argument, NULL, OPT_DOMAIN},
    {"budget", required_argument, NULL, OPT_BUDGET},
    {"seed", required_argument, NULL, OPT_SEED},
    {"rtol", required_argument, NULL, OPT_RTOL},
    {"atol", required_argument, NULL, OPT_ATOL},
    {"tap", no_argument, NULL, OPT_TAP},
    {"batch", required_argument, NULL, OPT_BATCH},
    {"candidate-timeout", required_argument, NULL, OPT_TIMEOUT},
    {"candidate-max-memory", required_argument, NULL, OPT_CAND_MEM},
    {"replay", required_argument, NULL, OPT_REPLAY},
    {NULL, 0, NULL, 0}
};

static void
check_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle check CASE.nh --candidate 'CMD ARGS' --quantity Q [options]\n"
"Test a candidate implementation as a function: nhoracle starts CMD once\n"
"(no shell: the string is split into words, see doc/check.md), sends one\n"
"JSON request per line on its standard input and reads one JSON answer per\n"
"line; it searches the domain for the candidate's worst points (special\n"
"points, a latinized Sobol set, then Nelder-Mead toward larger error),\n"
"compares each value with\n"
"nhoracle's certified ball and shrinks a failing point toward simple values.\n"
"Exit 0: nothing failed within the budget; 9: a failure was found;\n"
"12: the candidate misbehaved (crash, hang, malformed answer, wrong id, NaN).\n"
"\n"
"Options:\n"
"  --candidate CMD  the candidate's command line (required)\n"
"  --quantity Q     vD, h, reaction, reduced, nh_accel, full, or a table name\n"
"                   of an n-vector (reduced_qdot, acc_voronets, ...) (required)\n"
"  --order K        k of h^(k), reaction^(k) (default 1), order of the reduced\n"
"                   field (default 0)\n"
"  --eps E          eps of reduced and full (exact rational > 0)\n"
"  --domain SPEC    box NAME=LO:HI,v_NAME=LO:HI,... (default [-1, 1] for every\n"
"                   coordinate and velocity)\n"
"  --budget N       candidate evaluations (default 1024)\n"
"  --seed S         seed of the low-discrepancy set's shifts (default 1)\n"
"  --rtol R, --atol A  tolerance: fail when |c - x| > atol + rtol |x| for every\n"
"                   x of the reference ball (defaults %g, %g, shared with\n"
"                   validate: doc/datasets.md \"Tolerances\")\n"
"  --batch N        requests sent before reading their answers (default 1)\n"
"  --candidate-timeout S  seconds without an answer = a hang (default 10)\n"
"  --candidate-max-memory MB  the candidate's address-space limit (default\n"
"                   none; --max-memory limits nhoracle only)\n"
"  --replay FILE    evaluate first the search points recorded in FILE (a\n"
"                   regression file of check -o), then search as usual\n"
"  --tap            TAP summary instead of the report\n"
"  -o FILE          the failing points as a regression dataset (JSON Lines,\n"
"                   replayed by `nhoracle validate`), written only on a failure\n"
"                   (or for a request that makes the candidate misbehave alone)\n"
"For check, the reference starts at 128 bits unless --prec is given (raised\n"
"while a ball is too wide); points where the reference fails (degenerate model,\n"
"singular point) are skipped and counted; exit 3/4/7 only if none was checked.\n\n",
            NH_TOL_DEFAULT_RTOL, NH_TOL_DEFAULT_ATOL);
    nh_cli_common_help(f);
}

static int
check_option(int opt, const char *arg, void *data, nh_error_t err)
{
    check_opts *o = data;
    slong s;
    switch (opt)
    {
        case OPT_CANDIDATE: o->candidate = arg; return NH_OK;
        case OPT_QUANTITY: o->quantity = arg; return NH_OK;
        case OPT_DOMAIN: o->domain = arg; return NH_OK;
        case OPT_REPLAY: o->replay = arg; return NH_OK;
        case OPT_TAP: o->tap = 1; return NH_OK;
        case OPT_ORDER:
            o->have_order = 1;
            return nh_parse_slong(&o->order, arg, 0, NH_SERIES_MAX_ORDER - 1, "--order", err);
        case OPT_BUDGET: return nh_parse_slong(&o->budget, arg, 1, 100000000, "--budget", err);
        case OPT_BATCH: return nh_parse_slong(&o->batch, arg, 1, 100000, "--batch", err);
        case OPT_CAND_MEM:
            return nh_parse_slong(&o->cand_mem, arg, 1, 1L << 30, "--candidate-max-memory", err);
        case OPT_SEED:
            if (nh_parse_slong(&s, arg, 0, WORD_MAX, "--seed", err) != NH_OK)
                return NH_ERR_USAGE;
            o->seed = (ulong) s;
            return NH_OK;
        case OPT_RTOL: return nh_parse_double(&o->rtol, arg, 0, "--rtol", err);
        case OPT_ATOL: return nh_parse_double(&o->atol, arg, 0, "--atol", err);
        case OPT_TIMEOUT:
            if (nh_parse_double(&o->timeout, arg, 0, "--candidate-timeout", err) != NH_OK)
                return NH_ERR_USAGE;
            if (o->timeout <= 0 || o->timeout > 86400)
                return nh_error_set(err, NH_ERR_USAGE, "--candidate-timeout: 0 < S <= 86400");
            return NH_OK;
        case OPT_EPS:
            o->have_eps = 1;
            return nh_parse_fmpq_pos(o->eps, arg, "--eps", err);
    }
    return nh_error_set(err, NH_ERR_USAGE, "check: unknown option");
}

static int
check_validate(void *data, nh_error_t err)
{
    check_opts *o = data;
    if (o->candidate == NULL)
        return nh_error_set(err, NH_ERR_USAGE, "check: --candidate 'CMD ARGS' is required");
    if (o->quantity == NULL)
        return nh_error_set(err, NH_ERR_USAGE, "check: --quantity Q is required");
    if (!o->have_order)
        o->order = strncmp(o->quantity, "reduced", 7) == 0 ? 0 : 1;
    return NH_OK;
}

/* --replay FILE: the recorded search points, evaluated first */
static int
set_replay(nh_check_struct *C, const char *path, nh_error_t err)
{
    char *text = NULL;
    size_t len;
    int r = nh_file_read(&text, &len, path, NH_DATASET_MAX_TEXT, "--replay file", err);
    if (r == NH_OK)
        r = nh_check_set_replay(C, text, len, path, err);
    free(text);
    return r;
}

/* The starting precision of the reference: --prec if given, else
   NH_CHECK_DEFAULT_PREC (128 bits: h^(k) to 2^-128 relative, far below
   any tolerance a double candidate can meet; eval_retry doubles it
   while a ball is inconclusive or wider than a 16th of the tolerance) */
static slong
check_prec(const nh_cli_struct *cli)
{
    return cli->prec_set ? cli->prec : FLINT_MIN(NH_CHECK_DEFAULT_PREC, cli->max_prec);
}

static int
check_run(const nh_cli_struct *cli, check_opts *o, nh_error_t err)
{
    nh_model_ptr M = NULL;
    nh_check_t C;
    nh_check_result_t R;
    proto_struct P[1];
    int r = nh_cli_start(&M, cli, err), cinit = 0;
    memset(P, 0, sizeof *P);
    if (r == NH_OK && (cinit = 1)
        && (r = nh_check_init(C, M, o->quantity, o->order, o->have_eps ? o->eps : NULL,
                              o->atol, o->rtol, check_prec(cli), cli->max_prec, err)) == NH_OK
        && (o->domain == NULL || (r = nh_check_set_domain(C, o->domain, err)) == NH_OK)
        && o->replay != NULL)
        r = set_replay(C, o->replay, err);
    if (r == NH_OK)
    {
        check_proto_init(P, C, M);
        if ((r = nh_candidate_start(&P->cand, o->candidate, o->timeout, (long) o->cand_mem,
                                     err)) == NH_OK)
        {
            nh_check_result_init(R, C);
            r = nh_check_run(R, C, o->budget, o->seed, o->batch, check_candidate_fn, P, err);
            nh_candidate_stop(&P->cand);
            if (r == NH_EXIT_CANDIDATE)
                check_candidate_error(P, cli, o, R, err);
            if (r == NH_OK && R->have_fail && cli->output != NULL)
            {
                const nh_check_point_struct *pts[2] = {&R->first_fail, &R->shrunk};
                r = check_write_regression(cli, C, pts, R->shrink_steps == 0 ? 1 : 2, o->seed,
                                           o->budget, err);
            }
            if (r == NH_OK)
            {
                check_report(C, o, R, cli);
                r = R->have_fail ? NH_EXIT_CHECK_FAIL : NH_OK;
            }
            nh_check_result_clear(R, C);
        }
    }
    check_proto_clear(P);
    if (cinit)
        nh_check_clear(C);
    if (M != NULL)
        nh_model_free(M);
    return r;
}

int
nh_cmd_check(int argc, char **argv)
{
    nh_cli_t cli;
    nh_error_t err;
    check_opts o;
    int rc;
    memset(&o, 0, sizeof o);
    fmpq_init(o.eps);
    o.budget = 1024;
    o.batch = 1;
    o.seed = 1;
    nh_tolerance_defaults(&o.atol, &o.rtol);   /* doc/datasets.md "Tolerances" */
    o.timeout = 10;
    nh_error_init(err);
    rc = nh_cli_parse(cli, argc, argv, check_options, check_option, &o, check_usage, err);
    if (rc == NH_OK && (rc = check_validate(&o, err)) != NH_OK)
        nh_cli_clear(cli);
    if (rc == NH_OK)
    {
        rc = check_run(cli, &o, err);
        nh_cli_clear(cli);
        if (rc != NH_OK && rc != NH_EXIT_CHECK_FAIL)
            rc = nh_report(err);
    }
    else if (rc != -1)
        rc = nh_report(err);
    else
        rc = NH_OK;
    fmpq_clear(o.eps);
    return rc;
}
