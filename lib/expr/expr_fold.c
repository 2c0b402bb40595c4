/* expr_fold.c -- constness, exact constant folding (fmpq) and workspace
   sizing of expression trees. */
#include <string.h>
#include "expr.h"

/* res = op(a, b) exactly if the result is rational and reasonably small;
   returns 1 on success, 0 if not exact (then res is undefined). */
static int
fold_op(fmpq_t res, int op, const fmpq_t a, const fmpq_t b)
{
    switch (op)
    {
        case EXPR_NEG: fmpq_neg(res, a); return 1;
        case EXPR_ADD: fmpq_add(res, a, b); return 1;
        case EXPR_SUB: fmpq_sub(res, a, b); return 1;
        case EXPR_MUL: fmpq_mul(res, a, b); return 1;
        case EXPR_DIV:
            if (fmpq_is_zero(b))
                return 0;
            fmpq_div(res, a, b);
            return 1;
        case EXPR_POW:
        {
            slong e, bits;
            if (!fmpz_is_one(fmpq_denref(b)))
                return 0;
            if (fmpq_is_zero(b))
            {
                fmpq_one(res);
                return 1;
            }
            if (fmpq_is_zero(a))
            {
                if (fmpz_sgn(fmpq_numref(b)) < 0)
                    return 0;
                fmpq_zero(res);
                return 1;
            }
            if (fmpz_is_pm1(fmpq_numref(a)) && fmpz_is_one(fmpq_denref(a)))
            {
                /* +-1 ^ e */
                if (fmpz_is_one(fmpq_numref(a)) || fmpz_is_even(fmpq_numref(b)))
                    fmpq_one(res);
                else
                    fmpq_set_si(res, -1, 1);
                return 1;
            }
            if (!fmpz_fits_si(fmpq_numref(b)))
                return 0;
            e = fmpz_get_si(fmpq_numref(b));
            if (e < -EXPR_MAX_POW_BITS || e > EXPR_MAX_POW_BITS)
                return 0;
            bits = fmpz_bits(fmpq_numref(a)) + fmpz_bits(fmpq_denref(a));
            if (bits * FLINT_ABS(e) > EXPR_MAX_POW_BITS)
                return 0;
            fmpq_pow_si(res, a, e);
            return 1;
        }
        case EXPR_SIN: case EXPR_TAN:
            if (!fmpq_is_zero(a))
                return 0;
            fmpq_zero(res);
            return 1;
        case EXPR_COS: case EXPR_EXP:
            if (!fmpq_is_zero(a))
                return 0;
            fmpq_one(res);
            return 1;
        case EXPR_LOG:
            if (!fmpq_is_one(a))
                return 0;
            fmpq_zero(res);
            return 1;
        case EXPR_SQRT:
            if (fmpq_sgn(a) < 0 || !fmpz_is_square(fmpq_numref(a))
                || !fmpz_is_square(fmpq_denref(a)))
                return 0;
            fmpz_sqrt(fmpq_numref(res), fmpq_numref(a));
            fmpz_sqrt(fmpq_denref(res), fmpq_denref(a));
            return 1;
        default:
            return 0;
    }
}

void
expr_prepare(expr_arena_t A)
{
    slong i;

    if (A->avals < A->len)
    {
        slong na = A->len;
        A->vals = flint_realloc(A->vals, na * sizeof(fmpq));
        for (i = A->avals; i < na; i++)
            fmpq_init(A->vals + i);
        A->avals = na;
    }

    /* children have smaller indices than their parents: one forward pass */
    for (i = 0; i < A->len; i++)
    {
        expr_node *x = A->nodes + i;
        expr_node *a = NULL, *b = NULL;
        x->is_const = 0;
        x->is_exact = 0;
        x->need = 0;
        x->val = (int) i;
        if (x->op == EXPR_NEG || EXPR_IS_FUNC(x->op) || EXPR_IS_BINARY(x->op))
            a = A->nodes + x->a;
        if (EXPR_IS_BINARY(x->op))
            b = A->nodes + x->b;

        switch (x->op)
        {
            case EXPR_NUM:
                x->is_const = x->is_exact = 1;
                fmpq_set(A->vals + i, A->lits + x->a);
                continue;
            case EXPR_PARAM:
                x->is_const = x->is_exact = 1;
                fmpq_set(A->vals + i, A->params + x->a);
                continue;
            case EXPR_PI:
                x->is_const = 1;
                continue;
            case EXPR_COORD: case EXPR_DIFF:
                continue;
            default:
                break;
        }

        if (b == NULL)
        {
            x->is_const = a->is_const;
            if (a->is_exact)
                x->is_exact = (unsigned char) fold_op(A->vals + i, x->op, A->vals + x->a, NULL);
            x->need = a->need;
        }
        else
        {
            x->is_const = a->is_const && b->is_const;
            if (a->is_exact && b->is_exact)
                x->is_exact = (unsigned char) fold_op(A->vals + i, x->op, A->vals + x->a, A->vals + x->b);
            if (!a->is_const && !b->is_const)
                x->need = FLINT_MAX(a->need, 1 + b->need);
            else if (!a->is_const)
                x->need = a->need;
            else if (!b->is_const)
                x->need = b->need;
        }
    }
}

int
expr_is_zero(const expr_arena_t A, int node)
{
    const expr_node *x = A->nodes + node;
    return x->is_exact && fmpq_is_zero(A->vals + x->val);
}

static const char *
exact_rec(fmpq_t res, const expr_arena_t A, int node, int *bad)
{
    const expr_node *x = A->nodes + node;
    const char *why = NULL;
    fmpq_t u, v;

    switch (x->op)
    {
        case EXPR_NUM: fmpq_set(res, A->lits + x->a); return NULL;
        case EXPR_PARAM: fmpq_set(res, A->params + x->a); return NULL;
        case EXPR_PI:
            *bad = node;
            return "expected an exact rational constant, found pi";
        case EXPR_COORD: case EXPR_DIFF:
            *bad = node;
            return "expected an exact rational constant, found a coordinate";
        default: break;
    }
    fmpq_init(u);
    fmpq_init(v);
    why = exact_rec(u, A, x->a, bad);
    if (why == NULL && EXPR_IS_BINARY(x->op))
        why = exact_rec(v, A, x->b, bad);
    if (why == NULL && !fold_op(res, x->op, u, v))
    {
        *bad = node;
        if (x->op == EXPR_DIV)
            why = "division by zero";
        else if (x->op == EXPR_POW)
            why = "expected an exact rational constant, found a non-integer or too large power";
        else
            why = "expected an exact rational constant, found a transcendental function value";
    }
    fmpq_clear(u);
    fmpq_clear(v);
    return why;
}

const char *
expr_eval_exact(fmpq_t res, const expr_arena_t A, int node, int *bad_node)
{
    *bad_node = node;
    return exact_rec(res, A, node, bad_node);
}
