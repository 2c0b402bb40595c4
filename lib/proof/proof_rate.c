/*
 * proof_rate.c -- rate claims: the observed order of convergence (nh_conv_study,
 * lib/conv.h; an ESTIMATE) compared with `expect:` (doc/proofs.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>
#include "impl.h"
#include "conv.h"

static void
eps_free(fmpq *eps, slong neps)
{
    slong j;
    for (j = 0; j < neps; j++)
        fmpq_clear(eps + j);
    free(eps);
}

/* The claim's model (case:) and fixed point (fix:) into P; on error P is
   cleared. */
static int
rate_open(pctx *P, const nh_proof_doc_t doc, const nh_claim_struct *c, const char *srcdir,
          nh_error_t err)
{
    char *path;
    int r;
    memset(P, 0, sizeof *P);
    fmpq_init(P->tcur);
    P->c = c;
    P->file = doc->filename;
    expr_arena_init(P->A);
    jet_ctx_init(P->jctx, 1, 0);
    if ((r = _nh_proof_path(&path, srcdir, &c->case_path, "case", P->file, c->id.text, err)) != NH_OK)
    {
        _nh_proof_ctx_clear(P);
        return r;
    }
    r = nh_model_load(&P->M, path, err);
    free(path);
    if (r != NH_OK)
    {
        P->M = NULL;
        nh_error_prefix(err, "%s:%d: claim '%s': ", P->file, c->case_path.line, c->id.text);
        _nh_proof_ctx_clear(P);
        return r;
    }
    P->n = nh_model_n(P->M);
    P->fixmask = calloc((size_t) (2 * P->n + 1), sizeof(int));
    P->fixval = _fmpq_vec_init(2 * P->n + 1);
    if (c->fix.text != NULL && (r = _nh_proof_parse_fix(P, &c->fix, err)) != NH_OK)
        _nh_proof_ctx_clear(P);
    return r;
}

/* The eps values of eps-list: (*eps, *neps), >= 2 positive rationals
   (freed here on error). */
static int
rate_eps_list(fmpq **eps, slong *neps, const pctx *P, const nh_claim_struct *c, nh_error_t err)
{
    char *t = _nh_proof_strdup(c->eps_list.text), *tok, *save = NULL;
    int r = NH_OK;
    *eps = NULL;
    *neps = 0;
    for (tok = strtok_r(t, ", \n", &save); tok != NULL; tok = strtok_r(NULL, ", \n", &save))
    {
        int ok;
        *eps = realloc(*eps, (size_t) (*neps + 1) * sizeof(fmpq));
        fmpq_init(*eps + *neps);
        ok = _nh_proof_rational(*eps + *neps, tok);
        (*neps)++;
        if (!ok || fmpq_sgn(*eps + *neps - 1) <= 0)
        {
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': bad eps '%s' in eps-list",
                             P->file, c->eps_list.line, c->id.text, tok);
            break;
        }
    }
    free(t);
    if (r == NH_OK && *neps < 2)
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': eps-list needs at least 2 values",
                         P->file, c->eps_list.line, c->id.text);
    if (r != NH_OK)
    {
        eps_free(*eps, *neps);
        *eps = NULL;
    }
    return r;
}

/* formula: FILE (a user vector field) into field and o->field. */
static int
rate_field(nh_conv_field_struct *field, nh_conv_opts_t o, const pctx *P, const nh_claim_struct *c,
           const char *srcdir, nh_error_t err)
{
    char *fpath;
    int r = _nh_proof_path(&fpath, srcdir, &c->formula, "formula", P->file, c->id.text, err);
    if (r == NH_OK)
    {
        r = nh_conv_field_load(field, P->M, fpath, err);
        free(fpath);
        if (r != NH_OK)
            nh_error_prefix(err, "%s:%d: claim '%s': field file: ", P->file, c->formula.line,
                            c->id.text);
    }
    if (r == NH_OK)
        o->field = field;
    return r;
}

/* The study's options: start (the fix: point), k, the eps values (moved
   out of eps, which is freed), T, t1 = T/10, prec. */
static void
rate_opts(nh_conv_opts_t o, const pctx *P, const nh_claim_struct *c, fmpq *eps, slong neps)
{
    slong j;
    fmpz_t ten;
    for (j = 0; j < P->n; j++)
    {
        arb_set_fmpq(o->q0 + j, P->fixval + j, c->prec);
        arb_set_fmpq(o->v0 + j, P->fixval + P->n + j, c->prec);
    }
    o->kmax = c->order;
    o->neps = neps;
    o->eps = _fmpq_vec_init(neps);
    for (j = 0; j < neps; j++)
        fmpq_set(o->eps + j, eps + j);
    eps_free(eps, neps);
    fmpq_set(o->T, c->T);
    fmpz_init_set_ui(ten, 10);
    fmpq_div_fmpz(o->t1, c->T, ten);
    fmpz_clear(ten);
    o->prec = c->prec;
    o->progress = 0;
}

/* The verdict of the observed order (measure `which`, row c->order of
   cr) against expect:, its message and, when refuted, the witness. */
