/*
 * cmd_sweep.c -- `nhoracle sweep`: run a sweep file (doc/sweep.md) as
 * independent jobs (local worker processes or a Slurm job array), keep
 * the results in an SQLite history, flag regressions (exit 10, TAP and
 * JUnit), write a static HTML report.  Thin: everything is in lib/sweep.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "nh_file.h"
#include "sweep.h"

/* a regression against the history (the code of `converge --tap`'s
   failed order, doc/exit-codes.md) */
#define NH_EXIT_SWEEP_REGRESSION 10

typedef struct
{
    const char *sweep, *db, *report, *out, *top, *oracle, *slurm, *collect, *tap, *junit, *rev;
    const char *accept, *why;   /* --accept JOB_ID|RUN_ID --why TEXT */
    long jobs;
    int fresh, parallel;        /* --engine parallel */
}
sweep_opts;

static const struct option sweep_options[] = {
    {"db", required_argument, NULL, 'd'}, {"jobs", required_argument, NULL, 'j'},
    {"report", required_argument, NULL, 'r'}, {"out", required_argument, NULL, 'O'},
    {"top", required_argument, NULL, 'T'}, {"oracle", required_argument, NULL, 'P'},
    {"slurm", required_argument, NULL, 'S'}, {"collect", required_argument, NULL, 'C'},
    {"tap", required_argument, NULL, 't'}, {"junit", required_argument, NULL, 'J'},
    {"git-rev", required_argument, NULL, 'g'}, {"new-run", no_argument, NULL, 'n'},
    {"engine", required_argument, NULL, 'E'},
    {"accept", required_argument, NULL, 'A'}, {"why", required_argument, NULL, 'W'},
    {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};

static void
usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle sweep FILE.sweep --db HISTORY.sqlite [--jobs N] [--engine E]\n"
"                      [--report DIR]\n"
"                      [--out DIR] [--top DIR] [--tap FILE] [--junit FILE]\n"
"                      [--new-run] [--oracle PROG] [--git-rev REV]\n"
"       nhoracle sweep FILE.sweep --db HISTORY.sqlite --slurm DIR\n"
"       nhoracle sweep FILE.sweep --db HISTORY.sqlite --collect DIR [--report DIR]\n"
"       nhoracle sweep --db HISTORY.sqlite --accept JOB_ID|RUN_ID --why TEXT\n"
"Expand a sweep file (cases x initial data x eps lists x precision, plus\n"
"series/emit/prove jobs; format in doc/sweep.md) into independent jobs with\n"
"stable ids, run each as a child process of nhoracle (argument vector, no\n"
"shell) writing its JSON, record every result in the SQLite history (WAL,\n"
"one transaction per job) and compare the run with the history.\n"
"  --db FILE      the history database (created if absent)\n"
"  --jobs N       jobs at a time (default 2)\n"
"  --engine E     local: N worker processes of nhoracle itself (default);\n"
"                 parallel: GNU parallel -j N runs the job array of --slurm\n"
"                 (argument vectors), results ingested as by --collect\n"
"  --report DIR   static HTML report DIR/index.html (trend SVGs via gnuplot)\n"
"  --out DIR      per-job JSON, logs and plots (default DB.jobs/RUN)\n"
"  --top DIR      files named in the sweep are relative to DIR (default: the\n"
"                 parent of the sweep file's directory)\n"
"  --tap FILE     TAP summary to FILE (default: standard output)\n"
"  --junit FILE   JUnit XML summary\n"
"  --new-run      start a new run even if an interrupted one can be resumed\n"
"                 (default: resume it, running only the missing jobs)\n"
"  --oracle PROG  the program the jobs run (default: this nhoracle)\n"
"  --git-rev REV  revision recorded with the run (default: git rev-parse HEAD\n"
"                 in --top, else 'unknown')\n"
"  --slurm DIR    write DIR/sweep.sbatch (sbatch --array) and DIR/collect.sh;\n"
"                 run nothing\n"
"  --collect DIR  ingest the per-job files of a Slurm run into the database\n"
"  --accept ID --why TEXT  accept the latest ok result of job ID (16 hex\n"
"                 digits) or every ok result of run ID: it becomes the\n"
"                 baseline (a flag persists until accepted); who and why\n"
"                 are recorded\n"
"Exit: 0 no regression; 10 some regression against the last accepted run\n"
"(a failed or crashed job, a certified ball no longer overlapping, an\n"
"order interval no longer containing the prediction, an order that moved,\n"
"a changed verdict, a CPU time above 2x the median); 1 usage; 2 malformed\n"
"sweep file (file:line:col); 5 io (database, files).\n");
}

