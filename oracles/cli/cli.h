/*
 * cli.h -- shared machinery of the nhoracle subcommands: option
 * parsing (getopt_long), model loading with --param overrides, output
 * building (human-readable text and one JSON object side by side),
 * certification of printed balls, the precision-retry driver and atomic
 * output files (-o).
 *
 * A subcommand supplies
 *   - its extra long options and a handler for them,
 *   - a compute function  int fn(out, cli, M, prec, data, err)  that
 *     evaluates everything at working precision prec and emits it with
 *     the nh_out_* functions.
 * nh_cli_run() calls the compute function, and if some printed quantity
 * is too wide for --digits doubles the precision (up to --max-prec) and
 * calls it again; only the output of the final, certified run is written.
 *
 * The implementation, one file per concern in oracles/cli/:
 *   args.c    the command line: nh_cli_parse, the common options and
 *             their help, nh_parse_slong / nh_parse_fmpq, --param, the
 *             model and the point (nh_cli_load_model, nh_cli_point,
 *             nh_cli_point_t: the point and --t);
 *   output.c  nh_out_*: text and JSON output, certification of balls;
 *   files.c   nh_write_atomic, nh_output_check, nh_run_capture,
 *             nh_cli_finish_stdout;
 *   limits.c  signals, --timeout, --max-memory, up-front cost estimates,
 *             progress lines;
 *   candidate.c  the candidate program of `check`: nh_split_argv,
 *             nh_candidate_start / _exchange / _stop;
 *   run.c     nh_cli_start, nh_cli_run (the one precision-doubling
 *             loop), nh_cli_main, nh_report.
 * oracles/cli/impl.h holds the few helpers these files share; it is
 * included from oracles/cli/ only.
 */
#ifndef NH_ORACLES_CLI_H
#define NH_ORACLES_CLI_H

#include <getopt.h>
#include <sys/types.h>
#include <json-c/json.h>
#include "model.h"
#include "geom.h"
#include "series.h"
#include "quantity.h"

/* Exit code of `series` when the two routes certifiably disagree (the
   difference of the two balls excludes 0).  NH_ERR_* are 0..7. */
#define NH_EXIT_DISAGREE 8

#define NH_DEFAULT_PREC 256
#define NH_DEFAULT_DIGITS 15
#define NH_DEFAULT_MAX_PREC 4096
#define NH_MIN_PREC 32
#define NH_MAX_PREC 1000000
#define NH_MAX_DIGITS 10000

#define NH_CLI_MAX_PARAMS 64
#define NH_CLI_MAX_POINTS_BYTES (64L << 20)  /* --points-file size limit */

typedef struct
{
    const char *subcommand;
    const char *case_path;      /* the positional CASE.nh              */
    const char *q_spec;         /* --q (default "")                    */
    const char *v_spec;         /* --v (default "")                    */
    const char *points_file;    /* --points-file FILE (nh_cli_run)     */
    slong prec;                 /* --prec                              */
    int prec_set;               /* --prec given on the command line    */
    slong max_prec;             /* --max-prec                          */
    slong digits;               /* --digits                            */
    int json;                   /* --json                              */
    const char *output;         /* -o FILE, NULL = stdout              */
    slong nparams;
    const char *param_name[NH_CLI_MAX_PARAMS];
    fmpq param_value[NH_CLI_MAX_PARAMS];
    /* resource limits (issue 6), 0 = none: */
    slong timeout;              /* --timeout SECONDS (wall clock)      */
    slong cpu_limit;            /* --cpu-limit SECONDS (CPU time)      */
    int v_mode;                 /* --v-mode (nh_point_velocity_mode), -1:
                                   the subcommand's default             */
    slong max_memory;           /* --max-memory MB (address space)     */
}
nh_cli_struct;

typedef nh_cli_struct nh_cli_t[1];

/* ---- output ---------------------------------------------------------- */

typedef struct
{
    const nh_cli_struct *cli;
    slong prec;                 /* working precision of this run       */
    char *buf;                  /* text output                         */
    size_t len, cap;
    json_object *root;          /* JSON output (one object)            */
    int too_wide;               /* some printed ball is too wide       */
    char wide_what[256];        /* ... the first such quantity         */
    int status;                 /* exit status requested by compute
                                   (NH_OK or NH_EXIT_DISAGREE)         */
    char status_msg[256];       /* printed on stderr (with "nhoracle: ")
                                   after the output if nonempty        */
}
nh_out_struct;

