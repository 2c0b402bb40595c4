/*
 * sweep_util.c -- small helpers of the sweep module: growing text
 * buffers with escaping, atomic file writes, directories.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <flint/flint.h>
#include "impl.h"

void
_nh_sweep_cat(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
    va_list ap;
    int n;

    for (;;)
    {
        va_start(ap, fmt);
        n = vsnprintf(*buf + *len, *cap - *len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t) n < *cap - *len)
        {
            *len += n;
            return;
        }
        *cap = 2 * *cap + (n > 0 ? n : 0) + 64;
        *buf = flint_realloc(*buf, *cap);
    }
}

void
_nh_sweep_esc(char **buf, size_t *len, size_t *cap, const char *s)
{
    for (; s && *s; s++)
        switch (*s)
        {
        case '<': _nh_sweep_cat(buf, len, cap, "&lt;"); break;
        case '>': _nh_sweep_cat(buf, len, cap, "&gt;"); break;
        case '&': _nh_sweep_cat(buf, len, cap, "&amp;"); break;
        case '"': _nh_sweep_cat(buf, len, cap, "&quot;"); break;
        default:
            if ((unsigned char) *s < 32 && *s != '\n' && *s != '\t')
                _nh_sweep_cat(buf, len, cap, "?");
            else
                _nh_sweep_cat(buf, len, cap, "%c", *s);
        }
}

int
_nh_sweep_write_file(const char *path, const char *text, size_t len, nh_error_t err)
{
    char tmp[4096];
    int fd;
    size_t off = 0;

    if (snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", path) >= (int) sizeof(tmp))
        return nh_error_set(err, NH_ERR_IO, "%s: path too long", path);
    fd = mkstemp(tmp);
    if (fd < 0)
        return nh_error_set(err, NH_ERR_IO, "%s: cannot create: %s", tmp, strerror(errno));
    while (off < len)
    {
        ssize_t w = write(fd, text + off, len - off);
        if (w <= 0)
        {
            close(fd);
            unlink(tmp);
            return nh_error_set(err, NH_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
        }
        off += (size_t) w;
    }
    fchmod(fd, 0644);
    if (fsync(fd) != 0 || close(fd) != 0 || rename(tmp, path) != 0)
    {
        unlink(tmp);
        return nh_error_set(err, NH_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
    }
    return NH_OK;
}

int
_nh_sweep_mkdir(const char *path, nh_error_t err)
{
    struct stat st;

    if (mkdir(path, 0755) == 0)
        return NH_OK;
    if (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return NH_OK;
    return nh_error_set(err, NH_ERR_IO, "%s: cannot create directory: %s", path, strerror(errno));
}

char *
_nh_sweep_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t cap = 4096, n = 0, r;

    if (f == NULL)
        return NULL;
    buf = flint_malloc(cap);
    while ((r = fread(buf + n, 1, cap - n - 1, f)) > 0)
    {
        n += r;
        if (n + 1 == cap)
        {
            if (cap > (64u << 20))
                break;
            cap *= 2;
            buf = flint_realloc(buf, cap);
        }
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int
_nh_sweep_mkdirs(const char *dir, const char *const *subs, nh_error_t err)
{
    char path[4096];
    int rc = _nh_sweep_mkdir(dir, err);

    for (; rc == NH_OK && *subs; subs++)
    {
        snprintf(path, sizeof(path), "%s/%s", dir, *subs);
        rc = _nh_sweep_mkdir(path, err);
    }
    return rc;
}

double
_nh_sweep_clock(int monotonic)
{
    struct timespec ts;
    clock_gettime(monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void
_nh_sweep_shquote(char **buf, size_t *len, size_t *cap, const char *s)
{
    _nh_sweep_cat(buf, len, cap, "'");
    for (; *s; s++)
        if (*s == '\'')
            _nh_sweep_cat(buf, len, cap, "'\\''");
        else
            _nh_sweep_cat(buf, len, cap, "%c", *s);
    _nh_sweep_cat(buf, len, cap, "'");
}

int
_nh_sweep_in_list(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(s, *list) == 0)
            return 1;
    return 0;
}
