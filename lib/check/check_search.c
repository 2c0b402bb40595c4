/*
 * check_search.c -- nh_check_run (check.h): the budget split between
 * random points, Nelder-Mead and shrinking; the evaluation of a batch of
 * points; the random phase.
 */
#include <math.h>
#include <stdio.h>
#include "impl.h"

void
nh_check_result_init(nh_check_result_t R, const nh_check_t C)
{
    R->evals = R->replay_evals = R->special_evals = R->random_evals = 0;
    R->search_evals = R->shrink_evals = R->cover_n = 0;
    R->nfailed = R->shrink_steps = R->skipped = 0;
    R->skip_rc = NH_OK;
    R->skip_msg[0] = '\0';
    R->have_fail = 0;
    nh_check_point_init(&R->worst, C->n);
    nh_check_point_init(&R->first_fail, C->n);
    nh_check_point_init(&R->shrunk, C->n);
    R->worst.score = -1;
    R->first_fail.score = -1;
}

void
nh_check_result_clear(nh_check_result_t R, const nh_check_t C)
{
    nh_check_point_clear(&R->worst, C->n);
    nh_check_point_clear(&R->first_fail, C->n);
    nh_check_point_clear(&R->shrunk, C->n);
}

/* Keep p among the NH_CHECK_STARTS worst distinct points (by score). */
static void
keep_start(_nh_check_search_struct *S, const nh_check_point_struct *p)
{
    slong n2 = 2 * S->C->n, i, j;
    for (i = 0; i < S->nstarts; i++)
        if (_nh_check_qvec_equal(S->start_x[i], p->x, n2))
            return;         /* already kept */
    for (i = 0; i < S->nstarts && S->start_score[i] >= p->score; i++)
        ;
    if (i >= NH_CHECK_STARTS)
        return;
    if (S->nstarts < NH_CHECK_STARTS)
        S->nstarts++;
    {
        fmpq *last = S->start_x[S->nstarts - 1];
        for (j = S->nstarts - 1; j > i; j--)
        {
            S->start_x[j] = S->start_x[j - 1];
            S->start_score[j] = S->start_score[j - 1];
        }
        S->start_x[i] = last;
    }
    _nh_check_qvec_set(S->start_x[i], p->x, n2);
    S->start_score[i] = p->score;
}

/* The reference failed at p with r: a point to skip (counted, its
   first message kept) when the failure belongs to the point (degenerate
   model, singular set, inconclusive at the cap), else a run error. */
static int
skip_point(_nh_check_search_struct *S, nh_check_point_struct *p, int r)
{
    nh_check_result_struct *R = S->R;
    if (r != NH_ERR_MODEL && r != NH_ERR_DOMAIN && r != NH_ERR_PRECISION)
        return 0;
    if (R->skipped++ == 0)
    {
        R->skip_rc = r;
        snprintf(R->skip_msg, sizeof R->skip_msg, "%s", S->err->msg);
    }
    p->score = -1;
    p->fails = 0;
    return 1;
}

/* Record the compared point p in R. */
static void
record_point(_nh_check_search_struct *S, const nh_check_point_struct *p)
{
    nh_check_result_struct *R = S->R;
    slong n = S->C->n;
    R->evals++;
    if (p->score > R->worst.score)
        nh_check_point_set(&R->worst, p, n);
    keep_start(S, p);
    if (p->fails)
    {
        R->nfailed++;
        if (!R->have_fail || p->score > R->first_fail.score)
            nh_check_point_set(&R->first_fail, p, n);
        R->have_fail = 1;
    }
}

int
_nh_check_eval(_nh_check_search_struct *S, nh_check_point_struct *pts, slong npts)
{
    const nh_check_struct *C = S->C;
    slong n = C->n, j, i, ns = 0;
    fmpq *q = _fmpq_vec_init(npts * n), *w = _fmpq_vec_init(npts * n);
    arb_ptr vals = _arb_vec_init(npts * n);
    slong *sent = flint_malloc(npts * sizeof(slong));
    int r = NH_OK;
    /* the points the reference can project are sent; the others skipped */
    for (j = 0; j < npts && r == NH_OK; j++)
    {
        r = nh_check_sent_point(pts + j, C, S->err);
        if (r != NH_OK && skip_point(S, pts + j, r))
            r = NH_OK;
        else if (r == NH_OK)
        {
            _nh_check_qvec_set(q + ns * n, pts[j].q, n);
            _nh_check_qvec_set(w + ns * n, pts[j].w, n);
            sent[ns++] = j;
        }
    }
    if (r == NH_OK && ns > 0)
        r = S->fn(vals, q, w, ns, S->data, S->err);
    for (j = 0; j < ns && r == NH_OK; j++)
    {
        nh_check_point_struct *p = pts + sent[j];
        for (i = 0; i < n; i++)
            arb_set(p->cand + i, vals + j * n + i);
        r = nh_check_reference(p, C, S->err);
        if (r != NH_OK && skip_point(S, p, r))
            r = NH_OK;
        else if (r == NH_OK)
        {
            nh_check_compare(p, C);
            record_point(S, p);
        }
    }
    _fmpq_vec_clear(q, npts * n);
    _fmpq_vec_clear(w, npts * n);
    _arb_vec_clear(vals, npts * n);
    flint_free(sent);
    if (r != NH_OK)
        S->rc = r;
    return r;
}

