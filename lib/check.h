/*
 * check.h -- testing an implementation as a function (`nhoracle check`,
 * doc/check.md): a candidate computes one quantity of the table of
 * lib/quantity.h at points nhoracle chooses; this module chooses the
 * points (random points of a box, then a Nelder-Mead search toward
 * larger error, then shrinking of a failing point toward simple values),
 * computes the certified reference balls and compares.  How the
 * candidate is called (a process speaking JSON lines) is the caller's
 * business: it supplies a function nh_check_candidate_fn.
 *
 * Names.  The quantity names of the protocol map to the table of
 * lib/quantity.h as follows (doc/check.md):
 *     vD        vD = P(q) v (000 eq (80))
 *     h         h<k>, k = the order (000 eq (66)), at (q, vD)
 *     reaction  react<k> = -FR_sharp h^(k)
 *     reduced   reduced_vdot: the velocity form vdot of the order-k
 *               reduced field at eps (000 (69)-(71))
 *     nh_accel  acc_lagrange: the nonholonomic accelerations (route 1,
 *               001 eq (4)) at (q, qdot), qdot completed from the
 *               constraints
 *     full      full_vdot: dv/dt of the full friction field at eps
 *               (000 (39)-(40))
 * and every other table entry whose value is a vector of length n
 * (reduced_qdot, acc_voronets, h2, ...) under its table name.
 *
 * Points.  A search point x has 2n coordinates (q then v) on the
 * decimal grid 10^-NH_CHECK_GRID_DIGITS inside the box.  The point sent
 * to the candidate (q, w) has w = v, except: for the quantities
 * evaluated on D (flag NH_QUANTITY_ON_D) w = P(q) v, and for the
 * nonholonomic ones w = qdot completed from the constraints; these are
 * in general irrational and are sent rounded to the grid
 * 10^-NH_CHECK_SENT_DIGITS (the reference is computed at exactly the
 * sent point, so the candidate's assumption "w lies in D" is off by at
 * most about 10^-30).
 *
 * Failing.  A candidate value c of component i fails when it lies
 * certainly outside the reference ball widened by the tolerance:
 * |c - x_i| - (atol + rtol |x_i|) > 0 for every value x_i of the ball
 * (decided with Arb).  The score of a point (a double ESTIMATE, used only
 * to guide the search) is max_i |c_i - mid(x_i)| / (atol + rtol
 * |mid(x_i)|); it is about 1 at the tolerance.
 *
 * Precision: prec is the working precision of the reference (raised by
 * doubling up to max_prec while nh_quantity_eval reports
 * NH_ERR_PRECISION); errors of the reference (NH_ERR_MODEL, ...) name
 * the point.
 */
#ifndef NH_CHECK_H
#define NH_CHECK_H

#include "quantity.h"
#include "dataset.h"

#define NH_CHECK_GRID_DIGITS 6  /* search points: multiples of 10^-6        */
#define NH_CHECK_DEFAULT_PREC 128 /* `check` without --prec: the reference's first precision */
#define NH_CHECK_SENT_DIGITS 30 /* projected velocities: multiples of 10^-30 */
/* The candidate misbehaved (crash, hang, malformed answer, ...): the
   error code of the answer reader, = NH_EXIT_CANDIDATE, exit 12 of
   `check` (doc/exit-codes.md). */
#define NH_CHECK_ERR_CANDIDATE 12

typedef struct
{
    const nh_model_struct *M;   /* the model (not owned)                   */
    slong n;                    /* nh_model_n(M)                            */
    const nh_quantity_struct *Q;  /* the table entry                      */
    const nh_quantity_struct *QD; /* ON_D: the vD entry; NH: acc_lagrange  */
    char name[32];              /* the protocol name ("h", "nh_accel", ...) */
    nh_quantity_params par;     /* the quantity's parameters (order, eps) */
    fmpq_t eps;                 /* NH_QUANTITY_EPS quantities               */
    slong order;                /* h, reaction, reduced: k                  */
    fmpq *lo, *hi;              /* the box, 2n each (q then v)              */
    double atol, rtol;          /* the tolerances (see "Failing") */
    slong prec, max_prec;       /* first and largest working precision (bits) */
    fmpq *replay;               /* 2n nreplay: search points evaluated first
                                   (nh_check_set_replay; NULL: none)       */
    slong nreplay;              /* number of replay points                 */
    nh_quantity_ws_struct *ws;  /* the reference's workspace, created once by
                                   nh_check_init and reused at every point */
}
nh_check_struct;

