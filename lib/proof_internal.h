/*
 * proof_internal.h -- INTERNAL to lib/proof_*.c: typed formulas.
 */
#ifndef NH_PROOF_INTERNAL_H
#define NH_PROOF_INTERNAL_H

#include "proof.h"
#include "expr.h"

#define NH_PFORMULA_MAX_DIMS 3

/* A parsed formula: len roots (row-major), shape[0..ndims-1]. */
typedef struct
{
    int *roots;
    slong len, alloc;
    int ndims;                  /* 0: scalar                            */
    slong shape[NH_PFORMULA_MAX_DIMS];
}
nh_pformula;

void nh_pformula_init(nh_pformula *F);
void nh_pformula_clear(nh_pformula *F);
/* Parse the value v (a scalar expression or nested lists) into arena A
   with names N; messages "file:line:col: ..." (NH_ERR_PARSE). */
int nh_pformula_parse(nh_pformula *F, const nh_proof_val *v, expr_arena_t A,
                      const expr_names_struct *N, const char *file, nh_error_t err);

#endif
