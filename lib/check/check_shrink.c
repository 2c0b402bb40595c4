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

int
_nh_check_shrink(_nh_check_search_struct *S)
{
    const nh_check_struct *C = S->C;
    nh_check_result_struct *R = S->R;
    slong n = C->n, i, j, start = R->evals;
    nh_check_point_struct p;
    int changed = 1;
    nh_check_point_init(&p, n);
    nh_check_point_set(&R->shrunk, &R->first_fail, n);
    while (changed && NH_CHECK_SPENT(R) < S->budget && S->rc == NH_OK)
    {
        changed = 0;
        for (i = 0; i < 2 * n && NH_CHECK_SPENT(R) < S->budget && S->rc == NH_OK; i++)
            for (j = 0; j <= NH_CHECK_GRID_DIGITS && NH_CHECK_SPENT(R) < S->budget; j++)
            {
                _nh_check_qvec_set(p.x, R->shrunk.x, 2 * n);
                if (!simpler(p.x + i, R->shrunk.x + i, j, C->lo + i, C->hi + i))
                    continue;
                if (_nh_check_eval(S, &p, 1) != NH_OK)
                    break;
                if (p.fails)
                {
                    nh_check_point_set(&R->shrunk, &p, n);
                    R->shrink_steps++;
                    changed = 1;
                    break;
                }
            }
    }
    R->shrink_evals = R->evals - start;
    nh_check_point_clear(&p, n);
    return S->rc;
}