typedef nh_check_struct nh_check_t[1];

/* Set up a check of quantity `name` (a protocol name or a table name of
   an n-vector) of model M: order k >= 1 for h and reaction (>= 0 for the
   reduced fields), eps (exact, > 0) for the quantities that need it
   (NULL otherwise; NH_ERR_USAGE if needed and NULL), tolerances atol,
   rtol >= 0 (not both 0), the reference precisions.  The box is the
   default [-1, 1] for every coordinate and velocity.  Errors:
   NH_ERR_USAGE naming the quantity and listing the accepted names. */
int nh_check_init(nh_check_t C, const nh_model_struct *M, const char *name, slong order,
                  const fmpq_t eps, double atol, double rtol, slong prec, slong max_prec,
                  nh_error_t err);
void nh_check_clear(nh_check_t C);

/* Narrow or widen the box: spec "NAME=LO:HI,..." with NAME a coordinate
   (its position) or v_NAME (its velocity), LO <= HI exact rationals
   (nh_check_parse_q).  Errors: NH_ERR_USAGE naming the offending item. */
int nh_check_set_domain(nh_check_t C, const char *spec, nh_error_t err);

/* Exact rational from "3", "-1/2", "0.25", "1e-3" (NH_ERR_USAGE naming
   what otherwise). */
int nh_check_parse_q(fmpq_t x, const char *s, const char *what, nh_error_t err);

/* Exact decimal string of x when its denominator is 2^a 5^b (at most
   a, b <= 200), else "p/q" (malloc'd; free()). */
char *nh_check_decimal(const fmpq_t x);

/* One evaluated point. */
typedef struct
{
    fmpq *x;                    /* 2n: the search point (q then v)           */
    fmpq *q, *w;                /* n each: the point sent to the candidate   */
    arb_ptr ref;                /* n: the reference balls                    */
    arb_ptr cand;               /* n: the candidate's values (exact balls)   */
    double score;               /* the score (estimate, see above)           */
    int fails;                  /* some component certainly fails            */
}
nh_check_point_struct;

/* Allocate (zero) / free / copy s into a point of a model with n
   coordinates. */
void nh_check_point_init(nh_check_point_struct *p, slong n);
void nh_check_point_clear(nh_check_point_struct *p, slong n);
void nh_check_point_set(nh_check_point_struct *p, const nh_check_point_struct *s, slong n);

/* The point sent for the search point p->x: p->q, p->w (see "Points"). */
int nh_check_sent_point(nh_check_point_struct *p, const nh_check_t C, nh_error_t err);

/* The reference balls p->ref at (p->q, p->w), precision raised from
   C->prec by doubling while inconclusive (NH_ERR_PRECISION beyond
   C->max_prec; other errors name the point). */
int nh_check_reference(nh_check_point_struct *p, const nh_check_t C, nh_error_t err);

/* Compare p->cand with p->ref: sets p->score and p->fails. */
void nh_check_compare(nh_check_point_struct *p, const nh_check_t C);

/* |c_i - x_i| as a ball (prec bits), the error of component i. */
void nh_check_error_ball(arb_t e, const nh_check_point_struct *p, slong i, slong prec);

/* The candidate: the values of the quantity at npts points (q, w)
   (q + j n, w + j n: n rationals each), written to vals (npts n balls,
   row j = point j).  Returns NH_OK or an error code (the caller's; it
   is returned unchanged by nh_check_run). */
typedef int (*nh_check_candidate_fn)(arb_ptr vals, const fmpq *q, const fmpq *w, slong npts,
                                     void *data, nh_error_t err);

