/*
 * expr_formula.c -- typed formulas (claim blocks of literate proofs, field
 * files of converge --field): nested lists
 * ("[[a, b], [c, d]]") of expressions in the model-file language
 * (lib/expr.h), with positions mapped back to the source file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "expr.h"

void
expr_formula_init(expr_formula *F)
{
    memset(F, 0, sizeof *F);
}

void
expr_formula_clear(expr_formula *F)
{
    free(F->roots);
    memset(F, 0, sizeof *F);
}

/* The value being parsed, with a cursor caching the position of one
   offset: the parser asks for the positions of its leaves in increasing
   order, so that finding them all costs one pass over the text (not
   one pass per leaf, which was quadratic in the length of a formula). */
typedef struct
{
    const expr_src *v;
    size_t off;
    int line, col;
}
pf_src;

static void
src_init(pf_src *S, const expr_src *v)
{
    S->v = v;
    S->off = 0;
    S->line = v->line;
    S->col = v->col;
}

/* Position (line, col) of offset off in the value (lines after the first
   are continuation lines stored whole, so they start at column 1). */
static void
val_pos(int *line, int *col, pf_src *S, size_t off)
{
    if (off < S->off)
        src_init(S, S->v);
    for (; S->off < off; S->off++)
    {
        if (S->v->text[S->off] == '\n')
        {
            S->line++;
            S->col = 1;
        }
        else
            S->col++;
    }
    *line = S->line;
    *col = S->col;
}

static int
parse_leaf(expr_formula *F, pf_src *S, size_t a, size_t b,
           expr_arena_t A, const expr_names_struct *N, const char *file, nh_error_t err)
{
    const expr_src *v = S->v;
    char *s;
    size_t i;
    int line, col, r, root;
    expr_lexer_t L;

    /* skip leading blanks so that an empty element is detected */
    while (a < b && (v->text[a] == ' ' || v->text[a] == '\t' || v->text[a] == '\n'))
        a++;
    val_pos(&line, &col, S, a);
    if (a == b)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: empty list element", file, line, col);
    s = malloc(b - a + 1);
    memcpy(s, v->text + a, b - a);
    s[b - a] = '\0';
    for (i = 0; i < b - a; i++)
        if (s[i] == '\n' || s[i] == '\t')
            s[i] = ' ';
    expr_lexer_init(L, s, b - a);
    L->line = line;
    L->col = col;
    L->tline = line;
    L->tcol = col;
    expr_lex_next(L);
    r = expr_parse(&root, A, L, N, file, err);
    if (r == NH_OK && L->tok != TOK_EOF)
        r = expr_error_expected(err, file, L, "',' or ']' or end of formula");
    expr_lexer_clear(L);
    free(s);
    if (r != NH_OK)
        return r;
    if (F->len == F->alloc)
    {
        F->alloc = F->alloc ? 2 * F->alloc : 16;
        F->roots = realloc(F->roots, (size_t) F->alloc * sizeof(int));
    }
    F->roots[F->len++] = root;
    return NH_OK;
}

/* Recursive list parser: text[*pos] is at an element (list or leaf) of
   nesting depth d.  count[d] counts elements of lists at depth d; the
   shape must be rectangular. */
