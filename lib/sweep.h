/*
 * sweep.h -- nightly convergence regression at scale (issue 18,
 * doc/sweep.md): a sweep file (cases x initial data x eps lists x
 * precision, plus series / emit / prove jobs) is expanded into
 * independent jobs with stable ids; each job is one run of an nhoracle
 * subcommand (a child process started with an argument vector, never a
 * shell) writing its JSON; results go to an SQLite history (WAL, one
 * transaction per job); regressions against the history are flagged
 * (TAP / JUnit), and a static HTML report with gnuplot SVGs is written.
 *
 * No number is computed here: every value recorded is read from a job's
 * own JSON (observed orders are estimates with their confidence
 * intervals, doc/convergence.md; verdicts of proof claims are those of
 * `nhoracle prove`).  Errors: NH_ERR_USAGE / NH_ERR_PARSE (sweep file,
 * message "FILE:LINE:COL: ..."), NH_ERR_IO (database, files, programs).
 */
#ifndef NH_SWEEP_H
#define NH_SWEEP_H

#include <stdio.h>
#include "nh_error.h"

/* Most arguments of one job's command line (the sweep file is refused
   above it). */
#define NH_SWEEP_MAX_ARGS 64
#define NH_SWEEP_ID_LEN 16      /* hex digits of a job id */

/* One job: argv (NULL-terminated, argv[0] = subcommand name; the oracle
   program is prepended when run), its kind ("converge", "series",
   "emit", "prove"), the model/document file it reads and the stable id
   (first 16 hex digits of SHA-256 of the argument vector, NUL-joined). */
typedef struct
{
    char id[NH_SWEEP_ID_LEN + 1]; /* stable id: 16 hex digits + NUL */
    char kind[16];              /* "converge", "series", "emit", "prove" */
    char *file;                 /* case or proof document, top/FILE      */
    char *label;                /* short human name: "vertical_disk k<=2 ..." */
    int argc;                   /* number of arguments in argv           */
    char *argv[NH_SWEEP_MAX_ARGS + 1]; /* NULL-terminated, argv[0] = subcommand */
}
nh_sweep_job_struct;

/* The expanded sweep. */
typedef struct
{
    char *path;                 /* the sweep file                      */
    char *top;                  /* files are relative to it; the jobs run in it (NULL: cwd) */
    char sha256[65];            /* of its text: identifies the sweep   */
    double order_tol;           /* "order-tol" (default 0.25)           */
    double time_factor;         /* "time-factor" (default 2)            */
    double time_floor;          /* "time-floor" seconds (default 1)     */
    int time_history;           /* "time-history" runs (default 5)      */
    long njobs;                 /* number of jobs */
    nh_sweep_job_struct *jobs;  /* the expanded jobs */
}
nh_sweep_struct;

typedef nh_sweep_struct nh_sweep_t[1];

/* Read and expand the sweep file path (format: doc/sweep.md); file names
   in it are relative to top (NULL: the current directory) and must stay
   inside it.  NH_OK, or NH_ERR_PARSE / NH_ERR_IO with "FILE:LINE:COL:". */
int nh_sweep_read(nh_sweep_t S, const char *path, const char *top, nh_error_t err);
void nh_sweep_clear(nh_sweep_t S);

/* ---- history database (SQLite) ------------------------------------- */

typedef struct nh_sweep_db_struct nh_sweep_db_struct;
typedef nh_sweep_db_struct *nh_sweep_db_ptr;

/* Open (create) the database in WAL mode with the schema of doc/sweep.md.
   An existing file is first checked with PRAGMA quick_check, before
   anything is written: a damaged file (or not an SQLite database) is
   NH_ERR_IO "PATH: the database fails PRAGMA quick_check (...)" and is
   left untouched. */
int nh_sweep_db_open(nh_sweep_db_ptr *db, const char *path, nh_error_t err);
void nh_sweep_db_close(nh_sweep_db_ptr db);

