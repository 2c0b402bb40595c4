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
};

/* Recompute folded constants and mirrors after a parameter change. */
void _nh_model_prepare(nh_model_struct *M);

#endif
