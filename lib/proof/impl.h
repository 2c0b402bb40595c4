/*
 * proof/impl.h -- INTERNAL to lib/proof/: paths named by documents, the
 * checking context of a claim (proof_setup.c), the text of results
 * (proof_report.c), pointwise claims (proof_pointwise.c), rate claims
 * (proof_rate.c), shared by the driver (proof_check.c).
 */
#ifndef NH_PROOF_INTERNAL_H
#define NH_PROOF_INTERNAL_H

#include "proof.h"
#include "expr.h"
#include "quantity.h"
#include "gmap.h"
#include "nh_sbuf.h"

/* Resolve the file named by the value v of key `key` ("case", "ghat",
   "formula") of claim claim_id in document file, relative to the top
   directory top (NULL or "": the current directory).  The rule
   (doc/proofs.md "Paths in documents"): the path is relative; joined to
   realpath(top), its realpath (every '..' and symbolic link resolved)
   is top itself or below it.  A path that does not exist is judged by
   its longest existing prefix, so that a missing file inside the tree
   is still reported by the reader as missing (NH_ERR_IO "cannot open")
   and nothing outside the tree can be probed.  Leading blanks of the
   value are skipped.  Nothing is opened here; the caller reads *out
   with a reader built on nh_file_read, which refuses anything but a
   regular file.
   On success *out is a malloc'd path (free() it): the canonical path of
   the file, or realpath(top)/path when it does not exist.
   Errors (*out = NULL); messages name the document position and the
   claim, never the contents of any file:
     NH_ERR_PARSE "file:line:col: claim 'ID': KEY: absolute path 'P'
                  refused: ...", "... KEY: path 'P' leads outside the top
                  directory TOP (...): refused ...", "... KEY: empty path",
                  "... KEY: a path is one line ...";
     NH_ERR_IO    "file:line:col: claim 'ID': KEY: top directory T:
                  cannot resolve: <strerror>". */
int _nh_proof_path(char **out, const char *top, const nh_proof_val *v, const char *key,
                   const char *file, const char *claim_id, nh_error_t err);

/* Guard bits: everything is computed at prec + NH_PROOF_GUARD_BITS so
   that a true identity meets the tolerance 2^-(prec-20) after the
   cancellation in lhs - rhs and the eps interpolation. */
#define NH_PROOF_GUARD_BITS 64

/* The checking context of one claim (and one formula: `formula:` or
   `corrected:`). */
typedef struct
{
    const nh_claim_struct *c;
    const char *file;
    nh_model_ptr M;
    slong n, m;
    const nh_quantity_struct *Q; /* the quantity (lib/quantity.h)          */
    nh_quantity_params par;
    int qk;                     /* Q->kind                               */
    slong hk;                   /* k of h<k> / react<k>                 */
    slong K;                    /* series terms needed                  */
    int on_D;                   /* v_ names mean vD (nonholonomic: the
                                   completed velocity; not for the SODE
                                   quantities, at v as given)            */
    int eps_dep;                /* quantity depends on eps              */
    int qndims;
    slong qshape[EXPR_FORMULA_MAX_DIMS];
    slong qlen;
    /* names */
    slong nnames, ncomp, comp0, let0, nlets;
    char **names;
    int comp_src[3];            /* component groups: 0 main/qdot, 1 vDdot, 2 vdot */
    slong ncompgroups;
    /* params */
    slong np;
    char **pnames;
    fmpq *pvals;
    expr_arena_t A;
    int lets[NH_PROOF_MAX_LETS];
    expr_formula lhs, rhs;
    int have_lhs;
    int *fixmask;               /* 2n: q then v coordinates fixed by `fix:` */
    fmpq *fixval;
    slong need;
    jet_ctx_t jctx;
    /* nonholonomic quantities */
    int nh;                     /* quantity from lib/nhdyn (t sampled)  */
    int lin_aut;                /* model linear autonomous (route 2)    */
    slong *dep;                 /* `dependent:` indices or NULL         */
    nh_model_ptr Mh;            /* `ghat:` model or NULL                */
    fmpq_t tcur;                /* the point's time                     */
    /* moving frames (003 Sec 3, issue 21; proof_map.c): `case2:` and `map:` */
    nh_model_ptr M2;            /* the second model (Q) or NULL          */
    nh_gmap_struct *gm;         /* g_t: case -> case2, or NULL           */
    slong map0;                 /* index of the first name of the pair   */
    int pair;                   /* groups of names (NH_PAIR_*)           */
    slong *dep2;                /* `dependent2:` (case2's split) or NULL */
}
pctx;


/* malloc'd copy of s. */
char *_nh_proof_strdup(const char *s);

