/*
 * sweep_local.c -- the local engine: at most N child processes of the
 * oracle program at a time (fork/execvp, never a shell), each writing its
 * JSON to OUTDIR/ID.json and its standard error to OUTDIR/ID.log; each
 * job is recorded (sweep_record.c) as soon as it ends, with the wall time
 * and the child's CPU time (wait4 rusage).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <flint/flint.h>
#include "impl.h"

/* The argument vector of job J: oracle, J's arguments, then the output
   options (not part of the job id). */
static void
job_argv(char **av, const nh_sweep_job_struct *J, const char *oracle, char *plot)
{
    int n = 0, a;

    av[n++] = (char *) oracle;
    for (a = 0; a < J->argc; a++)
        av[n++] = J->argv[a];
    if (strcmp(J->kind, "emit") != 0)
        av[n++] = (char *) "--json";
    if (strcmp(J->kind, "converge") == 0)
    {
        av[n++] = (char *) "--plot";
        av[n++] = plot;
    }
    av[n] = NULL;
}

static pid_t
spawn(const nh_sweep_job_struct *J, const char *top, const char *oracle, const char *outdir)
{
    char out[4096], log[4096], plot[4096];
    char *av[NH_SWEEP_MAX_ARGS + 8];
    pid_t pid;

    snprintf(out, sizeof(out), "%s/%s.json.part", outdir, J->id);
    snprintf(log, sizeof(log), "%s/%s.log", outdir, J->id);
    snprintf(plot, sizeof(plot), "%s/%s", outdir, J->id);
    job_argv(av, J, oracle, plot);
    pid = fork();
    if (pid != 0)
        return pid;
    {
        int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int fe = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int fi = open("/dev/null", O_RDONLY);
        if (fo < 0 || fe < 0 || fi < 0 || (top != NULL && chdir(top) != 0))
            _exit(127);
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive the sweep */
        dup2(fi, 0);
        dup2(fo, 1);
        dup2(fe, 2);
        execvp(av[0], av);
        fprintf(stderr, "nhoracle sweep: cannot run %s: %s\n", av[0], strerror(errno));
        _exit(127);
    }
}

/* Record the job that ended: its JSON (renamed from .part) and log tail. */
static int
finish(nh_sweep_db_ptr db, long run_id, const nh_sweep_job_struct *J, const char *outdir,
       int status, const struct rusage *ru, double wall, nh_error_t err)
{
    char part[4096], out[4096], log[4096];
    nh_sweep_outcome_struct o;
    char *json, *logtext;
    size_t loglen = 0;
    int rc;

    snprintf(part, sizeof(part), "%s/%s.json.part", outdir, J->id);
    snprintf(out, sizeof(out), "%s/%s.json", outdir, J->id);
    snprintf(log, sizeof(log), "%s/%s.log", outdir, J->id);
    memset(&o, 0, sizeof(o));
    o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    o.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    o.wall = wall;
    o.cpu = ru->ru_utime.tv_sec + 1e-6 * ru->ru_utime.tv_usec +
            ru->ru_stime.tv_sec + 1e-6 * ru->ru_stime.tv_usec;
    json = _nh_sweep_slurp(part, NULL);
    if (json && json[0] == '\0')
    {
        flint_free(json);
        json = NULL;
    }
    if (json)
        rename(part, out);
    else
        unlink(part);
    logtext = _nh_sweep_slurp(log, &loglen);
    o.json = json;
    o.log = logtext ? logtext + (loglen > 4000 ? loglen - 4000 : 0) : NULL;
    rc = nh_sweep_db_record(db, run_id, J, &o, err);
    /* the status the database recorded (a job that exits 0 without
       JSON is "failed" in both) */
    fprintf(stderr, "sweep: %s %s: %s (exit %d%s%s, wall %.2f s, cpu %.2f s)\n", J->id, J->label,
            nh_sweep_outcome_status(&o), o.exit_code,
            o.signal ? ", signal " : "", o.signal ? strsignal(o.signal) : "", o.wall, o.cpu);
    flint_free(json);
    flint_free(logtext);
    return rc;
}

int
nh_sweep_run_local(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, const char *oracle,
                   const char *outdir, int nworkers, nh_error_t err)
{
    char *done = flint_calloc(S->njobs + 1, 1);
    pid_t *pid = flint_calloc(S->njobs + 1, sizeof(pid_t));
    double *t0 = flint_calloc(S->njobs + 1, sizeof(double));
    long next = 0, running = 0, todo = 0, i;
    int rc;

    if ((rc = _nh_sweep_mkdir(outdir, err)) || (rc = nh_sweep_db_done(db, run_id, S, done, err)))
        goto out;
    for (i = 0; i < S->njobs; i++)
        todo += !done[i];
    fprintf(stderr, "sweep: run %ld: %ld jobs, %ld already recorded, %ld to run on %d workers\n",
            run_id, S->njobs, S->njobs - todo, todo, nworkers);
    while (rc == NH_OK && (next < S->njobs || running > 0))
    {
        while (running < nworkers && next < S->njobs)
        {
            if (!done[next])
            {
                t0[next] = _nh_sweep_clock(1);
                if ((pid[next] = spawn(&S->jobs[next], S->top, oracle, outdir)) < 0)
                {
                    rc = nh_error_set(err, NH_ERR_IO, "cannot fork: %s", strerror(errno));
                    break;
                }
                running++;
            }
            next++;
        }
        if (running > 0)
        {
            struct rusage ru;
            int status;
            pid_t p = wait4(-1, &status, 0, &ru);
            if (p < 0)
            {
                if (errno == EINTR)
                    continue;
                rc = nh_error_set(err, NH_ERR_IO, "wait4: %s", strerror(errno));
                break;
            }
            for (i = 0; i < next; i++)
                if (pid[i] == p)
                {
                    pid[i] = 0;
                    running--;
                    if (finish(db, run_id, &S->jobs[i], outdir, status, &ru, _nh_sweep_clock(1) - t0[i], err))
                        rc = err->code;
                    break;
                }
        }
    }
out:
    flint_free(done);
    flint_free(pid);
    flint_free(t0);
    return rc;
}
