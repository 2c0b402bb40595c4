/* expr_diff.c -- expr_has_diff, expr_differential: the operator d() of
   model files (issue 16, doc/model-format.md "let, d(), kinetic,
   lagrangian").  d(f) = sum_i (df/dq^i) dq^i (+ (df/dt) dt) is built
   symbolically on the tree by the chain and product rules: exact, no
   finite differences.  The result shares the subtrees of f. */
#include <string.h>
#include "expr.h"

int
expr_has_diff(const expr_arena_t A, int node)
{
    return A->nodes[node].has_diff;
}

typedef struct
{
    expr_arena_struct *A;
    slong nt;                 /* coordinates + time (n or n + 1)        */
    const char *file;
    nh_error_struct *err;
}
dstate;

/* New node at the position of node 'at'; -1 operands mean 0 and are
   simplified for ADD, SUB, MUL, NEG (DIV: numerator only). */
static int
dmk(dstate *S, int *res, int op, int a, int b, int at)
{
    if (op == EXPR_ADD && (a < 0 || b < 0))
    {
        *res = a < 0 ? b : a;
        return NH_OK;
    }
    if (op == EXPR_SUB && b < 0)
    {
        *res = a;
        return NH_OK;
    }
    if (op == EXPR_SUB && a < 0)
    {
        op = EXPR_NEG;
        a = b;
        b = -1;
    }
    if ((op == EXPR_MUL && (a < 0 || b < 0)) || ((op == EXPR_NEG || op == EXPR_DIV) && a < 0))
    {
        *res = -1;
        return NH_OK;
    }
    return expr_new_at(res, S->A, op, a, b, at, S->file, S->err);
}

static int
dlit(dstate *S, int *res, slong num, int at)
{
    return expr_new_int_at(res, S->A, num, at, S->file, S->err);
}

/* f'(u) for a function node x = F(u) (node index 'node'); *res a tree. */
static int
dfunc(dstate *S, int *res, int node)
{
    expr_node x = S->A->nodes[node];
    int r, t, c;

    switch (x.op)
    {
        case EXPR_SIN:   /* cos(u) */
            return dmk(S, res, EXPR_COS, x.a, -1, node);
        case EXPR_COS:   /* -sin(u) */
            if ((r = dmk(S, &t, EXPR_SIN, x.a, -1, node)) != NH_OK)
                return r;
            return dmk(S, res, EXPR_NEG, t, -1, node);
        case EXPR_TAN:   /* 1/cos(u)^2 */
            if ((r = dmk(S, &t, EXPR_COS, x.a, -1, node)) != NH_OK
                || (r = dmk(S, &t, EXPR_MUL, t, t, node)) != NH_OK
                || (r = dlit(S, &c, 1, node)) != NH_OK)
                return r;
            return dmk(S, res, EXPR_DIV, c, t, node);
        case EXPR_EXP:   /* exp(u): the node itself */
            *res = node;
            return NH_OK;
        case EXPR_LOG:   /* 1/u */
            if ((r = dlit(S, &t, 1, node)) != NH_OK)
                return r;
            return dmk(S, res, EXPR_DIV, t, x.a, node);
        default:         /* SQRT: 1/(2 sqrt(u)) */
            if ((r = dlit(S, &c, 2, node)) != NH_OK
                || (r = dmk(S, &t, EXPR_MUL, c, node, node)) != NH_OK
                || (r = dlit(S, &c, 1, node)) != NH_OK)
                return r;
            return dmk(S, res, EXPR_DIV, c, t, node);
    }
}

/* d(a^b): b without coordinates -> b a^(b-1) da; else
   a^b (log(a) db + b da / a). */
static int
dpow(dstate *S, int *res, int node, int da, int db)
{
    expr_node x = S->A->nodes[node];
    int r, t, u, one;

    if (db < 0)
    {
        if (da < 0)
        {
            *res = -1;
            return NH_OK;
        }
        if ((r = dlit(S, &one, 1, node)) != NH_OK
            || (r = dmk(S, &t, EXPR_SUB, x.b, one, node)) != NH_OK
            || (r = dmk(S, &t, EXPR_POW, x.a, t, node)) != NH_OK
            || (r = dmk(S, &t, EXPR_MUL, x.b, t, node)) != NH_OK)
            return r;
        return dmk(S, res, EXPR_MUL, t, da, node);
    }
    if ((r = dmk(S, &t, EXPR_LOG, x.a, -1, node)) != NH_OK
        || (r = dmk(S, &t, EXPR_MUL, t, db, node)) != NH_OK
        || (r = dmk(S, &u, EXPR_MUL, x.b, da, node)) != NH_OK
        || (r = dmk(S, &u, EXPR_DIV, u, x.a, node)) != NH_OK
        || (r = dmk(S, &t, EXPR_ADD, t, u, node)) != NH_OK)
        return r;
    return dmk(S, res, EXPR_MUL, node, t, node);
}

static int
dtree(dstate *S, int *res, int node)
{
    expr_node x = S->A->nodes[node];   /* copy: the arena may move */
    int r, da = -1, db = -1, t, u;

    switch (x.op)
    {
        case EXPR_COORD:
            if (x.a >= S->nt)
            {
                *res = -1;
                return NH_OK;
            }
            return dmk(S, res, EXPR_DIFF, x.a, -1, node);
        case EXPR_NUM: case EXPR_PARAM: case EXPR_PI: case EXPR_DIFF:
            *res = -1;
            return NH_OK;
        default:
            break;
    }
    if ((r = dtree(S, &da, x.a)) != NH_OK)
        return r;
    if (EXPR_IS_BINARY(x.op) && (r = dtree(S, &db, x.b)) != NH_OK)
        return r;
    if (EXPR_IS_FUNC(x.op))
    {
        if (da < 0)
        {
            *res = -1;
            return NH_OK;
        }
        if ((r = dfunc(S, &t, node)) != NH_OK)
            return r;
        return dmk(S, res, EXPR_MUL, t, da, node);
    }
    switch (x.op)
    {
        case EXPR_NEG:
            return dmk(S, res, EXPR_NEG, da, -1, node);
        case EXPR_ADD: case EXPR_SUB:
            return dmk(S, res, x.op, da, db, node);
        case EXPR_MUL:   /* da b + a db */
            if ((r = dmk(S, &t, EXPR_MUL, da, x.b, node)) != NH_OK
                || (r = dmk(S, &u, EXPR_MUL, x.a, db, node)) != NH_OK)
                return r;
            return dmk(S, res, EXPR_ADD, t, u, node);
        case EXPR_DIV:   /* (da - (a/b) db) / b */
            if ((r = dmk(S, &u, EXPR_MUL, node, db, node)) != NH_OK
                || (r = dmk(S, &t, EXPR_SUB, da, u, node)) != NH_OK)
                return r;
            return dmk(S, res, EXPR_DIV, t, x.b, node);
        default:
            return dpow(S, res, node, da, db);
    }
}

int
expr_differential(int *res, expr_arena_t A, int f, slong nt, const char *filename, nh_error_t err)
{
    dstate S;
    S.A = A;
    S.nt = nt;
    S.file = filename;
    S.err = err;
    return dtree(&S, res, f);
}