/* The answer reader of the protocol (doc/check.md, check_answer.c):
   buf[0..len) (any bytes; NUL bytes are data, not terminators) must hold
   exactly npts lines, each ended by '\n', line j the JSON object
   {"id": first_id + j, "value": {NAME: number, ...}} with exactly the n
   components named by the coordinates (numbers: JSON numbers, finite;
   or strings of nh_check_parse_q), written to vals + j n (exact balls).
   Errors: NH_CHECK_ERR_CANDIDATE with a message naming the answer (its
   first 200 bytes) and the fault: a NUL byte, a last line without a
   newline, fewer or more lines than npts, malformed JSON or anything
   after the object, a repeated key, a wrong id, an "error" member, a
   missing, extra, NaN, infinite or unparsable component; *bad is then
   the index j of the offending answer (-1 for "more lines"), else -1. */
int nh_check_read_answers(arb_ptr vals, const nh_check_t C, const char *buf, size_t len,
                          slong npts, slong first_id, slong *bad, nh_error_t err);

/* A candidate's value as the number it sent: a double (an exact ball
   holding a double) as the shortest decimal that reads back as that
   double ("0.1", "-3.0000000000000004"), anything else (a rational
   string) as arb_get_str to 20 digits.  flint_free() the result. */
char *nh_check_value_str(const arb_t c);

typedef struct
{
    slong evals;                /* candidate evaluations (points)            */
    slong replay_evals;         /* points of C->replay compared              */
    slong special_evals;        /* special points of the box compared        */
    slong random_evals;         /* low-discrepancy points compared           */
    slong search_evals, shrink_evals; /* Nelder-Mead and shrinking points */
    slong cover_n;              /* N of the low-discrepancy phase: each
                                   coordinate's interval in N equal cells,
                                   each holding a point (0: phase not run) */
    slong nfailed;              /* evaluated points that fail                */
    nh_check_point_struct worst;   /* the largest score                      */
    int have_fail;              /* 1: some point failed (the verdict) */
    nh_check_point_struct first_fail; /* the worst failing point, unshrunk   */
    nh_check_point_struct shrunk;  /* the shrunk failing point              */
    slong shrink_steps;         /* accepted simplifications                  */
    slong skipped;              /* points skipped: the reference failed there
                                   (degenerate model, coordinate singularity,
                                   inconclusive at the cap: NH_ERR_MODEL,
                                   NH_ERR_DOMAIN, NH_ERR_PRECISION)          */
    int skip_rc;                /* the error of the first skipped point      */
    char skip_msg[NH_ERROR_MSG_LEN]; /* ... and its message                  */
}
nh_check_result_struct;

typedef nh_check_result_struct nh_check_result_t[1];

/* Allocate (nothing evaluated yet) / free a result of the check C. */
void nh_check_result_init(nh_check_result_t R, const nh_check_t C);
void nh_check_result_clear(nh_check_result_t R, const nh_check_t C);

/* The search within `budget` candidate evaluations (>= 1), seeded by
   seed (FLINT's flint_rand_t, flint_rand_set_seed(seed, seed ^
   0x9e3779b97f4a7c15), fmpz_randm: deterministic for a given FLINT
   version and seed): first the points of C->replay (nh_check_set_replay;
   at most the budget; R->replay_evals), then half the budget (at least 1
   point; at most what remains) on random
   points of the grid in the box, sent in batches of `batch`; then
   Nelder-Mead (gsl_multimin_fminimizer_nmsimplex2, in box coordinates
   scaled to [0, 1], each evaluation rounded to the grid) maximizing the
   score, started from each of the 4 worst distinct points of the random
   phase, then restarted from the worst point so far, with initial steps
   0.1, 0.02, 0.3, 0.005, ... until the budget is used --
   or, once some point fails, until two thirds of what remained when the
   phase began (half of what remains when the first failure appears
   during the phase); then, if some point failed, shrinking of the worst
   failing point (check_shrink.c, doc/check.md) with the rest.  Batches
   of `batch` points: the random phase, the initial simplices of the
   Nelder-Mead runs from the 4 worst points, the zero candidates of each
   shrinking pass; the other points one by one.  A point where the
   reference fails with NH_ERR_MODEL, NH_ERR_DOMAIN or NH_ERR_PRECISION
   is skipped (R->skipped, R->skip_rc, R->skip_msg; it counts against
   the budget).  Returns NH_OK (R->have_fail tells the verdict), the
   skipped points' error when no point could be checked ("no point could
   be checked: ..."), or the first other error (the candidate's, or the
   reference's). */
