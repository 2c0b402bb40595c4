/* Shared helpers for the series tests (header-only, test code only). */
#ifndef NH_SERIES_TESTUTIL_H
#define NH_SERIES_TESTUTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include "series.h"

static inline const char *
tu_srcdir(void)
{
    const char *s = getenv("NH_TOP_SRCDIR");
    return s != NULL ? s : "..";
}

static int
tu_cmpstr(const void *a, const void *b)
{
    return strcmp(*(char * const *) a, *(char * const *) b);
}

/* The file names of every model shipped in $NH_TOP_SRCDIR/cases (*.nh),
   sorted, malloc'ed (free each and the array); *nn receives the count.
   Returns NULL when the directory cannot be read. */
static inline char **
tu_case_names(int *nn)
{
    char dir[4096];
    char **names = NULL;
    int n = 0, alloc = 0;
    DIR *d;
    struct dirent *e;

    snprintf(dir, sizeof dir, "%s/cases", tu_srcdir());
    *nn = 0;
    if ((d = opendir(dir)) == NULL)
        return NULL;
    while ((e = readdir(d)) != NULL)
    {
        size_t L = strlen(e->d_name);
        if (L <= 3 || strcmp(e->d_name + L - 3, ".nh") != 0)
            continue;
        if (n == alloc)
        {
            alloc = alloc ? 2 * alloc : 16;
            names = (char **) realloc(names, alloc * sizeof(char *));
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof(char *), tu_cmpstr);
    *nn = n;
    return names;
}

static inline nh_model_ptr
tu_load_case(const char *name)
{
    char path[4096];
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_error_init(err);
    snprintf(path, sizeof path, "%s/cases/%s", tu_srcdir(), name);
    if (nh_model_load(&M, path, err) != NH_OK)
    {
        printf("# cannot load %s: %s\n", path, err->msg);
        return NULL;
    }
    return M;
}

/* Random rational-valued ball in [lo, hi] with denominator 1024. */
static inline void
tu_rand_arb(arb_t x, flint_rand_t state, double lo, double hi, slong prec)
{
    slong k = n_randint(state, 1025);
    arb_set_d(x, lo + (hi - lo) * (double) k / 1024.0);
    arb_set_round(x, x, prec);
}

/* max_i |x_i| as an upper bound (double) */
static inline double
tu_max_abs(arb_srcptr x, slong n)
{
    slong i;
    double m = 0.0;
    for (i = 0; i < n; i++)
    {
        double a = fabs(arf_get_d(arb_midref(x + i), ARF_RND_NEAR));
        if (a > m)
            m = a;
    }
    return m;
}

/* 1 if a and b agree as the issue demands: a - b contains 0 and its
   radius is below 2^-(prec-20) * scale.  *relrad receives rad/scale. */
static inline int
tu_agree(arb_srcptr a, arb_srcptr b, slong n, double scale, slong prec, double *relrad)
{
    slong i;
    int ok = 1;
    double worst = 0.0;
    arb_t d;
    arb_init(d);
    /* relative to scale, or absolute when a is consistent with the zero
       vector (|mid| <= rad everywhere: an identically vanishing block) */
    for (i = 0; i < n && arb_contains_zero(a + i); i++)
        ;
    if (scale == 0.0 || i == n)
        scale = 1.0;
    for (i = 0; i < n; i++)
    {
        double r;
        arb_sub(d, a + i, b + i, prec);
        if (!arb_contains_zero(d))
            ok = 0;
        r = mag_get_d(arb_radref(d)) / scale;
        if (r > worst)
            worst = r;
    }
    arb_clear(d);
    if (worst > ldexp(1.0, -(int) (prec - 20)))
        ok = 0;
    *relrad = worst;
    return ok;
}

#endif