static int
parse_elem(expr_formula *F, pf_src *S, size_t *pos, int d, slong *shape,
           int *ndims, expr_arena_t A, const expr_names_struct *N, const char *file,
           nh_error_t err)
{
    const char *t = S->v->text;
    size_t p = *pos;
    int line, col, r;
    while (t[p] == ' ' || t[p] == '\t' || t[p] == '\n')
        p++;
    if (t[p] == '[')
    {
        slong cnt = 0;
        if (d >= EXPR_FORMULA_MAX_DIMS)
        {
            val_pos(&line, &col, S, p);
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: lists nested deeper than %d",
                                file, line, col, EXPR_FORMULA_MAX_DIMS);
        }
        if (*ndims >= 0 && d >= *ndims)
        {
            val_pos(&line, &col, S, p);
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: ragged list (a list where a scalar was expected)",
                                file, line, col);
        }
        p++;
        for (;;)
        {
            size_t q = p;
            if ((r = parse_elem(F, S, &q, d + 1, shape, ndims, A, N, file, err)) != NH_OK)
                return r;
            cnt++;
            p = q;
            while (t[p] == ' ' || t[p] == '\t' || t[p] == '\n')
                p++;
            if (t[p] == ',')
            {
                p++;
                continue;
            }
            if (t[p] == ']')
            {
                p++;
                break;
            }
            val_pos(&line, &col, S, p);
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: expected ',' or ']' in list",
                                file, line, col);
        }
        if (shape[d] == 0)
            shape[d] = cnt;
        else if (shape[d] != cnt)
        {
            val_pos(&line, &col, S, *pos);
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: ragged list (%ld elements, expected %ld)",
                                file, line, col, (long) cnt, (long) shape[d]);
        }
        *pos = p;
        return NH_OK;
    }
    else
    {
        /* leaf: up to the next ',' or ']' at parenthesis depth 0 */
        size_t q = p;
        int depth = 0;
        if (*ndims < 0)
            *ndims = d;
        else if (*ndims != d)
        {
            val_pos(&line, &col, S, p);
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: ragged list (a scalar where a list was expected)",
                                file, line, col);
        }
        while (t[q] != '\0')
        {
            if (t[q] == '(')
                depth++;
            else if (t[q] == ')')
                depth--;
            else if (depth <= 0 && (t[q] == ',' || t[q] == ']' || t[q] == '['))
                break;
            q++;
        }
        if (d == 0 && t[q] != '\0')
        {
            val_pos(&line, &col, S, q);
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: unexpected '%c' (a list must start with '[')",
                                file, line, col, t[q]);
        }
        if (t[q] == '[')
        {
            val_pos(&line, &col, S, q);
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: unexpected '['", file, line, col);
        }
        if ((r = parse_leaf(F, S, p, q, A, N, file, err)) != NH_OK)
            return r;
        *pos = q;
        return NH_OK;
    }
}

int
expr_formula_parse(expr_formula *F, const expr_src *v, expr_arena_t A,
                  const expr_names_struct *N, const char *file, nh_error_t err)
{
    size_t pos = 0;
    int r, ndims = -1, line, col;
    slong shape[EXPR_FORMULA_MAX_DIMS] = {0};
    const char *t = v->text;
    pf_src S[1];

    expr_formula_clear(F);
    src_init(S, v);
    /* "factor * [list]": a scalar prefactor multiplying every element */
    {
        size_t q = 0, star = 0;
        int depth = 0, pre = -1;
        while (t[q] == ' ' || t[q] == '\t' || t[q] == '\n')
            q++;
        if (t[q] != '[')
        {
            for (; t[q] != '\0'; q++)
            {
                if (t[q] == '(')
                    depth++;
                else if (t[q] == ')')
                    depth--;
                else if (depth == 0 && t[q] == '*')
                    star = q;
                else if (depth == 0 && t[q] == '[')
                    break;
            }
            if (t[q] == '[')
            {
                size_t b = q;
                expr_formula G;
                while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t' || t[b - 1] == '\n'))
                    b--;
                if (star == 0 || star + 1 != b)
                {
                    val_pos(&line, &col, S, q);
                    return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: a list may only be preceded by 'factor *'",
                                        file, line, col);
                }
                expr_formula_init(&G);
                r = parse_leaf(&G, S, 0, star, A, N, file, err);
                if (r == NH_OK)
                    pre = G.roots[0];
                expr_formula_clear(&G);
                if (r != NH_OK)
                    return r;
                pos = q;
                if ((r = parse_elem(F, S, &pos, 0, shape, &ndims, A, N, file, err)) != NH_OK)
                    return r;
                {
                    slong i;
                    const char *why = NULL;
                    val_pos(&line, &col, S, star);
                    for (i = 0; i < F->len; i++)
                    {
                        int x = expr_new(A, EXPR_MUL, pre, F->roots[i], line, col, &why);
                        if (x < 0)
                            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: %s", file, line, col,
                                                why ? why : "formula too large");
                        F->roots[i] = x;
                    }
                }
                goto tail;
            }
        }
    }
    if ((r = parse_elem(F, S, &pos, 0, shape, &ndims, A, N, file, err)) != NH_OK)
        return r;
tail:
    while (t[pos] == ' ' || t[pos] == '\t' || t[pos] == '\n')
        pos++;
    if (t[pos] != '\0')
    {
        val_pos(&line, &col, S, pos);
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: unexpected text after the formula",
                            file, line, col);
    }
    F->ndims = ndims;
    memcpy(F->shape, shape, sizeof shape);
    return NH_OK;
}
