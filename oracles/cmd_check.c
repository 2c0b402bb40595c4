/*
 * cmd_check.c -- `nhoracle check CASE.nh --candidate 'CMD ARGS' --quantity
 * Q ...`: test a candidate implementation as a function (doc/check.md).
 * The search, the references and the shrinking are lib/check.h; the
 * candidate process is oracles/cli/candidate.c; here: the options, the
 * JSON lines of the protocol, the report and the regression file.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "check.h"
#include "nh_file.h"

#if NH_EXIT_CANDIDATE != NH_CHECK_ERR_CANDIDATE
#error "check: the candidate's exit code differs between cli.h and check.h"
#endif

#ifndef JSON_C_TO_STRING_NOSLASHESCAPE
#define JSON_C_TO_STRING_NOSLASHESCAPE 0
#endif

enum
{
    OPT_CANDIDATE = 1000, OPT_QUANTITY, OPT_ORDER, OPT_EPS, OPT_DOMAIN, OPT_BUDGET, OPT_SEED,
    OPT_RTOL, OPT_ATOL, OPT_TAP, OPT_BATCH, OPT_TIMEOUT, OPT_CAND_MEM,
    OPT_REPLAY
};

typedef struct
{
    const char *candidate, *quantity, *domain, *replay;
    slong order, budget, batch, cand_mem;
    ulong seed;
    int have_eps, have_order, tap;
    fmpq_t eps;
    double rtol, atol, timeout;
}
check_opts;

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
parse_double(double *x, const char *arg, const char *what, nh_error_t err)
{
    char *end;
    *x = strtod(arg, &end);
    if (*arg == '\0' || *end != '\0' || !(*x >= 0) || !isfinite(*x))
        return nh_error_set(err, NH_ERR_USAGE, "%s: expected a number >= 0, found '%s'", what, arg);
    return NH_OK;
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
        case OPT_RTOL: return parse_double(&o->rtol, arg, "--rtol", err);
        case OPT_ATOL: return parse_double(&o->atol, arg, "--atol", err);
        case OPT_TIMEOUT:
            if (parse_double(&o->timeout, arg, "--candidate-timeout", err) != NH_OK)
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

/* ---- the protocol ---------------------------------------------------- */

typedef struct
{
    const nh_check_struct *C;
    nh_candidate_struct cand;
    json_object *params;        /* the model's parameters (shared)          */
    slong next_id;
    nh_argv_struct batch;       /* the request lines of the current batch   */
    fmpq *bq, *bw;              /* the batch's points (n each, bcap points)  */
    slong bcap;
    slong culprit;              /* on a candidate error: the index in batch
                                   of the request being answered           */
    int alone;                  /* ... which fails alone, in a new candidate */
}
proto_struct;

static json_object *
vec_json(const nh_check_struct *C, const fmpq *x)
{
    json_object *o = json_object_new_object();
    slong i;
    for (i = 0; i < C->n; i++)
    {
        char *s = nh_check_decimal(x + i);
        json_object_object_add(o, nh_model_coord_name(C->M, i), json_object_new_string(s));
        free(s);
    }
    return o;
}

static json_object *
params_json(const nh_model_struct *M)
{
    json_object *o = json_object_new_object();
    slong i;
    fmpq_t v;
    fmpq_init(v);
    for (i = 0; i < nh_model_nparams(M); i++)
    {
        char *s;
        nh_model_param_value(v, M, i);
        s = nh_check_decimal(v);
        json_object_object_add(o, nh_model_param_name(M, i), json_object_new_string(s));
        free(s);
    }
    fmpq_clear(v);
    return o;
}

static char *
request_line(proto_struct *P, slong id, const fmpq *q, const fmpq *w)
{
    const nh_check_struct *C = P->C;
    json_object *o = json_object_new_object();
    char *s;
    json_object_object_add(o, "id", json_object_new_int64(id));
    json_object_object_add(o, "quantity", json_object_new_string(C->name));
    if (C->Q->kind == NH_Q_H || C->Q->kind == NH_Q_REACT || C->Q->kind == NH_Q_RED_VDOT
        || C->Q->kind == NH_Q_RED_QDOT || C->Q->kind == NH_Q_RED_VDDOT)
        json_object_object_add(o, "order", json_object_new_int64(C->order));
    if (C->Q->flags & NH_QUANTITY_EPS)
    {
        s = nh_check_decimal(C->eps);
        json_object_object_add(o, "eps", json_object_new_string(s));
        free(s);
    }
    json_object_object_add(o, "q", vec_json(C, q));
    json_object_object_add(o, "v", vec_json(C, w));
    json_object_object_add(o, "params", json_object_get(P->params));
    s = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN
                                              | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(o);
    return s;
}

