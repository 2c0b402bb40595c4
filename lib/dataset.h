/*
 * dataset.h -- reference datasets (nhoracle emit) and the validation of
 * a candidate implementation against them (nhoracle validate).  The
 * formats are documented in doc/datasets.md.
 *
 * Record model.  A dataset is one metadata object (JSON, written first)
 * and a list of records.  A record is one real number identified by its
 * key
 *     (quantity, k, eps, point, i, j, l)
 *   quantity  "q", "v" (the exact input point), "vD" (= P(q) v), "G",
 *             "Gamma", "P", "P_perp", "FR_sharp", "Q", "h", "reaction",
 *             "qdot", "vDdot", "vdot", and the trajectories
 *             "full_q", "full_v", "reduced_q", "reduced_v" (enclosures
 *             from the validated integrator, or estimates; see
 *             doc/datasets.md)
 *   k         series order (h, reaction: k = 1..K) or reduction order
 *             (qdot, vDdot, vdot: k = 0..); -1 = not applicable
 *   eps       friction parameter (reduced fields only): an index into the
 *             dataset's eps list; -1 = not applicable
 *   point     sample point id, 0-based
 *   i, j, l   0-based coordinate indices (vector: i; matrix: i = row,
 *             j = column; Gamma^i_{jl}); -1 = not applicable
 *   t         output time (trajectory records only): an index into the
 *             dataset's times list; -1 = not applicable
 * and its value: a ball written as two decimal strings, the midpoint
 * `mid` and the radius `rad` (the exact value lies in [mid - rad,
 * mid + rad]; the decimal rounding of mid is included in rad), the
 * plain double `value` (nearest double to mid, "%.17g"), and a status,
 * "enclosure" (certified ball) or "estimate" (rad is an ESTIMATE of the
 * error of mid, not a bound: trajectory records full_q, full_v,
 * reduced_q, reduced_v, see nh_dataset_add_estimate).
 *
 * A "family" groups the records reported together by validate:
 * quantity alone ("G", "Gamma", ...), or with its order ("h^(2)",
 * "reaction^(1)", "vDdot[k=1]", "full_q", "reduced_v[k=1]").  The time
 * field t is written only by datasets that have times (CSV column t,
 * JSON member "t"), so datasets without trajectories keep their format;
 * readers ignore unknown JSON members and CSV columns.
 *
 * Readers accept the reference formats and the candidate formats: JSON
 * Lines (first non-blank character '{') or CSV with a header line.
 * Candidates need only quantity, point and value (plus k, eps, i, j, l
 * where applicable); every other field is ignored.
 *
 * Errors: NH_ERR_IO (cannot read), NH_ERR_PARSE (the file as a whole is
 * unusable: empty, no header, a required column missing, a known column
 * named twice in the CSV header, binary data; message "file:line: ..."),
 * NH_ERR_USAGE (bad arguments).  Per-record problems of a candidate
 * (unparsable number, NaN, duplicate key, eps not in the reference,
 * malformed line, a JSON object with a repeated key) do not abort
 * reading: they are collected as issues and reported by validation.
 */
#ifndef NH_DATASET_H
#define NH_DATASET_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>
#include "nh_arb.h"
#include "nh_error.h"
#include "model.h"

/* The metadata's "format" and "format_version" (doc/datasets.md). */
#define NH_DATASET_FORMAT "nhoracle-dataset"
#define NH_DATASET_FORMAT_VERSION 1
/* Datasets with trajectory records (a times list, key member t) declare
   version 2; datasets without are unchanged and keep version 1. */
#define NH_DATASET_FORMAT_VERSION_TRAJ 2
#define NH_DATASET_QLEN 24

/* Exit status of `validate` when the candidate was read but does not
   pass (failing, missing, extra, unparsable or duplicate records, wrong
   case). */
#define NH_EXIT_VALIDATE_FAIL 9

