/*
 * check/impl.h -- INTERNAL to lib/check/: the search state shared by the
 * phases of nh_check_run (random points, Nelder-Mead, shrinking).
 */
#ifndef NH_CHECK_INTERNAL_H
#define NH_CHECK_INTERNAL_H

#include "check.h"

/* y[0..len) = x[0..len) (FLINT 2 has no _fmpq_vec_set) */
static inline void
_nh_check_qvec_set(fmpq *y, const fmpq *x, slong len)
{
    slong i;
    for (i = 0; i < len; i++)
        fmpq_set(y + i, x + i);
}

/* the budget spent: points compared and points skipped */
#define NH_CHECK_SPENT(R) ((R)->evals + (R)->skipped)

/* x[0..len) == y[0..len) */
static inline int
_nh_check_qvec_equal(const fmpq *x, const fmpq *y, slong len)
{
    slong i;
    for (i = 0; i < len && fmpq_equal(x + i, y + i); i++)
        ;
    return i == len;
}

/* how many of the worst points the optimiser starts from */
#define NH_CHECK_STARTS 4

typedef struct
{
    const nh_check_struct *C;
    nh_check_result_struct *R;
    nh_check_candidate_fn fn;
    void *data;
    slong budget;
    slong batch;                /* points per candidate call (>= 1)        */
    int rc;                     /* first error (NH_OK while none)          */
    nh_error_struct *err;
    fmpz_t scale;               /* 10^NH_CHECK_GRID_DIGITS                 */
    fmpz *klo, *khi;            /* 2n: the box on the grid (numerators)    */
    /* the NH_CHECK_STARTS largest scores so far at distinct search
       points, best first (the starts of the optimiser) */
    slong nstarts;
    double start_score[NH_CHECK_STARTS];
    fmpq *start_x[NH_CHECK_STARTS];     /* 2n each */
}
_nh_check_search_struct;

/* Evaluate the candidate and the reference at pts[0..npts) (their x
   set): sent points, one call of the candidate, references, comparison;
   updates R (evals, nfailed, worst, first_fail).  Returns NH_OK or the
   error (also stored in S->rc). */
int _nh_check_eval(_nh_check_search_struct *S, nh_check_point_struct *pts, slong npts);

/* x_i = k / 10^NH_CHECK_GRID_DIGITS with k the grid numerator nearest
   to t in [0, 1] box coordinates (clamped to the box). */
void _nh_check_from_unit(_nh_check_search_struct *S, fmpq *x, const double *t);
/* The point in [0, 1] box coordinates (doubles). */
void _nh_check_to_unit(_nh_check_search_struct *S, double *t, const fmpq *x);

/* The phases. */
/* check_qrng.c: the special points of the box (at most max), then count
   latinized low-discrepancy points (both stop early once a failure is
   known and half the budget is spent) */
int _nh_check_special(_nh_check_search_struct *S, slong max);
int _nh_check_cover(_nh_check_search_struct *S, slong count, ulong seed);
int _nh_check_nelder_mead(_nh_check_search_struct *S, slong until);
int _nh_check_shrink(_nh_check_search_struct *S);

#endif
