/*
 * t-nh_file_read.c -- nh_file_read: contents (with NUL bytes) returned
 * exactly, an empty file, the size limit (exactly max_bytes accepted,
 * max_bytes + 1 refused with NH_ERR_RESOURCE), a missing file and a
 * directory (NH_ERR_IO, nothing allocated).  Expected values are the
 * bytes this test writes itself.
 *
 * Only regular files are read (issue 13 item 2): a FIFO without a writer
 * (which the former fopen/fread reader waited on for ever: an alarm ends
 * the test instead), a symbolic link to the FIFO, the character device
 * /dev/null (formerly read as an empty file) and a directory are refused
 * with NH_ERR_IO and a message naming the kind of file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include "nh_file.h"
#include "tap.h"

static void
write_bytes(const char *path, const char *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, n, f) != n || fclose(f) != 0)
        tap_bail("cannot write %s", path);
}

int
main(void)
{
    char dir[] = "/tmp/t-nh_file_read.XXXXXX", path[256], big[200000];
    const char data[] = "model x\0after a NUL\n";      /* 20 bytes + NUL */
    char *text;
    size_t len, i;
    nh_error_t err;
    int r;

    tap_plan(16);
    alarm(20);      /* a reader blocked on the FIFO fails the test */
    if (mkdtemp(dir) == NULL)
        tap_bail("mkdtemp failed");
    snprintf(path, sizeof path, "%s/f", dir);

    write_bytes(path, data, sizeof data - 1);
    r = nh_file_read(&text, &len, path, 1000, "model file", err);
    tap_ok(r == NH_OK && len == sizeof data - 1 && memcmp(text, data, len) == 0 && text[len] == '\0',
           "20 bytes with an embedded NUL returned exactly, NUL-terminated");
    free(text);

    write_bytes(path, "", 0);
    r = nh_file_read(&text, &len, path, 1000, "model file", err);
    tap_ok(r == NH_OK && len == 0 && text != NULL && text[0] == '\0', "empty file: length 0, \"\"");
    free(text);

    /* 200000 bytes (larger than the first 65536-byte chunk): limit exactly
       at the size passes, one byte less fails */
    for (i = 0; i < sizeof big; i++)
        big[i] = (char) ('a' + i % 26);
    write_bytes(path, big, sizeof big);
    r = nh_file_read(&text, &len, path, sizeof big, "model file", err);
    tap_ok(r == NH_OK && len == sizeof big && memcmp(text, big, len) == 0,
           "200000 bytes with max_bytes = 200000: read exactly");
    free(text);
    r = nh_file_read(&text, &len, path, sizeof big - 1, "document", err);
    tap_ok(r == NH_ERR_RESOURCE && text == NULL, "max_bytes = 199999: NH_ERR_RESOURCE, nothing returned");
    tap_ok(strstr(err->msg, "document larger than the limit of 199999 bytes") != NULL
           && strstr(err->msg, path) != NULL, "message names the path, the kind and the limit (%s)",
           err->msg);

    unlink(path);
    r = nh_file_read(&text, &len, path, 1000, "model file", err);
    tap_ok(r == NH_ERR_IO && text == NULL, "missing file: NH_ERR_IO");
    tap_ok(strstr(err->msg, "cannot open: No such file or directory") != NULL,
           "message gives the reason (%s)", err->msg);

    r = nh_file_read(&text, &len, dir, 1000, "model file", err);
    tap_ok(r == NH_ERR_IO && text == NULL, "a directory: NH_ERR_IO (%s)", err->msg);
    tap_ok(strstr(err->msg, dir) != NULL, "message names the directory");
    tap_ok(strstr(err->msg, "a directory, not a regular file") != NULL,
           "message says it is a directory, not a regular file");

    /* a character device (formerly read as an empty file) */
    {
        struct stat st;
        if (stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode))
        {
            r = nh_file_read(&text, &len, "/dev/null", 1000, "document", err);
            tap_ok(r == NH_ERR_IO && text == NULL, "/dev/null: NH_ERR_IO (%s)", err->msg);
            tap_ok(strstr(err->msg, "a character device, not a regular file (the document must be one)") != NULL,
                   "message says character device and names the kind of file");
        }
        else
        {
            tap_skip(2, "/dev/null is not a character device here");
        }
    }

    /* a FIFO with no writer: must return at once, not block */
    if (mkfifo(path, 0600) != 0)
        tap_bail("mkfifo %s failed", path);
    text = (char *) 1;
    r = nh_file_read(&text, &len, path, 1000, "model file", err);
    tap_ok(r == NH_ERR_IO && text == NULL, "a FIFO: NH_ERR_IO at once, nothing returned (%s)", err->msg);
    tap_ok(strstr(err->msg, path) != NULL && strstr(err->msg, "a FIFO (named pipe), not a regular file") != NULL,
           "message names the path and says FIFO");

    /* a symbolic link to the FIFO: the target counts */
    {
        char link[300];
        snprintf(link, sizeof link, "%s/l", dir);
        if (symlink(path, link) != 0)
            tap_bail("symlink %s failed", link);
        r = nh_file_read(&text, &len, link, 1000, "model file", err);
        tap_ok(r == NH_ERR_IO && strstr(err->msg, "FIFO") != NULL,
               "a symbolic link to the FIFO: NH_ERR_IO (%s)", err->msg);
        unlink(link);
    }
    unlink(path);

    /* a regular file reached through a symbolic link is still read */
    {
        char link[300];
        write_bytes(path, "abc", 3);
        snprintf(link, sizeof link, "%s/l", dir);
        if (symlink(path, link) != 0)
            tap_bail("symlink %s failed", link);
        r = nh_file_read(&text, &len, link, 1000, "model file", err);
        tap_ok(r == NH_OK && len == 3 && memcmp(text, "abc", 3) == 0,
               "a symbolic link to a regular file: read");
        if (r == NH_OK)
            free(text);
        unlink(link);
        unlink(path);
    }
    rmdir(dir);
    return tap_done();
}
