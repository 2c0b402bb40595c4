/*
 * candidate.c -- a candidate program of `nhoracle check` (cli.h,
 * doc/check.md): its command line split into an argument vector without
 * any shell, started once (fork/execvp, two pipes), fed request lines
 * and read answer lines with poll() and a timeout, killed and reaped on
 * every exit path (also by the signal handlers of limits.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1   /* pipe2 */
#endif
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "impl.h"

static int
push_word(nh_argv_struct *a, char *w, size_t *len)
{
    w[*len] = '\0';
    a->argv = realloc(a->argv, (size_t) (a->argc + 2) * sizeof(char *));
    if (a->argv == NULL)
        abort();
    a->argv[a->argc++] = strdup(w);
    a->argv[a->argc] = NULL;
    *len = 0;
    return NH_OK;
}

int
nh_split_argv(nh_argv_struct *a, const char *s, const char *what, nh_error_t err)
{
    char *w = malloc(strlen(s) + 1);
    size_t len = 0;
    int inword = 0;
    char quote = 0;
    a->argc = 0;
    a->argv = NULL;
    if (w == NULL)
        abort();
    for (; *s != '\0'; s++)
    {
        char c = *s;
        if (quote == '\'')
        {
            if (c == '\'')
                quote = 0;
            else
                w[len++] = c;
        }
        else if (quote == '"')
        {
            if (c == '"')
                quote = 0;
            else if (c == '\\' && (s[1] == '"' || s[1] == '\\'))
                w[len++] = *++s;
            else
                w[len++] = c;
        }
        else if (c == ' ' || c == '\t' || c == '\n')
        {
            if (inword)
                push_word(a, w, &len);
            inword = 0;
        }
        else
        {
            inword = 1;
            if (c == '\'' || c == '"')
                quote = c;
            else if (c == '\\' && s[1] != '\0')
                w[len++] = *++s;
            else
                w[len++] = c;
        }
    }
    if (inword && quote == 0)
        push_word(a, w, &len);
    free(w);
    if (quote != 0)
    {
        nh_argv_free(a);
        return nh_error_set(err, NH_ERR_USAGE, "%s: unterminated %c quote", what, quote);
    }
    if (a->argc == 0)
        return nh_error_set(err, NH_ERR_USAGE, "%s: empty command", what);
    return NH_OK;
}

void
nh_argv_free(nh_argv_struct *a)
{
    int i;
    for (i = 0; i < a->argc; i++)
        free(a->argv[i]);
    free(a->argv);
    a->argv = NULL;
    a->argc = 0;
}

/* the child: its own process group (killed as a whole by
   nh_candidate_stop and the signal handlers), stdin/stdout the pipes,
   nhoracle's --max-memory lifted (RLIMIT_AS back to its hard limit) and
   its own limit max_mb (0: none) set; exec; on failure errno to errfd */
static FLINT_NORETURN void
child_exec(char *const argv[], int in, int out, int errfd, long max_mb)
{
    int e;
    ssize_t w;
    struct rlimit rl;
    setpgid(0, 0);
    if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
        _exit(127);
    signal(SIGPIPE, SIG_DFL);
    if (getrlimit(RLIMIT_AS, &rl) == 0)
    {
        rl.rlim_cur = rl.rlim_max;
        if (max_mb > 0 && (rl.rlim_max == RLIM_INFINITY || ((rlim_t) max_mb << 20) < rl.rlim_max))
            rl.rlim_cur = (rlim_t) max_mb << 20;
        (void) setrlimit(RLIMIT_AS, &rl);
    }
    execvp(argv[0], argv);
    e = errno;
    w = write(errfd, &e, sizeof e);
    (void) w;
    _exit(127);
}

