/* nh_file_read.c -- whole-file reader with a size limit (see nh_file.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nh_file.h"

int
nh_file_read(char **text, size_t *len, const char *path, size_t max_bytes,
             const char *what, nh_error_t err)
{
    FILE *f;
    char *buf = NULL;
    size_t n = 0, cap = 0, got;

    *text = NULL;
    *len = 0;
    f = fopen(path, "rb");
    if (f == NULL)
        return nh_error_set(err, NH_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    for (;;)
    {
        if (n == cap)
        {
            if (cap > max_bytes)
                break;                          /* n = max_bytes + 1: too large */
            cap = cap == 0 ? 65536 : 2 * cap;
            if (cap > max_bytes + 1)
                cap = max_bytes + 1;
            buf = realloc(buf, cap + 1);
            if (buf == NULL)
            {
                fclose(f);
                return nh_error_set(err, NH_ERR_RESOURCE, "%s: out of memory reading the %s",
                                    path, what);
            }
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f))
    {
        int e = errno;
        fclose(f);
        free(buf);
        return nh_error_set(err, NH_ERR_IO, "%s: cannot read: %s", path, strerror(e));
    }
    fclose(f);
    if (n > max_bytes)
    {
        free(buf);
        return nh_error_set(err, NH_ERR_RESOURCE, "%s: %s larger than the limit of %lu bytes",
                            path, what, (unsigned long) max_bytes);
    }
    if (buf == NULL)                            /* empty file */
    {
        buf = malloc(1);
        if (buf == NULL)
            abort();
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return NH_OK;
}
