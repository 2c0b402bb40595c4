/*
 * sweep_parallel.c -- the local engine on GNU parallel (O. Tange, GNU
 * Parallel, 2011-2022): the job files of the Slurm engine (sweep_slurm.c:
 * DIR/jobs/ID.args, DIR/jobs.list, DIR/sweep.sbatch, whose task index is
 * $1 outside Slurm) run by
 *
 *     parallel --will-cite --halt never -j N -q bash DIR/sweep.sbatch ::: I...
 *
 * for the jobs not yet recorded; parallel is started with an argument
 * vector (fork/execvp) and -q quotes every word it passes on.  The
 * results are ingested by nh_sweep_collect: first what an earlier, killed
 * attempt of the same run left in DIR/out, then the new ones.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <flint/flint.h>
#include "impl.h"

#define NH_SWEEP_PARALLEL_EXEC_FAILED 127

/* Run av (NULL-terminated) with stdin from /dev/null; its exit status in
   *status (NH_SWEEP_PARALLEL_EXEC_FAILED when av[0] cannot be run). */
static int
run_argv(char *const *av, int *status, nh_error_t err)
{
    pid_t pid = fork(), w;

    if (pid < 0)
        return nh_error_set(err, NH_ERR_IO, "cannot fork: %s", strerror(errno));
    if (pid == 0)
    {
        int fi = open("/dev/null", O_RDONLY);
        if (fi >= 0)
            dup2(fi, 0);
        execvp(av[0], av);
        _exit(NH_SWEEP_PARALLEL_EXEC_FAILED);
    }
    while ((w = waitpid(pid, status, 0)) < 0 && errno == EINTR)
        ;
    if (w < 0)
        return nh_error_set(err, NH_ERR_IO, "waitpid: %s", strerror(errno));
    return NH_OK;
}

int
nh_sweep_run_parallel(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, const char *oracle,
                      const char *self, const char *db_path, const char *dir, int nworkers,
                      nh_error_t err)
{
    char *done = flint_calloc(S->njobs + 1, 1), jobs[32], script[4096];
    char **av = flint_calloc(S->njobs + 16, sizeof(char *));
    char *idx = flint_calloc(S->njobs + 1, 24);
    long i, n = 0, todo = 0, ning = 0;
    int rc, status = 0;

    if ((rc = nh_sweep_slurm_write(S, dir, oracle, self, db_path, err))
        || (rc = nh_sweep_collect(db, run_id, S, dir, &ning, err))
        || (rc = nh_sweep_db_done(db, run_id, S, done, err)))
        goto out;
    snprintf(jobs, sizeof(jobs), "%d", nworkers);
    snprintf(script, sizeof(script), "%s/sweep.sbatch", dir);
    av[n++] = (char *) "parallel";
    av[n++] = (char *) "--will-cite";
    av[n++] = (char *) "--halt";
    av[n++] = (char *) "never";
    av[n++] = (char *) "-j";
    av[n++] = jobs;
    av[n++] = (char *) "-q";
    av[n++] = (char *) "bash";
    av[n++] = script;
    av[n++] = (char *) ":::";
    for (i = 0; i < S->njobs; i++)
        if (!done[i])
        {
            snprintf(idx + 24 * i, 24, "%ld", i);
            av[n++] = idx + 24 * i;
            todo++;
        }
    av[n] = NULL;
    fprintf(stderr, "sweep: run %ld: %ld jobs, %ld already recorded (%ld ingested from %s), "
            "%ld to run by GNU parallel -j %d\n", run_id, S->njobs, S->njobs - todo, ning, dir,
            todo, nworkers);
    if (todo == 0)
        goto out;
    if ((rc = run_argv(av, &status, err)))
        goto out;
    /* parallel's exit status counts the failed jobs (1..101), which are
       recorded as such; it cannot have run at all on 127 (exec) or 255 */
    if (!WIFEXITED(status) || WEXITSTATUS(status) == NH_SWEEP_PARALLEL_EXEC_FAILED
        || WEXITSTATUS(status) == 255)
    {
        rc = nh_error_set(err, NH_ERR_IO, "GNU parallel %s (Debian package 'parallel'; "
                          "or --engine local)",
                          WIFEXITED(status) && WEXITSTATUS(status) == NH_SWEEP_PARALLEL_EXEC_FAILED
                          ? "cannot be run" : "failed");
        goto out;
    }
    rc = nh_sweep_collect(db, run_id, S, dir, &ning, err);
    fprintf(stderr, "sweep: run %ld: ingested %ld job results from %s\n", run_id, ning, dir);
out:
    flint_free(done);
    flint_free(av);
    flint_free(idx);
    return rc;
}