int
nh_candidate_start(nh_candidate_struct *c, const char *cmd, double timeout, long max_mb,
                   nh_error_t err)
{
    int to[2], from[2], ep[2], e = 0, r;
    ssize_t got;
    memset(c, 0, sizeof *c);
    c->pid = -1;
    c->to_fd = c->from_fd = -1;
    c->timeout = timeout;
    if ((r = nh_split_argv(&c->args, cmd, "--candidate", err)) != NH_OK)
        return r;
    if (pipe2(to, O_CLOEXEC) || pipe2(from, O_CLOEXEC) || pipe2(ep, O_CLOEXEC))
        return nh_error_set(err, NH_ERR_IO, "--candidate: pipe: %s", strerror(errno));
    signal(SIGPIPE, SIG_IGN);   /* a dead candidate: EPIPE, not a signal */
    c->pid = fork();
    if (c->pid < 0)
        return nh_error_set(err, NH_ERR_RESOURCE, "--candidate: fork: %s", strerror(errno));
    if (c->pid == 0)
        child_exec(c->args.argv, to[0], from[1], ep[1], max_mb);
    setpgid(c->pid, c->pid);    /* also here: no race with killpg */
    _nh_cli_pending_child_set(c->pid);
    close(to[0]);
    close(from[1]);
    close(ep[1]);
    c->to_fd = to[1];
    c->from_fd = from[0];
    fcntl(c->to_fd, F_SETFL, fcntl(c->to_fd, F_GETFL) | O_NONBLOCK);
    got = read(ep[0], &e, sizeof e);
    close(ep[0]);
    if (got == (ssize_t) sizeof e)
    {
        nh_error_set(err, NH_EXIT_CANDIDATE, "--candidate: cannot run '%s': %s",
                     c->args.argv[0], strerror(e));
        nh_candidate_stop(c);
        return NH_EXIT_CANDIDATE;
    }
    return NH_OK;
}

/* kill the candidate's process group (and the candidate, should it
   have left the group) and reap it */
static void
kill_reap(nh_candidate_struct *c)
{
    if (c->pid > 0)
    {
        kill(-c->pid, SIGKILL);
        kill(c->pid, SIGKILL);
        waitpid(c->pid, NULL, 0);
        _nh_cli_pending_child_set(0);
    }
    c->pid = -1;
}

void
nh_candidate_stop(nh_candidate_struct *c)
{
    if (c->to_fd >= 0)
        close(c->to_fd);
    if (c->from_fd >= 0)
        close(c->from_fd);
    c->to_fd = c->from_fd = -1;
    kill_reap(c);
    free(c->rbuf);
    c->rbuf = NULL;
    c->rlen = c->rcap = c->scanned = 0;
    c->nlines = 0;
    nh_argv_free(&c->args);
}

/* the candidate closed a pipe (what: "its standard output", "its
   standard input"): wait at most c->timeout seconds (non-blocking
   waitpid, 10 ms steps) for it to exit, then report its status or
   signal; if it is still running, kill its group */