static void
rate_verdict(nh_claim_result_struct *res, const nh_conv_result_struct *cr, const nh_conv_opts_struct *o,
             pctx *P, int which)
{
    const nh_claim_struct *c = P->c;
    const nh_conv_fit_struct *f = cr->fit + c->order * NH_CONV_NQ + which;
    char buf[600], what[300];
    double dev = fabs(f->slope - c->expect);
    int inside = c->expect >= f->ci_lo && c->expect <= f->ci_hi;
    if (cr->exact[c->order].exact)
        /* no slope: the differences are at the integration error */
        res->verdict = NH_VERDICT_UNDECIDED;
    else if (dev <= 0.25)
        res->verdict = NH_VERDICT_HOLDS;
    else if (!inside)
        res->verdict = NH_VERDICT_REFUTED;
    else
        res->verdict = NH_VERDICT_UNDECIDED;
    if (o->field != NULL)
    {
        const char *ft = c->formula.text;
        while (*ft == ' ' || *ft == '\t')
            ft++;
        snprintf(what, sizeof what, "the field %s (order %ld row)", ft, (long) c->order);
    }
    else
        snprintf(what, sizeof what, "k = %ld", (long) c->order);
    snprintf(buf, sizeof buf, "observed order of %s for %s: %.3f (ESTIMATE), 95%% interval [%.3f, %.3f], "
             "expected %g (holds when within 0.25); %ld eps values, T = %g",
             nh_conv_quantity_name(which), what,
             f->slope, f->ci_lo, f->ci_hi,
             c->expect, (long) o->neps, fmpq_get_d(c->T));
    if (cr->exact[c->order].exact)
        snprintf(buf, sizeof buf, "no observed order of %s for %s: that reduced system is "
                 "exact within the integration error (ESTIMATE: its largest difference fell "
                 "from %.3e to %.3e with the tolerance, %.0e to %.0e)",
                 nh_conv_quantity_name(which), what, cr->exact[c->order].diff_loose,
                 cr->exact[c->order].diff_tight, cr->exact[c->order].tol_loose,
                 cr->exact[c->order].tol_tight);
    res->message = _nh_proof_strdup(buf);
    if (res->verdict == NH_VERDICT_REFUTED)
    {
        res->witness = _nh_proof_describe_point(P, P->fixval, P->fixval + P->n, NULL);
        res->entry = _nh_proof_strdup("observed order");
        snprintf(buf, sizeof buf, "%.3f (expected %g)", f->slope, c->expect);
        res->diff = _nh_proof_strdup(buf);
        res->computed = _nh_proof_strdup(res->message);
        snprintf(buf, sizeof buf, "%g", c->expect);
        res->typed = _nh_proof_strdup(buf);
    }
    res->max_diff = dev;
    res->points_done = o->neps;
    res->prec_used = c->prec;
}

/* Rate claims: observed order of convergence of the order-k reduced
   dynamics to the full friction system (nh_conv_study, lib/conv.h; an
   ESTIMATE) at the point given by `fix:` (other coordinates 0).  With
   `formula: FILE` (a field file, path relative to the top directory
   srcdir and inside it, doc/proofs.md "Paths in documents";
   doc/convergence.md "User vector fields") the order-k row measures that
   user vector field (a paper's printed reduced model) instead of
   nhoracle's X_k. */
int
_nh_proof_check_rate(nh_claim_result_struct *res, const nh_proof_doc_t doc, const nh_claim_struct *c,
           const char *srcdir, int run, nh_error_t err)
{
    pctx P;
    int r, which = -1, i;
    nh_conv_opts_t o;
    nh_conv_result_t cr;
    nh_conv_field_struct field;
    slong neps = 0;
    const char *meas = c->measure.text ? c->measure.text : "q_T";
    fmpq *eps = NULL;

    if ((r = rate_open(&P, doc, c, srcdir, err)) != NH_OK)
        return r;
    for (i = 0; i < NH_CONV_NQ; i++)
        if (strcmp(meas, nh_conv_quantity_key(i)) == 0)
            which = i;
    if (which < 0)
    {
        _nh_proof_ctx_clear(&P);
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': unknown measure '%s' (q_T, v_T, q_max, v_max, defect_max)",
                            P.file, c->line, c->id.text, meas);
    }
    if ((r = rate_eps_list(&eps, &neps, &P, c, err)) != NH_OK)
    {
        _nh_proof_ctx_clear(&P);
        return r;
    }
    nh_conv_opts_init(o, P.n);
    nh_conv_field_init(&field);
    if (c->formula.text != NULL)
        r = rate_field(&field, o, &P, c, srcdir, err);
    if (r != NH_OK || !run)     /* !run: nh_proof_prepare, validation only */
    {
        eps_free(eps, neps);
        nh_conv_opts_clear(o);
        nh_conv_field_clear(&field);
        _nh_proof_ctx_clear(&P);
        return r;
    }
    rate_opts(o, &P, c, eps, neps);
    memset(cr, 0, sizeof(nh_conv_result_struct));
    r = nh_conv_study(cr, P.M, o, err);
    if (r == NH_OK)
    {
        rate_verdict(res, cr, o, &P, which);
        nh_conv_result_clear(cr);
    }
    else
        nh_error_prefix(err, "claim '%s': ", c->id.text);
    nh_conv_opts_clear(o);
    nh_conv_field_clear(&field);
    _nh_proof_ctx_clear(&P);
    return r;
}
