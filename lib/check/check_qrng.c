/*
 * check_qrng.c -- the start of the search (check.h, doc/check.md "The
 * search"): the special points of the box (its centre, every coordinate
 * alone at its ends and at 0, +-pi/2, +-pi where inside, the two extreme
 * corners), then a low-discrepancy set: GSL's Sobol sequence
 * (gsl_qrng_sobol, Halton beyond its 40 dimensions), shifted modulo 1 by
 * a seeded random vector (Cranley-Patterson rotation) and "latinized"
 * (each coordinate replaced by its rank among the N points, plus a
 * seeded offset), so that every coordinate's interval is cut into N
 * equal cells holding one point each: an interval of a coordinate wider
 * than 1/N of its range always holds a point sent.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_qrng.h>
#include "impl.h"

/* evaluate the points x[0..count) (2n doubles each, box coordinates in
   [0, 1]) in batches; stop early once a failure is known and half the
   budget is spent (leaving budget for the local search and shrinking) */
static int
eval_unit(_nh_check_search_struct *S, const double *t, slong count)
{
    const nh_check_struct *C = S->C;
    slong n2 = 2 * C->n, done = 0, b, j;
    nh_check_point_struct *pts = flint_malloc(S->batch * sizeof *pts);
    int r = NH_OK;
    for (j = 0; j < S->batch; j++)
        nh_check_point_init(pts + j, C->n);
    while (done < count && r == NH_OK
           && !(S->R->have_fail && 2 * NH_CHECK_SPENT(S->R) >= S->budget))
    {
        b = FLINT_MIN(S->batch, count - done);
        for (j = 0; j < b; j++)
            _nh_check_from_unit(S, pts[j].x, t + (done + j) * n2);
        r = _nh_check_eval(S, pts, b);
        done += b;
    }
    for (j = 0; j < S->batch; j++)
        nh_check_point_clear(pts + j, C->n);
    flint_free(pts);
    return r;
}

/* the special values of coordinate i in box coordinates, not 1/2 (the
   centre), without repeats: its ends, 0, +-pi/2, +-pi inside the box */
static slong
special_values(double *u, const nh_check_struct *C, slong i)
{
    static const double v[] = {0.0, 1.5707963267948966, -1.5707963267948966,
                               3.141592653589793, -3.141592653589793};
    double lo = fmpq_get_d(C->lo + i), hi = fmpq_get_d(C->hi + i), t;
    slong k, m = 0, j;
    if (!(hi > lo))
        return 0;
    u[m++] = 0.0;
    u[m++] = 1.0;
    for (k = 0; k < 5; k++)
    {
        if (!(v[k] > lo && v[k] < hi))
            continue;
        t = (v[k] - lo) / (hi - lo);
        for (j = 0; j < m && fabs(u[j] - t) > 1e-12; j++)
            ;
        if (j == m && fabs(t - 0.5) > 1e-12)
            u[m++] = t;
    }
    return m;
}

int
_nh_check_special(_nh_check_search_struct *S, slong max)
{
    slong n2 = 2 * S->C->n, i, k, m, np = 0;
    double *t = flint_malloc((size_t) (n2 * 7 + 3) * n2 * sizeof(double)), u[7];
    int r;
    for (k = 0; k < n2; k++)
        t[k] = 0.5;                     /* the centre */
    np = 1;
    for (i = 0; i < n2; i++)
    {
        m = special_values(u, S->C, i);
        for (k = 0; k < m; k++, np++)
        {
            memcpy(t + np * n2, t, (size_t) n2 * sizeof(double));
            t[np * n2 + i] = u[k];
        }
    }
    for (k = 0; k < 2; k++, np++)
        for (i = 0; i < n2; i++)
            t[np * n2 + i] = (double) k;    /* the corners lo and hi */
    r = eval_unit(S, t, FLINT_MIN(np, max));
    S->R->special_evals = S->R->evals - S->R->replay_evals;
    flint_free(t);
    return r;
}

static int
cmp_key(const void *a, const void *b)
{
    double x = ((const double *) a)[0], y = ((const double *) b)[0];
    return x < y ? -1 : x > y;
}

/* the low-discrepancy points t[0..count) (2n each, in [0, 1)) */
static void
cover_points(double *t, slong n2, slong count, ulong seed)
{
    const gsl_qrng_type *T = n2 <= 40 ? gsl_qrng_sobol : gsl_qrng_halton;
    gsl_qrng *q = gsl_qrng_alloc(T, (unsigned int) n2);
    double *key = flint_malloc((size_t) count * 2 * sizeof(double)), *shift;
    flint_rand_t st;
    slong j, i;
    if (q == NULL)
        abort();
    shift = flint_malloc((size_t) (2 * n2) * sizeof(double));
    flint_rand_init(st);
    flint_rand_set_seed(st, seed, seed ^ UWORD(0x9e3779b97f4a7c15));
    for (i = 0; i < 2 * n2; i++)
        shift[i] = (double) n_randint(st, UWORD(1) << 30) / (double) (UWORD(1) << 30);
    for (j = 0; j < count; j++)
    {
        gsl_qrng_get(q, t + j * n2);
        for (i = 0; i < n2; i++)
            t[j * n2 + i] = fmod(t[j * n2 + i] + shift[i], 1.0);
    }
    for (i = 0; i < n2; i++)
    {
        /* latinize coordinate i: the point of rank r gets (r + u_i) / N */
        for (j = 0; j < count; j++)
        {
            key[2 * j] = t[j * n2 + i];
            key[2 * j + 1] = (double) j;
        }
        qsort(key, (size_t) count, 2 * sizeof(double), cmp_key);
        for (j = 0; j < count; j++)
            t[(slong) key[2 * j + 1] * n2 + i] = ((double) j + shift[n2 + i]) / (double) count;
    }
    flint_rand_clear(st);
    flint_free(shift);
    flint_free(key);
    gsl_qrng_free(q);
}

int
_nh_check_cover(_nh_check_search_struct *S, slong count, ulong seed)
{
    slong n2 = 2 * S->C->n, before = S->R->evals;
    double *t;
    int r;
    if (count <= 0)
        return NH_OK;
    t = flint_malloc((size_t) count * n2 * sizeof(double));
    cover_points(t, n2, count, seed);
    r = eval_unit(S, t, count);
    S->R->random_evals = S->R->evals - before;
    S->R->cover_n = count;
    flint_free(t);
    return r;
}
