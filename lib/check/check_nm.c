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
    slong limit;                /* stop once R->evals reaches it           */
    int stop;
    nh_check_point_struct p;
}
nm_struct;

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
    if (_nh_check_eval(S, &N->p, 1) != NH_OK)
    {
        N->stop = 1;
        return 0;
    }
    return -N->p.score;         /* the minimiser minimises */
}

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
    while (!N->stop)
    {
        if (gsl_multimin_fminimizer_iterate(s) != GSL_SUCCESS)
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
    static const double steps[] = {0.1, 0.02, 0.3, 0.005};
    nm_struct N[1];
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int had_fail = R->have_fail;
    N->S = S;
    N->stop = 0;
    N->limit = until;
    slong nstarts = S->nstarts, k, n2 = 2 * S->C->n;
    fmpq *starts = _fmpq_vec_init(FLINT_MAX(1, nstarts) * n2);
    /* the worst points of the random phase, frozen before the runs move them */
    for (k = 0; k < nstarts; k++)
        _nh_check_qvec_set(starts + k * n2, S->start_x[k], n2);
    nh_check_point_init(&N->p, S->C->n);
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
    _fmpq_vec_clear(starts, FLINT_MAX(1, nstarts) * n2);
    gsl_set_error_handler(old);
    return S->rc;
}
