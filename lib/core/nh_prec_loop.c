/*
 * nh_prec_loop.c -- the precision-doubling loop (nh_prec.h,
 * doc/conventions.md "The precision-doubling policy").
 */
#include "nh_prec.h"

slong
nh_prec_next(const nh_prec_policy_struct *P, slong x)
{
    if (x >= P->cap)
        return 0;
    if (x > P->cap / 2)
        return P->clip ? P->cap : 0;
    return 2 * x;
}

int
nh_prec_loop(slong *x_used, const nh_prec_policy_struct *P, nh_prec_attempt_t fn,
             void *data, nh_error_t err)
{
    slong x = P->start, next;
    int rc;

    *x_used = 0;
    if (x <= 0 || x > P->cap)
    {
        nh_error_init(err);
        return NH_PREC_WIDE;
    }
    for (;;)
    {
        nh_error_init(err);
        *x_used = x;
        rc = fn(data, x, err);
        if (rc != NH_PREC_WIDE && !(rc == NH_ERR_DOMAIN && P->retry_domain))
            return rc;
        next = nh_prec_next(P, x);
        if (next == 0)
            return rc;
        if (P->note != NULL)
            P->note(data, next, rc, err);
        x = next;
    }
}
