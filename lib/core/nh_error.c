#include <stdio.h>
#include <string.h>
#include "nh_error.h"

void
nh_error_init(nh_error_t err)
{
    err->code = NH_OK;
    err->msg[0] = '\0';
}

int
nh_error_set(nh_error_t err, int code, const char *fmt, ...)
{
    va_list ap;
    if (err == NULL)
        return code;
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(err->msg, NH_ERROR_MSG_LEN, fmt, ap);
    va_end(ap);
    return code;
}

int
nh_error_prefix(nh_error_t err, const char *fmt, ...)
{
    char pre[NH_ERROR_MSG_LEN], old[NH_ERROR_MSG_LEN];
    size_t lp, lo;
    va_list ap;
    if (err == NULL)
        return NH_OK;
    va_start(ap, fmt);
    vsnprintf(pre, sizeof pre, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    old[NH_ERROR_MSG_LEN - 1] = '\0';
    /* msg = pre + old, truncated to NH_ERROR_MSG_LEN - 1 characters */
    lp = strlen(pre);
    lo = strlen(old);
    if (lo > NH_ERROR_MSG_LEN - 1 - lp)
        lo = NH_ERROR_MSG_LEN - 1 - lp;
    memcpy(err->msg, pre, lp);
    memcpy(err->msg + lp, old, lo);
    err->msg[lp + lo] = '\0';
    return err->code;
}

const char *
nh_error_code_name(int code)
{
    switch (code)
    {
        case NH_OK: return "ok";
        case NH_ERR_USAGE: return "usage";
        case NH_ERR_PARSE: return "parse";
        case NH_ERR_MODEL: return "model";
        case NH_ERR_PRECISION: return "precision";
        case NH_ERR_IO: return "io";
        case NH_ERR_RESOURCE: return "resource";
        case NH_ERR_DOMAIN: return "domain";
        default: return "unknown";
    }
}
