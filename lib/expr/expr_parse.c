/* expr_parse.c -- expression arena, recursive-descent expression parser,
   linearisation of constraint one-forms, structural equality. */
#include <stdio.h>
#include <string.h>
#include "expr.h"

/* ---- arena ---------------------------------------------------------- */

void
expr_arena_init(expr_arena_t A)
{
    memset(A, 0, sizeof(expr_arena_struct));
}

void
expr_arena_clear(expr_arena_t A)
{
    slong i;
    for (i = 0; i < A->alits; i++)
        fmpq_clear(A->lits + i);
    for (i = 0; i < A->avals; i++)
        fmpq_clear(A->vals + i);
    flint_free(A->lits);
    flint_free(A->vals);
    flint_free(A->nodes);
    for (i = 0; i < A->nscm; i++)
        jet_sin_cos_memo_clear(A->scm + i);
    flint_free(A->scm);
    flint_free(A->scm_key);
    memset(A, 0, sizeof(expr_arena_struct));
}

int
expr_new(expr_arena_t A, int op, int a, int b, int line, int col, const char **why)
{
    expr_node *x;
    int depth = 1;
    long size = 1;

    if (A->len >= EXPR_MAX_NODES)
    {
        *why = "expression too large (too many nodes)";
        return -1;
    }
    if (op == EXPR_NEG || EXPR_IS_FUNC(op))
        depth = A->nodes[a].depth + 1;
    else if (EXPR_IS_BINARY(op))
        depth = FLINT_MAX(A->nodes[a].depth, A->nodes[b].depth) + 1;
    if (depth > EXPR_MAX_DEPTH)
    {
        *why = "expression too deeply nested";
        return -1;
    }
    if (op == EXPR_NEG || EXPR_IS_FUNC(op) || EXPR_IS_BINARY(op))
        size += A->nodes[a].size;
    if (EXPR_IS_BINARY(op))
        size += A->nodes[b].size;
    if (size > EXPR_MAX_EXPANDED)
    {
        *why = "expression too large (more than 10^6 nodes with its let definitions expanded)";
        return -1;
    }
    if (A->len == A->alloc)
    {
        slong na = FLINT_MAX(64, 2 * A->alloc);
        A->nodes = flint_realloc(A->nodes, na * sizeof(expr_node));
        A->alloc = na;
    }
    x = A->nodes + A->len;
    memset(x, 0, sizeof(expr_node));
    x->op = (unsigned char) op;
    x->a = a;
    x->b = b;
    x->line = line;
    x->col = col;
    x->depth = depth;
    x->size = size;
    x->val = -1;
    x->slot = -1;
    x->has_diff = (unsigned char) (op == EXPR_DIFF
        || ((op == EXPR_NEG || EXPR_IS_FUNC(op) || EXPR_IS_BINARY(op)) && A->nodes[a].has_diff)
        || (EXPR_IS_BINARY(op) && A->nodes[b].has_diff));
    return (int) A->len++;
}

int
expr_new_lit(expr_arena_t A, const fmpq_t v, int line, int col, const char **why)
{
    int k;
    if (A->nlits == A->alits)
    {
        slong na = FLINT_MAX(16, 2 * A->alits), i;
        A->lits = flint_realloc(A->lits, na * sizeof(fmpq));
        for (i = A->alits; i < na; i++)
            fmpq_init(A->lits + i);
        A->alits = na;
    }
    k = expr_new(A, EXPR_NUM, (int) A->nlits, -1, line, col, why);
    if (k < 0)
        return -1;
    fmpq_set(A->lits + A->nlits, v);
    A->nlits++;
    return k;
}

/* ---- parser --------------------------------------------------------- */

typedef struct
{
    expr_arena_struct *A;
    expr_lexer_struct *L;
    const expr_names_struct *N;
    const char *file;
    nh_error_struct *err;
    int nest;
}
pstate;

static int
perr_expected(pstate *P, const char *what)
{
    return expr_error_expected(P->err, P->file, P->L, what);
}

static int
perr_at(pstate *P, int line, int col, const char *why)
{
    return nh_error_set(P->err, NH_ERR_PARSE, "%s:%d:%d: %s", P->file, line, col, why);
}

static int
tok_is(const expr_lexer_struct *L, const char *name)
{
    size_t k = strlen(name);
    return L->tok == TOK_NAME && L->tlen == k && memcmp(L->text + L->tstart, name, k) == 0;
}