int nh_check_run(nh_check_result_t R, const nh_check_t C, slong budget, ulong seed,
                 slong batch, nh_check_candidate_fn fn, void *data, nh_error_t err);

/* A property of a point p (p->x, and the sent point p->q, p->w set):
   1 when the candidate misbehaves there (a crash, a hang, ...), 0 when
   it does not, -1 to stop shrinking (e.g. out of time). */
typedef int (*nh_check_point_pred)(const nh_check_point_struct *p, void *data);

/* Shrink a point where pred holds as the shrinking phase shrinks a
   failing one (check_shrink.c, doc/check.md "Shrinking"): coordinate by
   coordinate of p->x (2n values), try 0, then the value truncated toward
   0 to 0, 1, 2, ... decimals (inside the box C->lo, C->hi), keep the first
   for which pred still holds; passes until one changes nothing, pred
   returns -1, or max_trials calls of pred.  p (x and the sent q, w) is
   updated; returns the number of simplifications kept (0: p unchanged).
   *trials (may be NULL) receives the number of calls of pred. */
slong nh_check_shrink_pred(nh_check_point_struct *p, const nh_check_t C,
                           nh_check_point_pred pred, void *data, slong max_trials,
                           slong *trials);

/* ---- writers of a result (doc/check.md, "The report") ------------- */

/* x (n values, e.g. a point's q or its sent v) as a JSON object keyed by
   the coordinate names, each value the exact decimal of nh_check_decimal. */
json_object *nh_check_vec_json(const nh_check_t C, const fmpq *x);

/* The JSON report of a finished run R of C: case, quantity, pass, seed,
   atol, rtol, budget (the settings a replay needs), the evaluation
   counts, coverage, skipped points, the worst point and (when some point
   failed) the shrunk one, each with q, v sent, v_simple, the score
   (an estimate) and per component the candidate's number, the certified
   reference ball (20 digits) and the error ball.  The caller owns it. */
json_object *nh_check_result_json(const nh_check_t C, const nh_check_result_t R, ulong seed,
                                  slong budget);
/* The same as one TAP test ("1..1", ok / not ok with the counts, then
   diagnostics: seed, tolerance, budget, coverage, worst score). */
void nh_check_result_tap(FILE *f, const nh_check_t C, const nh_check_result_t R, ulong seed,
                         slong budget);
/* The same as text: counts, coverage, skipped points, the worst point
   and the shrunk failing one as tables (candidate, reference ball with
   17 digits, error ball), then PASS or FAIL; pass_note is appended to
   PASS (may be ""). */
void nh_check_result_text(FILE *f, const nh_check_t C, const nh_check_result_t R, ulong seed,
                          slong budget, const char *pass_note);

/* The regression dataset (doc/datasets.md, replayed by `nhoracle
   validate`): metadata (the case from case_text / case_file, the check
   settings; nhoracle_version: version) and for each of the npts points pts[j] the records q, v (the
   sent point) and the quantity (record name: h, reaction, vD, vdot,
   qdot, vDdot or the table name; k and the eps index as in `emit`), each
   ball certified to `digits` digits on the decimal grid of its vector
   (precision raised from C->prec up to C->max_prec). */
int nh_check_regression(nh_dataset_t ds, const nh_check_t C,
                        const nh_check_point_struct *const *pts, slong npts,
                        const char *case_text, size_t case_len, const char *case_file,
                        const char *version, slong digits, ulong seed, slong budget,
                        nh_error_t err);

/* The points of a regression file to evaluate first (`check --replay
   FILE`, check_replay.c): text[0..len) is the file (JSON Lines, its first
   line the metadata written by nh_check_regression), name its name for
   messages.  Its sampling.search_points (the search points x, q and the
   simple v before projection, exact decimals) become C->replay,
   C->nreplay; nh_check_run evaluates them first, in batches, against the
   budget.  Errors (NH_ERR_USAGE, naming name:1): not such a file, a
   different case (model name) or quantity, a coordinate missing or not a
   number. */
int nh_check_set_replay(nh_check_t C, const char *text, size_t len, const char *name,
                        nh_error_t err);

#endif
