/* Shared helpers of the C tests that read the shipped model files
   (header-only, test code only): the source directory and loading a case
   from cases/, bailing out of the TAP plan when it cannot be read. */
#ifndef NH_CASE_TESTUTIL_H
#define NH_CASE_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include "model.h"
#include "tap.h"

/* $NH_TOP_SRCDIR (set by make check), else "..". */
static inline const char *
srcdir(void)
{
    const char *s = getenv("NH_TOP_SRCDIR");
    return (s != NULL && s[0] != '\0') ? s : "..";
}

/* The model file REL (a path relative to the source tree, e.g.
   "proofs/models/x.nh"); bails out on error. */
static inline nh_model_ptr
load_model_rel(const char *rel)
{
    char path[4096];
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_error_init(err);
    if (snprintf(path, sizeof path, "%s/%s", srcdir(), rel) >= (int) sizeof path)
        tap_bail("path too long: %s/%s", srcdir(), rel);
    if (nh_model_load(&M, path, err) != NH_OK)
        tap_bail("load %s: %s", path, err->msg);
    return M;
}

/* The model cases/NAME of the source tree; bails out on error. */
static inline nh_model_ptr
load_case(const char *name)
{
    char rel[4096];
    if (snprintf(rel, sizeof rel, "cases/%s", name) >= (int) sizeof rel)
        tap_bail("case name too long: %s", name);
    return load_model_rel(rel);
}

/* M[i] = the model file rel[i] (paths relative to the source tree, as
   for load_model_rel), i < k; bails out on error.  Free with
   tu_free_models. */
static inline void
tu_load_models(nh_model_ptr *M, const char *const *rel, slong k)
{
    slong i;
    for (i = 0; i < k; i++)
        M[i] = load_model_rel(rel[i]);
}

/* nh_model_free of M[0..k-1] */
static inline void
tu_free_models(nh_model_ptr *M, slong k)
{
    slong i;
    for (i = 0; i < k; i++)
        nh_model_free(M[i]);
}

/* 1 if every ball out[i] contains ex[i] and has radius <= maxrad
   (i < n): a certified enclosure compared with an independent value. */
static inline int
tu_balls_inside(arb_srcptr out, arb_srcptr ex, slong n, double maxrad)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_contains(out + i, ex + i) || !(mag_get_d(arb_radref(out + i)) <= maxrad))
            return 0;
    return 1;
}

/* x = a random multiple of 1/1000 in [lo, hi] (exact rational, rounded
   to prec bits). */
static inline void
tu_rnd(arb_t x, flint_rand_t st, slong lo, slong hi, slong prec)
{
    arb_set_si(x, lo * 1000 + (slong) n_randint(st, (hi - lo) * 1000 + 1));
    arb_div_ui(x, x, 1000, prec);
}

/* 1 iff x - y (at prec bits) contains 0 with radius below 2^(-prec/2):
   certified tiny and consistent with equality. */
static inline int
tu_close(const arb_t x, const arb_t y, slong prec)
{
    arb_t d;
    int ok;
    arb_init(d);
    arb_sub(d, x, y, prec);
    ok = arb_contains_zero(d) && mag_cmp_2exp_si(arb_radref(d), -prec / 2) < 0;
    arb_clear(d);
    return ok;
}

/* 1 iff got - want (at prec bits) contains 0 with radius below 2^e:
   certified within 2^e and consistent with equality. */
static inline int
tu_near(arb_srcptr got, const arb_t want, slong prec, slong e)
{
    arb_t d;
    int ok;
    arb_init(d);
    arb_sub(d, got, want, prec);
    ok = arb_contains_zero(d) && mag_cmp_2exp_si(arb_radref(d), e) < 0;
    arb_clear(d);
    return ok;
}

/* tu_close for every entry of two vectors of length len */
static inline int
tu_vec_close(arb_srcptr x, arb_srcptr y, slong len, slong prec)
{
    slong i;
    for (i = 0; i < len; i++)
        if (!tu_close(x + i, y + i, prec))
            return 0;
    return 1;
}

#endif
