/*
 * files.c -- files and processes (cli.h): output files written
 * atomically (nh_write_atomic) and checked up front (nh_output_check),
 * helper programs run without a shell (nh_run_capture), and the final
 * check of standard output (nh_cli_finish_stdout).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "impl.h"

/* What an output path is (see nh_output_check in cli.h). */
enum { NH_OUT_NEW, NH_OUT_REPLACE, NH_OUT_STREAM };

static int
nh_output_kind(int *kind, const char *path, nh_error_t err)
{
    struct stat st, tg;
    if (lstat(path, &st) != 0)
    {
        if (errno == ENOENT)
        {
            *kind = NH_OUT_NEW;
            return NH_OK;
        }
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
    }
    if (S_ISLNK(st.st_mode))
    {
        if (stat(path, &tg) == 0 && !S_ISREG(tg.st_mode) && !S_ISDIR(tg.st_mode))
        {
            *kind = NH_OUT_STREAM;      /* /dev/stdout, a link to a FIFO */
            return NH_OK;
        }
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': it is a symbolic link; "
                            "name the file itself (output never follows or replaces a link)",
                            path);
    }
    if (S_ISDIR(st.st_mode))
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': it is a directory", path);
    if (!S_ISREG(st.st_mode))
    {
        *kind = NH_OUT_STREAM;          /* /dev/null, a FIFO, a terminal */
        return NH_OK;
    }
    if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': the file is read-only "
                            "(no write permission bit set); it is left untouched", path);
    *kind = NH_OUT_REPLACE;
    return NH_OK;
}

int
nh_output_check(const char *path, const char *input, nh_error_t err)
{
    struct stat so, si;
    int kind;
    if (nh_output_kind(&kind, path, err) != NH_OK)
        return err->code;
    if (input != NULL && kind != NH_OUT_NEW && stat(path, &so) == 0 && stat(input, &si) == 0
        && so.st_dev == si.st_dev && so.st_ino == si.st_ino)
        return nh_error_set(err, NH_ERR_USAGE, "the output file '%s' is the input file '%s'; "
                            "refusing to overwrite it", path, input);
    return NH_OK;
}

/* write all of data to the open descriptor fd */
static int
nh_write_all(int fd, const char *data, size_t len)
{
    size_t off = 0;
    while (off < len)
    {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0)
        {
            if (errno == EINTR)
                continue;
            return -1;
        }
        off += (size_t) w;
    }
    return 0;
}

int
nh_write_atomic(const char *path, const char *data, size_t len, nh_error_t err)
{
    size_t plen = strlen(path);
    char *tmp;
    int fd, e, kind;
    mode_t mask;

    if (nh_output_kind(&kind, path, err) != NH_OK)
        return err->code;
    if (kind == NH_OUT_STREAM)
    {
        /* a device or FIFO: no rename is possible (and renaming over
           /dev/null as root would replace the device); write to it */
        fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0 || nh_write_all(fd, data, len) != 0)
        {
            e = errno;
            if (fd >= 0)
                close(fd);
            return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(e));
        }
        if (close(fd) != 0)
            return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
        return NH_OK;
    }
    tmp = malloc(plen + 16);
    if (tmp == NULL)
        return nh_error_set(err, NH_ERR_RESOURCE, "out of memory");
    snprintf(tmp, plen + 16, "%s.tmp.XXXXXX", path);
    _nh_cli_pending_tmp_set(NULL);
    fd = mkstemp(tmp);
    if (fd >= 0)
        _nh_cli_pending_tmp_set(tmp);
    if (fd < 0)
    {
        e = errno;
        free(tmp);
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(e));
    }
    if (nh_write_all(fd, data, len) != 0)
        goto fail;
    mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0)
        goto fail;
    if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        goto fail;
    if (close(fd) != 0)
    {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path) != 0)
        goto fail;
    _nh_cli_pending_tmp_set(NULL);
    free(tmp);
    return NH_OK;

fail:
    e = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    _nh_cli_pending_tmp_set(NULL);
    free(tmp);
    return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(e));
}

/* pipe(2) with both ends close-on-exec (nhoracle is single-threaded) */
static int
nh_pipe_cloexec(int p[2])
{
    if (pipe(p) != 0)
        return -1;
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* In the child of nh_run_capture: default signal dispositions, no
   alarm, the parent's signal mask old restored, stdin from /dev/null,
   stdout to outp, in dir; exec argv.  On failure the errno goes to errp
   (close-on-exec, so the parent reads nothing after a successful exec)
   and the child exits 127. */
static void
capture_child(const int outp[2], const int errp[2], const char *dir, char *const argv[],
              const sigset_t *old)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGABRT, SIGPIPE};
    size_t i;
    ssize_t r;
    int fd, e;
    for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], SIG_DFL);
    alarm(0);
    sigprocmask(SIG_SETMASK, old, NULL);
    fd = open("/dev/null", O_RDONLY);
    if (fd < 0 || dup2(fd, STDIN_FILENO) < 0 || dup2(outp[1], STDOUT_FILENO) < 0
        || (dir != NULL && chdir(dir) != 0))
        e = errno;
    else
    {
        execvp(argv[0], argv);
        e = errno;
    }
    r = write(errp[1], &e, sizeof e);
    (void) r;
    _exit(127);
}

