/*
 * tap.h -- a tiny header-only TAP (Test Anything Protocol) producer for
 * nhoracle's C tests, run by automake's tap-driver.sh.
 *
 *   tap_plan(n);                       "1..n" (call first, or never:
 *                                      then tap_done() prints the plan)
 *   tap_ok(cond, fmt, ...);            "ok N - ..." / "not ok N - ...";
 *                                      returns cond != 0
 *   tap_todo_ok(cond, why, fmt, ...); "ok N - ... # TODO why" / "not ok N -
 *                                      ... # TODO why": a known failure,
 *                                      not counted by tap_done (automake
 *                                      reports XFAIL; XPASS, which fails
 *                                      the suite, once it is fixed:
 *                                      then drop the TODO)
 *   tap_diag(fmt, ...);                "# ..." (diagnostics, on stdout)
 *   tap_skip(n, fmt, ...);             n tests "ok N # SKIP ..."
 *   tap_bail(fmt, ...);                "Bail out! ..." and exit(1)
 *   return tap_done();                 0 iff every test passed and the
 *                                      number run equals the plan
 *
 * One test program = one translation unit, so the state is static.
 */
#ifndef NH_TAP_H
#define NH_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* every helper is static inline: a test may use any subset of them */

static long tap_planned_ = -1;
static long tap_run_ = 0;
static long tap_failed_ = 0;

static inline void
tap_vline_(const char *prefix, const char *fmt, va_list ap)
{
    fputs(prefix, stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
}

static inline void
tap_plan(long n)
{
    tap_planned_ = n;
    printf("1..%ld\n", n);
    fflush(stdout);
}

#ifdef __GNUC__
static inline int tap_ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int tap_todo_ok(int cond, const char *why, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void tap_skip(long n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void tap_bail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
#endif

static inline int
tap_ok(int cond, const char *fmt, ...)
{
    va_list ap;
    tap_run_++;
    if (!cond)
        tap_failed_++;
    printf("%sok %ld - ", cond ? "" : "not ", tap_run_);
    va_start(ap, fmt);
    tap_vline_("", fmt, ap);
    va_end(ap);
    return cond != 0;
}

static inline int
tap_todo_ok(int cond, const char *why, const char *fmt, ...)
{
    va_list ap;
    tap_run_++;
    printf("%sok %ld - ", cond ? "" : "not ", tap_run_);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(" # TODO %s\n", why);
    fflush(stdout);
    return cond != 0;
}

static inline void
tap_diag(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tap_vline_("# ", fmt, ap);
    va_end(ap);
}

static inline void
tap_skip(long n, const char *fmt, ...)
{
    va_list ap;
    long i;
    for (i = 0; i < n; i++)
    {
        tap_run_++;
        printf("ok %ld # SKIP ", tap_run_);
        va_start(ap, fmt);
        tap_vline_("", fmt, ap);
        va_end(ap);
    }
}

static inline void
tap_bail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tap_vline_("Bail out! ", fmt, ap);
    va_end(ap);
    exit(1);
}

static inline int
tap_done(void)
{
    if (tap_planned_ < 0)
    {
        printf("1..%ld\n", tap_run_);
        tap_planned_ = tap_run_;
    }
    else if (tap_run_ != tap_planned_)
        printf("# planned %ld tests but ran %ld\n", tap_planned_, tap_run_);
    if (tap_failed_ > 0)
        printf("# failed %ld of %ld tests\n", tap_failed_, tap_run_);
    fflush(stdout);
    return (tap_failed_ == 0 && tap_run_ == tap_planned_) ? 0 : 1;
}

#endif