static int
dead(nh_candidate_struct *c, const char *what, nh_error_t err)
{
    int st = 0;
    double t0 = nh_cli_now();
    pid_t p = 0;
    while (c->pid > 0 && (p = waitpid(c->pid, &st, WNOHANG)) == 0
           && nh_cli_now() - t0 < c->timeout)
    {
        struct timespec ts = {0, 10000000L};
        nanosleep(&ts, NULL);
    }
    if (p == c->pid && c->pid > 0)
    {
        kill(-c->pid, SIGKILL);     /* what it left behind in its group */
        c->pid = -1;
        _nh_cli_pending_child_set(0);
        if (WIFSIGNALED(st))
            return nh_error_set(err, NH_EXIT_CANDIDATE, "the candidate crashed (killed by "
                                "signal %d, %s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
        return nh_error_set(err, NH_EXIT_CANDIDATE, "the candidate exited (status %d) before "
                            "answering every request", WEXITSTATUS(st));
    }
    kill_reap(c);
    return nh_error_set(err, NH_EXIT_CANDIDATE, "the candidate closed %s but did not exit "
                        "within %g s (--candidate-timeout); killed", what, c->timeout);
}

/* count the newlines of the bytes read since the last call (each byte
   is scanned once: O(n) for the whole batch) */
static void
count_lines(nh_candidate_struct *c)
{
    const char *p = c->rbuf + c->scanned, *end = c->rbuf + c->rlen;
    while (p < end && (p = memchr(p, '\n', (size_t) (end - p))) != NULL)
    {
        c->nlines++;
        p++;
    }
    c->scanned = c->rlen;
}

/* the length of the incomplete last line of c->rbuf */
static size_t
partial(const nh_candidate_struct *c)
{
    size_t part = 0;
    while (part < c->rlen && c->rbuf[c->rlen - 1 - part] != '\n')
        part++;
    return part;
}

/* no answer for c->timeout seconds */
static int
timed_out(nh_candidate_struct *c, nh_error_t err)
{
    size_t part = partial(c);
    if (part > 0)
        return nh_error_set(err, NH_EXIT_CANDIDATE, "answer %ld is not ended by a newline "
                            "(none within %g s, --candidate-timeout): '%.200s'",
                            (long) c->nlines + 1, c->timeout, c->rbuf + c->rlen - part);
    return nh_error_set(err, NH_EXIT_CANDIDATE, "the candidate did not answer within %g s "
                        "(--candidate-timeout)", c->timeout);
}

/* read what is there into c->rbuf (NUL-terminated); 1: progress, 0:
   end of file or error, -1: too much */
static int
read_some(nh_candidate_struct *c)
{
    ssize_t g;
    if (c->rcap - c->rlen < 65536)
    {
        c->rcap = 2 * c->rcap + 65536;
        if ((c->rbuf = realloc(c->rbuf, c->rcap + 1)) == NULL)
            abort();
    }
    g = read(c->from_fd, c->rbuf + c->rlen, c->rcap - c->rlen);
    if (g == 0 || (g < 0 && errno != EINTR && errno != EAGAIN))
        return 0;
    c->rlen += g > 0 ? (size_t) g : 0;
    c->rbuf[c->rlen] = '\0';
    count_lines(c);
    return c->rlen > NH_CANDIDATE_MAX_BYTES ? -1 : 1;
}

int
nh_candidate_exchange(nh_candidate_struct *c, const char *req, size_t len, slong nlines,
                      nh_error_t err)
{
    size_t off = 0;
    c->rlen = c->scanned = 0;
    c->nlines = 0;
    if (c->pid <= 0)
        return nh_error_set(err, NH_EXIT_CANDIDATE, "the candidate is not running");
    while (off < len || c->nlines < nlines)
    {
        struct pollfd fds[2];
        int nf = 0, r;
        fds[nf].fd = c->from_fd;
        fds[nf++].events = POLLIN;
        if (off < len)
        {
            fds[nf].fd = c->to_fd;
            fds[nf++].events = POLLOUT;
        }
        r = poll(fds, (nfds_t) nf, (int) (c->timeout * 1000));
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return timed_out(c, err);
        if (nf > 1 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP)))
        {
            ssize_t w = write(c->to_fd, req + off, len - off);
            if (w < 0 && errno != EAGAIN && errno != EINTR)
                return dead(c, "its standard input", err);
            off += w > 0 ? (size_t) w : 0;
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR))
        {
            if ((r = read_some(c)) == 0)
                break;
            if (r < 0)
                return nh_error_set(err, NH_EXIT_CANDIDATE, "the candidate wrote more than "
                                    "%d bytes for one batch (%ld of %ld lines complete)",
                                    NH_CANDIDATE_MAX_BYTES, (long) c->nlines, (long) nlines);
        }
    }
    if (c->nlines >= nlines)
        return NH_OK;           /* more lines: nh_check_read_answers says so */
    if (partial(c) > 0)
        return nh_error_set(err, NH_EXIT_CANDIDATE, "the candidate closed its standard output "
                            "after an answer not ended by a newline: '%.200s'",
                            c->rbuf + c->rlen - partial(c));
    return dead(c, "its standard output", err);
}
