/*
 * proof.h -- executable literate proofs (issue 5): claim blocks embedded
 * in Markdown documents (proofs/ *.md, format in doc/proofs.md), and
 * their certified verdicts.
 *
 * A claim block is a fenced code block whose info string is `claim`:
 *
 *     ```claim
 *     id: 000-81
 *     source: 000 eq (81)
 *     case: cases/vertical_disk.nh
 *     quantity: FR_sharp
 *     let: mu = 1
 *     formula: [[0, 0, 0, 0], [0, mu/m, 0, -mu*R/m*cos(theta)], ...]
 *     points: 8
 *     seed: 81
 *     verdict: holds
 *     ```
 *
 * nh_proof_check() evaluates the quantity nhoracle computes (lhs) and the
 * typed formula (rhs) at `points` random exact rational points (q, v)
 * drawn from a fixed seed, as Arb balls at working precision `prec`, and
 * decides (per point, raising the precision by doubling up to max-prec
 * while inconclusive):
 *   holds      every entry of lhs - rhs has |ball| <= 2^-(p-20) * max(1,
 *              max |lhs|) at every point (p = final working precision);
 *   refuted    some entry of lhs - rhs is a ball excluding 0: the first
 *              such point is the witness;
 *   undecided  neither, even at max-prec.
 * Claims of kind `rate` (convergence orders) run nh_conv_study
 * (lib/conv.h) and compare the observed order (an ESTIMATE: least-squares
 * slope with a 95% interval) with `expect:`: holds if within 0.25,
 * refuted if farther and the interval excludes it, else undecided.  A
 * rate claim recorded `pending` is not run.
 *
 * Precision: prec, max_prec in bits.  Errors: NH_ERR_PARSE
 * ("file:line:col: ...", also a file path that is absolute or leads
 * outside the top directory), NH_ERR_IO, NH_ERR_MODEL (degenerate model
 * at a random point), NH_ERR_USAGE.
 */
#ifndef NH_PROOF_H
#define NH_PROOF_H

#include <json-c/json.h>
#include "series.h"
#include "expr.h"
#include "nh_sbuf.h"

/* Most `let:` lines of one claim block. */
#define NH_PROOF_MAX_LETS 32

enum
{
    NH_VERDICT_NONE = 0,        /* no verdict (key absent / not computed) */
    NH_VERDICT_HOLDS,           /* every point passes (doc/proofs.md)     */
    NH_VERDICT_REFUTED,         /* a difference ball excludes 0: witness  */
    NH_VERDICT_UNDECIDED,       /* inconclusive at the precision cap      */
    NH_VERDICT_PENDING          /* rate claim recorded pending: not run   */
};

/* "holds", "refuted", "undecided", "pending" ("none" for any
   other value; a static string); nh_verdict_parse is its inverse. */
const char *nh_verdict_name(int v);
/* -1 if s names no verdict. */
int nh_verdict_parse(const char *s);

/* A text value with its source position in the document (lib/expr.h;
   text NULL if the key is absent). */
typedef expr_src nh_proof_val;

typedef struct
{
    int line;                   /* line of the opening fence            */
    nh_proof_val id, source, kind, case_path, quantity, lhs, formula, corrected, evidence, fix; /* the
                                   keys of the block (doc/proofs.md)    */
    nh_proof_val eps_list, measure; /* rate claims */
    nh_proof_val ghat, ghat_param, dependent; /* nonholonomic quantities (issue 7) */
    nh_proof_val covers;        /* numbered paper items checked, "000:eq86, 000:thm2" (issue 21) */
    nh_proof_val input;         /* the claim compares a case file with the formula it was typed
                                   from (issue 32): its items count as "input, not checked" */
    nh_proof_val case2, map, pair, dependent2; /* moving frames (003 Sec 3, issue 21): a second model,
                                   the point map g_t from the case's coordinates to its
                                   own, the groups of names of the pair, case2's split */
    nh_proof_val let[NH_PROOF_MAX_LETS]; /* the `let:` lines          */
    int nlet;                   /* ... nlet of them                    */
    slong order;                /* K for h^(k)/react, k for reduced, K for routes */
    int route;                  /* NH_ROUTE_TIME / NH_ROUTE_COVARIANT     */
    int have_eps;               /* eps: given                           */
    fmpq_t eps;                 /* fixed eps                            */
    slong series;               /* >0: compare eps-coefficients 0..series-1 */
    slong points, seed, prec, max_prec; /* sample points, their seed, first
                                   and largest working precision (bits) */
    fmpq_t qrange, vrange;      /* coordinates in [-qrange, qrange]      */
    fmpq_t trange;              /* nonholonomic quantities: t in [-trange, trange] */
    int verdict;                /* the recorded verdict                 */
    int have_expect;            /* expect: given                        */
    double expect;              /* rate claims: expected order            */
    fmpq_t T;                   /* rate claims: horizon (default 1)       */
}
nh_claim_struct;