/* The paths of the command line are written into scripts, HTML and the
   database: a control character (newline, escape, ...) in one is refused. */
static int
paths_plain(const sweep_opts *o, nh_error_t err)
{
    const char *name[] = {"sweep file", "--db", "--report", "--out", "--top", "--oracle",
                          "--slurm", "--collect", "--tap", "--junit"};
    const char *val[] = {o->sweep, o->db, o->report, o->out, o->top, o->oracle, o->slurm,
                         o->collect, o->tap, o->junit};
    size_t i;

    for (i = 0; i < sizeof(val) / sizeof(val[0]); i++)
        if (val[i] && nh_file_has_control(val[i]))
            return nh_error_set(err, NH_ERR_USAGE, "sweep: %s: the path contains a control "
                                "character (newline, tab, ...): refused", name[i]);
    return NH_OK;
}

static int
parse(sweep_opts *o, int argc, char **argv, nh_error_t err)
{
    int c;
    slong n;

    memset(o, 0, sizeof(*o));
    o->jobs = 2;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", sweep_options, NULL)) != -1)
        switch (c)
        {
        case 'd': o->db = optarg; break;
        case 'j':
            if (nh_parse_slong(&n, optarg, 1, 256, "--jobs", err))
                return err->code;
            o->jobs = n;
            break;
        case 'r': o->report = optarg; break;
        case 'O': o->out = optarg; break;
        case 'T': o->top = optarg; break;
        case 'P': o->oracle = optarg; break;
        case 'S': o->slurm = optarg; break;
        case 'C': o->collect = optarg; break;
        case 't': o->tap = optarg; break;
        case 'J': o->junit = optarg; break;
        case 'g': o->rev = optarg; break;
        case 'n': o->fresh = 1; break;
        case 'A': o->accept = optarg; break;
        case 'W': o->why = optarg; break;
        case 'E':
            if (strcmp(optarg, "parallel") == 0)
                o->parallel = 1;
            else if (strcmp(optarg, "local") != 0)
                return nh_error_set(err, NH_ERR_USAGE, "sweep: --engine: expected local or parallel, got '%s'", optarg);
            break;
        case 'h': usage(stdout); return -1;
        default: return nh_error_set(err, NH_ERR_USAGE, "sweep: bad option (see --help)");
        }
    if (o->db == NULL)
        return nh_error_set(err, NH_ERR_USAGE, "sweep: --db HISTORY.sqlite is required");
    if (o->why && !o->accept)
        return nh_error_set(err, NH_ERR_USAGE, "sweep: --why goes with --accept");
    if (o->accept)
        return optind < argc ? nh_error_set(err, NH_ERR_USAGE, "sweep --accept: no sweep file")
                             : paths_plain(o, err);
    if (optind != argc - 1)
        return nh_error_set(err, NH_ERR_USAGE, "sweep: expected exactly one sweep file");
    o->sweep = argv[optind];
    if (o->slurm && o->collect)
        return nh_error_set(err, NH_ERR_USAGE, "sweep: --slurm and --collect exclude each other");
    if (o->parallel && (o->slurm || o->collect))
        return nh_error_set(err, NH_ERR_USAGE, "sweep: --engine parallel runs the jobs: not with --slurm or --collect");
    return paths_plain(o, err);
}

/* Absolute path of p (which must exist) into buf. */
static const char *
absolute(const char *p, char *buf)
{
    return realpath(p, buf) ? buf : p;
}

/* --top default: the parent of the sweep file's directory. */
static void
default_top(const char *sweep, char *buf)
{
    char tmp[PATH_MAX], *s;

    if (realpath(sweep, tmp) == NULL)
    {
        strcpy(buf, ".");
        return;
    }
    if ((s = strrchr(tmp, '/')) != NULL)
        *s = '\0';
    if ((s = strrchr(tmp, '/')) != NULL && s != tmp)
        *s = '\0';
    strcpy(buf, tmp);
}

static void
git_rev(const char *top, char *rev, size_t n)
{
    char *argv[] = {(char *) "git", (char *) "rev-parse", (char *) "HEAD", NULL};
    char *out = NULL;
    size_t len = 0;
    int not_found = 0;
    nh_error_t err;

    nh_error_init(err);
    snprintf(rev, n, "unknown");
    if (nh_run_capture(&out, &len, &not_found, top, argv, 4096, err) == NH_OK && out && len >= 7)
    {
        snprintf(rev, n, "%.*s", (int) strcspn(out, "\n"), out);
        free(out);
    }
}

/* Run (locally, on GNU parallel or by collecting), then regressions and
   report (nh_sweep_run); self: this nhoracle (the collector of the
   parallel engine). */