/* One record: its key, the ball (reference) or value (candidate). */
typedef struct
{
    char quantity[NH_DATASET_QLEN]; /* "q", "vD", "h", "G", ...     */
    slong k, eps, point, i, j, l; /* order, eps index, point index, indices
                                 (-1 = not applicable; doc/datasets.md) */
    slong t;                  /* time index, -1 = not applicable        */
    char *mid, *rad;          /* decimal strings (reference records)   */
    double value;             /* plain value                            */
    int estimate;             /* 1: "estimate", 0: "enclosure"          */
    int bad;                  /* candidate: value unusable (NaN, ...)   */
    slong line;               /* source line (1-based), 0 if built      */
}
nh_record_struct;

typedef struct
{
    json_object *meta;        /* metadata object (reference); may be NULL */
    slong neps;                 /* number of eps values */
    char **eps;               /* eps values as strings (exact rationals) */
    double *eps_d;            /* ... as doubles                         */
    slong ntimes;               /* number of output times */
    char **times;             /* output times (exact decimal strings)   */
    double *times_d;          /* ... as doubles                         */
    nh_record_struct *rec;      /* the records, len of them */
    slong len, alloc;           /* records used, allocated */
    /* candidate reading: per-record problems, one message per line */
    char **issue;
    slong nissue, issue_alloc;
    char *case_sha256;        /* candidate: declared case hash or NULL  */
    char *filename;
}
nh_dataset_struct;

typedef nh_dataset_struct nh_dataset_t[1];

/* An empty dataset (no metadata, records, eps or times) / free it with
   everything it owns (meta included). */
void nh_dataset_init(nh_dataset_t ds);
void nh_dataset_clear(nh_dataset_t ds);

/* Append an eps value (exact rational string p/q or decimal; d = its
   double).  Returns its index. */
slong nh_dataset_add_eps(nh_dataset_t ds, const char *eps, double d);

/* Append an output time (exact decimal string; d = its double).
   Returns its index. */
slong nh_dataset_add_time(nh_dataset_t ds, const char *t, double d);

/* Append a trajectory record (status "estimate") with key (quantity, k,
   eps, point, i, t): x is the ESTIMATE (its midpoint is used), e >= 0
   its error ESTIMATE (a double, from the integrator's two-tolerance
   run), printed on the decimal grid 10^u: mid = the multiple of 10^u
   nearest to mid(x), rad = the decimal "Re<u>" with R the smallest
   integer >= (e + 10^u / 2) / 10^u (the grid rounding added to the
   estimate), value = nearest double of mid.  The caller picks u from
   the error estimates of the vector the entry belongs to (emit: u =
   ceil(log10 max(e_i, floor)) - 1), so that no digit is printed below
   a tenth of the estimated error. */
void nh_dataset_add_estimate(nh_dataset_t ds, const char *quantity, slong k, slong eps,
                             slong point, slong i, slong t, const arb_t x, double e,
                             slong u, slong prec);

/* Append a record holding the ball x on the decimal grid 10^u: mid =
   the multiple of 10^u nearest to mid(x) (trailing zeros dropped, "0"
   for 0), rad = "0" if x is exact and equals mid, else "1e<u>" (one unit
   of the last digit); value = nearest double of mid.  The caller picks u
   from the scale of the vector/matrix the entry belongs to (emit: u =
   ceil(log10 max|entry|) - digits - 3), so that the printed ball does
   not depend on rounding noise far below 10^u: datasets stay byte-
   identical when the library's internal rounding changes.  Returns 0,
   or -1 (nothing appended) if x is not certified to within 10^u / 2 of
   its midpoint (the caller raises the working precision). */
int nh_dataset_add_ball(nh_dataset_t ds, const char *quantity, slong k, slong eps,
                        slong point, slong i, slong j, slong l, const arb_t x,
                        slong u, slong prec);
