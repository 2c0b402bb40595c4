/*
 * check_proto.c -- the subprocess candidate of `nhoracle check`
 * (doc/check.md, "The protocol"): one JSON request line per point, the
 * answers read by nh_check_read_answers; the callback given to
 * nh_check_run; after a candidate error, the culprit request isolated
 * (each alone in a new candidate) and shrunk (nh_check_shrink_pred).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_oracle.h"

/* the model's parameters as exact decimals (sent with every request) */
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
    json_object_object_add(o, "q", nh_check_vec_json(C, q));
    json_object_object_add(o, "v", nh_check_vec_json(C, w));
    json_object_object_add(o, "params", json_object_get(P->params));
    s = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN
                                              | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(o);
    return s;
}

int
check_candidate_fn(arb_ptr vals, const fmpq *q, const fmpq *w, slong npts, void *data, nh_error_t err)
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

void
check_culprit_point(nh_check_point_struct *p, const proto_struct *P)
{
    slong n = P->C->n, i;
    nh_check_point_init(p, n);
    for (i = 0; i < n; i++)
    {
        fmpq_set(p->q + i, P->bq + P->culprit * n + i);
        fmpq_set(p->x + i, p->q + i);
        fmpq_set(p->w + i, P->bw + P->culprit * n + i);
        fmpq_set(p->x + n + i, p->w + i);
    }
}

/* The culprit's point (x = its sent point q, w) into cs->p (initialised
   here), shrunk while it still fails alone (culprit_pred), at most
   max_trials new candidates. */
static void
shrink_culprit(culprit_shrink *cs, proto_struct *P, const check_opts *o, slong max_trials)
{
    nh_check_point_struct *p = &cs->p;
    culprit_pred_struct d;
    check_culprit_point(p, P);
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

void
check_proto_init(proto_struct *P, const nh_check_struct *C, const nh_model_struct *M)
{
    memset(P, 0, sizeof *P);
    P->C = C;
    P->params = params_json(M);
    P->next_id = 1;
}

void
check_proto_clear(proto_struct *P)
{
    slong n = P->C != NULL ? P->C->n : 0;
    if (P->params != NULL)
        json_object_put(P->params);
    nh_argv_free(&P->batch);
    _fmpq_vec_clear(P->bq, P->bcap * n);
    _fmpq_vec_clear(P->bw, P->bcap * n);
}

void
check_candidate_error(proto_struct *P, const nh_cli_struct *cli, const check_opts *o,
                      const nh_check_result_struct *R, nh_error_t err)
{
    culprit_shrink cs;
    isolate_culprit(P, o);
    if (P->alone)   /* shrink it with what is left of the budget */
        shrink_culprit(&cs, P, o, o->budget - R->evals - R->skipped);
    check_report_candidate_error(P->C, o, cli, P, P->alone ? &cs : NULL, err);
    if (P->alone && cli->output != NULL)
        check_write_culprit(cli, P->C, o, P, &cs.p, cs.steps);
    if (P->alone)
        nh_check_point_clear(&cs.p, P->C->n);
}