/* Load the case (and `ghat:`) model, look up the quantity, parse
   `fix:`, `dependent:`, `ghat-param:`, the lets, `lhs` and the formula
   fv (NULL or absent: 0 for routes, lemma4, remark12), check the shapes.
   P is always initialised (clear it with _nh_proof_ctx_clear). */
int _nh_proof_ctx_setup(pctx *P, const nh_proof_doc_t doc, const nh_claim_struct *c,
                        const nh_proof_val *fv, const char *srcdir, nh_error_t err);
void _nh_proof_ctx_clear(pctx *P);
/* x = the rational s ("p/q" or a decimal, as expr_parse_decimal);
   returns 0 if s is not one. */
int _nh_proof_rational(fmpq_t x, const char *s);
/* `fix: x = 0, v_y = -1/2, t = 1`: P->fixmask, P->fixval (2n + 1). */
int _nh_proof_parse_fix(pctx *P, const nh_proof_val *fv, nh_error_t err);

/* Append a ball (20 digits, arb_get_str) to a report string (nh_sbuf.h). */
void _nh_proof_sb_ball(nh_sbuf_t b, const arb_t x);

/* "entry[i][j]" (", coefficient of eps^coef" if coef >= 0) of the
   compared value (lhs or the quantity). */
void _nh_proof_describe_entry(char *buf, size_t size, const pctx *P, slong idx, slong coef);
/* "q = (...), v = (...)" (t, and the v_ names' velocity vel if not
   NULL); malloc'd. */
char *_nh_proof_describe_point(const pctx *P, const fmpq *q, const fmpq *v, arb_srcptr vel);
/* "[ball, ...]"; malloc'd. */
char *_nh_proof_describe_vec(arb_srcptr x, slong len);

/* The groups of names of a pair (`pair:`; default all). */
#define NH_PAIR_MAP 1           /* q_, qdot_, qddot_, omega_, Omega_     */
#define NH_PAIR_MOTION 2        /* acc_Q_, mult_Q_, res_Q_               */
#define NH_PAIR_ENERGY 4        /* L_Q, E_Q, FL_Q_, L_M, E_M, FL_M_      */
#define NH_PAIR_EL 8            /* EL_Q_, EL_M_                          */
#define NH_PAIR_DG 16           /* dg_<cQ>_<cM>                           */
#define NH_PAIR_PROJ 32         /* prQ_<cQ>: case2's pr_t of the image of the drawn
                                   (not completed) velocity              */
#define NH_PAIR_DEFAULT 15      /* map, motion, energy, el               */

/* Load the model named by the value v of key `key` ("ghat", "case2")
   of claim id (path rules of _nh_proof_path, relative to srcdir); *M =
   NULL on error ("file:line: claim 'ID': KEY: " before the reader's
   message). */
int _nh_proof_load_model(nh_model_ptr *M, const char *srcdir, const nh_proof_val *v, const char *key,
                         const char *file, const char *id, nh_error_t err);

/* `dependent:` (or `dependent2:`, named key): m coordinates of M, one per
   constraint; *dep malloc'd.  NH_ERR_PARSE "file:line:col: KEY: ...". */
int _nh_proof_parse_dependent(slong **dep, const nh_model_struct *M, const nh_proof_val *v,
                              const char *key, const char *file, nh_error_t err);

/* Moving frames (doc/proofs.md "Two models and a map"): with `case2:`
   and `map:`, load the second model (path rules of `case:`), parse the
   map g_t (lib/gmap.h) and append the names of the pair (q_, qdot_,
   qddot_, omega_, Omega_, acc_Q_, mult_Q_, res_Q_, L_Q, E_Q, FL_Q_,
   EL_Q_, L_M, E_M, FL_M_, EL_M_).  NH_OK without these keys. */
int _nh_proof_map_setup(pctx *P, const nh_claim_struct *c, const char *srcdir, nh_error_t err);
/* Their values at the point: vals holds the names' values so far (x,
   the completed velocity, t), vraw the drawn velocity; out gets the pair's names in order.
   NH_ERR_PRECISION when a ball was inconclusive (retry). */
int _nh_proof_map_eval(arb_ptr out, pctx *P, arb_srcptr vals, const fmpq *vraw, slong p,
                       nh_error_t err);
void _nh_proof_map_clear(pctx *P);

/* Pointwise claims: P->rhs against the quantity (or lhs) at the claim's
   points (doc/proofs.md "Verdicts"). */
int _nh_proof_check_points(nh_claim_result_struct *res, pctx *P, slong points, slong seed,
                           nh_error_t err);
/* Rate claims; run = 0: validation only (nh_proof_prepare, res unused). */
int _nh_proof_check_rate(nh_claim_result_struct *res, const nh_proof_doc_t doc,
                         const nh_claim_struct *c, const char *srcdir, int run, nh_error_t err);

#endif