static const struct { const char *name; int op; } funcs[] = {
    {"sin", EXPR_SIN}, {"cos", EXPR_COS}, {"tan", EXPR_TAN},
    {"exp", EXPR_EXP}, {"log", EXPR_LOG}, {"sqrt", EXPR_SQRT}
};

static int parse_sum(int *res, pstate *P);
static int parse_unary(int *res, pstate *P);
static int next_is_lpar(const expr_lexer_struct *L);
static int parse_d(int *res, pstate *P);
static int parse_call_arg(int *arg, pstate *P);

static int
mk(int *res, pstate *P, int op, int a, int b, int line, int col)
{
    const char *why = NULL;
    int k = expr_new(P->A, op, a, b, line, col, &why);
    if (k < 0)
        return perr_at(P, line, col, why);
    *res = k;
    return NH_OK;
}

static int
lookup(const char *s, size_t len, char **names, slong count)
{
    slong i;
    for (i = 0; i < count; i++)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
            return (int) i;
    return -1;
}

static int
parse_primary(int *res, pstate *P)
{
    expr_lexer_struct *L = P->L;
    int line = L->tline, col = L->tcol, r, k;
    size_t i;

    if (L->tok == TOK_NUM)
    {
        const char *why = NULL;
        k = expr_new_lit(P->A, L->num, line, col, &why);
        if (k < 0)
            return perr_at(P, line, col, why);
        *res = k;
        expr_lex_next(L);
        return NH_OK;
    }
    if (L->tok == TOK_LPAR)
        return parse_call_arg(res, P);
    if (L->tok == TOK_NAME)
    {
        const char *s = L->text + L->tstart;
        size_t len = L->tlen;
        const expr_names_struct *N = P->N;

        for (i = 0; i < sizeof funcs / sizeof funcs[0]; i++)
        {
            if (tok_is(L, funcs[i].name))
            {
                int arg;
                expr_lex_next(L);
                if ((r = parse_call_arg(&arg, P)) != NH_OK)
                    return r;
                return mk(res, P, funcs[i].op, arg, -1, line, col);
            }
        }
        if (tok_is(L, "d") && next_is_lpar(L))
            return parse_d(res, P);
        if (tok_is(L, "pi"))
        {
            expr_lex_next(L);
            return mk(res, P, EXPR_PI, -1, -1, line, col);
        }
        if (N->allow_coords && (k = lookup(s, len, N->coords, N->n)) >= 0)
        {
            expr_lex_next(L);
            return mk(res, P, EXPR_COORD, k, -1, line, col);
        }
        if ((k = lookup(s, len, N->pnames, N->np)) >= 0)
        {
            expr_lex_next(L);
            return mk(res, P, EXPR_PARAM, k, -1, line, col);
        }
        if (N->allow_coords && (k = lookup(s, len, N->lnames, N->nlets)) >= 0)
        {
            if (N->lform[k] && !N->allow_diff)
                return nh_error_set(P->err, NH_ERR_PARSE,
                    "%s:%d:%d: expected an expression without differentials, found the let '%.*s' which is a form in the differentials",
                    P->file, line, col, (int) len, s);
            expr_lex_next(L);
            *res = N->lroots[k];
            return NH_OK;
        }
        if (N->defining != NULL && strlen(N->defining) == len && memcmp(N->defining, s, len) == 0)
            return nh_error_set(P->err, NH_ERR_PARSE,
                "%s:%d:%d: expected an earlier let, coordinate or parameter, found '%.*s' in its own definition (a let may use only earlier lets: no cycles)",
                P->file, line, col, (int) len, s);
        if (N->allow_diff && len > 1 && s[0] == 'd'
            && (k = lookup(s + 1, len - 1, N->coords, N->n)) >= 0)
        {
            expr_lex_next(L);
            return mk(res, P, EXPR_DIFF, k, -1, line, col);
        }
        if (N->allow_time && N->allow_coords && len == 1 && s[0] == 't')
        {
            expr_lex_next(L);
            return mk(res, P, EXPR_COORD, (int) N->n, -1, line, col);
        }
        if (N->allow_time && N->allow_diff && len == 2 && s[0] == 'd' && s[1] == 't')
        {
            expr_lex_next(L);
            return mk(res, P, EXPR_DIFF, (int) N->n, -1, line, col);
        }
        {
            char found[128];
            expr_tok_describe(found, sizeof found, L);
            return nh_error_set(P->err, NH_ERR_PARSE,
                "%s:%d:%d: expected %s, found unknown %s", P->file, line, col,
                N->allow_diff ? "a coordinate, differential d<coordinate>, parameter, function or pi"
                : N->allow_coords ? "a coordinate, parameter, function or pi"
                : "a previously defined parameter, function or pi", found);
        }
    }
    return perr_expected(P, "a number, name or '('");
}