typedef struct
{
    char *filename;             /* the document's path                  */
    char *text;                 /* its text (NUL-terminated)            */
    slong nclaims;              /* number of claim blocks               */
    nh_claim_struct *claims;    /* the claims, in document order        */
}
nh_proof_doc_struct;

typedef nh_proof_doc_struct nh_proof_doc_t[1];

/* Limits of the reader (bytes of a document, claim blocks in it). */
#define NH_PROOF_MAX_TEXT (64L << 20)
#define NH_PROOF_MAX_CLAIMS 10000

/* Parse the claim blocks of a Markdown document (text, with filename
   for messages).  Errors: NH_ERR_PARSE "file:line: ..." (unknown or
   repeated key, missing or empty id, missing verdict/case/quantity, bad
   number (also a non-finite `expect:`), unknown verdict or route,
   unterminated claim block, unterminated other ``` block or a
   "```claim" line inside one (which would hide claims), duplicate id);
   NH_ERR_RESOURCE "file:line: ..." for more than NH_PROOF_MAX_CLAIMS
   blocks.  Cost linear in the length of text.  On error the doc is
   cleared. */
int nh_proof_parse(nh_proof_doc_t doc, const char *text, const char *filename, nh_error_t err);
/* The same for len bytes (the contents of a file, not NUL-terminated),
   refusing also binary data (a NUL byte: NH_ERR_PARSE "file:line:col:
   NUL byte ...") and a document without any claim block (NH_ERR_PARSE
   "file:1: no claim block ..."). */
int nh_proof_parse_n(nh_proof_doc_t doc, const char *text, size_t len, const char *filename,
                     nh_error_t err);
/* Read the file path (at most NH_PROOF_MAX_TEXT bytes, else
   NH_ERR_RESOURCE; NH_ERR_IO "path: cannot open/read: reason") and
   parse it with nh_proof_parse_n. */
int nh_proof_load(nh_proof_doc_t doc, const char *path, nh_error_t err);
void nh_proof_doc_clear(nh_proof_doc_t doc);

/* Result of checking one claim. */
typedef struct
{
    int verdict;                /* computed verdict                      */
    slong points_done;          /* sample points checked                */
    slong prec_used;            /* largest working precision used        */
    double max_diff;            /* upper bound of max |lhs - rhs| over the
                                   points (holds), or |diff| at witness   */
    /* witness (refuted / undecided): the point and the entry */
    char *witness;              /* "q = (theta=..., ...), v = (...)"      */
    char *entry;                /* "entry [1][3]" etc.                    */
    char *diff;                 /* the difference ball                   */
    char *computed;             /* nhoracle's lhs at the witness (balls)  */
    char *typed;                /* the formula's value at the witness     */
    int corrected_verdict;      /* verdict of `corrected` (NONE if absent) */
    char *message;              /* pending / undecided explanation        */
}
nh_claim_result_struct;

/* An empty result (verdict NONE, strings NULL) / free its strings. */
void nh_claim_result_init(nh_claim_result_struct *r);
void nh_claim_result_clear(nh_claim_result_struct *r);

