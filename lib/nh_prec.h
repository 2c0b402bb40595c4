/*
 * nh_prec.h -- the precision-doubling loop (doc/conventions.md, "The
 * precision-doubling policy"): one implementation for every driver that
 * repeats a computation with more bits until its balls are narrow enough
 * (the command line's nh_cli_run, nh_series_acc, nh_quantity_certify).
 *
 * The loop doubles a schedule value x (a working precision, or a number
 * of guard bits from which the attempt derives its precision) from
 * P->start up to P->cap.  Each attempt is fn(data, x, err) and returns
 *   NH_OK            done: its results are kept;
 *   NH_PREC_WIDE     it ran, but some ball is wider than asked: retry;
 *   NH_ERR_DOMAIN    a ball met a singular set inconclusively (a divisor
 *                    ball containing 0): retried if P->retry_domain;
 *   any other code   final (err filled by the attempt).
 * Before each retry P->note (if not NULL) is told the next x and why
 * (NH_PREC_WIDE or NH_ERR_DOMAIN, with the attempt's err), so that the
 * caller can say so on stderr.  err is reset before each attempt.
 */
#ifndef NH_PREC_H
#define NH_PREC_H

#include <flint/flint.h>
#include "nh_error.h"

/* An attempt that ran but is too wide (not an NH_ERR_* code). */
#define NH_PREC_WIDE (-1)

/* One attempt at schedule value x (a precision in bits, or guard bits):
   returns NH_OK, NH_PREC_WIDE, NH_ERR_DOMAIN or a final code (see
   above); data is the caller's. */
typedef int (*nh_prec_attempt_t)(void *data, slong x, nh_error_t err);
/* Told before each retry: the next x and why (NH_PREC_WIDE or
   NH_ERR_DOMAIN, with the failed attempt's err). */
typedef void (*nh_prec_note_t)(void *data, slong next, int why, const nh_error_t err);

/* The schedule of nh_prec_loop: x = start, 2 start, 4 start, ... <= cap. */
typedef struct
{
    slong start;        /* the first x                                          */
    slong cap;          /* no attempt with x > cap                              */
    int clip;           /* 1: when 2x > cap, one last attempt at x = cap itself;
                           0: stop when 2x > cap                                */
    int retry_domain;   /* retry NH_ERR_DOMAIN as well as NH_PREC_WIDE          */
    nh_prec_note_t note; /* NULL, or told before each retry              */
}
nh_prec_policy_struct;

/* The x of the attempt after x, or 0 if there is none (x >= cap, or
   2x > cap without clip). */
slong nh_prec_next(const nh_prec_policy_struct *P, slong x);

/* Run the loop.  *x_used gets the x of the last attempt (0 if start >
   cap, when no attempt is made and NH_PREC_WIDE is returned).  Returns
   NH_OK, NH_PREC_WIDE (still too wide when the schedule ended: err is
   empty, the caller writes the message with its own figures),
   NH_ERR_DOMAIN (still inconclusive at the end, err from the last
   attempt), or the final code of an attempt. */
int nh_prec_loop(slong *x_used, const nh_prec_policy_struct *P, nh_prec_attempt_t fn,
                 void *data, nh_error_t err);

/* The working accuracy in bits that --digits D asks for: floor(D log2(10)
   + 1), so that an absolute radius 2^-bits is below 10^-D (one bit of
   margin).  digits >= 0; no error return.  Used by the command line
   (nh_digits_to_bits) and by the library drivers that take a digits
   option (nh_dataset_build). */
slong nh_prec_digits_to_bits(slong digits);

#endif