/* Append the ENCLOSURE records of one certified trajectory state vector
   x[0..n) (balls from the validated integrator, lib/flow.h), key
   (quantity, k, eps, point, i, t) for i < n: all on one decimal grid
   10^u, u the smallest integer >= both E - digits - 1 (10^(E-1) <
   max|mid x_i| <= 10^E; the --digits floor) and log10(4 max_i rad x_i) (the
   ball's own width: no digit below it is printed), raised by one until
   every entry is certified to within 10^u / 2 of its printed mid
   (nh_dataset_add_ball); rad = "1e<u>" (or "0" for an exact entry),
   status "enclosure": the exact solution lies in [mid - rad, mid + rad].
   Returns u, or WORD_MIN (nothing appended) when some ball is wider
   than 10^(E+2) (no digit of the vector is known). */
slong nh_dataset_add_traj_balls(nh_dataset_t ds, const char *quantity, slong k, slong eps,
                                slong point, slong t, arb_srcptr x, slong n, slong digits,
                                slong prec);

/* Append an exact record (rad "0"): mid is the exact decimal or p/q
   string s, value its double d. */
void nh_dataset_add_exact(nh_dataset_t ds, const char *quantity, slong point, slong i,
                          const char *s, double d);

/* Serialise: JSON Lines (metadata line, then one object per record,
   members in a fixed order, through json-c) or CSV ('#' comment lines
   with the metadata, a header, one row per record).  The result is a
   malloc'd NUL-terminated string (free()); *len its length. */
char *nh_dataset_jsonl(const nh_dataset_t ds, size_t *len);
char *nh_dataset_csv(const nh_dataset_t ds, size_t *len);

/* Largest dataset or candidate file nh_dataset_load reads (bytes); a
   larger one is NH_ERR_RESOURCE (exit 6) before any parsing. */
#define NH_DATASET_MAX_TEXT ((size_t) 256 << 20)

/* Read a dataset or candidate from text (format detected: JSON Lines if
   the first non-blank character is '{', CSV otherwise).  ref: the
   reference dataset whose eps list is used to map candidate eps values
   (NULL when reading a reference: then eps values are collected from
   the metadata).  Per-record problems are stored in ds->issue. */
int nh_dataset_parse(nh_dataset_t ds, const char *text, size_t len, const char *filename,
                     const nh_dataset_struct *ref, nh_error_t err);
int nh_dataset_load(nh_dataset_t ds, const char *path, const nh_dataset_struct *ref,
                    nh_error_t err);

/* Family name of a record ("h^(2)", "vDdot[k=1]", "G"), into buf. */
void nh_record_family(char *buf, size_t size, const nh_record_struct *r);
/* Key string of a record (quantity|k|eps|point|i|j|l|t), into buf. */
void nh_record_key(char *buf, size_t size, const nh_record_struct *r);

/* ---- validation ------------------------------------------------------ */

/* Validation result of one family of records. */
typedef struct
{
    char family[48];          /* nh_record_family name                  */
    slong total, checked, passed, failed, missing, outside; /* record counts:
                                 reference records, compared, passing,
                                 failing, missing, candidate value outside
                                 the ball                               */
    double worst_abs, worst_rel, worst_excess; /* largest |c - mid|,
                                 |c - mid| / |mid| and distance beyond the
                                 tolerance (doubles, estimates)         */
    char worst[512];          /* description of the worst record        */
    int provided;             /* some candidate record in this family   */
    slong estimates;          /* reference records with status estimate */
}
nh_family_result;

/* The result of nh_dataset_validate. */
typedef struct
{
    double atol, rtol;        /* tolerances (nh_tolerance_defaults)    */
    int require_all;          /* every computed record is required      */
    int subset;               /* whole vectors/matrices may be absent
                                 (set after nh_validation_init)         */
    slong checked;            /* values of computed quantities compared
                                 (the echoed inputs q, v not counted)   */
    slong points, points_covered; /* reference points; those with a
                                 candidate record                       */
    nh_family_result *fam;      /* per family, nfam of them */
    slong nfam;                 /* number of families */
    slong extra, duplicates, bad_values, issues; /* failing candidate records */
    int hash_mismatch;          /* the candidate's case hash differs */
    char hash_msg[256];         /* ... and how */
    char **msg;               /* per-record failure messages            */
    slong nmsg, msg_alloc;      /* messages used, allocated */
    json_object *records;     /* per-record results (JSON array)        */
    int pass;                   /* 1: the candidate passes */
}
nh_validation_struct;

