/*
 * nh_sbuf.c -- growable strings on POSIX memory streams (nh_sbuf.h).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "nh_sbuf.h"

static void
oom(void)
{
    fputs("nhoracle: out of memory\n", stderr);
    abort();
}

static FILE *
stream(nh_sbuf_t b)
{
    if (b->f == NULL)
    {
        free(b->s);
        b->s = NULL;
        b->len = 0;
        if ((b->f = open_memstream(&b->s, &b->len)) == NULL)
            oom();
    }
    return b->f;
}

void
nh_sbuf_init(nh_sbuf_t b)
{
    b->f = NULL;
    b->s = NULL;
    b->len = 0;
}

void
nh_sbuf_printf(nh_sbuf_t b, const char *fmt, ...)
{
    va_list ap;
    FILE *f = stream(b);
    va_start(ap, fmt);
    if (vfprintf(f, fmt, ap) < 0)
        oom();
    va_end(ap);
}

void
nh_sbuf_put(nh_sbuf_t b, const char *s, size_t n)
{
    if (n > 0 && fwrite(s, 1, n, stream(b)) != n)
        oom();
}

void
nh_sbuf_puts(nh_sbuf_t b, const char *s)
{
    nh_sbuf_put(b, s, strlen(s));
}

const char *
nh_sbuf_str(nh_sbuf_t b, size_t *len)
{
    if (b->f != NULL && fflush(b->f) != 0)
        oom();
    if (len != NULL)
        *len = b->s != NULL ? b->len : 0;
    return b->s != NULL ? b->s : "";
}

char *
nh_sbuf_take(nh_sbuf_t b, size_t *len)
{
    char *s;
    if (b->f != NULL)
    {
        if (fclose(b->f) != 0)
            oom();
        b->f = NULL;
    }
    s = b->s;
    if (len != NULL)
        *len = s != NULL ? b->len : 0;
    if (s == NULL && (s = calloc(1, 1)) == NULL)
        oom();
    b->s = NULL;
    b->len = 0;
    return s;
}

void
nh_sbuf_clear(nh_sbuf_t b)
{
    if (b->f != NULL)
        fclose(b->f);
    free(b->s);
    nh_sbuf_init(b);
}
