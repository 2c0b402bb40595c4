/*
 * jet/impl.h -- private helpers of the jet module (not installed).
 */
#ifndef NH_JET_INTERNAL_H
#define NH_JET_INTERNAL_H

#include "jet.h"

/* Products with at most this many (a, b) pairs per output coefficient
   (times the number of products, for jet_dot) gather them in a stack
   buffer instead of the heap (2 * JET_SMALL_PAIRS arb_structs). */
#define JET_SMALL_PAIRS 128

/* Make sure the multiplication table of ctx has been examined (built if
   it has at most JET_MUL_MAX_PAIRS pairs).  ctx is logically const. */
void _jet_ctx_mul_prepare(const jet_ctx_t ctx);

/* Write the pairs (a, b) with exps(a) + exps(b) = exps(c) into pa, pb
   (room for ctx->mul_maxpairs); returns their number. */
slong _jet_ctx_pairs_enum(slong *pa, slong *pb, slong c, const jet_ctx_t ctx);

/* Pairs for output c: pointers into the table, or enumerated into the
   scratch arrays sa, sb (room for ctx->mul_maxpairs). */
static inline slong
_jet_ctx_pairs(const slong **pa, const slong **pb, slong *sa, slong *sb,
               slong c, const jet_ctx_t ctx)
{
    if (ctx->mul_start != NULL)
    {
        *pa = ctx->mul_a + ctx->mul_start[c];
        *pb = ctx->mul_b + ctx->mul_start[c];
        return ctx->mul_start[c + 1] - ctx->mul_start[c];
    }
    *pa = sa;
    *pb = sb;
    return _jet_ctx_pairs_enum(sa, sb, c, ctx);
}

/* Scratch for gathering the pairs of one output coefficient: room for
   count * ctx->mul_maxpairs operand structs (a stack buffer when small)
   and, when the table is not stored, the enumerated pair indices. */
typedef struct
{
    arb_struct *ta, *tb;
    slong *sa, *sb;
    arb_struct small[2 * JET_SMALL_PAIRS];
}
_jet_pairbuf_struct;

static inline void
_jet_pairbuf_init(_jet_pairbuf_struct *B, slong count, const jet_ctx_t ctx)
{
    slong maxp;
    _jet_ctx_mul_prepare(ctx);
    maxp = ctx->mul_maxpairs;
    B->ta = (count * maxp <= JET_SMALL_PAIRS) ? B->small
            : flint_malloc(2 * count * maxp * sizeof(arb_struct));
    B->tb = B->ta + count * maxp;
    B->sa = B->sb = NULL;
    if (ctx->mul_start == NULL)
    {
        B->sa = flint_malloc(2 * maxp * sizeof(slong));
        B->sb = B->sa + maxp;
    }
}

static inline void
_jet_pairbuf_clear(_jet_pairbuf_struct *B)
{
    if (B->ta != B->small)
        flint_free(B->ta);
    flint_free(B->sa);
}

/* Lowest and highest total degree <= ord carrying a nonzero coefficient;
   returns 0 if a vanishes up to degree ord (then lo, hi undefined). */
int _jet_degree_range(slong *lo, slong *hi, arb_srcptr a, slong ord,
                      const jet_ctx_t ctx);

/* sin and cos (either output may be NULL), exp of a jet up to total
   degree ord by the Euler-operator recurrence (jet_sin_cos.c); outputs may
   alias a. */
void _jet_sin_cos(arb_ptr s, arb_ptr c, arb_srcptr a, slong ord, const jet_ctx_t ctx,
                  slong prec);
void _jet_exp_rec(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec);

/* x[0..n) = 0, touching only the nonzero entries: arb_zero is a library
   call (~20 instructions) while the tails of the jets are mostly zero
   already (issue 14: the full-length zeroing of the jets was 11 % of the
   certified field).  Same values as _arb_vec_zero. */
static inline void
_jet_vec_zero(arb_ptr x, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_is_zero(x + i))
            arb_zero(x + i);
}

#endif