typedef nh_validation_struct nh_validation_t[1];

/* An empty result with the tolerances and the require_all rule of
   nh_dataset_validate / free it. */
void nh_validation_init(nh_validation_t res, double atol, double rtol, int require_all);
void nh_validation_clear(nh_validation_t res);

/* The result of family `family` (e.g. "G", "h^(1)", "reduced_v[k=1]";
   the names of nh_record_family) in res, or NULL when res has no such
   family.  The pointer is valid until res changes. */
nh_family_result *nh_validation_family(const nh_validation_struct *res, const char *family);

/* Compare candidate cand with reference ref.  Record r passes when the
   candidate value c is finite and its distance to the ball,
   max(0, |c - mid| - rad), is at most atol + rtol |mid|, i.e.
       |c - mid| <= atol + rtol |mid| + rad.
   For "estimate" records rad is the reference's error ESTIMATE, so the
   same criterion reads |c - mid| <= atol + rtol |mid| + error estimate;
   such a pass is relative to an estimate, not a certificate (families
   made of estimates are flagged: nh_family_result.estimates).  Reported
   per record: |c - mid|, |c - mid| / |mid|, and whether c lies in the
   ball (exact test with Arb; for estimates: within the error
   estimate).

   What must be supplied.  q and v are the echoed inputs (the sample
   point): compared when present, never required, never counted.  Every
   other quantity (vD included) is computed.  A candidate covers a
   reference point when it supplies some record of that point (echoed
   inputs included).  Missing computed records fail:
     default       every computed record of the reference, at every
                   point, is required (the points with some candidate
                   record are counted: res->points_covered of
                   res->points);
     res->subset   (--subset) only the records of the groups the
                   candidate supplies are required, where a group is one
                   vector or matrix: the records sharing (quantity, k,
                   eps, point, t).  Whole groups may be absent, a group
                   given in part fails;
     require_all   the default rule, said explicitly (takes precedence
                   over subset).
   res->checked counts the compared values of computed quantities; when
   it is 0 the candidate fails whatever the options (message "0 values
   checked", first in res->msg).  Extra records, duplicate keys,
   unusable values and reading issues fail. */
void nh_dataset_validate(nh_validation_t res, const nh_dataset_t ref, const nh_dataset_t cand);

/* ---- hashing --------------------------------------------------------- */

/* SHA-256 (nettle) of len bytes as 64 lowercase hex digits + NUL. */
void nh_sha256_hex(char out[65], const void *data, size_t len);

/* A new metadata object with its first members, in this order: format,
   format_version (version), nhoracle_version (program_version),
   case (case_name), case_file, case_sha256 (of text[0..len)),
   canonical_sha256 and canonical_text (nh_model_canonical_text of
   text).  The writers (`emit`, `check`) add the rest. */
json_object *nh_dataset_meta_new(int version, const char *program_version,
                                 const char *case_name, const char *case_file,
                                 const char *text, size_t len);

/* Canonical text of a model file: comments ('#' to end of line) and
   trailing blanks removed, runs of blanks inside a line collapsed to one
   space, leading blanks removed, blank lines dropped, lines ended by
   '\n'.  malloc'd (free()). */
char *nh_model_canonical_text(const char *text);

/* A repeated member name in any object of the JSON text s[0..n) (which
   json-c has already parsed; json-c keeps the last value of a repeated
   key silently).  Returns 1 and the name (printable, shortened to fit
   ksize bytes) in key, else 0.  Used by the dataset reader and by the
   answer reader of `check` (check.h). */
