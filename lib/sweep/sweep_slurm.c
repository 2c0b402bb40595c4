/*
 * sweep_slurm.c -- the cluster engine (doc/sweep.md, "Slurm"): a Slurm
 * job array whose task i runs job i of the sweep from its stored argument
 * vector (no word of it is interpreted by a shell: bash's mapfile -d ''
 * reads the NUL-separated words, "${args[@]}" passes them unchanged), and
 * the collector that ingests the per-job files into the database.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <flint/flint.h>
#include "nh_file.h"
#include "impl.h"

static int
write_args(const nh_sweep_job_struct *J, const char *dir, const char *oracle, nh_error_t err)
{
    char path[4096], plot[4096];
    char *b = flint_malloc(256);
    size_t l = 0, c = 256;
    int a, rc;

    _nh_sweep_cat(&b, &l, &c, "%s%c", oracle, 0);
    for (a = 0; a < J->argc; a++)
        _nh_sweep_cat(&b, &l, &c, "%s%c", J->argv[a], 0);
    if (strcmp(J->kind, "emit") != 0)
        _nh_sweep_cat(&b, &l, &c, "--json%c", 0);
    if (strcmp(J->kind, "converge") == 0)
    {
        snprintf(plot, sizeof(plot), "%s/out/%s", dir, J->id);
        _nh_sweep_cat(&b, &l, &c, "--plot%c%s%c", 0, plot, 0);
    }
    snprintf(path, sizeof(path), "%s/jobs/%s.args", dir, J->id);
    rc = _nh_sweep_write_file(path, b, l, err);
    flint_free(b);
    return rc;
}

/* The task script: its only values (the job directory and the tree
   top) are assigned once, shell-quoted (_nh_sweep_shquote); the #SBATCH
   comment lines are read by sbatch only (a path there has no control
   character: nh_sweep_slurm_write refuses them). */
static const char *const SBATCH_HEAD =
    "#!/bin/bash\n"
    "# nhoracle sweep job array (doc/sweep.md): task i runs line i+1 of jobs.list\n"
    "#SBATCH --job-name=nhoracle-sweep\n"
    "#SBATCH --array=0-%ld\n"
    "#SBATCH --ntasks=1\n"
    "#SBATCH --cpus-per-task=1\n"
    "#SBATCH --output=%s/out/slurm-%%A_%%a.out\n"
    "set -u\n";
static const char *const SBATCH_BODY =
    "# the task index: Slurm's, or $1 (GNU parallel, sweep --engine parallel)\n"
    "task=${1:-${SLURM_ARRAY_TASK_ID:-}}\n"
    "case $task in ''|*[!0-9]*) echo \"bad task index\" >&2; exit 1;; esac\n"
    "id=$(sed -n \"$((task + 1))p\" \"$dir/jobs.list\")\n"
    "[ -n \"$id\" ] || { echo \"no job $task\" >&2; exit 1; }\n"
    "mapfile -d '' args < \"$dir/jobs/$id.args\"\n"
    "cd \"$top\" || exit 1\n"
    "out=\"$dir/out/$id\"\n"
    "TIMEFORMAT='%R %U %S'\n"
    "{ time \"${args[@]}\" >\"$out.json.part\" 2>\"$out.log\" </dev/null; echo $? >\"$out.rc.part\"; } 2>\"$out.time\"\n"
    "mv -f \"$out.json.part\" \"$out.json\"\n"
    "mv -f \"$out.rc.part\" \"$out.rc\"\n";

/* A path written into a script: no control character (a newline would
   end a #SBATCH comment and start a command). */
static int
script_path(const char *p, const char *what, nh_error_t err)
{
    if (nh_file_has_control(p))
        return nh_error_set(err, NH_ERR_USAGE, "--slurm: %s contains a control character "
                            "(newline, tab, ...): refused", what);
    return NH_OK;
}

static void
write_scripts(const nh_sweep_t S, const char *dir, const char *self, const char *db_path,
              char **b, size_t *l, size_t *c, int collect)
{
    *l = 0;
    if (!collect)
    {
        _nh_sweep_cat(b, l, c, SBATCH_HEAD, S->njobs - 1, dir);
        _nh_sweep_cat(b, l, c, "dir=");
        _nh_sweep_shquote(b, l, c, dir);
        _nh_sweep_cat(b, l, c, "\ntop=");
        _nh_sweep_shquote(b, l, c, S->top ? S->top : ".");
        _nh_sweep_cat(b, l, c, "\n%s", SBATCH_BODY);
        return;
    }
    _nh_sweep_cat(b, l, c, "#!/bin/sh\n# ingest the per-job files of the job array into the database\nexec ");
    _nh_sweep_shquote(b, l, c, self);
    _nh_sweep_cat(b, l, c, " sweep ");
    _nh_sweep_shquote(b, l, c, S->path);
    _nh_sweep_cat(b, l, c, " --db ");
    _nh_sweep_shquote(b, l, c, db_path);
    _nh_sweep_cat(b, l, c, " --collect ");
    _nh_sweep_shquote(b, l, c, dir);
    _nh_sweep_cat(b, l, c, " \"$@\"\n");
}