/* '(' sum ')' after a function name (one nesting level). */
static int
parse_call_arg(int *arg, pstate *P)
{
    expr_lexer_struct *L = P->L;
    int r;
    if (L->tok != TOK_LPAR)
        return perr_expected(P, "'(' after function name");
    if (++P->nest > EXPR_MAX_NEST)
        return perr_at(P, L->tline, L->tcol, "expression too deeply nested");
    expr_lex_next(L);
    if ((r = parse_sum(arg, P)) != NH_OK)
        return r;
    if (L->tok != TOK_RPAR)
        return perr_expected(P, "')'");
    P->nest--;
    expr_lex_next(L);
    return NH_OK;
}

/* 1 if the token after the current one (blanks skipped) is '('. */
static int
next_is_lpar(const expr_lexer_struct *L)
{
    size_t i = L->tstart + L->tlen;
    while (i < L->len && (L->text[i] == ' ' || L->text[i] == '\t'))
        i++;
    return i < L->len && L->text[i] == '(';
}

/* 'd' '(' sum ')': the differential of an expression of the coordinates
   (and t), issue 16; allowed where differentials are (constraint, let,
   kinetic, lagrangian, oneform, force). */
static int
parse_d(int *res, pstate *P)
{
    expr_lexer_struct *L = P->L;
    int line = L->tline, col = L->tcol, r, arg;

    if (!P->N->allow_diff)
        return perr_at(P, line, col, "expected an expression without differentials, found d(...) (differentials are allowed in constraint, let, kinetic, lagrangian, oneform and force statements)");
    expr_lex_next(L);
    if ((r = parse_call_arg(&arg, P)) != NH_OK)
        return r;
    if (expr_has_diff(P->A, arg))
        return perr_at(P, line, col, "expected an expression of the coordinates (and t) in d(...), found one with differentials (velocities)");
    if ((r = expr_differential(res, P->A, arg, P->N->n + (P->N->allow_time ? 1 : 0), P->file, P->err)) != NH_OK)
        return r;
    if (*res < 0)
    {
        /* d(constant) = 0, written as the zero form 0*dq^1 so that it
           can be added to other forms */
        fmpq_t z;
        const char *why = NULL;
        int zero, dq;
        fmpq_init(z);
        zero = expr_new_lit(P->A, z, line, col, &why);
        fmpq_clear(z);
        if (zero < 0 || (dq = expr_new(P->A, EXPR_DIFF, 0, -1, line, col, &why)) < 0)
            return perr_at(P, line, col, why);
        return mk(res, P, EXPR_MUL, zero, dq, line, col);
    }
    return NH_OK;
}

/* power := primary ('^' unary)?   (right associative: the exponent is a
   unary, which contains a power) */
static int
parse_power(int *res, pstate *P)
{
    int r, base, e, line, col;
    if ((r = parse_primary(&base, P)) != NH_OK)
        return r;
    if (P->L->tok != TOK_CARET)
    {
        *res = base;
        return NH_OK;
    }
    line = P->L->tline;
    col = P->L->tcol;
    if (++P->nest > EXPR_MAX_NEST)
        return perr_at(P, line, col, "expression too deeply nested");
    expr_lex_next(P->L);
    if ((r = parse_unary(&e, P)) != NH_OK)
        return r;
    P->nest--;
    return mk(res, P, EXPR_POW, base, e, line, col);
}

/* unary := ('-' | '+') unary | power   (so -2^2 = -(2^2))

   Nesting (EXPR_MAX_NEST, doc/model-format.md "Limits"): every '(' (of a
   parenthesis or a function call), unary sign and '^' opens one level,
   closed at the end of its operand; so 200 nested `sin(` or `(` or 200
   unary signs in a row parse and the 201st is refused at its position.
   (The recursion per level is at most 5 C frames.) */
static int
parse_unary(int *res, pstate *P)
{
    int r, a, line = P->L->tline, col = P->L->tcol;
    int tok = P->L->tok;
    if (tok == TOK_MINUS || tok == TOK_PLUS)
    {
        if (++P->nest > EXPR_MAX_NEST)
            return perr_at(P, line, col, "expression too deeply nested");
        expr_lex_next(P->L);
        if ((r = parse_unary(&a, P)) != NH_OK)
            return r;
        P->nest--;
        if (tok == TOK_PLUS)
        {
            *res = a;
            return NH_OK;
        }
        return mk(res, P, EXPR_NEG, a, -1, line, col);
    }
    return parse_power(res, P);
}

