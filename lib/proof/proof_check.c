/*
 * proof_check.c -- certified verdicts of claim blocks (see proof.h and
 * doc/proofs.md): the driver of nh_proof_check and nh_proof_prepare
 * (pointwise claims in proof_pointwise.c, rate claims in proof_rate.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>
#include "impl.h"

int
nh_proof_check(nh_claim_result_struct *res, const nh_proof_doc_t doc, slong idx,
               const char *srcdir, slong points_override, slong seed_override,
               nh_error_t err)
{
    const nh_claim_struct *c = doc->claims + idx;
    slong points = points_override > 0 ? points_override : c->points;
    slong seed = seed_override > 0 ? seed_override : c->seed;
    pctx P;
    int r;

    nh_claim_result_clear(res);
    if (c->kind.text != NULL && strcmp(c->kind.text, "rate") == 0)
    {
        if (c->verdict == NH_VERDICT_PENDING)
        {
            res->verdict = NH_VERDICT_PENDING;
            res->message = _nh_proof_strdup("pending: recorded as not yet checkable (not run)");
            return NH_OK;
        }
        return _nh_proof_check_rate(res, doc, c, srcdir, 1, err);
    }
    r = _nh_proof_ctx_setup(&P, doc, c, &c->formula, srcdir, err);
    if (r == NH_OK)
        r = _nh_proof_check_points(res, &P, points, seed, err);
    _nh_proof_ctx_clear(&P);
    if (r != NH_OK)
        return r;
    res->corrected_verdict = NH_VERDICT_NONE;
    if (c->corrected.text != NULL)
    {
        nh_claim_result_struct r2;
        nh_claim_result_init(&r2);
        r = _nh_proof_ctx_setup(&P, doc, c, &c->corrected, srcdir, err);
        if (r == NH_OK)
            r = _nh_proof_check_points(&r2, &P, points, seed, err);
        _nh_proof_ctx_clear(&P);
        res->corrected_verdict = r2.verdict;
        nh_claim_result_clear(&r2);
    }
    return r;
}

int
nh_proof_prepare(const nh_proof_doc_t doc, slong idx, const char *srcdir, nh_error_t err)
{
    const nh_claim_struct *c = doc->claims + idx;
    pctx P;
    int r;

    if (c->kind.text != NULL && strcmp(c->kind.text, "rate") == 0)
    {
        if (c->verdict == NH_VERDICT_PENDING)
            return NH_OK;
        return _nh_proof_check_rate(NULL, doc, c, srcdir, 0, err);
    }
    r = _nh_proof_ctx_setup(&P, doc, c, &c->formula, srcdir, err);
    _nh_proof_ctx_clear(&P);
    if (r == NH_OK && c->corrected.text != NULL)
    {
        r = _nh_proof_ctx_setup(&P, doc, c, &c->corrected, srcdir, err);
        _nh_proof_ctx_clear(&P);
    }
    return r;
}