/* Check claim c of doc.  points_override / seed_override > 0 replace
   the claim's values.
   Paths: the files a claim names (`case:`, `ghat:`, the `formula:`
   field file of a rate claim) are relative to the top directory srcdir
   (NULL: the current directory) and must stay inside it: an absolute
   path, or one whose realpath (after '..' and symbolic links) is not
   below realpath(srcdir), is refused without opening anything
   (NH_ERR_PARSE "file:line:col: claim 'ID': case: absolute path ...
   refused" / "... leads outside the top directory ..."); the message
   never contains the contents of a file.  Only regular files are read
   (nh_file_read): a FIFO, device or directory gives NH_ERR_IO.  A
   missing file inside the tree gives NH_ERR_IO "file:line: claim 'ID':
   PATH: cannot open: ...".  doc/proofs.md "Paths in documents". */
int nh_proof_check(nh_claim_result_struct *res, const nh_proof_doc_t doc, slong idx,
                   const char *srcdir, slong points_override, slong seed_override,
                   nh_error_t err);

/* Everything nh_proof_check does before evaluating, for claim idx of
   doc, without drawing a point: load the case (and `ghat:`) model,
   look up the quantity, parse `fix:`, `dependent:`, `ghat-param:`, the
   lets, `lhs`, `formula` and `corrected`, check the shapes; for rate
   claims (not pending) load the case, parse `fix:`, `measure:`,
   `eps-list:` and load the `formula:` field file, without running the
   study.  Cost: parsing only (no geometry, series or integration), so a
   document can be validated before any claim runs.  Paths are
   resolved and refused as in nh_proof_check (relative to srcdir, NULL:
   cwd, and inside it; the files named by the claim are read).  Returns
   NH_OK or the error nh_proof_check would report for a malformed claim
   (NH_ERR_PARSE "file:line:col: ...", also for a path that is absolute
   or leads outside srcdir; NH_ERR_IO for a missing file or one that is
   not a regular file; the model reader's codes for a bad case file). */
int nh_proof_prepare(const nh_proof_doc_t doc, slong idx, const char *srcdir, nh_error_t err);

/* ---- coverage of the papers (issue 21, doc/proofs.md "Coverage") ----

   Per paper a list of numbered items (proofs/items/NNN.txt, one item a
   line: `ITEM | KIND | STATUS | DESCRIPTION`, `#` comments; STATUS is
   `checkable`, `not checkable: REASON` or `unreviewed`), matched against
   the `covers:` keys of the claim blocks (`covers: 000:eq86, 000:thm2`,
   paper prefix, colon, item name). */

enum
{
    NH_COV_CHECKABLE = 0,       /* status `checkable`                     */
    NH_COV_NOT_CHECKABLE,       /* `not checkable: REASON`                */
    NH_COV_UNREVIEWED           /* `unreviewed`                           */
};

/* The only reasons an item may be `not checkable` (issue 32,
   doc/proofs.md "The rule for not checkable"): the status is
   `not checkable: definition: ...` (introduces a symbol, states
   nothing), `not checkable: qualitative: ...` (no formula) or
   `not checkable: cannot build: OBJECT; needs WHAT`. */
enum
{
    NH_COV_NC_DEFINITION = 0,   /* `definition: ...`: a symbol, no statement */
    NH_COV_NC_QUALITATIVE,      /* `qualitative: ...`: no formula            */
    NH_COV_NC_CANNOT_BUILD,     /* `cannot build: OBJECT; needs WHAT`        */
    NH_COV_NC_NREASONS          /* the number of reasons                     */
};

typedef struct
{
    char *paper;                /* "000" (the items file's name)          */
    char *item;                 /* "eq86", "thm2", "ex6.1"               */
    char *kind;                 /* "equation", "theorem", ...            */
    char *desc;                 /* short description                     */
    int status;                 /* NH_COV_*                               */
    char *reason;               /* NH_COV_NOT_CHECKABLE: the reason       */
    int nc_reason;              /* NH_COV_NOT_CHECKABLE: NH_COV_NC_*      */
    int line;                   /* line in its items file                 */
    /* claims covering the item, in the order attached */
    slong nclaims;              /* claims covering the item             */
    char **claim_ids;           /* ... their ids                        */
    int *verdicts;              /* computed verdicts (NH_VERDICT_*)       */
    int *input;                 /* 1: the claim has `input:` (issue 32)   */
}
nh_cov_item_struct;