/* Read the child's standard output from fd into *out (*outlen bytes);
   more than max_bytes kills the child pid.  Returns NH_OK or NH_ERR_IO
   (cannot read, too much output; name: the program). */
static int
capture_read(char **out, size_t *outlen, int fd, size_t max_bytes, pid_t pid, const char *name,
             nh_error_t err)
{
    size_t cap = 65536;
    ssize_t r;
    *out = malloc(cap);
    if (*out == NULL)
        abort();
    for (;;)
    {
        r = read(fd, *out + *outlen, cap - *outlen);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        *outlen += (size_t) r;
        if (*outlen > max_bytes)
            break;
        if (*outlen == cap)
        {
            cap *= 2;
            *out = realloc(*out, cap);
            if (*out == NULL)
                abort();
        }
    }
    if (r < 0)
        return nh_error_set(err, NH_ERR_IO, "%s: cannot read its output: %s", name,
                            strerror(errno));
    if (*outlen > max_bytes)
    {
        kill(pid, SIGKILL);
        return nh_error_set(err, NH_ERR_IO, "%s printed more than %zu bytes", name, max_bytes);
    }
    return NH_OK;
}

/* Wait for the child pid (name: the program); when rc is NH_OK, an exit
   other than status 0 becomes NH_ERR_IO.  Returns the updated rc. */
static int
capture_wait(pid_t pid, const char *name, int rc, nh_error_t err)
{
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
        {
            status = -1;
            break;
        }
    _nh_cli_pending_child_set(0);
    if (rc == NH_OK && !(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0))
    {
        if (status != -1 && WIFSIGNALED(status))
            rc = nh_error_set(err, NH_ERR_IO, "%s was killed by signal %d", name,
                              WTERMSIG(status));
        else
            rc = nh_error_set(err, NH_ERR_IO, "%s failed (exit status %d)", name,
                              status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return rc;
}

int
nh_run_capture(char **out, size_t *outlen, int *not_found, const char *dir,
               char *const argv[], size_t max_bytes, nh_error_t err)
{
    int outp[2], errp[2], e = 0, rc = NH_OK;
    sigset_t all, old;
    ssize_t r;
    pid_t pid;

    *out = NULL;
    *outlen = 0;
    *not_found = 0;
    if (nh_pipe_cloexec(outp) != 0)
        return nh_error_set(err, NH_ERR_IO, "cannot run %s: pipe: %s", argv[0], strerror(errno));
    if (nh_pipe_cloexec(errp) != 0)
    {
        e = errno;
        close(outp[0]);
        close(outp[1]);
        return nh_error_set(err, NH_ERR_IO, "cannot run %s: pipe: %s", argv[0], strerror(e));
    }
    /* no handler may run in the child before exec (it would remove the
       parent's pending temporary file): block, fork, restore */
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    pid = fork();
    if (pid == 0)
        capture_child(outp, errp, dir, argv, &old);
    e = errno;
    if (pid > 0)
        _nh_cli_pending_child_set(pid);
    sigprocmask(SIG_SETMASK, &old, NULL);
    close(outp[1]);
    close(errp[1]);
    if (pid < 0)
    {
        close(outp[0]);
        close(errp[0]);
        return nh_error_set(err, NH_ERR_IO, "cannot run %s: fork: %s", argv[0], strerror(e));
    }

    /* exec failure: the child wrote its errno before the close-on-exec
       pipe closed */
    e = 0;
    do
        r = read(errp[0], &e, sizeof e);
    while (r < 0 && errno == EINTR);
    close(errp[0]);
    if (r == (ssize_t) sizeof e)
    {
        *not_found = (e == ENOENT);
        rc = nh_error_set(err, NH_ERR_IO, "cannot run %s: %s", argv[0], strerror(e));
    }
    else
        rc = capture_read(out, outlen, outp[0], max_bytes, pid, argv[0], err);
    close(outp[0]);
    rc = capture_wait(pid, argv[0], rc, err);
    if (rc != NH_OK)
    {
        free(*out);
        *out = NULL;
        *outlen = 0;
    }
    return rc;
}

int
nh_cli_finish_stdout(int rc)
{
    int bad = fflush(stdout) != 0, e = errno;
    if (!bad && ferror(stdout))
    {
        bad = 1;
        e = EIO;
    }
    if (!bad)
        return rc;
    clearerr(stdout);
    if (e == EIO)
        fprintf(stderr, "nhoracle: cannot write to standard output (a write to it failed)\n");
    else
        fprintf(stderr, "nhoracle: cannot write to standard output: %s\n", strerror(e));
    return NH_ERR_IO;
}