static int
candidate_fn(arb_ptr vals, const fmpq *q, const fmpq *w, slong npts, void *data, nh_error_t err)
{
    proto_struct *P = data;
    slong n = P->C->n, j, first = P->next_id, bad;
    size_t len = 0, cap = 0;
    char *buf = NULL;
    int r;
    nh_argv_free(&P->batch);
    if ((P->batch.argv = calloc((size_t) npts + 1, sizeof(char *))) == NULL)
        abort();
    if (npts > P->bcap)
    {
        _fmpq_vec_clear(P->bq, P->bcap * n);
        _fmpq_vec_clear(P->bw, P->bcap * n);
        P->bq = _fmpq_vec_init(npts * n);
        P->bw = _fmpq_vec_init(npts * n);
        P->bcap = npts;
    }
    for (j = 0; j < npts * n; j++)
    {
        fmpq_set(P->bq + j, q + j);
        fmpq_set(P->bw + j, w + j);
    }
    for (j = 0; j < npts; j++)
    {
        char *s = request_line(P, P->next_id++, q + j * n, w + j * n);
        size_t l = strlen(s);
        if (len + l + 2 > cap && (buf = realloc(buf, cap = 2 * (len + l + 2))) == NULL)
            abort();
        memcpy(buf + len, s, l);
        len += l;
        buf[len++] = '\n';
        P->batch.argv[P->batch.argc++] = s;
    }
    r = nh_candidate_exchange(&P->cand, buf, len, npts, err);
    free(buf);
    /* the request being answered: the first without a complete answer */
    P->culprit = FLINT_MIN(P->cand.nlines, npts - 1);
    if (r == NH_OK && (r = nh_check_read_answers(vals, P->C, P->cand.rbuf, P->cand.rlen, npts,
                                                 first, &bad, err)) != NH_OK)
    {
        P->culprit = bad >= 0 ? bad : npts - 1;
        if (npts > 1)
            nh_error_prefix(err, "answer %ld of a batch of %ld: ", (long) (bad + 1), (long) npts);
    }
    if (r != NH_OK)
        nh_error_prefix(err, "--candidate: ");
    return r;
}

/* Does the request line req (id) make a new candidate misbehave? */
static int
misbehaves(const proto_struct *P, const check_opts *o, const char *req, slong id)
{
    nh_candidate_struct c;
    nh_error_t e;
    size_t l = strlen(req);
    char *line = malloc(l + 2);
    arb_ptr vals = _arb_vec_init(P->C->n);
    slong bad;
    int r;
    if (line == NULL)
        abort();
    memcpy(line, req, l);
    line[l] = '\n';
    nh_error_init(e);
    r = nh_candidate_start(&c, o->candidate, o->timeout, (long) o->cand_mem, e);
    if (r == NH_OK && (r = nh_candidate_exchange(&c, line, l + 1, 1, e)) == NH_OK)
        r = nh_check_read_answers(vals, P->C, c.rbuf, c.rlen, 1, id, &bad, e);
    nh_candidate_stop(&c);
    _arb_vec_clear(vals, P->C->n);
    free(line);
    return r == NH_EXIT_CANDIDATE;
}

/* Does request k of the batch fail alone, sent to a new candidate? */
static int
fails_alone(const proto_struct *P, const check_opts *o, slong k)
{
    return misbehaves(P, o, P->batch.argv[k], P->next_id - P->batch.argc + k);
}

/* a culprit shrunk: its point, the simplifications kept, the candidates
   started, whether the time ran out */
typedef struct
{
    nh_check_point_struct p;
    slong steps, trials;
    int out_of_time;
}
culprit_shrink;

/* Shrinking a crashing or hanging request (doc/check.md, "Candidate
   errors"): at most NH_CHECK_CULPRIT_TRIALS new candidates (and what is
   left of the budget), and no new one after NH_CHECK_CULPRIT_SECONDS of
   shrinking (a hang costs --candidate-timeout per trial) */
#define NH_CHECK_CULPRIT_TRIALS 128
#define NH_CHECK_CULPRIT_SECONDS 60.0

typedef struct
{
    proto_struct *P;
    const check_opts *o;
    slong id;               /* the culprit's request id, kept in every trial */
    double deadline;
    int out_of_time;
}
culprit_pred_struct;

