/*
 * check_nm.c -- the adaptive phase of nh_check_run (check.h): GSL's
 * Nelder-Mead simplex (gsl_multimin_fminimizer_nmsimplex2) maximizing
 * the score over the box (in [0, 1] box coordinates, each evaluation
 * rounded to the grid), started from each of the NH_CHECK_STARTS worst
 * points of the random phase, then restarted from the worst point so far
 * until the budget of the phase is used.
 */
#include <math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multimin.h>
#include "impl.h"

typedef struct
{
    _nh_check_search_struct *S;
    slong limit;                /* stop once the budget spent reaches it   */
    int stop;
    nh_check_point_struct p;
    /* scores known before the runs: the starts and the initial simplex
       vertices of the first runs, evaluated together in batches */
    slong clen, calloc;
    fmpq *cx;                   /* clen points, 2n each                    */
    double *cs;                 /* their scores (-1: skipped)              */
}
nm_struct;

static const double steps[] = {0.1, 0.02, 0.3, 0.005};

/* the index of x among the known points, or -1 */
static slong
cache_find(const nm_struct *N, const fmpq *x)
{
    slong n2 = 2 * N->S->C->n, k;
    for (k = 0; k < N->clen; k++)
        if (_nh_check_qvec_equal(N->cx + k * n2, x, n2))
            return k;
    return -1;
}

static void
cache_add(nm_struct *N, const fmpq *x, double score)
{
    slong n2 = 2 * N->S->C->n;
    if (N->clen < N->calloc && cache_find(N, x) < 0)
    {
        _nh_check_qvec_set(N->cx + N->clen * n2, x, n2);
        N->cs[N->clen++] = score;
    }
}

/* Evaluate, in batches of S->batch, the initial simplex vertices of the
   runs from starts[0..nstarts) (gsl nmsimplex2 sets vertex i to the
   start plus steps[run % 4] in coordinate i, in box coordinates), the
   starts themselves known from the random phase; within the phase's
   budget. */
static int
prefetch(nm_struct *N, const fmpq *starts, const double *start_score, slong nstarts)
{
    _nh_check_search_struct *S = N->S;
    slong n2 = 2 * S->C->n, k, i, j, np = 0, b;
    nh_check_point_struct *pts = flint_malloc(nstarts * n2 * sizeof *pts);
    double *t = flint_malloc(n2 * sizeof(double)), c;
    int r = NH_OK;
    for (k = 0; k < nstarts; k++)
        cache_add(N, starts + k * n2, start_score[k]);
    for (k = 0; k < nstarts; k++)
        for (i = 0; i < n2; i++)
        {
            nh_check_point_init(pts + np, S->C->n);
            _nh_check_to_unit(S, t, starts + k * n2);
            c = t[i];
            t[i] = c + steps[k % 4];
            _nh_check_from_unit(S, pts[np].x, t);
            for (j = 0; j < np && !_nh_check_qvec_equal(pts[j].x, pts[np].x, n2); j++)
                ;
            if (j < np || cache_find(N, pts[np].x) >= 0)
                nh_check_point_clear(pts + np, S->C->n);
            else
                np++;
        }
    for (j = 0; j < np && r == NH_OK; j += b)
    {
        b = FLINT_MIN(FLINT_MIN(S->batch, np - j), N->limit - NH_CHECK_SPENT(S->R));
        if (b <= 0)
            break;
        r = _nh_check_eval(S, pts + j, b);
        for (i = 0; i < b && r == NH_OK; i++)
            cache_add(N, pts[j + i].x, pts[j + i].score);
    }
    for (j = 0; j < np; j++)
        nh_check_point_clear(pts + j, S->C->n);
    flint_free(pts);
    flint_free(t);
    return r;
}

static double
nm_f(const gsl_vector *t, void *params)
{
    nm_struct *N = params;
    _nh_check_search_struct *S = N->S;
    slong n2 = 2 * S->C->n, i;
    double u[2 * 64], *tt = n2 <= 128 ? u : flint_malloc(n2 * sizeof(double));
    if (N->stop || NH_CHECK_SPENT(S->R) >= N->limit)
    {
        N->stop = 1;
        return 0;
    }
    for (i = 0; i < n2; i++)
        tt[i] = gsl_vector_get(t, i);
    _nh_check_from_unit(S, N->p.x, tt);
    if (tt != u)
        flint_free(tt);
    if ((i = cache_find(N, N->p.x)) >= 0)
        return -N->cs[i];
    if (_nh_check_eval(S, &N->p, 1) != NH_OK)
    {
        N->stop = 1;
        return 0;
    }
    return -N->p.score;         /* the minimiser minimises */
}

