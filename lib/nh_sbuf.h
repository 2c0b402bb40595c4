/*
 * nh_sbuf.h -- growable strings for reports and output files: one
 * implementation (POSIX memory streams, open_memstream) for every module
 * and command that builds a text in memory before writing it atomically
 * (proof reports, datasets, plot scripts).
 *
 * Out of memory is fatal (message on stderr, abort()), as in the rest of
 * the library's allocations (flint_malloc).
 */
#ifndef NH_SBUF_H
#define NH_SBUF_H

#include <stdio.h>
#include <stddef.h>

typedef struct
{
    FILE *f;            /* the memory stream, opened on the first write */
    char *s;            /* its buffer (valid after nh_sbuf_str/take)     */
    size_t len;         /* its length in bytes                          */
}
nh_sbuf_struct;

typedef nh_sbuf_struct nh_sbuf_t[1];

/* An empty buffer (no allocation until the first write). */
void nh_sbuf_init(nh_sbuf_t b);

/* Append formatted text, or n bytes of s (NUL bytes included). */
#ifdef __GNUC__
void nh_sbuf_printf(nh_sbuf_t b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#else
void nh_sbuf_printf(nh_sbuf_t b, const char *fmt, ...);
#endif
void nh_sbuf_put(nh_sbuf_t b, const char *s, size_t n);
void nh_sbuf_puts(nh_sbuf_t b, const char *s);

/* The contents so far, NUL-terminated ("" if nothing was written);
   *len (if not NULL) gets the length.  Valid until the next write. */
const char *nh_sbuf_str(nh_sbuf_t b, size_t *len);

/* The contents as a malloc'd NUL-terminated string (free() it; never
   NULL); the buffer is left empty, ready for reuse or nh_sbuf_clear. */
char *nh_sbuf_take(nh_sbuf_t b, size_t *len);

/* Free everything. */
void nh_sbuf_clear(nh_sbuf_t b);

#endif