/* nh_check_point_pred: the sent point of p alone, with the culprit's request id, in a
   new candidate */
static int
culprit_pred(const nh_check_point_struct *p, void *data)
{
    culprit_pred_struct *d = data;
    char *req;
    int r;

    if (nh_cli_now() > d->deadline)
    {
        d->out_of_time = 1;
        return -1;
    }
    req = request_line(d->P, d->id, p->q, p->w);
    r = misbehaves(d->P, d->o, req, d->id);
    free(req);
    return r;
}

/* The culprit's point (x = its sent point q, w) into cs->p (initialised
   here), shrunk while it still fails alone (culprit_pred), at most
   max_trials new candidates. */
static void
shrink_culprit(culprit_shrink *cs, proto_struct *P, const check_opts *o, slong max_trials)
{
    slong n = P->C->n, i;
    nh_check_point_struct *p = &cs->p;
    culprit_pred_struct d;
    nh_check_point_init(p, n);
    for (i = 0; i < n; i++)
    {
        fmpq_set(p->q + i, P->bq + P->culprit * n + i);
        fmpq_set(p->x + i, p->q + i);
        fmpq_set(p->w + i, P->bw + P->culprit * n + i);
        fmpq_set(p->x + n + i, p->w + i);
    }
    d.P = P;
    d.o = o;
    d.id = P->next_id - P->batch.argc + P->culprit;
    d.deadline = nh_cli_now() + NH_CHECK_CULPRIT_SECONDS;
    d.out_of_time = 0;
    cs->steps = nh_check_shrink_pred(p, P->C, culprit_pred, &d,
                                     FLINT_MIN(max_trials, NH_CHECK_CULPRIT_TRIALS), &cs->trials);
    cs->out_of_time = d.out_of_time;
}

/* After a candidate error in a batch: the request being answered, then
   the earlier ones in order, each alone in a new candidate; the first
   that fails alone becomes the culprit (P->alone = 1); if none does, the
   failure depends on the candidate's state (P->alone = 0, the culprit
   stays the request being answered). */
static void
isolate_culprit(proto_struct *P, const check_opts *o)
{
    slong k;
    P->alone = 0;
    if (P->batch.argc == 0)
        return;
    for (k = -1; k < P->culprit && !P->alone; k++)
        if (fails_alone(P, o, k < 0 ? P->culprit : k))
        {
            P->culprit = k < 0 ? P->culprit : k;
            P->alone = 1;
        }
}

/* what a report needs for a replay: seed, tolerance, budget */
static void
settings_json(json_object *j, const nh_check_struct *C, const check_opts *o)
{
    json_object_object_add(j, "seed", json_object_new_uint64(o->seed));
    json_object_object_add(j, "atol", json_object_new_double(C->atol));
    json_object_object_add(j, "rtol", json_object_new_double(C->rtol));
    json_object_object_add(j, "budget", json_object_new_int64(o->budget));
}

/* A candidate error (exit 12) as a failing test for the runner: TAP
   "not ok" or a JSON object naming the request being answered (its id
   and point), the seed, the tolerance and the budget; the message gets
   the request too. */
