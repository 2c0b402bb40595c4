/* nh_file_read.c -- whole-file reader with a size limit (see nh_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "nh_file.h"

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

const char *
nh_file_type_name(unsigned int mode)
{
    mode_t m = (mode_t) mode;
    if (S_ISREG(m))
        return "a regular file";
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISFIFO(m))
        return "a FIFO (named pipe)";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
#ifdef S_ISSOCK
    if (S_ISSOCK(m))
        return "a socket";
#endif
    return "not a regular file";
}

static int
not_regular(const char *path, mode_t mode, const char *what, nh_error_t err)
{
    return nh_error_set(err, NH_ERR_IO, "%s: cannot read: %s, not a regular file (the %s must be one)",
                        path, nh_file_type_name((unsigned int) mode), what);
}

int
nh_file_read(char **text, size_t *len, const char *path, size_t max_bytes,
             const char *what, nh_error_t err)
{
    struct stat st;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    ssize_t got;
    int fd;

    *text = NULL;
    *len = 0;
    /* Refuse what is not a regular file before opening it (opening a
       device may have side effects), then again on the descriptor
       (authoritative: the path may have been replaced in between).
       O_NONBLOCK: opening a FIFO without a writer returns at once
       instead of blocking for ever. */
    if (stat(path, &st) != 0)
        return nh_error_set(err, NH_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return not_regular(path, st.st_mode, what, err);
    fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return nh_error_set(err, NH_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    if (fstat(fd, &st) != 0)
    {
        int e = errno;
        close(fd);
        return nh_error_set(err, NH_ERR_IO, "%s: cannot read: %s", path, strerror(e));
    }
    if (!S_ISREG(st.st_mode))
    {
        close(fd);
        return not_regular(path, st.st_mode, what, err);
    }
    for (;;)
    {
        if (n == cap)
        {
            char *nb;
            if (cap > max_bytes)
                break;                          /* n = max_bytes + 1: too large */
            cap = cap == 0 ? 65536 : 2 * cap;
            if (cap > max_bytes + 1)
                cap = max_bytes + 1;
            nb = realloc(buf, cap + 1);
            if (nb == NULL)
            {
                free(buf);
                close(fd);
                return nh_error_set(err, NH_ERR_RESOURCE, "%s: out of memory reading the %s",
                                    path, what);
            }
            buf = nb;
        }
        got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
        {
            int e = errno;
            close(fd);
            free(buf);
            return nh_error_set(err, NH_ERR_IO, "%s: cannot read: %s", path, strerror(e));
        }
        if (got == 0)
            break;
        n += (size_t) got;
    }
    close(fd);
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