/* Start a run of sweep S: resume the latest incomplete run of the same
   sweep (same sweep_sha256) whose owner process is gone, unless
   fresh; else create a new run.  *run_id receives its id. */
int nh_sweep_run_begin(nh_sweep_db_ptr db, const nh_sweep_t S, const char *git_rev,
                       int fresh, long *run_id, nh_error_t err);
/* Mark the run complete. */
int nh_sweep_run_end(nh_sweep_db_ptr db, long run_id, nh_error_t err);

/* done[i] = 1 when job i of S already has a result in run run_id. */
int nh_sweep_db_done(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, char *done,
                     nh_error_t err);

/* The outcome of one job as the engine saw it. */
typedef struct
{
    int exit_code;              /* exit status, or -1 when killed       */
    int signal;                 /* terminating signal, 0 if none        */
    double wall, cpu;           /* seconds (cpu: user + system of the child; < 0 unknown) */
    const char *json;           /* its JSON output (NULL: none)         */
    const char *log;            /* tail of its standard error (or NULL) */
}
nh_sweep_outcome_struct;

/* The status recorded for outcome o: "crashed" (killed by a signal),
   "failed" (nonzero exit, or no readable JSON on standard output), else
   "ok".  The one rule of nh_sweep_db_record and of the progress lines. */
const char *nh_sweep_outcome_status(const nh_sweep_outcome_struct *o);

/* Record job's outcome in run run_id in one transaction (result row,
   observed orders, claim verdicts parsed from the JSON). */
int nh_sweep_db_record(nh_sweep_db_ptr db, long run_id, const nh_sweep_job_struct *job,
                       const nh_sweep_outcome_struct *o, nh_error_t err);

/* ---- engines ------------------------------------------------------- */

/* Run the jobs of S not yet recorded in run run_id with at most nworkers
   child processes of program oracle (fork/execvp), each writing
   outdir/ID.json (-o) and outdir/ID.log (standard error); record each as
   it ends.  Progress lines go to stderr. */
int nh_sweep_run_local(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S,
                       const char *oracle, const char *outdir, int nworkers,
                       nh_error_t err);

/* The local engine on GNU parallel (lib/sweep/sweep_parallel.c,
   doc/sweep.md "Engines"): the job files of nh_sweep_slurm_write in dir
   (absolute), the jobs of S not yet recorded in run run_id run by
   `parallel -j nworkers` (argument vector; -q quotes each word), then
   nh_sweep_collect (also first: results a killed attempt left in dir).
   self, db_path: as for nh_sweep_slurm_write.  NH_ERR_IO when parallel
   cannot be run; failing or crashing jobs are recorded, not errors. */
int nh_sweep_run_parallel(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S,
                          const char *oracle, const char *self, const char *db_path,
                          const char *dir, int nworkers, nh_error_t err);

/* Write the Slurm job array into dir: dir/jobs/ID.args (NUL-separated
   argument vectors), dir/jobs.list, dir/sweep.sbatch (sbatch --array),
   dir/out/ for the per-job JSON, and dir/collect.sh (runs
   `SELF sweep FILE --db DB --collect DIR`, SELF = the nhoracle program;
   oracle: the program the jobs run).  Every path is written into the
   scripts shell-quoted (no shell interprets it); a path with a control
   character (a newline would end a #SBATCH comment line) is refused,
   NH_ERR_USAGE. */
int nh_sweep_slurm_write(const nh_sweep_t S, const char *dir, const char *oracle,
                         const char *self, const char *db_path, nh_error_t err);
/* Ingest dir/out/ID.{json,rc,time,log} of a Slurm run into run run_id. */
int nh_sweep_collect(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, const char *dir,
                     long *ningested, nh_error_t err);

/* Accept (doc/sweep.md "Acceptance") the results named by id: a run id
   (decimal): every ok result of that run; a job id (16 hex digits): its
   latest result, if ok.  Records (run, job, who = $USER or the password
   entry of the real uid, why, time) in table accepts; an accepted result
   is its job's baseline from then on.  *naccepted: results accepted.
   NH_ERR_USAGE: a malformed id, an empty why, nothing ok to accept. */