void
_nh_check_from_unit(_nh_check_search_struct *S, fmpq *x, const double *t)
{
    slong i, n2 = 2 * S->C->n;
    fmpz_t k, span;
    fmpz_init(k);
    fmpz_init(span);
    for (i = 0; i < n2; i++)
    {
        double c = t[i] != t[i] ? 0.5 : t[i] < 0 ? 0 : t[i] > 1 ? 1 : t[i];
        fmpz_sub(span, S->khi + i, S->klo + i);
        /* k = klo + round(c span): span <= 2^53 in practice; the double
           product is only a position, rounded to the grid */
        fmpz_set_d(k, floor(c * fmpz_get_d(span) + 0.5));
        if (fmpz_cmp(k, span) > 0)
            fmpz_set(k, span);
        fmpz_add(k, k, S->klo + i);
        fmpq_set_fmpz_frac(x + i, k, S->scale);
    }
    fmpz_clear(k);
    fmpz_clear(span);
}

void
_nh_check_to_unit(_nh_check_search_struct *S, double *t, const fmpq *x)
{
    slong i, n2 = 2 * S->C->n;
    fmpz_t k, span;
    fmpz_init(k);
    fmpz_init(span);
    for (i = 0; i < n2; i++)
    {
        fmpz_sub(span, S->khi + i, S->klo + i);
        fmpz_mul(k, fmpq_numref(x + i), S->scale);
        fmpz_divexact(k, k, fmpq_denref(x + i));
        fmpz_sub(k, k, S->klo + i);
        t[i] = fmpz_is_zero(span) ? 0.5 : fmpz_get_d(k) / fmpz_get_d(span);
    }
    fmpz_clear(k);
    fmpz_clear(span);
}

/* The recorded points C->replay (at most the budget), in batches. */
static int
replay_phase(_nh_check_search_struct *S)
{
    const nh_check_struct *C = S->C;
    slong n2 = 2 * C->n, count = FLINT_MIN(C->nreplay, S->budget), done = 0, b, j;
    nh_check_point_struct *pts = flint_malloc(S->batch * sizeof *pts);
    int r = NH_OK;
    for (j = 0; j < S->batch; j++)
        nh_check_point_init(pts + j, C->n);
    while (done < count && r == NH_OK)
    {
        b = FLINT_MIN(S->batch, count - done);
        for (j = 0; j < b; j++)
            _nh_check_qvec_set(pts[j].x, C->replay + (done + j) * n2, n2);
        r = _nh_check_eval(S, pts, b);
        done += b;
    }
    S->R->replay_evals = S->R->evals;
    for (j = 0; j < S->batch; j++)
        nh_check_point_clear(pts + j, C->n);
    flint_free(pts);
    return r;
}

int
nh_check_run(nh_check_result_t R, const nh_check_t C, slong budget, ulong seed, slong batch,
             nh_check_candidate_fn fn, void *data, nh_error_t err)
{
    _nh_check_search_struct S[1];
    /* replay, special and low-discrepancy points: 7/8 of the budget */
    slong i, n2 = 2 * C->n, nstart = FLINT_MAX(1, budget - budget / 8);
    int r;
    S->C = C;
    S->R = R;
    S->fn = fn;
    S->data = data;
    S->budget = budget;
    S->batch = FLINT_MAX(1, batch);
    S->rc = NH_OK;
    S->err = err;
    S->nstarts = 0;
    for (i = 0; i < NH_CHECK_STARTS; i++)
        S->start_x[i] = _fmpq_vec_init(n2);
    fmpz_init(S->scale);
    fmpz_ui_pow_ui(S->scale, 10, NH_CHECK_GRID_DIGITS);
    S->klo = _fmpz_vec_init(n2);
    S->khi = _fmpz_vec_init(n2);
    for (i = 0; i < n2; i++)
    {
        /* the grid points inside [lo, hi]: ceil(lo 10^6) .. floor(hi 10^6) */
        fmpz_mul(S->klo + i, fmpq_numref(C->lo + i), S->scale);
        fmpz_cdiv_q(S->klo + i, S->klo + i, fmpq_denref(C->lo + i));
        fmpz_mul(S->khi + i, fmpq_numref(C->hi + i), S->scale);
        fmpz_fdiv_q(S->khi + i, S->khi + i, fmpq_denref(C->hi + i));
        if (fmpz_cmp(S->khi + i, S->klo + i) < 0)
            fmpz_set(S->khi + i, S->klo + i);   /* an interval thinner than the grid */
    }
    r = replay_phase(S);
    if (r == NH_OK && NH_CHECK_SPENT(R) < budget)
        r = _nh_check_special(S, FLINT_MAX(1, budget / 8));
    if (r == NH_OK && NH_CHECK_SPENT(R) < budget && !R->have_fail)
        r = _nh_check_cover(S, FLINT_MAX(1, nstart - NH_CHECK_SPENT(R)), seed);
    if (r == NH_OK && NH_CHECK_SPENT(R) < budget)
        r = _nh_check_nelder_mead(S, R->have_fail ? budget - (budget - NH_CHECK_SPENT(R)) / 3 : budget);
    if (r == NH_OK && R->have_fail)
        r = _nh_check_shrink(S);
    if (r == NH_OK && R->evals == 0)
        r = nh_error_set(err, R->skip_rc, "no point could be checked: the reference failed at "
                         "all %ld points tried; the first: %s", (long) R->skipped, R->skip_msg);
    for (i = 0; i < NH_CHECK_STARTS; i++)
        _fmpq_vec_clear(S->start_x[i], n2);
    _fmpz_vec_clear(S->klo, n2);
    _fmpz_vec_clear(S->khi, n2);
    fmpz_clear(S->scale);
    return r;
}