int nh_json_repeated_key(const char *s, size_t n, char *key, size_t ksize);

/* The one set of tolerance defaults of `check` and `validate` (CLI, C
   API and the Python package; doc/datasets.md "Tolerances"): a value c
   passes against a ball (or an estimate) x when its distance to x is at
   most atol + rtol |x|.  atol 1e-12, rtol 1e-9: double-precision
   implementations of h^(k) lose a few digits to cancellation.  Either
   pointer may be NULL. */
#define NH_TOL_DEFAULT_ATOL 1e-12
#define NH_TOL_DEFAULT_RTOL 1e-9
void nh_tolerance_defaults(double *atol, double *rtol);

/* ---- building a reference dataset (`nhoracle emit`, doc/datasets.md) ----

   nh_dataset_build fills a dataset with the records of `emit`: at each
   sample point (q, v) (or (q, t, v) for time-dependent / affine models,
   issue 19, proofs/020) the exact inputs q, (t,) v, and certified balls
   of vD = P(q) v (v_p), G, Gamma, P, P_perp, FR_sharp, Q, h^(1..order),
   reaction^(1..order) (paper 000 (66), reaction = -FR_sharp h^(k)) and the
   order-k reduced fields qdot, vDdot, vdot for each eps (000 (69)-(71));
   with times, the trajectories of the full system (000 (39)-(40)) and of
   the reduced systems: enclosures of the validated integrator
   (lib/flow.h) or labelled ESTIMATES with error estimates (lib/ode.h).
   The writers are nh_dataset_jsonl and nh_dataset_csv above. */

#define NH_DATASET_MAX_EPS 32          /* eps values                       */
#define NH_DATASET_MAX_ORDERS 16       /* reduction / trajectory orders    */
#define NH_DATASET_MAX_POINTS 100000   /* random points                    */
#define NH_DATASET_MAX_TIMES 64        /* output times                     */
#define NH_DATASET_MAX_T0 64           /* model times of the points        */
#define NH_DATASET_MAX_T 1000          /* largest output time              */
#define NH_DATASET_GRID 1000           /* random coordinates k / GRID      */
#define NH_DATASET_DEFAULT_DIGITS 30    /* digits of each certified ball    */
#define NH_DATASET_TRAJ_TOL 1e-20      /* default traj_tol                 */
#define NH_DATASET_TRAJ_PREC 128       /* least precision of the integrators */

/* progress callback: done of total points finished (done < total) */
typedef void (*nh_dataset_progress_fn)(void *data, slong done, slong total);

