/*
 * limits.c -- resource limits and signals (cli.h, issue 6): the
 * handlers of SIGINT / SIGTERM / SIGHUP, --timeout and --max-memory
 * (nh_cli_limits_install), the up-front memory estimates
 * (nh_cli_check_cost, nh_cli_check_bytes) and progress lines.  The
 * state the handlers clean up (the temporary file of a pending
 * nh_write_atomic, the child of a pending nh_run_capture) lives here
 * only, set through the setters of impl.h.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
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

/* ---- signals and limits (issue 6) ----------------------------------- */

/* The temporary file of a pending nh_write_atomic, removed by the signal
   handlers.  A fixed buffer (no allocation in a handler); nh_tmp_active
   is set only once the name is complete. */
static char nh_tmp_path[4096];
static volatile sig_atomic_t nh_tmp_active = 0;
/* The child of a pending nh_run_capture (0: none), killed and reaped by
   the handlers so that no helper program outlives nhoracle. */
static volatile pid_t nh_child_pid = 0;
/* messages formatted at install time (the handlers cannot format) */
static char nh_msg_timeout[160] = "nhoracle: time limit exceeded (--timeout); no output written\n";
static char nh_msg_cpu[160] = "nhoracle: CPU time limit exceeded (--cpu-limit); no output written\n";
static char nh_msg_memory[200] = "nhoracle: out of memory; no output written\n";

void
_nh_cli_pending_tmp_set(const char *tmp)
{
    nh_tmp_active = 0;
    if (tmp != NULL && strlen(tmp) < sizeof nh_tmp_path)
    {
        strcpy(nh_tmp_path, tmp);
        nh_tmp_active = 1;
    }
}

void
_nh_cli_pending_child_set(pid_t pid)
{
    nh_child_pid = pid;
}

/* async-signal-safe: write(2), unlink(2), _exit(2) only */
static void
nh_die_clean(const char *msg, int code)
{
    ssize_t w;
    if (nh_child_pid > 0)
    {
        /* a candidate of check leads its own process group: kill the
           group (ESRCH for the child of nh_run_capture, which leads
           none: no other group can carry the pid of a live child) */
        kill(-nh_child_pid, SIGKILL);
        kill(nh_child_pid, SIGKILL);
        waitpid(nh_child_pid, NULL, 0);
    }
    if (nh_tmp_active)
        unlink(nh_tmp_path);
    w = write(STDERR_FILENO, msg, strlen(msg));
    (void) w;
    _exit(code);
}

static void
nh_on_signal(int sig)
{
    switch (sig)
    {
        case SIGALRM:
            nh_die_clean(nh_msg_timeout, NH_ERR_RESOURCE);
            break;
        case SIGXCPU:
            nh_die_clean(nh_msg_cpu, NH_ERR_RESOURCE);
            break;
        case SIGINT:
            nh_die_clean("nhoracle: interrupted by SIGINT; no output written\n", 128 + sig);
            break;
        case SIGTERM:
            nh_die_clean("nhoracle: terminated by SIGTERM; no output written\n", 128 + sig);
            break;
        case SIGABRT:
            nh_die_clean(nh_msg_memory, NH_ERR_RESOURCE);
            break;
        default:
            nh_die_clean("nhoracle: terminated by a signal; no output written\n", 128 + sig);
            break;
    }
}

#if defined(__SANITIZE_ADDRESS__)
#define NH_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NH_ASAN 1
#endif
#endif

#ifndef NH_ASAN
static FLINT_NORETURN void
nh_on_flint_abort(void)
{
    nh_die_clean(nh_msg_memory, NH_ERR_RESOURCE);
    abort();
}
#endif

/* --cpu-limit S: RLIMIT_CPU soft limit S (SIGXCPU, handled like the
   timeout: exit 6, no output file), hard limit S + 5 (SIGKILL, should the
   handler not run) when the current hard limit allows it */
static void
cpu_limit_install(slong seconds, const struct sigaction *sa)
{
    struct rlimit rl;
    rlim_t s = (rlim_t) seconds;
    snprintf(nh_msg_cpu, sizeof nh_msg_cpu,
             "nhoracle: CPU time limit exceeded (--cpu-limit %ld s); no output written\n",
             (long) seconds);
    sigaction(SIGXCPU, sa, NULL);
    if (getrlimit(RLIMIT_CPU, &rl) != 0)
        rl.rlim_max = RLIM_INFINITY;
    if (rl.rlim_max != RLIM_INFINITY && s > rl.rlim_max)
        s = rl.rlim_max;
    rl.rlim_cur = s;
    if (rl.rlim_max == RLIM_INFINITY || s + 5 <= rl.rlim_max)
        rl.rlim_max = s + 5;
    if (setrlimit(RLIMIT_CPU, &rl) != 0)
        fprintf(stderr, "nhoracle: warning: cannot set --cpu-limit: %s\n", strerror(errno));
}