int
nh_sweep_slurm_write(const nh_sweep_t S, const char *dir, const char *oracle,
                     const char *self, const char *db_path, nh_error_t err)
{
    static const char *const subs[] = {"jobs", "out", NULL};
    char path[4096];
    char *b;
    size_t l = 0, c = 1024;
    long i;
    int rc;

    if (script_path(dir, "the directory", err) || script_path(db_path, "the database path", err)
        || script_path(S->path, "the sweep file path", err) || script_path(oracle, "the oracle", err)
        || script_path(self, "the nhoracle path", err)
        || (S->top && script_path(S->top, "the tree top", err)))
        return err->code;
    if ((rc = _nh_sweep_mkdirs(dir, subs, err)))
        return rc;
    b = flint_malloc(c);
    for (i = 0; i < S->njobs && rc == NH_OK; i++)
    {
        rc = write_args(S->jobs + i, dir, oracle, err);
        _nh_sweep_cat(&b, &l, &c, "%s\n", S->jobs[i].id);
    }
    snprintf(path, sizeof(path), "%s/jobs.list", dir);
    if (rc || (rc = _nh_sweep_write_file(path, b, l, err)))
        goto out;
    write_scripts(S, dir, self, db_path, &b, &l, &c, 0);
    snprintf(path, sizeof(path), "%s/sweep.sbatch", dir);
    if ((rc = _nh_sweep_write_file(path, b, l, err)))
        goto out;
    write_scripts(S, dir, self, db_path, &b, &l, &c, 1);
    snprintf(path, sizeof(path), "%s/collect.sh", dir);
    rc = _nh_sweep_write_file(path, b, l, err);
out:
    flint_free(b);
    return rc;
}

static const char *
last_line(const char *t)
{
    size_t n = strlen(t);
    while (n > 0 && t[n - 1] == '\n')
        n--;
    while (n > 0 && t[n - 1] != '\n')
        n--;
    return t + n;
}

int
nh_sweep_collect(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, const char *dir,
                 long *ningested, nh_error_t err)
{
    char *done = flint_calloc(S->njobs + 1, 1), path[4096];
    long i;
    int rc;

    *ningested = 0;
    if ((rc = nh_sweep_db_done(db, run_id, S, done, err)))
        goto out;
    for (i = 0; i < S->njobs && rc == NH_OK; i++)
    {
        nh_sweep_outcome_struct o;
        char *rcs, *tms, *json, *log;
        double r = -1, u = -1, s = -1;
        size_t ll = 0;

        snprintf(path, sizeof(path), "%s/out/%s.rc", dir, S->jobs[i].id);
        if (done[i] || (rcs = _nh_sweep_slurp(path, NULL)) == NULL)
            continue;
        memset(&o, 0, sizeof(o));
        o.exit_code = atoi(rcs);
        if (o.exit_code > 128)
        {
            o.signal = o.exit_code - 128;
            o.exit_code = -1;
        }
        snprintf(path, sizeof(path), "%s/out/%s.time", dir, S->jobs[i].id);
        tms = _nh_sweep_slurp(path, NULL);
        /* the last line (bash may print "Segmentation fault" before it) */
        if (tms == NULL || sscanf(last_line(tms), "%lf %lf %lf", &r, &u, &s) != 3)
            r = u = s = -1;
        o.wall = r;
        o.cpu = u >= 0 ? u + s : -1;
        snprintf(path, sizeof(path), "%s/out/%s.json", dir, S->jobs[i].id);
        json = _nh_sweep_slurp(path, NULL);
        o.json = json && json[0] ? json : NULL;
        snprintf(path, sizeof(path), "%s/out/%s.log", dir, S->jobs[i].id);
        log = _nh_sweep_slurp(path, &ll);
        o.log = log ? log + (ll > 4000 ? ll - 4000 : 0) : NULL;
        rc = nh_sweep_db_record(db, run_id, S->jobs + i, &o, err);
        fprintf(stderr, "sweep: %s %s: %s (exit %d, wall %.2f s, cpu %.2f s)\n", S->jobs[i].id,
                S->jobs[i].label, nh_sweep_outcome_status(&o), o.exit_code, o.wall, o.cpu);
        *ningested += rc == NH_OK;
        flint_free(rcs);
        flint_free(tms);
        flint_free(json);
        flint_free(log);
    }
out:
    flint_free(done);
    return rc;
}