typedef nh_out_struct nh_out_t[1];

void nh_out_printf(nh_out_t out, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Bits for `digits` decimal digits: ceil(digits * log2(10)). */
slong nh_digits_to_bits(slong digits);
/* The first working precision of the precision-doubling loop: --prec,
   doubled (within --max-prec) while it is below the nh_digits_to_bits
   of --digits -- an attempt with fewer bits than the digits asked cannot
   succeed.  note: say so on stderr, once per process ("nhoracle: note: --digits D needs at
   least B bits, more than --prec P: starting at Q bits"). */
slong nh_cli_start_prec(const nh_cli_struct *cli, int note);

/* ---- the velocity of the point (issue 29, oracles/cli/velocity.c) ----- */

/* The subcommands that take --v-mode, and their default meaning of --v
   (doc/conventions.md "The velocity of a point"): series, reduced,
   converge and slowmanifold project v onto the constraint set; nh completes the dependent
   velocities from the constraints. */
int nh_cli_v_mode(const nh_cli_struct *cli, int def);

/* w (n balls) = the velocity the command computes with: the given v
   (n balls, from --v) in the mode nh_cli_v_mode(cli, def) at (q, t) (t:
   NULL = 0; dep: the dependent coordinates of nh, or NULL), by
   nh_point_velocity.  JSON: "v_mode" (the mode's name) and, when some
   component certainly changed, "v_changed": [{"coordinate", "given"
   (the exact --v value), "used" (its certified ball), "why"}]; stderr
   (once per process and point): "nhoracle: note: v_x changed from -1/2
   to 0 (completed from the constraints)".  Errors: those of
   nh_point_velocity. */
int nh_cli_velocity(arb_ptr w, nh_out_t out, const nh_model_struct *M, const nh_cli_struct *cli,
                    arb_srcptr q, const arb_t t, arb_srcptr v, int def, const slong *dep,
                    slong prec, nh_error_t err);

/* nh_cli_velocity with the result in v itself */
int nh_cli_velocity_set(arb_ptr v, nh_out_t out, const nh_model_struct *M, const nh_cli_struct *cli,
                        arb_srcptr q, const arb_t t, int def, const slong *dep, slong prec,
                        nh_error_t err);

/* The report of nh_cli_velocity for a velocity w the command derived
   from the given v itself (why: "completed from the constraints", ...):
   every component where the balls w_i and v_i do not overlap. */
void nh_cli_velocity_changes(nh_out_t out, const nh_model_struct *M, const nh_cli_struct *cli,
                             arb_srcptr w, arb_srcptr v, const char *why);

/* For the subcommands that work on D: vD = P(q, t) of the velocity of
   nh_cli_velocity (reported as there) and, if vp != NULL, v_p
   (nh_project_D_t; nh_project_D for linear autonomous models when vp is
   NULL).  In the mode PROJECT, vD is computed from the given v itself,
   exactly as before --v-mode existed. */
int nh_cli_velocity_D(arb_ptr vD, arb_ptr vp, nh_out_t out, const nh_model_struct *M,
                      const nh_cli_struct *cli, arb_srcptr q, const arb_t t, arb_srcptr v,
                      int def, slong prec, nh_error_t err);

/* Ball as Arb's "[mid +/- rad]" string at --digits (flint_free it). */
char *nh_out_ball_str(const nh_out_t out, const arb_t x);
/* The same as a JSON string object. */
json_object *nh_out_ball_json(const nh_out_t out, const arb_t x);

/* Certification of a group of balls that is printed (a vector, a matrix,
   a scalar): every entry must have relative accuracy >= 3.33 * digits
   bits, or a radius <= 10^-digits times the largest |midpoint| in the
   group, or (if all midpoints in the group are 0) a radius <= 2^-(prec/2).
   Otherwise the output is marked too wide, naming `what`.  stride: in
   arb entries between consecutive balls. */
void nh_out_check(nh_out_t out, arb_srcptr x, slong len, slong stride, const char *what);
/* Mark the output too wide explicitly (e.g. an inconclusive comparison). */
void nh_out_mark_wide(nh_out_t out, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Emit + check: a scalar, a vector indexed by coordinate names, a matrix
   with row/column labels (rows/cols NULL: numeric labels).  key: JSON key
   in the root object; label: text heading. For vectors: x[i*stride]. */
void nh_out_scalar(nh_out_t out, const char *key, const char *label, const arb_t x);
void nh_out_vector(nh_out_t out, const char *key, const char *label,
                   arb_srcptr x, slong n, slong stride, const nh_model_struct *M);
json_object *nh_out_vector_json(const nh_out_t out, arb_srcptr x, slong n, slong stride);
/* nh_out_vector without a JSON key: emits and checks the text block and
   returns the JSON array of the same ball strings (each ball converted to
   decimal once), for the caller to place. */
json_object *nh_out_vector_list(nh_out_t out, const char *label, arb_srcptr x,
                                slong n, slong stride, const nh_model_struct *M);
/* Matrix entry (i, j) at x[(i*c + j)*stride]. */
void nh_out_matrix(nh_out_t out, const char *key, const char *label,
                   arb_srcptr x, slong r, slong c, slong stride,
                   const char *const *rowlab, const char *const *collab);

/* The curvature note (issue 16, "checks at the point"): JSON
   "curvature_vanishes": zero, and when zero a note on stderr that the
   curvature of the constraint distribution D is zero within its balls
   at the point, so that the constraints may be holonomic there. */
void nh_out_curvature_note(nh_out_t out, int zero);
/* The same with the curvature computed at q (n balls; time 0) by
   nh_dyn_curvature_vanishes (lib/nhdyn.h, brackets); a model without
   constraints gets "curvature_vanishes": false and no note; a failure
   of that computation only leaves the key out. */
void nh_out_curvature_at(nh_out_t out, const nh_model_struct *M, arb_srcptr q, slong prec);

/* Standard header (case, coordinates, precision, q, v) in text and JSON. */
void nh_out_header(nh_out_t out, const nh_model_struct *M, arb_srcptr q, arb_srcptr v);

/* ---- command line ---------------------------------------------------- */

/* Handler for a subcommand's own options: return NH_OK or NH_ERR_USAGE
   (with a message in err). */
typedef int (*nh_opt_handler)(int opt, const char *arg, void *data, nh_error_t err);

/* Parse argv (argv[0] is the subcommand name).  extra: the subcommand's
   long options (terminated by a zero entry; values must be >= 1000),
   handled by handler.  usage: prints the subcommand's --help text.
   Returns NH_OK, NH_ERR_USAGE (message in err), or -1 if --help was
   printed (exit 0). */
int nh_cli_parse(nh_cli_t cli, int argc, char **argv,
                 const struct option *extra, nh_opt_handler handler, void *data,
                 void (*usage)(FILE *), nh_error_t err);
void nh_cli_clear(nh_cli_t cli);

/* Help text of the common options (shared by all subcommands). */
void nh_cli_common_help(FILE *f);

/* Parse helpers (NH_OK or NH_ERR_USAGE with message naming `what`). */
int nh_parse_slong(slong *res, const char *s, slong lo, slong hi, const char *what, nh_error_t err);
/* Exact rational: "3", "-1/2", "0.25", "1e-3", "2.5E+2". */
int nh_parse_fmpq(fmpq_t res, const char *s, const char *what, nh_error_t err);
/* The same, and > 0 ("WHAT: must be positive, found 'S'" otherwise). */
int nh_parse_fmpq_pos(fmpq_t res, const char *s, const char *what, nh_error_t err);

/* A finite decimal number (strtod syntax, the whole of s) >= lo
   (lo = -HUGE_VAL: any finite number); NH_ERR_USAGE "WHAT: expected a
   number, found 'S'" (lo = -HUGE_VAL) or "WHAT: expected a number >= LO,
   found 'S'" (LO printed with %g) otherwise. */
int nh_parse_double(double *x, const char *s, double lo, const char *what, nh_error_t err);

/* The rules of a list of exact rationals (nh_parse_fmpq_list). */
typedef struct
{
    slong min, max;     /* number of items: min <= count <= max */
    int positive;       /* every item > 0 */
    int increasing;     /* every item > the previous one */
    int distinct;       /* no value given twice */
    slong hi;           /* every item <= hi (WORD_MAX: no bound) */
}
nh_fmpq_list_rules;

/* The one list syntax of the command line (--eps of converge,
   slowmanifold and emit, --times and --t of emit): items separated by
   ',' or ':' (mixed freely), each an exact rational as for
   nh_parse_fmpq; no empty item.  x: r->max initialised fmpq; on success
   *count = the number of items (x[0..count)); on error *count is
   unchanged, x may be partly overwritten, and NH_ERR_USAGE names the
   option and the offending item with its 1-based index and column in
   arg: "WHAT item I (column C): empty | at most MAX values, found more
   | 'S' is not a rational number (...) | must be positive, found 'S' |
   must be larger than the previous item, found 'S' | at most HI, found
   'S' | value 'S' repeated (item J)", or "WHAT: need at least MIN
   values, found N in 'ARG'". */
int nh_parse_fmpq_list(fmpq *x, slong *count, const char *arg, const char *what,
                       const nh_fmpq_list_rules *r, nh_error_t err);

/* Load the model of cli->case_path and apply the --param overrides. */
int nh_cli_load_model(nh_model_ptr *M, const nh_cli_t cli, nh_error_t err);

/* Parse --q and --v at precision prec into q, v (n balls each). */
int nh_cli_point(arb_ptr q, arb_ptr v, const nh_model_struct *M, const nh_cli_t cli,
                 slong prec, nh_error_t err);

/* nh_cli_point, and the model time t from t_spec (the text of --t, an
   exact rational as for nh_parse_fmpq; NULL: t = 0), t = that rational
   rounded to prec bits.  NH_OK or the error of the point or of --t
   (NH_ERR_USAGE naming "--t"); t is set (0 when --t did not parse). */
int nh_cli_point_t(arb_ptr q, arb_ptr v, arb_t t, const nh_model_struct *M, const nh_cli_t cli,
                   const char *t_spec, slong prec, nh_error_t err);

typedef int (*nh_compute_fn)(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
                             slong prec, void *data, nh_error_t err);

/* Load the model, run compute with precision retry, write the output.
   Prints errors ("nhoracle: <msg>") and returns the process exit code. */
int nh_cli_run(const nh_cli_t cli, nh_compute_fn fn, void *data);

/* The whole life of a subcommand: parse (nh_cli_parse), then
   validate(data, err) if not NULL (checks among the subcommand's own
   options), then nh_cli_run.  Returns the process exit code. */
int nh_cli_main(int argc, char **argv, const struct option *extra, nh_opt_handler handler,
                void *data, void (*usage)(FILE *), int (*validate)(void *data, nh_error_t err),
                nh_compute_fn fn);

/* Print "nhoracle: <msg>" for err and return its code. */
int nh_report(const nh_error_t err);

/* Write len bytes to path.  What happens depends on what path is
   (doc/robustness.md, "Smaller holes"):
   - nothing (ENOENT) or a regular file with some write permission bit:
     written atomically (temporary file PATH.tmp.XXXXXX in the same
     directory, fsync, rename); on failure or a signal no file is left
     behind and an existing PATH is untouched;
   - a device, FIFO or socket, directly or through a symbolic link
     (/dev/null, /dev/stdout): written to in place (no rename is possible);
   - a symbolic link to a regular file or directory, or a dangling link:
     refused, NH_ERR_IO (output never follows or replaces a link);
   - a regular file without any write permission bit (read-only; checked
     on the mode bits, so also when running as root): refused, NH_ERR_IO,
     the file is untouched;
   - a directory: refused, NH_ERR_IO. */
int nh_write_atomic(const char *path, const char *data, size_t len, nh_error_t err);

/* Check up front (before any computation) that nh_write_atomic(path)
   would not be refused, and that path is not the same file (device and
   inode) as input (if not NULL): NH_OK, or NH_ERR_IO / NH_ERR_USAGE
   ("the output file ... is the input file ...") with a message. */
int nh_output_check(const char *path, const char *input, nh_error_t err);

/* The start of every subcommand that computes on a model (nh_cli_run,
   emit): install the limits and signal handling
   (nh_cli_limits_install), check -o (nh_output_check against the case
   file), load the model with the --param overrides
   (nh_cli_load_model) and refuse up front (NH_ERR_RESOURCE) a geometry
   whose jets would not fit in memory (nh_cli_check_cost).  On error *M
   is NULL.  --points-file is refused here (NH_ERR_USAGE): only
   nh_cli_run, which starts the same way, has the batch mode. */
int nh_cli_start(nh_model_ptr *M, const nh_cli_t cli, nh_error_t err);

/* Called once by main() after the subcommand: flush standard output and
   check its error flag, so that no subcommand can exit 0 when its
   output was not written (e.g. > /dev/full).  Returns rc, or NH_ERR_IO
   (exit 5, with a message) when standard output failed. */
int nh_cli_finish_stdout(int rc);

/* Run the program argv[0] (looked up in PATH by execvp) with the
   argument vector argv (NULL-terminated) -- never through a shell, so no
   byte of an argument is interpreted -- in directory dir (NULL: the
   current one), with standard input /dev/null and standard error
   inherited, and collect its standard output in *out (malloc'd, *outlen
   bytes; free it).  Returns NH_OK when the program exited with status 0
   and printed at most max_bytes; otherwise NH_ERR_IO with a message
   (*out NULL), *not_found set when it is not installed.  While it runs,
   the handlers of nh_cli_limits_install kill (SIGKILL) and reap it before
   nhoracle exits, so it never outlives nhoracle and, since its output
   goes only through the pipe, leaves no file behind. */
int nh_run_capture(char **out, size_t *outlen, int *not_found, const char *dir,
                   char *const argv[], size_t max_bytes, nh_error_t err);

/* ---- resource limits and signals (issue 6) --------------------------
   nh_cli_run() installs, before loading the model:
   - SIGINT / SIGTERM / SIGHUP handlers: remove the temporary file of a
     pending nh_write_atomic (so no partial output file is ever left),
     print "nhoracle: interrupted by SIGINT" and exit 128 + signal number
     (130 for SIGINT, 143 for SIGTERM);
   - --timeout S: a wall-clock alarm; when it fires the same clean-up,
     "nhoracle: time limit of S s exceeded (--timeout)", exit
     NH_ERR_RESOURCE (6);
   - --max-memory MB: setrlimit(RLIMIT_AS) (not in an AddressSanitizer
     build, whose shadow memory needs terabytes of address space: there a
     note is printed and the limit is not enforced); an allocation that
     fails inside FLINT/Arb then ends with "nhoracle: out of memory
     (--max-memory MB)", exit NH_ERR_RESOURCE.
   nh_cli_limits_install() does exactly this for a cli; subcommands that
   do not use nh_cli_run may call it themselves. */
#define NH_MAX_TIMEOUT 31536000   /* one year, in seconds  */
#define NH_MAX_MEMORY_MB 16777216 /* 16 TB                 */
void nh_cli_limits_install(const nh_cli_struct *cli);

/* Up-front cost estimate of a computation on jets: nmat n x n jet
   matrices plus the n^3 Christoffel jets, in nvars variables to total
   order `order`, at the precision cap cli->max_prec.  Returns NH_OK, or
   NH_ERR_RESOURCE with a message giving the estimated memory when it
   exceeds --max-memory (or, without --max-memory, the physical memory
   of the machine).  *bytes (if not NULL) receives the estimate. */
int nh_cli_check_cost(const nh_cli_struct *cli, slong n, slong nvars, slong order,
                      slong nmat, double *bytes, nh_error_t err);

/* The memory limit in bytes: --max-memory, or without it the physical
   memory of the machine.  nh_cli_check_bytes: NH_OK if `bytes` (an
   up-front estimate of `what`, e.g. "the time route at order K = 40")
   fits, else NH_ERR_RESOURCE with a message giving the estimate, the
   limit and `hint`. */
double nh_cli_memory_limit(const nh_cli_struct *cli);

/* Progress line "nhoracle: <what>: <done>/<total> (<t> s elapsed, about
   <r> s to go; estimate)" on standard error, at most once every
   NH_PROGRESS_SECONDS and only after the first NH_PROGRESS_SECONDS of
   the run (short runs stay silent).  *t0 is the start time (seconds,
   from nh_cli_now(); set it once before the loop), *last the time of
   the last line (initialise to *t0).  done = total prints nothing. */
#define NH_PROGRESS_SECONDS 5.0
double nh_cli_now(void);
void nh_cli_progress(const char *what, slong done, slong total, double t0, double *last);
int nh_cli_check_bytes(const nh_cli_struct *cli, double bytes, const char *what,
                       const char *hint, nh_error_t err);

/* ---- the candidate program of `nhoracle check` (doc/check.md) -------- */

/* Exit codes of `check`: a failure was found (as validate's 9); the
   candidate misbehaved (could not be run, crashed, hung, malformed JSON,
   wrong id, NaN, missing or unknown component). */
#define NH_EXIT_CHECK_FAIL 9
#define NH_EXIT_CANDIDATE 12
#define NH_CANDIDATE_MAX_BYTES (64 << 20)

typedef struct
{
    int argc;
    char **argv;                /* NULL-terminated, malloc'd words          */
}
nh_argv_struct;

/* Split a command line into words without any shell (doc/check.md):
   words are separated by blanks (space, tab, newline); '...' keeps every
   byte up to the next ' literally; "..." likewise, except that \" and
   \\ stand for " and \; outside quotes a backslash makes the next byte
   literal.  Nothing else is special: no variables, globs, ~, pipes,
   redirections.  Errors (NH_ERR_USAGE, naming what): an unterminated
   quote, no word at all. */
int nh_split_argv(nh_argv_struct *a, const char *s, const char *what, nh_error_t err);
void nh_argv_free(nh_argv_struct *a);

typedef struct
{
    nh_argv_struct args;
    pid_t pid;                  /* -1: not running                          */
    int to_fd, from_fd;         /* its standard input, its standard output  */
    double timeout;             /* seconds without progress = a hang        */
    char *rbuf;                 /* the answer lines of the last exchange
                                   (NUL-terminated; may contain NUL bytes) */
    size_t rlen, rcap;
    size_t scanned;             /* bytes of rbuf already scanned for '\n'   */
    slong nlines;               /* the newlines among them                  */
}
nh_candidate_struct;

/* Split cmd and start it (execvp, standard error inherited) in its own
   process group, registered with the signal handlers so that the whole
   group is killed (SIGKILL) and the candidate reaped whatever ends
   nhoracle (nh_candidate_stop, SIGINT, SIGTERM, SIGHUP, --timeout).
   nhoracle's --max-memory does not apply to it (RLIMIT_AS is reset to
   the hard limit in the child); max_mb > 0 sets its own address-space
   limit (--candidate-max-memory, MB).  Errors: NH_ERR_USAGE (cmd),
   NH_EXIT_CANDIDATE (cannot be run: the execvp error), NH_ERR_IO /
   NH_ERR_RESOURCE. */
int nh_candidate_start(nh_candidate_struct *c, const char *cmd, double timeout, long max_mb,
                       nh_error_t err);
/* Write req[0..len) (nlines request lines) and read at least nlines
   answer lines into c->rbuf[0..c->rlen) (NUL-terminated; the lines are
   for nh_check_read_answers, which also rejects extra lines), polling
   both pipes so that neither side blocks; each byte is scanned for '\n'
   once.  NH_EXIT_CANDIDATE with a message when the candidate exits or
   crashes (its status or signal), closes a pipe (then it gets
   c->timeout seconds to exit before its group is killed), makes no
   progress for c->timeout seconds (naming an answer left without its
   newline), or writes more than NH_CANDIDATE_MAX_BYTES. */
int nh_candidate_exchange(nh_candidate_struct *c, const char *req, size_t len, slong nlines,
                          nh_error_t err);
/* Close the pipes, kill (SIGKILL) the candidate's process group, reap
   the candidate, free c. */
void nh_candidate_stop(nh_candidate_struct *c);

/* Subcommand entry points are declared in oracles/nhoracle.c (the
   subcommand table), next to their table entries. */

#endif
