/* expr_share.c -- value slots of shared nodes and their per-session
   cache (expr.h, "Shared nodes"; issue 16: a let is evaluated once per
   point, not re-expanded at each use). */
#include <string.h>
#include "expr.h"

static int
is_operation(int op)
{
    return op == EXPR_NEG || EXPR_IS_FUNC(op) || EXPR_IS_BINARY(op);
}

static void
give_slot(expr_arena_t A, int node)
{
    expr_node *x = A->nodes + node;
    if (x->slot < 0 && is_operation(x->op))
        x->slot = (int) A->nslots++;
}

void
expr_share(expr_arena_t A, const int *lets, slong nlets)
{
    slong i;
    unsigned char *parents = flint_calloc(A->len + 1, 1);

    for (i = 0; i < A->len; i++)
    {
        const expr_node *x = A->nodes + i;
        if (!is_operation(x->op))
            continue;
        if (parents[x->a] < 2)
            parents[x->a]++;
        if (EXPR_IS_BINARY(x->op) && parents[x->b] < 2)
            parents[x->b]++;
    }
    for (i = 0; i < nlets; i++)
        if (lets[i] >= 0)
            give_slot(A, lets[i]);
    for (i = 0; i < A->len; i++)
        if (parents[i] >= 2)
            give_slot(A, (int) i);
    flint_free(parents);
}

void
expr_cache_init(expr_cache_struct *C, const expr_arena_struct *A, const jet_ctx_struct *ctx)
{
    C->nslots = A->nslots;
    C->ctx = ctx;
    C->val = C->nslots > 0 ? flint_calloc(C->nslots, sizeof(arb_ptr)) : NULL;
    C->ok = C->nslots > 0 ? flint_calloc(C->nslots, 1) : NULL;
    C->fills = C->nslots > 0 ? flint_calloc(C->nslots, sizeof(slong)) : NULL;
    C->nsc = 0;
    C->sc_key = NULL;
    C->sc_val = NULL;
    C->sc_own = NULL;
}

void
expr_cache_clear(expr_cache_struct *C)
{
    slong s;
    for (s = 0; s < C->nslots; s++)
        if (C->val[s] != NULL)
            _arb_vec_clear(C->val[s], C->ctx->len);
    flint_free(C->val);
    flint_free(C->ok);
    flint_free(C->fills);
    for (s = 0; s < C->nsc; s++)
        if (C->sc_own[s])
            _arb_vec_clear(C->sc_val[s], 2 * C->ctx->len);
    flint_free(C->sc_key);
    flint_free(C->sc_val);
    flint_free(C->sc_own);
    memset(C, 0, sizeof(expr_cache_struct));
}
