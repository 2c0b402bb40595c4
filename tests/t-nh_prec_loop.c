/*
 * t-nh_prec_loop.c -- nh_prec_next / nh_prec_loop (lib/nh_prec.h).
 *
 * The attempts are synthetic: an attempt "succeeds" once x reaches a
 * threshold, and the expected schedules (the sequence of x tried, the
 * notes, the final code) are written out by hand from the documented
 * policy: x doubles from start; with clip, one last attempt at cap; a
 * domain failure is retried only with retry_domain.
 */
#include <string.h>
#include "nh_prec.h"
#include "tap.h"

typedef struct
{
    slong need;         /* x from which the attempt succeeds        */
    int fail_code;      /* what it returns below need               */
    slong tried[32];
    int ntried;
    slong noted[32];
    int nnoted;
}
probe;

static int
attempt(void *data, slong x, nh_error_t err)
{
    probe *p = data;
    p->tried[p->ntried++] = x;
    if (x >= p->need)
        return NH_OK;
    if (p->fail_code == NH_ERR_DOMAIN)
        return nh_error_set(err, NH_ERR_DOMAIN, "divisor meets 0 at %ld", (long) x);
    if (p->fail_code == NH_ERR_MODEL)
        return nh_error_set(err, NH_ERR_MODEL, "metric singular");
    return NH_PREC_WIDE;
}

static void
note(void *data, slong next, int why, const nh_error_t err)
{
    probe *p = data;
    (void) why;
    (void) err;
    p->noted[p->nnoted++] = next;
}

static int
same(const slong *a, int na, const slong *b, int nb)
{
    int i;
    if (na != nb)
        return 0;
    for (i = 0; i < na; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static int
run(probe *p, slong start, slong cap, int clip, int retry_domain, slong need, int fail,
    slong *x_used, nh_error_t err)
{
    nh_prec_policy_struct P = {start, cap, clip, retry_domain, note};
    memset(p, 0, sizeof *p);
    p->need = need;
    p->fail_code = fail;
    return nh_prec_loop(x_used, &P, attempt, p, err);
}

int
main(void)
{
    probe p;
    slong x;
    nh_error_t err;
    nh_prec_policy_struct Pc = {64, 1000, 1, 1, NULL}, Pn = {64, 1000, 0, 1, NULL};

    tap_ok(nh_prec_next(&Pc, 64) == 128 && nh_prec_next(&Pc, 500) == 1000
           && nh_prec_next(&Pc, 501) == 1000 && nh_prec_next(&Pc, 1000) == 0,
           "next with clip: 64 -> 128, 500 -> 1000, 501 -> 1000 (the cap), 1000 -> none");
    tap_ok(nh_prec_next(&Pn, 500) == 1000 && nh_prec_next(&Pn, 501) == 0,
           "next without clip: 500 -> 1000, 501 -> none");

    {
        const slong want[] = {256, 512, 1024};
        int rc = run(&p, 256, 4096, 1, 1, 1000, NH_PREC_WIDE, &x, err);
        tap_ok(rc == NH_OK && x == 1024 && same(p.tried, p.ntried, want, 3)
               && same(p.noted, p.nnoted, want + 1, 2),
               "too wide until 1000 bits: tries 256, 512, 1024; notes 512, 1024");
    }
    {
        const slong want[] = {256, 512, 1024, 2048, 3000};
        int rc = run(&p, 256, 3000, 1, 1, 5000, NH_PREC_WIDE, &x, err);
        tap_ok(rc == NH_PREC_WIDE && x == 3000 && same(p.tried, p.ntried, want, 5),
               "clip: never narrow enough: 256 .. 2048 then the cap 3000, NH_PREC_WIDE");
    }
    {
        const slong want[] = {256, 512, 1024, 2048};
        int rc = run(&p, 256, 3000, 0, 1, 5000, NH_PREC_WIDE, &x, err);
        tap_ok(rc == NH_PREC_WIDE && x == 2048 && same(p.tried, p.ntried, want, 4),
               "no clip: stops after 2048 (4096 > cap 3000)");
    }
    {
        const slong want[] = {100, 200, 400};
        int rc = run(&p, 100, 800, 0, 1, 300, NH_ERR_DOMAIN, &x, err);
        tap_ok(rc == NH_OK && x == 400 && same(p.tried, p.ntried, want, 3),
               "domain failures retried with retry_domain");
    }
    {
        int rc = run(&p, 100, 800, 0, 0, 300, NH_ERR_DOMAIN, &x, err);
        tap_ok(rc == NH_ERR_DOMAIN && p.ntried == 1 && strstr(err->msg, "at 100") != NULL,
               "domain failure final without retry_domain (message kept)");
    }
    {
        int rc = run(&p, 100, 150, 1, 1, 300, NH_ERR_DOMAIN, &x, err);
        tap_ok(rc == NH_ERR_DOMAIN && p.ntried == 2 && x == 150 && strstr(err->msg, "at 150") != NULL,
               "domain failure at the cap: NH_ERR_DOMAIN with the last attempt's message");
    }
    {
        int rc = run(&p, 100, 800, 1, 1, 300, NH_ERR_MODEL, &x, err);
        tap_ok(rc == NH_ERR_MODEL && p.ntried == 1 && p.nnoted == 0,
               "another error is final at once, no note");
    }
    {
        int rc = run(&p, 900, 800, 1, 1, 300, NH_PREC_WIDE, &x, err);
        tap_ok(rc == NH_PREC_WIDE && p.ntried == 0 && x == 0,
               "start above the cap: no attempt, NH_PREC_WIDE, x_used 0");
    }
    return tap_done();
}
