/*
 * check_report.c -- the reports of `nhoracle check` (doc/check.md, "The
 * report"): a candidate error as a failing test (TAP, JSON, stderr) with
 * the seed, the tolerance and the budget a replay needs; a result through
 * lib's writers (nh_check_result_json / _tap / _text); the regression
 * file of -o (nh_check_regression).
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
void
check_report_candidate_error(const nh_check_struct *C, const check_opts *o, const nh_cli_struct *cli,
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
        json_object *q = nh_check_vec_json(C, cs->p.q), *w = nh_check_vec_json(C, cs->p.w);
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
            json_object_object_add(x, "q", nh_check_vec_json(C, cs->p.q));
            json_object_object_add(x, "v", nh_check_vec_json(C, cs->p.w));
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


void
check_report(const nh_check_struct *C, const check_opts *o, const nh_check_result_struct *R,
             const nh_cli_struct *cli)
{
    if (o->tap)
        nh_check_result_tap(stdout, C, R, o->seed, o->budget);
    else if (cli->json)
    {
        json_object *j = nh_check_result_json(C, R, o->seed, o->budget);
        printf("%s\n", json_object_to_json_string_ext(j, JSON_C_TO_STRING_PRETTY
                                                       | JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(j);
    }
    else
        nh_check_result_text(stdout, C, R, o->seed, o->budget,
                             cli->output != NULL ? " (so -o FILE was not written)" : "");
}

int
check_write_regression(const nh_cli_struct *cli, const nh_check_struct *C,
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
void
check_write_culprit(const nh_cli_struct *cli, const nh_check_struct *C, const check_opts *o,
                   const proto_struct *P, nh_check_point_struct *sp, slong steps)
{
    nh_check_point_struct p;
    const nh_check_point_struct *pts[2] = {&p, sp};
    nh_error_t e;
    slong n = C->n;
    int r;
    nh_error_init(e);
    check_culprit_point(&p, P);
    r = nh_check_reference(&p, C, e);
    if (r == NH_OK && steps > 0)
        r = nh_check_reference(sp, C, e);
    if (r == NH_OK)
        r = check_write_regression(cli, C, pts, steps > 0 ? 2 : 1, o->seed, o->budget, e);
    if (r != NH_OK)
        fprintf(stderr, "nhoracle: -o %s not written: %s\n", cli->output, e->msg);
    nh_check_point_clear(&p, n);
}

