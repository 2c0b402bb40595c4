/*
 * sweep_run.c -- one run of a sweep in one call (nh_sweep_run, sweep.h):
 * the run started or resumed, the jobs by the chosen engine, the
 * regressions against the history and the report (doc/sweep.md).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <flint/flint.h>
#include "impl.h"

void
nh_sweep_opts_init(nh_sweep_opts_struct *o)
{
    memset(o, 0, sizeof(*o));
    o->engine = NH_SWEEP_ENGINE_LOCAL;
    o->jobs = 1;
}

/* The directory of the per-job files of run run_id into outdir (created,
   absolute: the jobs run in the tree top). */
static int
job_dir(char *outdir, size_t n, const nh_sweep_opts_struct *o, long run_id, nh_error_t err)
{
    char abs[PATH_MAX];

    if (o->out)
        snprintf(outdir, n, "%s", o->out);
    else if (o->collect)
        snprintf(outdir, n, "%s/out", o->collect);
    else
    {
        snprintf(outdir, n, "%s.jobs", o->db_path);
        if (_nh_sweep_mkdir(outdir, err))
            return err->code;
        snprintf(outdir + strlen(outdir), n - strlen(outdir), "/%ld", run_id);
    }
    if (_nh_sweep_mkdir(outdir, err))
        return err->code;
    if (realpath(outdir, abs) != NULL)
        snprintf(outdir, n, "%s", abs);
    return NH_OK;
}

int
nh_sweep_run(nh_sweep_result_struct *R, nh_sweep_db_ptr db, const nh_sweep_t S,
             const nh_sweep_opts_struct *o, nh_error_t err)
{
    char outdir[PATH_MAX], dbabs[PATH_MAX], *done = flint_calloc(S->njobs + 1, 1);
    long i;
    int rc;

    memset(R, 0, sizeof(*R));
    if ((rc = nh_sweep_run_begin(db, S, o->git_rev, o->fresh, &R->run_id, err))
        || (rc = job_dir(outdir, sizeof(outdir), o, R->run_id, err)))
        goto out;
    if (o->engine == NH_SWEEP_ENGINE_COLLECT)
        rc = nh_sweep_collect(db, R->run_id, S, o->collect, &R->ningested, err);
    else if (o->engine == NH_SWEEP_ENGINE_PARALLEL)
    {
        rc = nh_sweep_run_parallel(db, R->run_id, S, o->oracle, o->self,
                                   realpath(o->db_path, dbabs) ? dbabs : o->db_path, outdir,
                                   (int) o->jobs, err);
        /* the per-job files are in outdir/out (the job array's layout) */
        snprintf(outdir + strlen(outdir), sizeof(outdir) - strlen(outdir), "/out");
    }
    else
        rc = nh_sweep_run_local(db, R->run_id, S, o->oracle, outdir, (int) o->jobs, err);
    if (rc || (rc = nh_sweep_db_done(db, R->run_id, S, done, err)))
        goto out;
    for (i = 0; i < S->njobs; i++)
        R->missing += !done[i];
    if (R->missing == 0 && (rc = nh_sweep_run_end(db, R->run_id, err)))
        goto out;
    rc = nh_sweep_regressions(db, R->run_id, S, o->tap, o->junit, &R->nregress, err);
    if (rc == NH_OK && o->report)
        rc = nh_sweep_report(db, R->run_id, S, o->report, outdir, err);
out:
    flint_free(done);
    return rc;
}
