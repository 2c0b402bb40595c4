/*
 * nh_error.h -- error reporting shared by every nhoracle module.
 *
 * Every fallible library function returns an int status: NH_OK (0) on
 * success, one of the NH_ERR_* codes otherwise, and (when err != NULL)
 * fills err with a human-readable message naming the file, line and
 * column, or the offending quantity and the point.  The NH_ERR_* values
 * are also the documented process exit codes of the nhoracle program
 * (see doc/nhoracle.1 and doc/exit-codes.md).
 */
#ifndef NH_ERROR_H
#define NH_ERROR_H

#include <stdarg.h>

/* Return codes of every fallible function, and the exit status of
   `nhoracle` (doc/exit-codes.md).  NH_OK: success. */
#define NH_OK 0
#define NH_ERR_USAGE 1      /* bad command line, absurd order/precision  */
#define NH_ERR_PARSE 2      /* malformed model file (file:line:col)      */
#define NH_ERR_MODEL 3      /* degenerate model at a point: metric not
                               SPD, rank-deficient constraints, friction
                               not positive, coordinate singularity      */
#define NH_ERR_PRECISION 4  /* balls too wide even at the precision cap  */
#define NH_ERR_IO 5         /* cannot read or write a file               */
#define NH_ERR_RESOURCE 6   /* resource limit (memory, size) exceeded    */
#define NH_ERR_DOMAIN 7     /* internal: function evaluated on a ball
                               outside its domain (division by a ball
                               containing 0, log of a ball meeting <= 0) */

/* Size of the message buffer, NUL included (longer messages are
   truncated to NH_ERROR_MSG_LEN - 1 bytes). */
#define NH_ERROR_MSG_LEN 1024

typedef struct
{
    int code;                   /* NH_OK or an NH_ERR_* code            */
    char msg[NH_ERROR_MSG_LEN]; /* the message, naming file:line:col or
                                   the quantity and point; "" if none  */
}
nh_error_struct;

typedef nh_error_struct nh_error_t[1];

/* An empty error: code NH_OK, message "".  Nothing to free. */
void nh_error_init(nh_error_t err);

/* Set code and printf-style message; err may be NULL (then a no-op).
   Returns code, so that "return nh_error_set(err, NH_ERR_MODEL, ...)"
   works. */
int nh_error_set(nh_error_t err, int code, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Prepend context ("while computing P_perp: ") to an existing message. */
int nh_error_prefix(nh_error_t err, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Short name of a code: "ok", "usage", "parse", "model", "precision",
   "io", "resource", "domain"; "unknown" for any other value.  A
   static string. */
const char *nh_error_code_name(int code);

#endif
