/* dataset_build_util.c -- the generator of the random points and exact
   decimal strings of rationals (nh_dataset_build, lib/dataset.h). */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "dataset.h"
#include "impl.h"

/* splitmix64 (Steele, Lea, Flood 2014): a documented generator, so that
   the sampling plan is reproducible outside nhoracle. */
uint64_t
nh_dataset_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* k / NH_DATASET_GRID with k uniform in [-GRID, GRID] (k = r mod 2001
   - 1000, r the next generator output) */
void
_nh_dataset_random_coord(fmpq_t x, uint64_t *state)
{
    slong k = (slong) (nh_dataset_splitmix64(state) % (2 * NH_DATASET_GRID + 1)) - NH_DATASET_GRID;
    fmpq_set_si(x, k, NH_DATASET_GRID);
}

/* exact decimal string of x if its denominator is 2^a 5^b (at most 40
   digits after the point), else "p/q"; malloc'd */
char *
nh_dataset_fmpq_decimal(const fmpq_t x)
{
    fmpz_t d, t, num;
    slong e = 0;
    char *s, *r;
    fmpz_init(d);
    fmpz_init(t);
    fmpz_init(num);
    fmpz_set(d, fmpq_denref(x));
    fmpz_set(num, fmpq_numref(x));
    while (e <= 40)
    {
        fmpz_set_ui(t, 10);
        fmpz_pow_ui(t, t, (ulong) e);
        if (fmpz_divisible(t, d))
            break;
        e++;
    }
    if (e > 40)
    {
        s = fmpq_get_str(NULL, 10, x);
        r = strdup(s);
        flint_free(s);
    }
    else
    {
        int neg = fmpz_sgn(num) < 0;
        size_t len;
        fmpz_divexact(t, t, d);
        fmpz_mul(num, num, t);
        fmpz_abs(num, num);
        s = fmpz_get_str(NULL, 10, num);
        len = strlen(s);
        r = malloc(len + (size_t) e + 4);
        if (e == 0)
            sprintf(r, "%s%s", neg ? "-" : "", s);
        else
        {
            /* pad to at least e+1 digits */
            char *pad = malloc((size_t) e + len + 2);
            size_t z = len < (size_t) e + 1 ? (size_t) e + 1 - len : 0, pl;
            memset(pad, '0', z);
            strcpy(pad + z, s);
            pl = strlen(pad);
            sprintf(r, "%s%.*s.%s", neg ? "-" : "", (int) (pl - (size_t) e), pad, pad + pl - (size_t) e);
            free(pad);
        }
        flint_free(s);
    }
    fmpz_clear(d);
    fmpz_clear(t);
    fmpz_clear(num);
    return r;
}

double
_nh_dataset_fmpq_to_d(const fmpq_t x)
{
    arb_t t;
    double d;
    arb_init(t);
    arb_set_fmpq(t, x, 128);
    d = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    arb_clear(t);
    return d;
}
