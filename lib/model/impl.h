/*
 * model/impl.h -- INTERNAL: layout of nh_model_struct (model.h), shared
 * by lib/model*.c.
 */
#ifndef NH_EXPR_MODEL_H
#define NH_EXPR_MODEL_H

#include "model.h"
#include "expr.h"

/* A root of -1 means the literal 0.  Entries are row-major. */
struct nh_model_struct
{
    char *name;
    char *source;
    char *filename;
    slong n, m, np;
    char **coords;            /* n                                      */
    char **pnames;            /* np                                     */
    fmpq *params;             /* np (the arena points here)             */
    expr_arena_t A;

    int metric_diag;          /* 1: only G[i][i] given                  */
    int *metric;              /* n*n roots                              */
    int *metric_mirror;       /* n*n: index of an equal entry evaluated
                                 earlier (row-major), or -1             */
    int potential;            /* root or -1                             */
    int *constraints;         /* m*n roots (coefficients of dq^j)       */
    int friction_given, friction_diag;
    int *friction;            /* m*m roots                              */
    int *friction_mirror;
    int need;                 /* max jet temporaries over all roots     */
    /* issue 7 extensions (doc/model-format.md "Time, affine constraints,
       gyroscopic one-form, forces"); all absent = the old format. */
    int *constraint_dt;       /* m roots: coefficient of dt in a^l      */
    int *oneform;             /* n roots: Delta_i (L term Delta(qdot))  */
    int *force;               /* n roots: F_i (generalized force)       */
    int has_time;             /* some expression uses the time t        */
    int *damping;             /* n*n roots or NULL: force -C(q,t) qdot  */
    int damping_rows, damping_diag;
    /* issue 16: lets, derived parameters, energy statements */
    slong nlets;
    char **lnames;            /* nlets                                  */
    int *lroots;              /* nlets roots (shared subtrees)          */
    unsigned char *lform;     /* nlets: 1 if a form in the differentials */
    int *proot;               /* np: defining expression of parameter k */
    unsigned char *pderived;  /* np: its definition uses a parameter    */
    unsigned char *poverride; /* np: set directly by nh_model_set_param */
    char *metric_what;        /* "metric G" or "kinetic energy T (file:l:c)" */
    /* issue 16 (c): the degree-0 and degree-1 terms of 'kinetic:' that
       are exactly 0 at the parse-time parameter values and were dropped:
       nh_model_set_param checks them again (ndropped roots, dropped_k[i]
       = -1 for degree 0, else the coordinate of the velocity). */
    slong ndropped;
    int *dropped;
    int *dropped_k;
};

/* Parser state of model files (model_parse.c, model_parse_energy.c). */
typedef struct
{
    nh_model_struct *M;
    expr_lexer_struct *L;
    const char *file;
    nh_error_struct *err;
    expr_names_struct N;
    slong metric_rows;
    int metric_line, metric_col;      /* first metric statement          */
    slong friction_rows;
    int friction_line, friction_col;
    int have_potential;
    slong acons;                      /* allocated constraint rows       */
    const char *energy_kw;            /* "kinetic" / "lagrangian" or NULL */
    int energy_line, energy_col;
    slong alets;                      /* allocated let slots             */
}
mstate;

/* Helpers of the statement parser (model_parse.c). */
int _nh_mparse_check_new_name(mstate *S, const char *kind);
int _nh_mparse_end_of_statement(mstate *S);
void _nh_mparse_update_names(mstate *S);
void _nh_mparse_skip_colon(mstate *S);
int _nh_mparse_need_coords(mstate *S, int line, int col, const char *kw);
/* Statements of issue 16 (model_parse_energy.c): 'let NAME = EXPR',
   'kinetic: EXPR', 'lagrangian: EXPR'. */
int _nh_mparse_let(mstate *S, int line, int col);
int _nh_mparse_energy(mstate *S, int line, int col, int lagrangian);

/* Recompute folded constants and mirrors after a parameter change. */
void _nh_model_prepare(nh_model_struct *M);

#endif