static int
parse_product(int *res, pstate *P)
{
    int r, a, b;
    if ((r = parse_unary(&a, P)) != NH_OK)
        return r;
    while (P->L->tok == TOK_STAR || P->L->tok == TOK_SLASH)
    {
        int op = P->L->tok == TOK_STAR ? EXPR_MUL : EXPR_DIV;
        int line = P->L->tline, col = P->L->tcol;
        expr_lex_next(P->L);
        if ((r = parse_unary(&b, P)) != NH_OK)
            return r;
        if ((r = mk(&a, P, op, a, b, line, col)) != NH_OK)
            return r;
    }
    *res = a;
    return NH_OK;
}

static int
parse_sum(int *res, pstate *P)
{
    int r, a, b;
    if ((r = parse_product(&a, P)) != NH_OK)
        return r;
    while (P->L->tok == TOK_PLUS || P->L->tok == TOK_MINUS)
    {
        int op = P->L->tok == TOK_PLUS ? EXPR_ADD : EXPR_SUB;
        int line = P->L->tline, col = P->L->tcol;
        expr_lex_next(P->L);
        if ((r = parse_product(&b, P)) != NH_OK)
            return r;
        if ((r = mk(&a, P, op, a, b, line, col)) != NH_OK)
            return r;
    }
    *res = a;
    return NH_OK;
}

int
expr_parse(int *root, expr_arena_t A, expr_lexer_t L, const expr_names_struct *N,
           const char *filename, nh_error_t err)
{
    pstate P;
    P.A = A;
    P.L = L;
    P.N = N;
    P.file = filename;
    P.err = err;
    P.nest = 0;
    return parse_sum(root, &P);
}

/* ---- linearisation of one-forms -------------------------------------- */

typedef struct
{
    expr_arena_struct *A;
    slong n;
    const char *file;
    nh_error_struct *err;
    int one;                  /* node: literal 1 */
}
lstate;

int
expr_error_at(nh_error_t err, const char *file, const expr_arena_t A, int node, const char *why)
{
    const expr_node *x = A->nodes + node;
    return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: %s", file, x->line, x->col, why);
}

static int
lerr(lstate *S, int node, const char *why)
{
    return expr_error_at(S->err, S->file, S->A, node, why);
}

int
expr_new_at(int *res, expr_arena_t A, int op, int a, int b, int at, const char *file,
            nh_error_t err)
{
    const char *why = NULL;
    int k = expr_new(A, op, a, b, A->nodes[at].line, A->nodes[at].col, &why);
    if (k < 0)
        return expr_error_at(err, file, A, at, why);
    *res = k;
    return NH_OK;
}

int
expr_new_int_at(int *res, expr_arena_t A, slong v, int at, const char *file, nh_error_t err)
{
    const char *why = NULL;
    fmpq_t c;
    fmpq_init(c);
    fmpq_set_si(c, v, 1);
    *res = expr_new_lit(A, c, A->nodes[at].line, A->nodes[at].col, &why);
    fmpq_clear(c);
    return *res < 0 ? expr_error_at(err, file, A, at, why) : NH_OK;
}

static int
lmk(lstate *S, int *res, int op, int a, int b, int at)
{
    return expr_new_at(res, S->A, op, a, b, at, S->file, S->err);
}

/* Returns NH_OK and *linear = 1 with coef filled (-1 = zero) if node is
   a linear form in the differentials, *linear = 0 if it contains none. */