static void
candidate_error_report(const nh_check_struct *C, const check_opts *o, const nh_cli_struct *cli,
                       const proto_struct *P, const culprit_shrink *cs, nh_error_t err)
{
    const char *req = P->batch.argc > 0 ? P->batch.argv[P->culprit] : NULL;
    long id = (long) (P->next_id - P->batch.argc + P->culprit);
    char msg[NH_ERROR_MSG_LEN];
    strcpy(msg, err->msg);
    if (req != NULL)
        nh_error_set(err, NH_EXIT_CANDIDATE, "%s\n  request %ld (%s): %.600s", msg, id,
                     P->alone ? "being answered; it fails alone too, in a new candidate"
                     : "being answered; alone, in a new candidate, it does not fail", req);
    if (o->tap)
        printf("1..1\nnot ok 1 - check %s of %s: the candidate misbehaved at request %ld\n"
               "# %s\n# seed %lu, tolerance atol %g + rtol %g |x|, budget %ld\n", C->name,
               nh_model_name(C->M), id, msg, (unsigned long) o->seed, C->atol, C->rtol,
               (long) o->budget);
    if (o->tap && req != NULL)
        printf("# request%s: %s\n", P->alone ? " (fails alone too)" : "", req);
    if (cs != NULL)
    {
        json_object *q = vec_json(C, cs->p.q), *w = vec_json(C, cs->p.w);
        char how[160];
        snprintf(how, sizeof(how), "%ld simplification%s in %ld new candidate%s%s", (long) cs->steps,
                 cs->steps == 1 ? "" : "s", (long) cs->trials, cs->trials == 1 ? "" : "s",
                 cs->out_of_time ? ", stopped after 60 s" : "");
        fprintf(stderr, "nhoracle: shrunk (%s; each kept point fails alone): q = %s, v sent = %s\n",
                how, json_object_to_json_string(q), json_object_to_json_string(w));
        if (o->tap)
            printf("# shrunk (%s): q = %s, v = %s\n", how, json_object_to_json_string(q),
                   json_object_to_json_string(w));
        json_object_put(q);
        json_object_put(w);
    }
    if (cli->json && !o->tap)
    {
        json_object *j = json_object_new_object();
        json_object_object_add(j, "case", json_object_new_string(nh_model_name(C->M)));
        json_object_object_add(j, "quantity", json_object_new_string(C->name));
        json_object_object_add(j, "pass", json_object_new_boolean(0));
        json_object_object_add(j, "candidate_error", json_object_new_string(msg));
        if (req != NULL)
        {
            json_object_object_add(j, "request_id", json_object_new_int64(id));
            json_object_object_add(j, "fails_alone", json_object_new_boolean(P->alone));
            json_object_object_add(j, "request", json_tokener_parse(req));
        }
        if (cs != NULL)
        {
            json_object *x = json_object_new_object();
            json_object_object_add(x, "q", vec_json(C, cs->p.q));
            json_object_object_add(x, "v", vec_json(C, cs->p.w));
            json_object_object_add(x, "simplifications", json_object_new_int64(cs->steps));
            json_object_object_add(x, "candidates", json_object_new_int64(cs->trials));
            json_object_object_add(x, "out_of_time", json_object_new_boolean(cs->out_of_time));
            json_object_object_add(j, "shrunk", x);
        }
        settings_json(j, C, o);
        printf("%s\n", json_object_to_json_string_ext(j, JSON_C_TO_STRING_PRETTY
                                                       | JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(j);
    }
    fflush(stdout);
}

/* ---- the report ------------------------------------------------------ */

static char *
ball_str(const arb_t x, slong digits)
{
    return arb_get_str(x, digits, 0);
}

static json_object *
point_json(const nh_check_struct *C, const nh_check_point_struct *p)
{
    json_object *o = json_object_new_object(), *comp = json_object_new_object();
    slong i;
    arb_t e;
    arb_init(e);
    json_object_object_add(o, "q", vec_json(C, p->q));
    json_object_object_add(o, "v", vec_json(C, p->w));
    json_object_object_add(o, "v_simple", vec_json(C, p->x + C->n));
    json_object_object_add(o, "score_estimate", json_object_new_double(p->score));
    json_object_object_add(o, "fails", json_object_new_boolean(p->fails));
    for (i = 0; i < C->n; i++)
    {
        json_object *c = json_object_new_object();
        char *s;
        nh_check_error_ball(e, p, i, 128);
        s = nh_check_value_str(p->cand + i);
        json_object_object_add(c, "candidate", json_object_new_string(s));
        flint_free(s);
        s = ball_str(p->ref + i, 20);
        json_object_object_add(c, "reference", json_object_new_string(s));
        flint_free(s);
        s = ball_str(e, 6);
        json_object_object_add(c, "error", json_object_new_string(s));
        flint_free(s);
        json_object_object_add(comp, nh_model_coord_name(C->M, i), c);
    }
    json_object_object_add(o, "components", comp);
    arb_clear(e);
    return o;
}

static void
point_text(const nh_check_struct *C, const nh_check_point_struct *p, const char *title)
{
    slong i;
    arb_t e;
    json_object *q = vec_json(C, p->q), *w = vec_json(C, p->w), *v = vec_json(C, p->x + C->n);
    arb_init(e);
    printf("%s:\n  q = %s\n  v = %s\n", title, json_object_to_json_string(q),
           json_object_to_json_string(v));
    for (i = 0; i < C->n && fmpq_equal(p->w + i, p->x + C->n + i); i++)
        ;
    if (i < C->n)
        printf("  v sent (v projected, see doc/check.md \"Points\") = %s\n",
               json_object_to_json_string(w));
    printf("  %-10s %-28s %-32s %s\n", "component", "candidate", "reference (certified ball)",
           "error |c - x| (ball)");
    for (i = 0; i < C->n; i++)
    {
        char *a = nh_check_value_str(p->cand + i), *b = ball_str(p->ref + i, 17), *c;
        nh_check_error_ball(e, p, i, 128);
        c = ball_str(e, 6);
        printf("  %-10s %-28s %-32s %s\n", nh_model_coord_name(C->M, i), a, b, c);
        flint_free(a);
        flint_free(b);
        flint_free(c);
    }
    json_object_put(q);
    json_object_put(w);
    json_object_put(v);
    arb_clear(e);
}

static void
report(const nh_check_struct *C, const check_opts *o, const nh_check_result_struct *R,
       const nh_cli_struct *cli)
{
    if (o->tap)
    {
        printf("1..1\n%s 1 - check %s of %s: %ld evaluations, %ld failing\n",
               R->have_fail ? "not ok" : "ok", C->name, nh_model_name(C->M), (long) R->evals,
               (long) R->nfailed);
        printf("# seed %lu, tolerance atol %g + rtol %g |x|, budget %ld\n",
               (unsigned long) o->seed, C->atol, C->rtol, (long) o->budget);
        printf("# coverage: %ld equal cells per coordinate, each holding a point sent\n",
               (long) R->cover_n);
        printf("# worst score (estimate, 1 = at the tolerance): %.3g\n", R->worst.score);
        if (R->skipped > 0)
            printf("# skipped %ld points where the reference failed; the first: %s\n",
                   (long) R->skipped, R->skip_msg);
        return;
    }
    if (cli->json)
    {
        json_object *j = json_object_new_object();
        json_object_object_add(j, "case", json_object_new_string(nh_model_name(C->M)));
        json_object_object_add(j, "quantity", json_object_new_string(C->name));
        json_object_object_add(j, "table_quantity", json_object_new_string(C->Q->name));
        json_object_object_add(j, "pass", json_object_new_boolean(!R->have_fail));
        settings_json(j, C, o);
        json_object_object_add(j, "evaluations", json_object_new_int64(R->evals));
        json_object_object_add(j, "replayed_evaluations", json_object_new_int64(R->replay_evals));
        json_object_object_add(j, "special_evaluations", json_object_new_int64(R->special_evals));
        json_object_object_add(j, "low_discrepancy_evaluations",
                               json_object_new_int64(R->random_evals));
        json_object_object_add(j, "coverage_cells_per_coordinate",
                               json_object_new_int64(R->cover_n));
        json_object_object_add(j, "failing_evaluations", json_object_new_int64(R->nfailed));
        json_object_object_add(j, "skipped_points", json_object_new_int64(R->skipped));
        if (R->skipped > 0)
            json_object_object_add(j, "first_skipped", json_object_new_string(R->skip_msg));
        json_object_object_add(j, "worst", point_json(C, &R->worst));
        if (R->have_fail)
            json_object_object_add(j, "shrunk", point_json(C, &R->shrunk));
        printf("%s\n", json_object_to_json_string_ext(j, JSON_C_TO_STRING_PRETTY
                                                       | JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(j);
        return;
    }
    printf("check %s (table entry %s) of %s: %ld evaluations (%ld replayed, %ld special, "
           "%ld low-discrepancy, %ld search, "
           "%ld shrinking), %ld failing; tolerance atol %g + rtol %g |x|; seed %lu, budget %ld\n",
           C->name, C->Q->name, nh_model_name(C->M), (long) R->evals, (long) R->replay_evals,
           (long) R->special_evals, (long) R->random_evals,
           (long) R->search_evals, (long) R->shrink_evals, (long) R->nfailed, C->atol, C->rtol,
           (unsigned long) o->seed, (long) o->budget);
    if (R->cover_n > 0)
        printf("coverage: every coordinate's interval cut into %ld equal cells, each holding a "
               "point sent (a failing slab wider than 1/%ld of one coordinate's range is always "
               "hit; nothing is claimed for regions narrow in several coordinates)\n",
               (long) R->cover_n, (long) R->cover_n);
    if (R->skipped > 0)
        printf("skipped %ld points where the reference failed (not sent, not counted); the "
               "first: %s\n", (long) R->skipped, R->skip_msg);
    point_text(C, &R->worst, "worst point (largest score)");
    printf("  score (estimate: max |c - mid| / tolerance): %.3g\n", R->worst.score);
    if (R->have_fail)
    {
        point_text(C, &R->shrunk, "shrunk failing point");
        printf("  (%ld simplifications accepted)\nFAIL\n", (long) R->shrink_steps);
    }
    else
        printf("PASS: no failing point within the budget%s\n",
               cli->output != NULL ? " (so -o FILE was not written)" : "");
}

static int
write_regression(const nh_cli_struct *cli, const nh_check_struct *C,
                 const nh_check_point_struct *const *pts, slong np, ulong seed, slong budget,
                 nh_error_t err)
{
    nh_dataset_t ds;
    char *text = NULL, *out;
    size_t len, tlen;
    const char *base = strrchr(cli->case_path, '/');
    int r = nh_file_read(&text, &tlen, cli->case_path, NH_DATASET_MAX_TEXT, "case file", err);
    nh_dataset_init(ds);
    if (r == NH_OK)
        r = nh_check_regression(ds, C, pts, np, text, tlen, base ? base + 1 : cli->case_path,
                                PACKAGE_VERSION, FLINT_MIN(cli->digits, 30), seed, budget, err);
    if (r == NH_OK)
    {
        out = nh_dataset_jsonl(ds, &len);
        r = nh_write_atomic(cli->output, out, len, err);
        free(out);
    }
    free(text);
    nh_dataset_clear(ds);
    return r;
}

/* -o FILE after a candidate error: the point of the request that fails
   alone (and, if steps > 0, its shrunk point sp) as regression records;
   a failure to write is reported on standard error, the exit stays 12 */
static void
culprit_regression(const nh_cli_struct *cli, const nh_check_struct *C, const check_opts *o,
                   const proto_struct *P, nh_check_point_struct *sp, slong steps)
{
    nh_check_point_struct p;
    const nh_check_point_struct *pts[2] = {&p, sp};
    nh_error_t e;
    slong n = C->n, i;
    int r;
    nh_error_init(e);
    nh_check_point_init(&p, n);
    for (i = 0; i < n; i++)
    {
        fmpq_set(p.q + i, P->bq + P->culprit * n + i);
        fmpq_set(p.x + i, p.q + i);
        fmpq_set(p.w + i, P->bw + P->culprit * n + i);
        fmpq_set(p.x + n + i, p.w + i);
    }
    r = nh_check_reference(&p, C, e);
    if (r == NH_OK && steps > 0)
        r = nh_check_reference(sp, C, e);
    if (r == NH_OK)
        r = write_regression(cli, C, pts, steps > 0 ? 2 : 1, o->seed, o->budget, e);
    if (r != NH_OK)
        fprintf(stderr, "nhoracle: -o %s not written: %s\n", cli->output, e->msg);
    nh_check_point_clear(&p, n);
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
        P->C = C;
        P->params = params_json(M);
        P->next_id = 1;
        if ((r = nh_candidate_start(&P->cand, o->candidate, o->timeout, (long) o->cand_mem,
                                     err)) == NH_OK)
        {
            nh_check_result_init(R, C);
            r = nh_check_run(R, C, o->budget, o->seed, o->batch, candidate_fn, P, err);
            nh_candidate_stop(&P->cand);
            if (r == NH_EXIT_CANDIDATE)
            {
                culprit_shrink cs;
                isolate_culprit(P, o);
                if (P->alone)   /* shrink it with what is left of the budget */
                    shrink_culprit(&cs, P, o, o->budget - R->evals - R->skipped);
                candidate_error_report(C, o, cli, P, P->alone ? &cs : NULL, err);
                if (P->alone && cli->output != NULL)
                    culprit_regression(cli, C, o, P, &cs.p, cs.steps);
                if (P->alone)
                    nh_check_point_clear(&cs.p, C->n);
            }
            if (r == NH_OK && R->have_fail && cli->output != NULL)
            {
                const nh_check_point_struct *pts[2] = {&R->first_fail, &R->shrunk};
                r = write_regression(cli, C, pts, R->shrink_steps == 0 ? 1 : 2, o->seed,
                                     o->budget, err);
            }
            if (r == NH_OK)
            {
                report(C, o, R, cli);
                r = R->have_fail ? NH_EXIT_CHECK_FAIL : NH_OK;
            }
            nh_check_result_clear(R, C);
        }
        json_object_put(P->params);
    }
    nh_argv_free(&P->batch);
    _fmpq_vec_clear(P->bq, P->bcap * (cinit ? C->n : 0));
    _fmpq_vec_clear(P->bw, P->bcap * (cinit ? C->n : 0));
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
