/*
 * check_shrink.c -- the shrinking phase of nh_check_run (check.h): from
 * the worst failing point, replace one coordinate at a time by a simpler
 * value (0, then the value truncated toward 0 to 0, 1, 2, ... decimals,
 * fewer decimals than it has) inside the box, keeping the first that
 * still fails; passes over all 2n coordinates until a pass changes
 * nothing or the budget is used.
 */
#include "impl.h"

/* decimals of x (on the 10^-6 grid: 0..6) */
static slong
decimals(const fmpq_t x)
{
    slong d = 0;
    fmpz_t den;
    fmpz_init_set(den, fmpq_denref(x));
    while (!fmpz_is_one(den) && d < 64)
    {
        fmpz_t t;
        fmpz_init(t);
        fmpz_gcd_ui(t, den, 10);
        fmpz_divexact(den, den, t);
        fmpz_clear(t);
        d++;
    }
    fmpz_clear(den);
    return d;
}

/* candidate c (c = 0 for j = 0; else x truncated toward 0 to j - 1
   decimals); 0 if not simpler than x or outside [lo, hi] */
static int
simpler(fmpq_t c, const fmpq_t x, slong j, const fmpq_t lo, const fmpq_t hi)
{
    slong dx = decimals(x);
    fmpz_t s, k;
    if (j == 0)
        fmpq_zero(c);
    else
    {
        if (j - 1 >= dx)
            return 0;
        fmpz_init(s);
        fmpz_init(k);
        fmpz_ui_pow_ui(s, 10, (ulong) (j - 1));
        fmpz_mul(k, fmpq_numref(x), s);
        fmpz_tdiv_q(k, k, fmpq_denref(x));
        fmpq_set_fmpz_frac(c, k, s);
        fmpz_clear(s);
        fmpz_clear(k);
    }
    return !fmpq_equal(c, x) && fmpq_cmp(c, lo) >= 0 && fmpq_cmp(c, hi) <= 0;
}

/* Evaluate p[0..b); the first (in order) that still fails replaces
   R->shrunk: 1 if one did. */
static int
accept_first_failing(_nh_check_search_struct *S, nh_check_point_struct *p, slong b)
{
    slong k;
    if (b == 0 || _nh_check_eval(S, p, b) != NH_OK)
        return 0;
    for (k = 0; k < b; k++)
        if (p[k].fails)
        {
            nh_check_point_set(&S->R->shrunk, p + k, S->C->n);
            S->R->shrink_steps++;
            return 1;
        }
    return 0;
}

/* Coordinate i of R->shrunk: its simpler values (j = 0, 1, ...: zero,
   then fewer decimals) in order; the first that still fails replaces
   R->shrunk.  1 if one did. */
static int
shrink_coordinate(_nh_check_search_struct *S, nh_check_point_struct *p, slong i)
{
    const nh_check_struct *C = S->C;
    slong j;
    for (j = 0; j <= NH_CHECK_GRID_DIGITS && S->rc == NH_OK; j++)
    {
        if (NH_CHECK_SPENT(S->R) >= S->budget)
            break;
        _nh_check_qvec_set(p->x, S->R->shrunk.x, 2 * C->n);
        if (simpler(p->x + i, S->R->shrunk.x + i, j, C->lo + i, C->hi + i)
            && accept_first_failing(S, p, 1))
            return 1;
    }
    return 0;
}

/* With batches (S->batch > 1): in one candidate call, R->shrunk with
   each nonzero coordinate set to 0 (where the box allows), one at a
   time, followed by R->shrunk with all of them set to 0; the last point
   that still fails replaces R->shrunk (all zeros if that fails, else
   the last single zero that does).  1 if one did. */
static int
shrink_zeros(_nh_check_search_struct *S, nh_check_point_struct *p)
{
    const nh_check_struct *C = S->C;
    nh_check_result_struct *R = S->R;
    slong n2 = 2 * C->n, i, b = 0, k;
    fmpq_t z;
    fmpq_init(z);
    _nh_check_qvec_set(p[n2].x, R->shrunk.x, n2);
    for (i = 0; i < n2; i++)
        if (simpler(z, R->shrunk.x + i, 0, C->lo + i, C->hi + i))
        {
            _nh_check_qvec_set(p[b].x, R->shrunk.x, n2);
            fmpq_zero(p[b++].x + i);
            fmpq_zero(p[n2].x + i);
        }
    fmpq_clear(z);
    if (b < 2 || NH_CHECK_SPENT(R) + b + 1 > S->budget)
        return 0;
    nh_check_point_set(p + b, p + n2, C->n);      /* the all-zeros point last */
    if (_nh_check_eval(S, p, b + 1) != NH_OK)
        return 0;
    for (k = b; k >= 0; k--)
        if (p[k].fails)
        {
            nh_check_point_set(&R->shrunk, p + k, C->n);
            R->shrink_steps++;
            return 1;
        }
    return 0;
}

int
_nh_check_shrink(_nh_check_search_struct *S)
{
    nh_check_result_struct *R = S->R;
    slong n = S->C->n, i, j, start = R->evals, np = 2 * n + 1;
    nh_check_point_struct *p = flint_malloc(np * sizeof *p);
    int changed = 1;
    for (j = 0; j < np; j++)
        nh_check_point_init(p + j, n);
    nh_check_point_set(&R->shrunk, &R->first_fail, n);
    while (changed && NH_CHECK_SPENT(R) < S->budget && S->rc == NH_OK)
    {
        changed = S->batch > 1 && shrink_zeros(S, p);
        for (i = 0; i < 2 * n && NH_CHECK_SPENT(R) < S->budget && S->rc == NH_OK; i++)
            changed |= shrink_coordinate(S, p, i);
    }
    R->shrink_evals = R->evals - start;
    for (j = 0; j < np; j++)
        nh_check_point_clear(p + j, n);
    flint_free(p);
    return S->rc;
}

slong
nh_check_shrink_pred(nh_check_point_struct *p, const nh_check_t C, nh_check_point_pred pred,
                     void *data, slong max_trials, slong *trials)
{
    slong n2 = 2 * C->n, i, j, steps = 0, tried = 0;
    nh_check_point_struct t;
    nh_error_t err;
    int changed = 1, r = 0;

    nh_error_init(err);
    nh_check_point_init(&t, C->n);
    while (changed && tried < max_trials && r >= 0)
    {
        changed = 0;
        for (i = 0; i < n2 && tried < max_trials && r >= 0; i++)
            for (j = 0; j <= NH_CHECK_GRID_DIGITS && tried < max_trials; j++)
            {
                _nh_check_qvec_set(t.x, p->x, n2);
                if (!simpler(t.x + i, p->x + i, j, C->lo + i, C->hi + i)
                    || nh_check_sent_point(&t, C, err) != NH_OK)
                    continue;
                tried++;
                if ((r = pred(&t, data)) < 0)
                    break;
                if (r > 0)
                {
                    nh_check_point_set(p, &t, C->n);
                    steps++;
                    changed = 1;
                    break;
                }
            }
    }
    nh_check_point_clear(&t, C->n);
    if (trials != NULL)
        *trials = tried;
    return steps;
}
