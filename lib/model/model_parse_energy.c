/* model_parse_energy.c -- the statements of issue 16
   (doc/model-format.md "let, d(), kinetic, lagrangian"):

     let NAME = EXPR      a named, shared subexpression (may be a form)
     kinetic: T           T quadratic homogeneous in the velocities dq^i:
                          G_ij = d^2 T / dv^i dv^j (exact, symbolic)
     lagrangian: L        L = 1/2 G(v,v) + Delta(v) - V, split by degree
                          in the velocities (003 Sec 3.2); dt counts as
                          the number 1 (the velocity of the time). */
#include <stdio.h>
#include <string.h>
#include "impl.h"

int
_nh_mparse_let(mstate *S, int line, int col)
{
    nh_model_struct *M = S->M;
    char *name;
    int r, root;

    if ((r = _nh_mparse_need_coords(S, line, col, "let")) != NH_OK)
        return r;
    expr_lex_next(S->L);
    if ((r = _nh_mparse_check_new_name(S, "let")) != NH_OK)
        return r;
    name = flint_malloc(S->L->tlen + 1);
    memcpy(name, S->L->text + S->L->tstart, S->L->tlen);
    name[S->L->tlen] = '\0';
    expr_lex_next(S->L);
    if (S->L->tok != TOK_EQ)
        r = expr_error_expected(S->err, S->file, S->L, "'='");
    else
    {
        expr_lex_next(S->L);
        S->N.allow_diff = 1;
        S->N.allow_coords = 1;
        S->N.defining = name;
        r = expr_parse(&root, M->A, S->L, &S->N, S->file, S->err);
        S->N.defining = NULL;
        if (r == NH_OK)
            r = _nh_mparse_end_of_statement(S);
    }
    if (r != NH_OK)
    {
        flint_free(name);
        return r;
    }
    if (M->nlets == S->alets)
    {
        S->alets = S->alets == 0 ? 4 : 2 * S->alets;
        M->lnames = flint_realloc(M->lnames, S->alets * sizeof(char *));
        M->lroots = flint_realloc(M->lroots, S->alets * sizeof(int));
        M->lform = flint_realloc(M->lform, S->alets);
    }
    M->lnames[M->nlets] = name;
    M->lroots[M->nlets] = root;
    M->lform[M->nlets] = M->A->nodes[root].has_diff;
    M->nlets++;
    _nh_mparse_update_names(S);
    return NH_OK;
}

/* 1 if the coefficient node c is present and not an exact constant 0
   (at the parse-time parameter values). */
static int
nonzero(const nh_model_struct *M, int c)
{
    fmpq_t v;
    int bad, z;
    if (c < 0)
        return 0;
    fmpq_init(v);
    z = expr_eval_exact(v, M->A, c, &bad) == NULL && fmpq_is_zero(v);
    fmpq_clear(v);
    return !z;
}

static int
node_err(mstate *S, int node, const char *fmt, const char *a)
{
    const expr_node *x = S->M->A->nodes + node;
    return nh_error_set(S->err, NH_ERR_PARSE, "%s:%d:%d: expected %s, found %s",
                        S->file, x->line, x->col, fmt, a);
}

/* G from the degree-2 coefficients: G_ii = 2 c_ii, G_ij = G_ji = c_ij. */
static int
set_metric(mstate *S, const int *c2, int at)
{
    nh_model_struct *M = S->M;
    slong n = M->n, i, j;
    const char *why = NULL;
    int two = -1;
    fmpq_t v;

    fmpq_init(v);
    fmpq_set_si(v, 2, 1);
    for (i = 0; i < n; i++)
        for (j = i; j < n; j++)
        {
            int c = c2[i * n + j], g = c;
            if (c >= 0 && i == j)
            {
                if (two < 0)
                    two = expr_new_lit(M->A, v, M->A->nodes[at].line, M->A->nodes[at].col, &why);
                g = two < 0 ? -1 : expr_new(M->A, EXPR_MUL, two, c, M->A->nodes[c].line,
                                            M->A->nodes[c].col, &why);
                if (g < 0)
                {
                    fmpq_clear(v);
                    return node_err(S, c, "a smaller expression", why);
                }
            }
            M->metric[i * n + j] = M->metric[j * n + i] = g;
        }
    fmpq_clear(v);
    S->metric_rows = n;
    return NH_OK;
}

/* Degree 0 and 1 parts of a Lagrangian: V = -c0, Delta_i = c1[i].  Terms
   that are exactly 0 only at the parse-time parameter values are kept
   (symbolically), so that a later --param that makes them nonzero is
   honoured (nh_model_has_oneform and nh_model_potential_is_zero look at
   the current values). */
