/*
 * check_report.c -- the writers of a check result (check.h; doc/check.md,
 * "The report"): JSON, TAP and text, each with the seed, the tolerance
 * and the budget a replay needs; the candidate's numbers as it sent them,
 * the references as certified balls, the errors as balls.
 */
#include <stdlib.h>
#include "impl.h"

json_object *
nh_check_vec_json(const nh_check_t C, const fmpq *x)
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
point_json(const nh_check_struct *C, const nh_check_point_struct *p)
{
    json_object *o = json_object_new_object(), *comp = json_object_new_object();
    slong i;
    arb_t e;
    arb_init(e);
    json_object_object_add(o, "q", nh_check_vec_json(C, p->q));
    json_object_object_add(o, "v", nh_check_vec_json(C, p->w));
    json_object_object_add(o, "v_simple", nh_check_vec_json(C, p->x + C->n));
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
        s = arb_get_str(p->ref + i, 20, 0);
        json_object_object_add(c, "reference", json_object_new_string(s));
        flint_free(s);
        s = arb_get_str(e, 6, 0);
        json_object_object_add(c, "error", json_object_new_string(s));
        flint_free(s);
        json_object_object_add(comp, nh_model_coord_name(C->M, i), c);
    }
    json_object_object_add(o, "components", comp);
    arb_clear(e);
    return o;
}

json_object *
nh_check_result_json(const nh_check_t C, const nh_check_result_t R, ulong seed, slong budget)
{
    json_object *j = json_object_new_object();
    json_object_object_add(j, "case", json_object_new_string(nh_model_name(C->M)));
    json_object_object_add(j, "quantity", json_object_new_string(C->name));
    json_object_object_add(j, "table_quantity", json_object_new_string(C->Q->name));
    json_object_object_add(j, "pass", json_object_new_boolean(!R->have_fail));
    json_object_object_add(j, "seed", json_object_new_uint64(seed));
    json_object_object_add(j, "atol", json_object_new_double(C->atol));
    json_object_object_add(j, "rtol", json_object_new_double(C->rtol));
    json_object_object_add(j, "budget", json_object_new_int64(budget));
    json_object_object_add(j, "evaluations", json_object_new_int64(R->evals));
    json_object_object_add(j, "replayed_evaluations", json_object_new_int64(R->replay_evals));
    json_object_object_add(j, "special_evaluations", json_object_new_int64(R->special_evals));
    json_object_object_add(j, "low_discrepancy_evaluations", json_object_new_int64(R->random_evals));
    json_object_object_add(j, "coverage_cells_per_coordinate", json_object_new_int64(R->cover_n));
    json_object_object_add(j, "failing_evaluations", json_object_new_int64(R->nfailed));
    json_object_object_add(j, "skipped_points", json_object_new_int64(R->skipped));
    if (R->skipped > 0)
        json_object_object_add(j, "first_skipped", json_object_new_string(R->skip_msg));
    json_object_object_add(j, "worst", point_json(C, &R->worst));
    if (R->have_fail)
        json_object_object_add(j, "shrunk", point_json(C, &R->shrunk));
    return j;
}

void
nh_check_result_tap(FILE *f, const nh_check_t C, const nh_check_result_t R, ulong seed,
                    slong budget)
{
    fprintf(f, "1..1\n%s 1 - check %s of %s: %ld evaluations, %ld failing\n",
            R->have_fail ? "not ok" : "ok", C->name, nh_model_name(C->M), (long) R->evals,
            (long) R->nfailed);
    fprintf(f, "# seed %lu, tolerance atol %g + rtol %g |x|, budget %ld\n",
            (unsigned long) seed, C->atol, C->rtol, (long) budget);
    fprintf(f, "# coverage: %ld equal cells per coordinate, each holding a point sent\n",
            (long) R->cover_n);
    fprintf(f, "# worst score (estimate, 1 = at the tolerance): %.3g\n", R->worst.score);
    if (R->skipped > 0)
        fprintf(f, "# skipped %ld points where the reference failed; the first: %s\n",
                (long) R->skipped, R->skip_msg);
}

static void
point_text(FILE *f, const nh_check_struct *C, const nh_check_point_struct *p, const char *title)
{
    slong i;
    arb_t e;
    json_object *q = nh_check_vec_json(C, p->q), *w = nh_check_vec_json(C, p->w),
        *v = nh_check_vec_json(C, p->x + C->n);
    arb_init(e);
    fprintf(f, "%s:\n  q = %s\n  v = %s\n", title, json_object_to_json_string(q),
            json_object_to_json_string(v));
    for (i = 0; i < C->n && fmpq_equal(p->w + i, p->x + C->n + i); i++)
        ;
    if (i < C->n)
        fprintf(f, "  v sent (v projected, see doc/check.md \"Points\") = %s\n",
                json_object_to_json_string(w));
    fprintf(f, "  %-10s %-28s %-32s %s\n", "component", "candidate", "reference (certified ball)",
            "error |c - x| (ball)");
    for (i = 0; i < C->n; i++)
    {
        char *a = nh_check_value_str(p->cand + i), *b = arb_get_str(p->ref + i, 17, 0), *c;
        nh_check_error_ball(e, p, i, 128);
        c = arb_get_str(e, 6, 0);
        fprintf(f, "  %-10s %-28s %-32s %s\n", nh_model_coord_name(C->M, i), a, b, c);
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
nh_check_result_text(FILE *f, const nh_check_t C, const nh_check_result_t R, ulong seed,
                     slong budget, const char *pass_note)
{
    fprintf(f, "check %s (table entry %s) of %s: %ld evaluations (%ld replayed, %ld special, "
            "%ld low-discrepancy, %ld search, "
            "%ld shrinking), %ld failing; tolerance atol %g + rtol %g |x|; seed %lu, budget %ld\n",
            C->name, C->Q->name, nh_model_name(C->M), (long) R->evals, (long) R->replay_evals,
            (long) R->special_evals, (long) R->random_evals,
            (long) R->search_evals, (long) R->shrink_evals, (long) R->nfailed, C->atol, C->rtol,
            (unsigned long) seed, (long) budget);
    if (R->cover_n > 0)
        fprintf(f, "coverage: every coordinate's interval cut into %ld equal cells, each holding a "
                "point sent (a failing slab wider than 1/%ld of one coordinate's range is always "
                "hit; nothing is claimed for regions narrow in several coordinates)\n",
                (long) R->cover_n, (long) R->cover_n);
    if (R->skipped > 0)
        fprintf(f, "skipped %ld points where the reference failed (not sent, not counted); the "
                "first: %s\n", (long) R->skipped, R->skip_msg);
    point_text(f, C, &R->worst, "worst point (largest score)");
    fprintf(f, "  score (estimate: max |c - mid| / tolerance): %.3g\n", R->worst.score);
    if (R->have_fail)
    {
        point_text(f, C, &R->shrunk, "shrunk failing point");
        fprintf(f, "  (%ld simplifications accepted)\nFAIL\n", (long) R->shrink_steps);
    }
    else
        fprintf(f, "PASS: no failing point within the budget%s\n", pass_note);
}