#define NM_IDLE_MAX 200          /* iterations without a new evaluation */

/* one Nelder-Mead run from the search point x0 with initial step */
static void
nm_run(nm_struct *N, const fmpq *x0, double step)
{
    _nh_check_search_struct *S = N->S;
    slong n2 = 2 * S->C->n, i;
    gsl_multimin_fminimizer *s = gsl_multimin_fminimizer_alloc(gsl_multimin_fminimizer_nmsimplex2, n2);
    gsl_vector *x = gsl_vector_alloc(n2), *ss = gsl_vector_alloc(n2);
    gsl_multimin_function F;
    double *t = flint_malloc(n2 * sizeof(double));
    _nh_check_to_unit(S, t, x0);
    for (i = 0; i < n2; i++)
    {
        gsl_vector_set(x, i, t[i]);
        gsl_vector_set(ss, i, step);
    }
    F.n = n2;
    F.f = nm_f;
    F.params = N;
    gsl_multimin_fminimizer_set(s, &F, x, ss);
    slong idle = 0, spent = NH_CHECK_SPENT(S->R);
    while (!N->stop)
    {
        if (gsl_multimin_fminimizer_iterate(s) != GSL_SUCCESS)
            break;
        /* every point of the simplex already evaluated (the cache answers,
           no budget is spent): on a flat, grid-rounded score the simplex
           may never shrink below the size test, so a run that evaluates no
           new point in NM_IDLE_MAX iterations ends */
        if (NH_CHECK_SPENT(S->R) != spent)
        {
            spent = NH_CHECK_SPENT(S->R);
            idle = 0;
        }
        else if (++idle >= NM_IDLE_MAX)
            break;
        /* converged: the simplex is below the grid step of a 10^4-wide box */
        if (gsl_multimin_test_size(gsl_multimin_fminimizer_size(s), 1e-7) == GSL_SUCCESS)
            break;
    }
    gsl_multimin_fminimizer_free(s);
    gsl_vector_free(x);
    gsl_vector_free(ss);
    flint_free(t);
}

int
_nh_check_nelder_mead(_nh_check_search_struct *S, slong until)
{
    nh_check_result_struct *R = S->R;
    slong start = R->evals, budget = S->budget, run = 0;
    nm_struct N[1];
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int had_fail = R->have_fail;
    N->S = S;
    N->stop = 0;
    N->limit = until;
    slong nstarts = S->nstarts, k, n2 = 2 * S->C->n;
    fmpq *starts = _fmpq_vec_init(FLINT_MAX(1, nstarts) * n2);
    double start_score[NH_CHECK_STARTS];
    /* the worst points of the random phase, frozen before the runs move them */
    for (k = 0; k < nstarts; k++)
    {
        _nh_check_qvec_set(starts + k * n2, S->start_x[k], n2);
        start_score[k] = S->start_score[k];
    }
    nh_check_point_init(&N->p, S->C->n);
    N->clen = 0;
    N->calloc = nstarts * (n2 + 1);
    N->cx = _fmpq_vec_init(FLINT_MAX(1, N->calloc) * n2);
    N->cs = flint_malloc(FLINT_MAX(1, N->calloc) * sizeof(double));
    prefetch(N, starts, start_score, nstarts);
    while (!N->stop && NH_CHECK_SPENT(R) < N->limit && S->rc == NH_OK)
    {
        slong before = NH_CHECK_SPENT(R);
        /* first from each of the worst points of the random phase, then
           from the worst point so far */
        nm_run(N, run < nstarts ? starts + run * n2 : R->worst.x, steps[run % 4]);
        run++;
        if (!had_fail && R->have_fail)
        {
            /* a failure found here: keep half of the rest for shrinking */
            had_fail = 1;
            N->limit = FLINT_MIN(N->limit, NH_CHECK_SPENT(R) + (budget - NH_CHECK_SPENT(R)) / 2);
            N->stop = NH_CHECK_SPENT(R) >= N->limit;
        }
        if (NH_CHECK_SPENT(R) == before && run >= nstarts)
            break;
    }
    R->search_evals = R->evals - start;
    nh_check_point_clear(&N->p, S->C->n);
    _fmpq_vec_clear(N->cx, FLINT_MAX(1, N->calloc) * n2);
    flint_free(N->cs);
    _fmpq_vec_clear(starts, FLINT_MAX(1, nstarts) * n2);
    gsl_set_error_handler(old);
    return S->rc;
}