static int
lin(lstate *S, int node, int *coef, int *linear)
{
    expr_node x = S->A->nodes[node];  /* copy: the arena may move */
    slong n = S->n, i;
    int r, la, lb, *cb;

    for (i = 0; i < n; i++)
        coef[i] = -1;
    *linear = 0;

    switch (x.op)
    {
        case EXPR_DIFF:
            coef[x.a] = S->one;
            *linear = 1;
            return NH_OK;
        case EXPR_NUM: case EXPR_PARAM: case EXPR_COORD: case EXPR_PI:
            return NH_OK;
        case EXPR_NEG:
            if ((r = lin(S, x.a, coef, &la)) != NH_OK)
                return r;
            if (la)
            {
                *linear = 1;
                for (i = 0; i < n; i++)
                    if (coef[i] >= 0 && (r = lmk(S, coef + i, EXPR_NEG, coef[i], -1, node)) != NH_OK)
                        return r;
            }
            return NH_OK;
        default:
            break;
    }

    if (EXPR_IS_FUNC(x.op))
    {
        if ((r = lin(S, x.a, coef, &la)) != NH_OK)
            return r;
        if (la)
            return lerr(S, node, "expected an expression without differentials as function argument, found a differential");
        return NH_OK;
    }

    /* binary */
    cb = flint_malloc(n * sizeof(int));
    if ((r = lin(S, x.a, coef, &la)) != NH_OK)
        goto done;
    if ((r = lin(S, x.b, cb, &lb)) != NH_OK)
        goto done;
    if (!la && !lb)
        goto done;
    *linear = 1;
    switch (x.op)
    {
        case EXPR_ADD:
        case EXPR_SUB:
            if (!la || !lb)
            {
                r = lerr(S, la ? x.b : x.a,
                    "expected a term linear in the differentials d<coordinate>, found a term without differential");
                goto done;
            }
            for (i = 0; i < n; i++)
            {
                if (cb[i] < 0)
                    continue;
                if (coef[i] < 0)
                    r = (x.op == EXPR_ADD) ? (coef[i] = cb[i], NH_OK)
                        : lmk(S, coef + i, EXPR_NEG, cb[i], -1, node);
                else
                    r = lmk(S, coef + i, x.op, coef[i], cb[i], node);
                if (r != NH_OK)
                    goto done;
            }
            break;
        case EXPR_MUL:
            if (la && lb)
            {
                r = lerr(S, node, "expected a form linear in the differentials, found a product of differentials");
                goto done;
            }
            for (i = 0; i < n; i++)
            {
                int c = la ? coef[i] : cb[i];
                int other = la ? x.b : x.a;
                if (c < 0)
                    coef[i] = -1;
                else if (c == S->one)
                    coef[i] = other;
                else if ((r = lmk(S, coef + i, EXPR_MUL, la ? c : other, la ? other : c, node)) != NH_OK)
                    goto done;
            }
            break;
        case EXPR_DIV:
            if (lb)
            {
                r = lerr(S, node, "expected an expression without differentials as divisor, found a differential");
                goto done;
            }
            for (i = 0; i < n; i++)
                if (coef[i] >= 0 && (r = lmk(S, coef + i, EXPR_DIV, coef[i], x.b, node)) != NH_OK)
                    goto done;
            break;
        default: /* POW */
            r = lerr(S, node, "expected a form linear in the differentials, found a differential under '^'");
            goto done;
    }
done:
    flint_free(cb);
    return r;
}

int
expr_linearize(int *coef, expr_arena_t A, int root, slong n, const char *filename, nh_error_t err)
{
    lstate S;
    int r, linear;

    S.A = A;
    S.n = n;
    S.file = filename;
    S.err = err;
    if ((r = expr_new_int_at(&S.one, A, 1, root, filename, err)) != NH_OK)
        return r;
    r = lin(&S, root, coef, &linear);
    if (r != NH_OK)
        return r;
    if (!linear)
        return lerr(&S, root, "expected a one-form linear in the differentials d<coordinate>, found an expression without differentials");
    return NH_OK;
}

/* ---- structural equality -------------------------------------------- */

/* Two nodes that are both exact constants (after expr_prepare: folded
   rationals, e.g. 2*3 and 6, or a parameter and its value) are equal
   when their values are; otherwise the trees are compared node by node.
   Before expr_prepare (is_exact = 0) the comparison is purely
   structural. */

int
expr_equal(const expr_arena_t A, int a, int b)
{
    const expr_node *x, *y;
    while (1)
    {
        if (a == b)
            return 1;
        x = A->nodes + a;
        y = A->nodes + b;
        if (x->is_exact && y->is_exact)
            return fmpq_equal(A->vals + x->val, A->vals + y->val);
        if (x->op != y->op)
            return 0;
        switch (x->op)
        {
            case EXPR_NUM:
                return fmpq_equal(A->lits + x->a, A->lits + y->a);
            case EXPR_PARAM: case EXPR_COORD: case EXPR_DIFF:
                return x->a == y->a;
            case EXPR_PI:
                return 1;
            default:
                break;
        }
        if (EXPR_IS_BINARY(x->op) && !expr_equal(A, x->b, y->b))
            return 0;
        a = x->a;
        b = y->a;
    }
}