typedef struct
{
    slong n, alloc;             /* items used, allocated                */
    nh_cov_item_struct *items;  /* every item of every paper            */
    slong npapers;              /* number of papers                     */
    char **papers;              /* sorted paper prefixes                  */
    char *history;              /* DIR/history.md if present (copied after the counts) */
}
nh_coverage_struct;

typedef nh_coverage_struct nh_coverage_t[1];

/* An empty list / free it. */
void nh_coverage_init(nh_coverage_t cov);
void nh_coverage_clear(nh_coverage_t cov);

/* Read every items file dir/NNN.txt (three digits, sorted; at most
   NH_PROOF_MAX_TEXT bytes each).  Errors: NH_ERR_IO (dir cannot be
   opened, a file cannot be read: nh_file_read), NH_ERR_PARSE
   "FILE:LINE: ..." (fewer than four '|'-separated fields, empty item,
   unknown status, `not checkable` without a reason or with a reason
   that is not `definition:`, `qualitative:` or `cannot build: OBJECT;
   needs WHAT`, duplicate item),
   NH_ERR_PARSE "DIR: no items file NNN.txt" when there is none.  An
   optional DIR/history.md (Markdown: earlier counts, issue 32) is read
   into cov->history and copied into the page after the counts. */
int nh_coverage_load(nh_coverage_t cov, const char *dir, nh_error_t err);

/* Check the `covers:` value of claim c of document file against cov:
   every entry is PAPER:ITEM naming an item of the list whose status is
   `checkable`.  Errors: NH_ERR_PARSE "file:line:col: claim 'ID': covers:
   ..." (malformed entry, unknown item, or an item listed as not
   checkable / unreviewed: the list and the claims must agree).  A claim
   without `covers:` is fine. */
int nh_coverage_check_claim(const nh_coverage_t cov, const nh_claim_struct *c, const char *file,
                            nh_error_t err);

/* Record claim c (already checked by nh_coverage_check_claim) with its
   computed verdict on every item it covers (and whether it is an
   `input:` claim). */
void nh_coverage_attach(nh_coverage_t cov, const nh_claim_struct *c, int verdict);

/* Counts of one paper (paper NULL: all papers). */
typedef struct
{
    slong items, checked, holds, refuted, pending, undecided, not_checkable, not_written,
          unreviewed;           /* items; checkable items with claims, by
                                   verdict (nh_coverage_item_verdict);
                                   not checkable; checkable without a
                                   claim; unreviewed                     */
    slong input;                /* covered only by `input:` claims (not in checked) */
    slong nc[NH_COV_NC_NREASONS]; /* not_checkable by reason (NH_COV_NC_*) */
}
nh_cov_counts;

/* Fill k with the counts of paper (NULL: all papers) in cov. */
void nh_coverage_counts(nh_cov_counts *k, const nh_coverage_t cov, const char *paper);

/* Verdict of an item from its claims: refuted if any claim is refuted,
   else undecided if any is, else pending if any is, else holds; NONE
   without claims. */
int nh_coverage_item_verdict(const nh_cov_item_struct *it);

/* 1 if the item has claims and every one of them is an `input:` claim
   (it compares a case file with itself: "input, not checked"). */
int nh_coverage_item_is_input(const nh_cov_item_struct *it);

/* Name of a not-checkable reason NH_COV_NC_* ("definition", ...). */
const char *nh_coverage_nc_name(int r);

/* The Markdown page doc/proofs-coverage.md: counts per paper, then one
   row per item (claims and verdict, or the reason).  *md malloc'd (free()
   it); out of memory is fatal (nh_sbuf.h).  Returns NH_OK. */
int nh_coverage_markdown(char **md, size_t *len, const nh_coverage_t cov, nh_error_t err);

/* ---- a run of claims and its reports (proof_run.c, proof_run_write.c;
   `nhoracle prove`) ----

   A run checks the claims of one or more documents in order and builds
   four reports as it goes: the text of standard output (txt), the
   Markdown report (md: a table, one row per claim), the JSON report
   (jroot: {"subcommand": "prove", "claims": [...], "mismatches": N,
   ("coverage")}) and the errata page of the refuted claims (er,
   doc/errata.md).  A claim "matches" when its computed verdict is the
   recorded one (not undecided) and, for a refuted claim with a corrected
   formula, the corrected formula holds. */