typedef struct
{
    /* sampling: the explicit point (if q_spec or v_spec is a non-empty
       string: "name=value,..." as `--q`/`--v`, exact rationals, parsed
       by nh_model_parse_point_fmpq; point 0) then `points` random ones,
       each coordinate k/NH_DATASET_GRID, k uniform in [-GRID, GRID] from
       splitmix64(seed) (q_0..q_{n-1} then v_0..v_{n-1}).
       points < 0 (the default): 4 without an explicit point, else 0. */
    const char *q_spec, *v_spec;
    slong points;
    ulong seed;                        /* default 1 */
    slong order;                       /* h^(1..order), 1 <= order < NH_SERIES_MAX_ORDER; default 2 */
    slong neps;                        /* eps values (exact, > 0); default 1/100, 1/10 */
    fmpq eps[NH_DATASET_MAX_EPS];
    slong nrorders;                    /* reduced-field orders; default 0, 1 */
    slong rorders[NH_DATASET_MAX_ORDERS];
    /* time-dependent / affine models: point i at model time t0[i mod nt0]
       (default nt0 = 1, t0 = 0); t0_given != 0 is an error (NH_ERR_USAGE)
       for linear autonomous models */
    slong nt0;
    fmpq t0[NH_DATASET_MAX_T0];
    const char *t0_spec;               /* t0 as given (NULL: not given) */
    /* trajectories: ntimes > 0 output times (increasing, > 0, <= MAX_T;
       durations from the point's t) */
    slong ntimes;
    fmpq times[NH_DATASET_MAX_TIMES];
    slong ntorders;                    /* trajectory reduction orders; default 0, 1 */
    slong torders[NH_DATASET_MAX_ORDERS];
    int init_d;                        /* 1: full system from vD; 0 (default): order-lift_order lift */
    slong lift_order;                  /* default 2 */
    double traj_tol;                   /* estimates: rtol = atol; default NH_DATASET_TRAJ_TOL */
    int estimate;                      /* 1: every trajectory an estimate (lib/ode.h) */
    /* precision: every ball certified to nh_prec_digits_to_bits(digits)
       + 64 bits (relative to its vector's or matrix's largest entry, see
       doc/datasets.md "balls"), working precision doubled from the
       quantity module's start up to max_prec (NH_ERR_PRECISION beyond);
       the certified integrator runs at prec if prec_set, else at
       NH_DATASET_TRAJ_PREC bits, the estimating one at max(prec,
       NH_DATASET_TRAJ_PREC) */
    slong digits;                      /* default NH_DATASET_DEFAULT_DIGITS */
    slong prec;                        /* default 256 */
    int prec_set;                      /* default 0 */
    slong max_prec;                    /* default 4096 */
    /* metadata: the model file's name and text (case_file, case_sha256,
       canonical text; doc/datasets.md) */
    const char *case_file;
    const char *text;
    size_t textlen;
    nh_dataset_progress_fn progress;   /* NULL: none */
    void *progress_data;
}
nh_dataset_build_opts_struct;

typedef nh_dataset_build_opts_struct nh_dataset_build_opts_t[1];

/* Defaults above (the defaults of `nhoracle emit`); clear with
   nh_dataset_build_opts_clear. */
void nh_dataset_build_opts_init(nh_dataset_build_opts_t o);
void nh_dataset_build_opts_clear(nh_dataset_build_opts_t o);

/* What the build found: the largest working precision used (bits), and
   per trajectory family whether it is certified (1: enclosures) or an
   estimate (0); -1: not run. */
typedef struct
{
    slong max_working_prec;     /* largest working precision used (bits) */
    int full_cert;              /* full-system trajectories: 1 enclosures,
                                   0 estimates, -1 not run                */
    int red_cert[NH_DATASET_MAX_ORDERS]; /* order-k reduced trajectories:
                                   1 enclosures, 0 estimates, -1 not run  */
}
nh_dataset_build_info_struct;

/* Build the dataset of model M with options o into ds (initialised by
   nh_dataset_init, empty): eps and times lists, the records of every
   point, and ds->meta (the metadata object of doc/datasets.md).  info
   may be NULL.
   Errors (ds then holds a partial dataset, to be cleared and not
   written): NH_ERR_USAGE (no points; t0_spec for a linear autonomous
   model; trajectories with more than 64 coordinates), NH_ERR_PARSE (a
   bad q_spec / v_spec), NH_ERR_DOMAIN / NH_ERR_MODEL (a point outside
   the model's domain, a time-dependent model without friction block:
   messages name the point, "emit: point I: ..."), NH_ERR_PRECISION (not
   certified within max_prec bits), and the errors of the integrators. */
int nh_dataset_build(nh_dataset_t ds, const nh_model_struct *M,
                     const nh_dataset_build_opts_struct *o,
                     nh_dataset_build_info_struct *info, nh_error_t err);

/* The exact decimal string of x when its denominator is 2^a 5^b (at most
   40 digits after the point; no exponent, trailing zeros only up to the
   needed length), else "p/q".  malloc'd (free()). */
char *nh_dataset_fmpq_decimal(const fmpq_t x);

/* splitmix64 (Steele, Lea, Flood 2014): *state += 0x9E3779B97F4A7C15,
   then the mixing function; the generator of the random points. */
uint64_t nh_dataset_splitmix64(uint64_t *state);

#endif