static int
sweep_run(const sweep_opts *o, const nh_sweep_t S, nh_sweep_db_ptr db, const char *oracle,
          const char *self, const char *rev, long *nreg, nh_error_t err)
{
    nh_sweep_opts_struct so;
    nh_sweep_result_struct R;
    FILE *tap = stdout;
    int rc;

    nh_sweep_opts_init(&so);
    so.engine = o->collect ? NH_SWEEP_ENGINE_COLLECT
              : o->parallel ? NH_SWEEP_ENGINE_PARALLEL : NH_SWEEP_ENGINE_LOCAL;
    so.jobs = o->jobs;
    so.fresh = o->fresh;
    so.db_path = o->db;
    so.oracle = oracle;
    so.self = self;
    so.git_rev = rev;
    so.collect = o->collect;
    so.out = o->out;
    so.junit = o->junit;
    so.report = o->report;
    if (o->tap && (tap = fopen(o->tap, "w")) == NULL)
        return nh_error_set(err, NH_ERR_IO, "%s: cannot write the TAP file", o->tap);
    so.tap = tap;
    rc = nh_sweep_run(&R, db, S, &so, err);
    if (tap != stdout && fclose(tap) != 0 && rc == NH_OK)
        rc = nh_error_set(err, NH_ERR_IO, "%s: cannot write the TAP file", o->tap);
    if (o->collect && R.run_id > 0)
        fprintf(stderr, "sweep: run %ld: ingested %ld job results from %s\n", R.run_id,
                R.ningested, o->collect);
    if (rc == NH_OK)
        fprintf(stderr, "sweep: run %ld: %ld jobs, %ld missing, %ld with regressions\n",
                R.run_id, S->njobs, R.missing, R.nregress);
    *nreg = R.nregress;
    return rc;
}

/* --accept: record the acceptance in an existing history. */
static int
sweep_accept(const sweep_opts *o, nh_error_t err)
{
    nh_sweep_db_ptr db = NULL;
    long n = 0;
    int rc;

    if (access(o->db, F_OK) != 0)
        rc = nh_error_set(err, NH_ERR_IO, "%s: no such history database", o->db);
    else if ((rc = nh_sweep_db_open(&db, o->db, err)) == NH_OK)
        rc = nh_sweep_accept(db, o->accept, o->why, &n, err);
    nh_sweep_db_close(db);
    if (rc)
        return nh_report(err);
    fprintf(stderr, "sweep: accepted %ld result%s (%s): they are the baseline from now on\n", n,
            n == 1 ? "" : "s", o->accept);
    return NH_OK;
}

int
nh_cmd_sweep(int argc, char **argv)
{
    sweep_opts o;
    nh_sweep_t S;
    nh_sweep_db_ptr db = NULL;
    char top[PATH_MAX], oracle[PATH_MAX], self[PATH_MAX], dbabs[PATH_MAX], rev[128];
    nh_error_t err;
    long nreg = 0;
    int rc;

    nh_error_init(err);
    rc = parse(&o, argc, argv, err);
    if (rc == -1)
        return NH_OK;
    if (rc)
        return nh_report(err);
    if (o.accept)
        return sweep_accept(&o, err);
    if (o.top)
        absolute(o.top, top);
    else
        default_top(o.sweep, top);
    if (realpath("/proc/self/exe", self) == NULL)
        snprintf(self, sizeof(self), "nhoracle");
    snprintf(oracle, sizeof(oracle), "%s", o.oracle ? o.oracle : self);
    if (o.rev)
        snprintf(rev, sizeof(rev), "%s", o.rev);
    else
        git_rev(top, rev, sizeof(rev));
    if (nh_sweep_read(S, o.sweep, top, err))
        return nh_report(err);
    if ((rc = nh_sweep_db_open(&db, o.db, err)) == NH_OK)
    {
        if (o.slurm)
        {
            char dir[PATH_MAX];
            if (mkdir(o.slurm, 0755) != 0 && errno != EEXIST)
                rc = nh_error_set(err, NH_ERR_IO, "%s: cannot create directory", o.slurm);
            else
                rc = nh_sweep_slurm_write(S, absolute(o.slurm, dir), oracle, self, absolute(o.db, dbabs), err);
            if (rc == NH_OK)
                fprintf(stderr, "sweep: wrote %s/sweep.sbatch (%ld array tasks) and %s/collect.sh\n",
                        o.slurm, S->njobs, o.slurm);
        }
        else
            rc = sweep_run(&o, S, db, oracle, self, rev, &nreg, err);
    }
    nh_sweep_db_close(db);
    nh_sweep_clear(S);
    if (rc)
        return nh_report(err);
    return nreg > 0 ? NH_EXIT_SWEEP_REGRESSION : NH_OK;
}