void
nh_cli_limits_install(const nh_cli_struct *cli)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = nh_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    snprintf(nh_msg_timeout, sizeof nh_msg_timeout,
             "nhoracle: time limit exceeded (--timeout %ld s); no output written\n",
             (long) cli->timeout);
    if (cli->max_memory > 0)
        snprintf(nh_msg_memory, sizeof nh_msg_memory,
                 "nhoracle: out of memory (an allocation failed under --max-memory %ld MB); "
                 "no output written\n", (long) cli->max_memory);
    if (cli->timeout > 0)
    {
        sigaction(SIGALRM, &sa, NULL);
        alarm((unsigned int) cli->timeout);
    }
    if (cli->cpu_limit > 0)
        cpu_limit_install(cli->cpu_limit, &sa);
    if (cli->max_memory > 0)
    {
#ifdef NH_ASAN
        fprintf(stderr, "nhoracle: note: --max-memory is not enforced in an "
                "AddressSanitizer build\n");
#else
        struct rlimit rl;
        rlim_t lim = (rlim_t) cli->max_memory << 20;
        if (getrlimit(RLIMIT_AS, &rl) == 0 && (rl.rlim_max == RLIM_INFINITY || lim <= rl.rlim_max))
        {
            rl.rlim_cur = lim;
            if (setrlimit(RLIMIT_AS, &rl) != 0)
                fprintf(stderr, "nhoracle: warning: cannot set --max-memory: %s\n", strerror(errno));
        }
        /* allocation failures inside FLINT/Arb and our own abort() on a
           failed malloc become a clean exit 6 */
        flint_set_abort(nh_on_flint_abort);
        sigaction(SIGABRT, &sa, NULL);
#endif
    }
}

double
nh_cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

void
nh_cli_progress(const char *what, slong done, slong total, double t0, double *last)
{
    double now = nh_cli_now();
    if (done >= total || done <= 0 || now - *last < NH_PROGRESS_SECONDS)
        return;
    *last = now;
    fprintf(stderr, "nhoracle: %s: %ld/%ld (%.0f s elapsed, about %.0f s to go; estimate)\n",
            what, (long) done, (long) total, now - t0,
            (now - t0) * (double) (total - done) / (double) done);
}

double
nh_cli_memory_limit(const nh_cli_struct *cli)
{
    long pages, psz;
    if (cli->max_memory > 0)
        return (double) cli->max_memory * 1048576.0;
    pages = sysconf(_SC_PHYS_PAGES);
    psz = sysconf(_SC_PAGESIZE);
    return (pages > 0 && psz > 0) ? (double) pages * (double) psz : 1e12;
}

int
nh_cli_check_bytes(const nh_cli_struct *cli, double bytes, const char *what,
                   const char *hint, nh_error_t err)
{
    double limit = nh_cli_memory_limit(cli);
    if (bytes <= limit)
        return NH_OK;
    return nh_error_set(err, NH_ERR_RESOURCE,
                        "%s would need about %.3g MB of memory, more than the %s of %.3g MB; %s",
                        what, bytes / 1048576.0,
                        cli->max_memory > 0 ? "--max-memory limit" : "physical memory",
                        limit / 1048576.0, hint);
}

static double
nh_binom_d(slong n, slong k)
{
    double r = 1.0;
    slong i;
    for (i = 1; i <= k; i++)
        r = r * (double) (n - k + i) / (double) i;
    return r;
}

int
nh_cli_check_cost(const nh_cli_struct *cli, slong n, slong nvars, slong order,
                  slong nmat, double *bytes, nh_error_t err)
{
    /* an arb_t of p bits: 48 bytes of struct + the limbs of the midpoint */
    double ball = 48.0 + (double) ((cli->max_prec + 63) / 64) * 8.0;
    double len = nh_binom_d(nvars + order, order);
    double njets = (double) n * n * n + (double) nmat * n * n;
    double b = njets * len * ball;
    char what[256];
    if (bytes != NULL)
        *bytes = b;
    snprintf(what, sizeof what, "the requested computation (%ld coordinates, jets in %ld variables "
             "to order %ld: %.3g coefficients each, %.3g jets, at up to %ld bits)",
             (long) n, (long) nvars, (long) order, len, njets, (long) cli->max_prec);
    return nh_cli_check_bytes(cli, b, what, "lower the order or --max-prec", err);
}