int nh_sweep_accept(nh_sweep_db_ptr db, const char *id, const char *why, long *naccepted,
                    nh_error_t err);

/* ---- regressions and report ---------------------------------------- */

/* Compare run run_id with the history (doc/sweep.md "Regressions"):
   writes TAP to tap (may be NULL) and JUnit XML to junit_path (NULL: no
   file); *nregress = number of regressions.  Flags are stored in the
   database (table flags) for the report. */
int nh_sweep_regressions(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, FILE *tap,
                         const char *junit_path, long *nregress, nh_error_t err);

/* Static HTML report of run run_id in dir (index.html, json/, svg/). */
int nh_sweep_report(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, const char *dir,
                    const char *outdir, nh_error_t err);

/* ---- one call: a whole run ------------------------------------------ */

/* Where the jobs of a run come from (nh_sweep_opts_struct.engine). */
typedef enum
{
    NH_SWEEP_ENGINE_LOCAL = 0,  /* nh_sweep_run_local                  */
    NH_SWEEP_ENGINE_PARALLEL,   /* nh_sweep_run_parallel (GNU parallel) */
    NH_SWEEP_ENGINE_COLLECT     /* nh_sweep_collect of a Slurm run      */
}
nh_sweep_engine_t;

/* The settings of nh_sweep_run; nh_sweep_opts_init gives the defaults
   (local engine, 1 worker, resume, no TAP, JUnit, report). */
typedef struct
{
    nh_sweep_engine_t engine;   /* how the jobs run                            */
    long jobs;                  /* workers of the local and parallel engines   */
    int fresh;                  /* 1: a new run even if an unfinished one of the
                                   same sweep and git revision can be resumed */
    const char *db_path;        /* the history's file (default output directory
                                   DB_PATH.jobs/RUN_ID; the parallel engine's
                                   collector opens it)                         */
    const char *oracle;         /* the program the jobs run                    */
    const char *self;           /* this nhoracle (the collector of the
                                   parallel engine)                            */
    const char *git_rev;        /* recorded with the run                       */
    const char *collect;        /* NH_SWEEP_ENGINE_COLLECT: the Slurm directory
                                   (its out/ holds the per-job files)          */
    const char *out;            /* directory of the per-job files (NULL: the
                                   default above, or COLLECT/out)              */
    FILE *tap;                  /* TAP of the regressions (NULL: none)         */
    const char *junit;          /* JUnit XML file (NULL: none)                 */
    const char *report;         /* HTML report directory (NULL: none)          */
}
nh_sweep_opts_struct;

/* What nh_sweep_run did. */
typedef struct
{
    long run_id;                /* the run (new or resumed)                    */
    long ningested;             /* COLLECT: job results read from the files    */
    long missing;               /* jobs of S without a result (the run stays
                                   unfinished and is resumed next time)        */
    long nregress;              /* jobs with regressions (doc/sweep.md)        */
}
nh_sweep_result_struct;

/* o = the defaults: local engine, 1 worker, resume, every path and
   the TAP stream NULL (the caller sets db_path, oracle, git_rev). */
void nh_sweep_opts_init(nh_sweep_opts_struct *o);

/* One run of sweep S on the history db (`nhoracle sweep`, doc/sweep.md):
   nh_sweep_run_begin, the jobs by o->engine (progress lines on stderr,
   as the engines write them), nh_sweep_run_end when no job is missing,
   nh_sweep_regressions (TAP to o->tap, JUnit to o->junit), and
   nh_sweep_report when o->report.  Errors: NH_ERR_IO (a directory or
   file that cannot be created, the database), those of the engines;
   regressions are not errors (R->nregress). */
int nh_sweep_run(nh_sweep_result_struct *R, nh_sweep_db_ptr db, const nh_sweep_t S,
                 const nh_sweep_opts_struct *o, nh_error_t err);

#endif