typedef struct
{
    nh_sbuf_t txt, md, er;      /* text, Markdown and errata reports so far */
    json_object *jroot, *jclaims; /* the JSON report and its "claims" array  */
    slong nmis, nrun, nref, nund;   /* mismatches, claims run, refuted, undecided */
    /* told each mismatch ("FILE:LINE: claim 'ID': recorded verdict 'X',
       computed 'Y'"); NULL (the default): not told */
    void (*note)(void *data, const char *msg);
    void *note_data;
}
nh_proof_run_struct;

/* Start the reports (JSON root, Markdown table head, errata preamble);
   clear with nh_proof_run_clear. */
void nh_proof_run_init(nh_proof_run_struct *run);
void nh_proof_run_clear(nh_proof_run_struct *run);

/* The options of a run (the defaults of `nhoracle prove`, set by
   nh_proof_run_opts_init): top, the directory the documents' paths are
   inside (NULL: nh_proof_default_top of each document); only, the id of
   the one claim to run (NULL: all); points, seed: overrides of every
   claim's (0: the claim's own); cov, the coverage the verdicts are
   attached to (NULL: none; not owned). */
typedef struct
{
    const char *top, *only;     /* top directory (NULL: per document); the
                                   one claim id to run (NULL: all)         */
    slong points, seed;         /* overrides of each claim's (0: its own)  */
    nh_coverage_struct *cov;    /* coverage to attach verdicts to, or NULL */
}
nh_proof_run_opts_struct;

/* The defaults of `nhoracle prove`: every field NULL / 0. */
void nh_proof_run_opts_init(nh_proof_run_opts_struct *o);

/* Check every selected claim of the document at path with nh_proof_check
   and record each verdict (nh_proof_run_record).  Errors: those of
   nh_proof_load and nh_proof_check (the run keeps the claims recorded
   before). */
int nh_proof_run_doc(nh_proof_run_struct *run, const char *path,
                     const nh_proof_run_opts_struct *o, nh_error_t err);

/* Record claim c of document file with its result: counts, coverage (cov
   may be NULL), the four reports. */
void nh_proof_run_record(nh_proof_run_struct *run, nh_coverage_struct *cov, const char *file,
                         const nh_claim_struct *c, const nh_claim_result_struct *res,
                         slong points);

/* The summary lines ("N claims: R refuted, U undecided, M verdict
   mismatches"), the errata's "No claim is refuted." when none is, the
   JSON "mismatches" and (cov not NULL) "coverage". */
void nh_proof_run_finish(nh_proof_run_struct *run, const nh_coverage_struct *cov);

/* The writers of one claim: 1 if it matches (above); its lines of
   standard output (note: the mismatch message, or "" when it matches,
   at most notelen bytes); its Markdown row; its JSON object; its errata
   entry (points: the override named in "at the same N points", 0: the
   claim's own). */
int nh_proof_claim_match(const nh_claim_struct *c, const nh_claim_result_struct *res);
void nh_proof_claim_text(nh_sbuf_t txt, char *note, size_t notelen, const char *file,
                         const nh_claim_struct *c, const nh_claim_result_struct *res, int match);
void nh_proof_claim_md(nh_sbuf_t md, const char *file, const nh_claim_struct *c,
                       const nh_claim_result_struct *res);
json_object *nh_proof_claim_json(const char *file, const nh_claim_struct *c,
                                 const nh_claim_result_struct *res, int match);
void nh_proof_claim_errata(nh_sbuf_t er, const char *file, const nh_claim_struct *c,
                           const nh_claim_result_struct *res, slong points);

/* The "coverage" object of the JSON report: counts per paper ("all"
   too) and one entry per item with its claims and verdict
   (doc/proofs.md, "Coverage"). */
json_object *nh_proof_coverage_json(const nh_coverage_struct *cov);

/* The default top directory of a document (the parent of its directory:
   ".." for "x.md", "." for "d/x.md", "/" for "/d/x.md") and the default
   items directory ("items" beside the document).  malloc'd (free()). */
char *nh_proof_default_top(const char *docpath);
char *nh_proof_default_items(const char *docpath);

#endif
