/*
 * proof_run.c -- a run of the claims of literate proof documents
 * (lib/proof.h, `nhoracle prove`): check every selected claim of a
 * document, record its verdict in the counts, the coverage and every
 * report, and the default top and items directories of a document.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "impl.h"

char *
nh_proof_default_top(const char *docpath)
{

    /* parent of the document's directory */
    char *t = malloc(strlen(docpath) + 8);
    char *s;
    strcpy(t, docpath);
    s = strrchr(t, '/');
    if (s == NULL)
    {
        strcpy(t, "..");
        return t;
    }
    *s = '\0';
    s = strrchr(t, '/');
    if (s == NULL)
    {
        if (strcmp(t, ".") == 0)
            strcpy(t, "..");
        else
            strcpy(t, ".");
        return t;
    }
    *s = '\0';
    if (t[0] == '\0')
        strcpy(t, "/");
    return t;
}


/* Default items directory: "items" next to the first document
   (proofs/items for proofs/ *.md). */
char *
nh_proof_default_items(const char *docpath)
{
    const char *s = strrchr(docpath, '/');
    size_t n = s ? (size_t) (s - docpath) : 1;
    char *d = malloc(n + 8);
    if (s)
        memcpy(d, docpath, n);
    else
        d[0] = '.';
    strcpy(d + n, "/items");
    return d;
}


void
nh_proof_run_record(nh_proof_run_struct *out, nh_coverage_struct *cov, const char *file,
                    const nh_claim_struct *c, const nh_claim_result_struct *res, slong points)
{
    int match = nh_proof_claim_match(c, res);
    char note[1024];
    out->nrun++;
    if (cov != NULL)
        nh_coverage_attach(cov, c, res->verdict);
    if (!match)
        out->nmis++;
    if (res->verdict == NH_VERDICT_REFUTED)
        out->nref++;
    if (res->verdict == NH_VERDICT_UNDECIDED)
        out->nund++;
    nh_proof_claim_text(out->txt, note, sizeof note, file, c, res, match);
    if (note[0] != '\0' && out->note != NULL)
        out->note(out->note_data, note);
    nh_proof_claim_md(out->md, file, c, res);
    json_object_array_add(out->jclaims, nh_proof_claim_json(file, c, res, match));
    if (res->verdict == NH_VERDICT_REFUTED)
        nh_proof_claim_errata(out->er, file, c, res, points);
}

void
nh_proof_run_opts_init(nh_proof_run_opts_struct *o)
{
    memset(o, 0, sizeof *o);
}

int
nh_proof_run_doc(nh_proof_run_struct *out, const char *path, const nh_proof_run_opts_struct *o,
                 nh_error_t err)
{
    nh_proof_doc_t doc;
    char *t = o->top ? NULL : nh_proof_default_top(path);
    const char *tdir = o->top ? o->top : t;
    slong i;
    int rc = nh_proof_load(doc, path, err);
    if (rc != NH_OK)
    {
        free(t);
        return rc;
    }
    for (i = 0; i < doc->nclaims; i++)
    {
        const nh_claim_struct *c = doc->claims + i;
        nh_claim_result_struct res;
        if (o->only != NULL && strcmp(o->only, c->id.text) != 0)
            continue;
        nh_claim_result_init(&res);
        rc = nh_proof_check(&res, doc, i, tdir, o->points, o->seed, err);
        if (rc == NH_OK)
            nh_proof_run_record(out, o->cov, path, c, &res, o->points);
        nh_claim_result_clear(&res);
        if (rc != NH_OK)
            break;
    }
    nh_proof_doc_clear(doc);
    free(t);
    return rc;
}

void
nh_proof_run_finish(nh_proof_run_struct *out, const nh_coverage_struct *cov)
{
    nh_sbuf_printf(out->txt, "%ld claims: %ld refuted, %ld undecided, %ld verdict mismatches\n",
       (long) out->nrun, (long) out->nref, (long) out->nund, (long) out->nmis);
    nh_sbuf_printf(out->md, "\n%ld claims: %ld refuted, %ld undecided, %ld verdict mismatches.\n",
       (long) out->nrun, (long) out->nref, (long) out->nund, (long) out->nmis);
    if (out->nref == 0)
        nh_sbuf_printf(out->er, "No claim is refuted.\n");
    json_object_object_add(out->jroot, "mismatches", json_object_new_int64(out->nmis));
    if (cov != NULL)
        json_object_object_add(out->jroot, "coverage", nh_proof_coverage_json(cov));
}
