/*
 * check_report.c -- the reports of `nhoracle check` (doc/check.md, "The
 * report"): text, TAP and JSON of a result and of a candidate error, with
 * the seed, the tolerance and the budget a replay needs; the regression
 * file of -o (nh_check_write_regression).
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
        json_object *q = check_vec_json(C, cs->p.q), *w = check_vec_json(C, cs->p.w);
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
            json_object_object_add(x, "q", check_vec_json(C, cs->p.q));
            json_object_object_add(x, "v", check_vec_json(C, cs->p.w));
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
    json_object_object_add(o, "q", check_vec_json(C, p->q));
    json_object_object_add(o, "v", check_vec_json(C, p->w));
    json_object_object_add(o, "v_simple", check_vec_json(C, p->x + C->n));
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
    json_object *q = check_vec_json(C, p->q), *w = check_vec_json(C, p->w), *v = check_vec_json(C, p->x + C->n);
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

void
check_report(const nh_check_struct *C, const check_opts *o, const nh_check_result_struct *R,
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
        r = check_write_regression(cli, C, pts, steps > 0 ? 2 : 1, o->seed, o->budget, e);
    if (r != NH_OK)
        fprintf(stderr, "nhoracle: -o %s not written: %s\n", cli->output, e->msg);
    nh_check_point_clear(&p, n);
}