static int
set_lower(mstate *S, int c0, const int *c1)
{
    nh_model_struct *M = S->M;
    slong n = M->n, i;
    const char *why = NULL;

    for (i = 0; i < n; i++)
        if (c1[i] >= 0)
        {
            M->oneform = flint_malloc(n * sizeof(int));
            memcpy(M->oneform, c1, n * sizeof(int));
            break;
        }
    if (c0 >= 0)
    {
        M->potential = expr_new(M->A, EXPR_NEG, c0, -1, M->A->nodes[c0].line,
                                M->A->nodes[c0].col, &why);
        if (M->potential < 0)
            return node_err(S, c0, "a smaller expression", why);
    }
    S->have_potential = 1;
    return NH_OK;
}

/* Remember a term of degree 0 (k = -1) or 1 (in dq^k) of 'kinetic:' that
   is present but exactly 0 at the parse-time parameter values: it is
   dropped, and nh_model_set_param checks it again. */
static void
remember_dropped(nh_model_struct *M, int c, slong k)
{
    if (c < 0)
        return;
    if (M->dropped == NULL)
    {
        M->dropped = flint_malloc(2 * (M->n + 1) * sizeof(int));
        M->dropped_k = M->dropped + M->n + 1;
    }
    M->dropped[M->ndropped] = c;
    M->dropped_k[M->ndropped] = (int) k;
    M->ndropped++;
}

static int
energy_exclusions(mstate *S, int line, int col, const char *kw, int lagrangian)
{
    const char *other = S->energy_kw != NULL ? S->energy_kw
                        : S->metric_rows > 0 ? "metric"
                        : lagrangian && S->have_potential ? "potential"
                        : lagrangian && S->M->oneform != NULL ? "oneform" : NULL;
    if (other == NULL)
        return NH_OK;
    return nh_error_set(S->err, NH_ERR_PARSE,
        "%s:%d:%d: expected no '%s' with '%s' (they define the same terms), found both",
        S->file, line, col, kw, other);
}

int
_nh_mparse_energy(mstate *S, int line, int col, int lagrangian)
{
    nh_model_struct *M = S->M;
    const char *kw = lagrangian ? "lagrangian" : "kinetic";
    slong n = M->n, i;
    int r, root, c0, *c1, *c2;
    char buf[200];

    if ((r = _nh_mparse_need_coords(S, line, col, kw)) != NH_OK
        || (r = energy_exclusions(S, line, col, kw, lagrangian)) != NH_OK)
        return r;
    expr_lex_next(S->L);
    _nh_mparse_skip_colon(S);
    S->N.allow_diff = 1;
    S->N.allow_coords = 1;
    if ((r = expr_parse(&root, M->A, S->L, &S->N, S->file, S->err)) != NH_OK
        || (r = _nh_mparse_end_of_statement(S)) != NH_OK)
        return r;
    c1 = flint_malloc((n + n * n) * sizeof(int));
    c2 = c1 + n;
    r = expr_split_quadratic(&c0, c1, c2, M->A, root, n, n + (S->N.allow_time ? 1 : 0),
                             S->file, S->err);
    if (r == NH_OK && !lagrangian)
    {
        if (nonzero(M, c0))
            r = node_err(S, c0, "a kinetic energy quadratic and homogeneous in the velocities",
                         "a term of degree 0 (without velocity; use 'lagrangian:' for L = T - V)");
        remember_dropped(M, c0, -1);
        for (i = 0; i < n && r == NH_OK; i++)
            if (!nonzero(M, c1[i]))
                remember_dropped(M, c1[i], i);
            else
            {
                snprintf(buf, sizeof buf, "a term of degree 1 (in d%s; use 'lagrangian:' for a gyroscopic term)",
                         M->coords[i]);
                r = node_err(S, c1[i], "a kinetic energy quadratic and homogeneous in the velocities", buf);
            }
    }
    if (r == NH_OK && lagrangian)
        r = set_lower(S, c0, c1);
    if (r == NH_OK)
        r = set_metric(S, c2, root);
    flint_free(c1);
    if (r != NH_OK)
        return r;
    S->energy_kw = kw;
    S->energy_line = line;
    S->energy_col = col;
    snprintf(buf, sizeof buf, "%s (%s:%d:%d)",
             lagrangian ? "kinetic energy (degree-2 part of the Lagrangian)" : "kinetic energy T",
             S->file, line, col);
    flint_free(M->metric_what);
    M->metric_what = flint_malloc(strlen(buf) + 1);
    strcpy(M->metric_what, buf);
    return NH_OK;
}
