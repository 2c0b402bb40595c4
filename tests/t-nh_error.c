/*
 * t-nh_error.c -- nh_error_init / nh_error_set / nh_error_prefix /
 * nh_error_code_name (lib/nh_error.h).
 *
 * Expected values are written out by hand from the documented contract:
 * set stores the code and the printf-formatted message (truncated to
 * NH_ERROR_MSG_LEN - 1 characters, always NUL-terminated) and returns the
 * code; prefix prepends its formatted text and returns the stored code;
 * both accept err == NULL; code names are the lower-case suffixes of the
 * NH_ERR_* macro names ("ok" for NH_OK, "unknown" otherwise).
 */
#include <string.h>
#include "nh_arb.h"     /* checks that the Arb shim compiles; flint_cleanup */
#include "nh_error.h"
#include "tap.h"

int
main(void)
{
    nh_error_t err;
    char big[3 * NH_ERROR_MSG_LEN];
    int r, i, j;
    static const struct { int code; const char *name; } names[] = {
        { NH_OK, "ok" }, { NH_ERR_USAGE, "usage" }, { NH_ERR_PARSE, "parse" },
        { NH_ERR_MODEL, "model" }, { NH_ERR_PRECISION, "precision" },
        { NH_ERR_IO, "io" }, { NH_ERR_RESOURCE, "resource" },
        { NH_ERR_DOMAIN, "domain" }
    };
    const int nnames = (int) (sizeof names / sizeof names[0]);

    tap_plan(28);

    /* the documented exit codes */
    tap_ok(NH_OK == 0 && NH_ERR_USAGE == 1 && NH_ERR_PARSE == 2
           && NH_ERR_MODEL == 3 && NH_ERR_PRECISION == 4 && NH_ERR_IO == 5
           && NH_ERR_RESOURCE == 6 && NH_ERR_DOMAIN == 7,
           "NH_OK..NH_ERR_DOMAIN are 0..7");

    /* init */
    memset(err, 0x55, sizeof err);
    nh_error_init(err);
    tap_ok(err->code == NH_OK, "init: code is NH_OK");
    tap_ok(err->msg[0] == '\0', "init: empty message");

    /* set: formatting and return value */
    r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: expected %s, found '%c'",
                     "cases/x.nh", 12, 7, "')'", ';');
    tap_ok(r == NH_ERR_PARSE, "set returns the code (%d)", r);
    tap_ok(err->code == NH_ERR_PARSE, "set stores the code");
    tap_ok(strcmp(err->msg, "cases/x.nh:12:7: expected ')', found ';'") == 0,
           "set formats the message: \"%s\"", err->msg);

    r = nh_error_set(err, NH_ERR_MODEL, "metric not SPD");
    tap_ok(r == NH_ERR_MODEL && err->code == NH_ERR_MODEL
           && strcmp(err->msg, "metric not SPD") == 0,
           "set overwrites code and message");

    /* set with err == NULL is a no-op returning the code */
    r = nh_error_set(NULL, NH_ERR_IO, "cannot open %s", "nowhere");
    tap_ok(r == NH_ERR_IO, "set(NULL, ...) returns the code");

    /* set truncates long messages */
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    nh_error_set(err, NH_ERR_RESOURCE, "%s", big);
    tap_ok(strlen(err->msg) == NH_ERROR_MSG_LEN - 1,
           "set truncates to NH_ERROR_MSG_LEN - 1 = %d chars (got %lu)",
           NH_ERROR_MSG_LEN - 1, (unsigned long) strlen(err->msg));
    tap_ok(err->msg[0] == 'a' && err->msg[NH_ERROR_MSG_LEN - 2] == 'a',
           "truncated message keeps the head");

    /* prefix */
    nh_error_set(err, NH_ERR_DOMAIN, "division by a ball containing 0");
    r = nh_error_prefix(err, "while computing %s: ", "P_perp");
    tap_ok(r == NH_ERR_DOMAIN, "prefix returns the stored code");
    tap_ok(err->code == NH_ERR_DOMAIN, "prefix keeps the code");
    tap_ok(strcmp(err->msg,
                  "while computing P_perp: division by a ball containing 0") == 0,
           "prefix prepends: \"%s\"", err->msg);
    nh_error_prefix(err, "at q=(%d,%d): ", 1, 2);
    tap_ok(strcmp(err->msg, "at q=(1,2): while computing P_perp: "
                  "division by a ball containing 0") == 0,
           "prefix twice nests outermost first");

    nh_error_init(err);
    r = nh_error_prefix(err, "ctx: ");
    tap_ok(r == NH_OK && strcmp(err->msg, "ctx: ") == 0,
           "prefix on an empty error gives just the prefix");

    r = nh_error_prefix(NULL, "ctx: ");
    tap_ok(r == NH_OK, "prefix(NULL, ...) returns NH_OK");

    /* prefix truncates: 10-char prefix + 1023-char message -> 1023 chars,
       the prefix first, then the head of the old message */
    memset(big, 'b', NH_ERROR_MSG_LEN - 1);
    big[NH_ERROR_MSG_LEN - 1] = '\0';
    nh_error_set(err, NH_ERR_PRECISION, "%s", big);
    nh_error_prefix(err, "0123456789");
    tap_ok(strlen(err->msg) == NH_ERROR_MSG_LEN - 1
           && strncmp(err->msg, "0123456789", 10) == 0
           && err->msg[10] == 'b' && err->msg[NH_ERROR_MSG_LEN - 2] == 'b',
           "prefix truncates to NH_ERROR_MSG_LEN - 1 keeping the prefix");
    tap_ok(err->code == NH_ERR_PRECISION, "prefix after truncation keeps the code");

    /* code names */
    for (i = 0; i < nnames; i++)
        tap_ok(strcmp(nh_error_code_name(names[i].code), names[i].name) == 0,
               "code_name(%d) = \"%s\"", names[i].code, names[i].name);
    {
        int distinct = 1;
        for (i = 0; i < nnames; i++)
            for (j = i + 1; j < nnames; j++)
                if (strcmp(nh_error_code_name(names[i].code),
                           nh_error_code_name(names[j].code)) == 0)
                    distinct = 0;
        tap_ok(distinct, "code names are distinct");
    }
    tap_ok(strcmp(nh_error_code_name(-1), "unknown") == 0
           && strcmp(nh_error_code_name(8), "unknown") == 0
           && strcmp(nh_error_code_name(1000), "unknown") == 0,
           "code_name of -1, 8, 1000 is \"unknown\"");

    flint_cleanup();
    return tap_done();
}
