/* model_parse.c -- nh_model_parse, nh_model_load, nh_model_free: the
   line-oriented statement parser of model files (doc/model-format.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "nh_file.h"
#include "impl.h"

static char *
dupn(const char *s, size_t n)
{
    char *r = flint_malloc(n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

static char *
dups(const char *s)
{
    return dupn(s, strlen(s));
}

void
nh_model_free(nh_model_ptr M)
{
    slong i;
    if (M == NULL)
        return;
    flint_free(M->name);
    flint_free(M->source);
    flint_free(M->filename);
    for (i = 0; i < M->n; i++)
        flint_free(M->coords[i]);
    flint_free(M->coords);
    for (i = 0; i < M->np; i++)
    {
        flint_free(M->pnames[i]);
        fmpq_clear(M->params + i);
    }
    flint_free(M->pnames);
    flint_free(M->params);
    expr_arena_clear(M->A);
    flint_free(M->metric);
    flint_free(M->metric_mirror);
    flint_free(M->constraints);
    flint_free(M->friction);
    flint_free(M->friction_mirror);
    flint_free(M->constraint_dt);
    flint_free(M->oneform);
    flint_free(M->force);
    flint_free(M->damping);
    for (i = 0; i < M->nlets; i++)
        flint_free(M->lnames[i]);
    flint_free(M->lnames);
    flint_free(M->lroots);
    flint_free(M->lform);
    flint_free(M->proot);
    flint_free(M->pderived);
    flint_free(M->dropped);
    flint_free(M->poverride);
    flint_free(M->metric_what);
    flint_free(M);
}

/* ---- parser state ------------------------------------------------------ */


static int
err_expected(mstate *S, const char *what)
{
    return expr_error_expected(S->err, S->file, S->L, what);
}

static int
is_name(const expr_lexer_struct *L, const char *name)
{
    size_t k = strlen(name);
    return L->tok == TOK_NAME && L->tlen == k && memcmp(L->text + L->tstart, name, k) == 0;
}

static const char *reserved[] = {
    "sin", "cos", "tan", "exp", "log", "sqrt", "pi", "diagonal", "row"
};

static slong
find(char **names, slong count, const char *s, size_t len)
{
    slong i;
    for (i = 0; i < count; i++)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
            return i;
    return -1;
}

/* Check a new coordinate/parameter name (current token). */
int
_nh_mparse_check_new_name(mstate *S, const char *kind)
{
    const expr_lexer_struct *L = S->L;
    const char *s = L->text + L->tstart;
    size_t len = L->tlen, i;
    nh_model_struct *M = S->M;

    if (L->tok != TOK_NAME)
    {
        char what[64];
        snprintf(what, sizeof what, "a %s name", kind);
        return err_expected(S, what);
    }
    for (i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (is_name(L, reserved[i]))
        {
            char what[96];
            snprintf(what, sizeof what, "a %s name (not a reserved word)", kind);
            return err_expected(S, what);
        }
    if (strcmp(kind, "let") == 0 && find(M->coords, M->n, s, len) >= 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a new let name, found '%.*s' which would shadow the coordinate '%.*s'",
            S->file, L->tline, L->tcol, (int) len, s, (int) len, s);
    if (find(M->coords, M->n, s, len) >= 0 || find(M->pnames, M->np, s, len) >= 0
        || find(M->lnames, M->nlets, s, len) >= 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a new %s name, found duplicate name '%.*s'",
            S->file, L->tline, L->tcol, kind, (int) len, s);
    /* t (time) already used in an expression: it cannot become a name */
    if (len == 1 && s[0] == 't')
    {
        slong k;
        for (k = 0; k < M->A->len; k++)
            if ((M->A->nodes[k].op == EXPR_COORD || M->A->nodes[k].op == EXPR_DIFF)
                && M->A->nodes[k].a == M->n)
                return nh_error_set(S->err, NH_ERR_PARSE,
                    "%s:%d:%d: expected a new %s name, found 't' which is already used as the time",
                    S->file, L->tline, L->tcol, kind);
    }
    /* d<coord> names would be ambiguous in constraint forms */
    if (len > 1 && s[0] == 'd' && find(M->coords, M->n, s + 1, len - 1) >= 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a %s name, found '%.*s' which is the differential of coordinate '%.*s'",
            S->file, L->tline, L->tcol, kind, (int) len, s, (int) len - 1, s + 1);
    for (i = 0; i < (size_t) (M->n + M->np); i++)
    {
        const char *o = i < (size_t) M->n ? M->coords[i] : M->pnames[i - M->n];
        if (strcmp(kind, "coordinate") == 0
            && strlen(o) == len + 1 && o[0] == 'd' && memcmp(o + 1, s, len) == 0)
            return nh_error_set(S->err, NH_ERR_PARSE,
                "%s:%d:%d: expected a %s name, found '%.*s' whose differential 'd%.*s' is already a name",
                S->file, L->tline, L->tcol, kind, (int) len, s, (int) len, s);
    }
    return NH_OK;
}

int
_nh_mparse_end_of_statement(mstate *S)
{
    if (S->L->tok != TOK_NL && S->L->tok != TOK_EOF)
        return err_expected(S, "end of line");
    return NH_OK;
}

void
_nh_mparse_update_names(mstate *S)
{
    nh_model_struct *M = S->M;
    S->N.n = M->n;
    S->N.coords = M->coords;
    S->N.np = M->np;
    S->N.pnames = M->pnames;
    /* the time t: unless a coordinate or parameter is named t */
    S->N.allow_time = find(M->coords, M->n, "t", 1) < 0 && find(M->pnames, M->np, "t", 1) < 0
                      && find(M->lnames, M->nlets, "t", 1) < 0;
    S->N.nlets = M->nlets;
    S->N.lnames = M->lnames;
    S->N.lroots = M->lroots;
    S->N.lform = M->lform;
    S->N.defining = NULL;
}

/* optional ':' */
void
_nh_mparse_skip_colon(mstate *S)
{
    if (S->L->tok == TOK_COLON)
        expr_lex_next(S->L);
}

/* Parse exactly count comma-separated expressions into roots[]. */
static int
parse_row(mstate *S, int *roots, slong count, const char *what, int allow_diff)
{
    slong k;
    int r;
    char buf[160];

    S->N.allow_diff = allow_diff;
    S->N.allow_coords = 1;
    for (k = 0; k < count; k++)
    {
        if (k > 0)
        {
            if (S->L->tok != TOK_COMMA)
            {
                snprintf(buf, sizeof buf, "',' (%s needs %ld entries, got %ld)", what, (long) count, (long) k);
                return err_expected(S, buf);
            }
            expr_lex_next(S->L);
        }
        if ((r = expr_parse(roots + k, S->M->A, S->L, &S->N, S->file, S->err)) != NH_OK)
            return r;
    }
    if (S->L->tok != TOK_NL && S->L->tok != TOK_EOF)
    {
        snprintf(buf, sizeof buf, "end of line (%s has %ld entries)", what, (long) count);
        return err_expected(S, buf);
    }
    return NH_OK;
}

int
_nh_mparse_need_coords(mstate *S, int line, int col, const char *kw)
{
    if (S->M->n == 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a 'coordinates' line before '%s', found '%s'",
            S->file, line, col, kw, kw);
    return NH_OK;
}

static int
stmt_model(mstate *S)
{
    if (S->M->name != NULL)
        return err_expected(S, "a single 'model' line");
    expr_lex_next(S->L);
    _nh_mparse_skip_colon(S);
    if (S->L->tok != TOK_NAME)
        return err_expected(S, "a model name");
    S->M->name = dupn(S->L->text + S->L->tstart, S->L->tlen);
    expr_lex_next(S->L);
    return _nh_mparse_end_of_statement(S);
}

static int
stmt_source(mstate *S)
{
    expr_lexer_struct *L = S->L;
    size_t s, e;
    if (S->M->source != NULL)
        return err_expected(S, "a single 'source' line");
    /* raw rest of line */
    s = L->pos;
    while (s < L->len && (L->text[s] == ' ' || L->text[s] == '\t'))
        s++;
    if (s < L->len && L->text[s] == ':')
        s++;
    while (s < L->len && (L->text[s] == ' ' || L->text[s] == '\t'))
        s++;
    e = s;
    while (e < L->len && L->text[e] != '\n')
        e++;
    L->col += (int) (e - L->pos);
    L->pos = e;
    while (e > s && (L->text[e - 1] == ' ' || L->text[e - 1] == '\t' || L->text[e - 1] == '\r'))
        e--;
    S->M->source = dupn(L->text + s, e - s);
    expr_lex_next(L);
    return _nh_mparse_end_of_statement(S);
}

static int
stmt_coordinates(mstate *S)
{
    nh_model_struct *M = S->M;
    int r;
    if (M->n != 0)
        return err_expected(S, "a single 'coordinates' line");
    expr_lex_next(S->L);
    _nh_mparse_skip_colon(S);
    M->coords = flint_malloc(EXPR_MAX_COORDS * sizeof(char *));
    for (;;)
    {
        if (M->n > 0 && S->L->tok == TOK_COMMA)
            expr_lex_next(S->L);
        if (M->n > 0 && (S->L->tok == TOK_NL || S->L->tok == TOK_EOF))
            break;
        if ((r = _nh_mparse_check_new_name(S, "coordinate")) != NH_OK)
            return r;
        if (M->n >= EXPR_MAX_COORDS)
            return nh_error_set(S->err, NH_ERR_PARSE,
                "%s:%d:%d: expected at most %d coordinates, found more",
                S->file, S->L->tline, S->L->tcol, EXPR_MAX_COORDS);
        M->coords[M->n++] = dupn(S->L->text + S->L->tstart, S->L->tlen);
        expr_lex_next(S->L);
    }
    _nh_mparse_update_names(S);
    M->metric = flint_malloc(M->n * M->n * sizeof(int));
    M->metric_mirror = flint_malloc(M->n * M->n * sizeof(int));
    {
        slong i;
        for (i = 0; i < M->n * M->n; i++)
            M->metric[i] = M->metric_mirror[i] = -1;
    }
    return NH_OK;
}

/* 1 if the (constant) tree at node refers to a parameter. */
static int
uses_param(const expr_arena_struct *A, int node)
{
    const expr_node *x = A->nodes + node;
    if (x->op == EXPR_PARAM)
        return 1;
    if (x->op == EXPR_NEG || EXPR_IS_FUNC(x->op))
        return uses_param(A, x->a);
    if (EXPR_IS_BINARY(x->op))
        return uses_param(A, x->a) || uses_param(A, x->b);
    return 0;
}

static int
stmt_parameter(mstate *S)
{
    nh_model_struct *M = S->M;
    int r, root, bad;
    const char *why;
    fmpq_t v;

    expr_lex_next(S->L);
    if ((r = _nh_mparse_check_new_name(S, "parameter")) != NH_OK)
        return r;
    if (M->np >= EXPR_MAX_PARAMS)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected at most %d parameters, found more",
            S->file, S->L->tline, S->L->tcol, EXPR_MAX_PARAMS);
    {
        char *name = dupn(S->L->text + S->L->tstart, S->L->tlen);
        expr_lex_next(S->L);
        if (S->L->tok != TOK_EQ)
        {
            flint_free(name);
            return err_expected(S, "'='");
        }
        expr_lex_next(S->L);
        S->N.allow_diff = 0;
        S->N.allow_coords = 0;
        if ((r = expr_parse(&root, M->A, S->L, &S->N, S->file, S->err)) != NH_OK)
        {
            flint_free(name);
            return r;
        }
        if ((r = _nh_mparse_end_of_statement(S)) != NH_OK)
        {
            flint_free(name);
            return r;
        }
        fmpq_init(v);
        M->A->params = M->params;
        why = expr_eval_exact(v, M->A, root, &bad);
        if (why != NULL)
        {
            fmpq_clear(v);
            flint_free(name);
            return nh_error_set(S->err, NH_ERR_PARSE, "%s:%d:%d: %s", S->file,
                                M->A->nodes[bad].line, M->A->nodes[bad].col, why);
        }
        if ((M->np & (M->np - 1)) == 0)   /* grow at powers of two */
        {
            slong na = M->np == 0 ? 1 : 2 * M->np;
            M->pnames = flint_realloc(M->pnames, na * sizeof(char *));
            M->params = flint_realloc(M->params, na * sizeof(fmpq));
            M->proot = flint_realloc(M->proot, na * sizeof(int));
            M->pderived = flint_realloc(M->pderived, na);
            M->poverride = flint_realloc(M->poverride, na);
        }
        M->proot[M->np] = root;
        M->pderived[M->np] = (unsigned char) uses_param(M->A, root);
        M->poverride[M->np] = 0;
        M->pnames[M->np] = name;
        fmpq_init(M->params + M->np);
        fmpq_swap(M->params + M->np, v);
        fmpq_clear(v);
        M->np++;
        M->A->params = M->params;
    }
    _nh_mparse_update_names(S);
    return NH_OK;
}

/* After 'metric' / 'friction': consume the statement keyword, an
   optional 'diagonal' or 'row', and an optional ':'.  Returns 1 for
   'diagonal'. */
static int
matrix_keyword(mstate *S)
{
    int diag = 0;
    expr_lex_next(S->L);
    if (is_name(S->L, "diagonal"))
    {
        diag = 1;
        expr_lex_next(S->L);
    }
    else if (is_name(S->L, "row"))
        expr_lex_next(S->L);
    _nh_mparse_skip_colon(S);
    return diag;
}

/* One line of an n x n matrix statement NAME (metric, damping), given
   either as 'NAME diagonal: d1, ..., dn' (diag != 0) or as n lines
   'NAME: c_i1, ..., c_in'.  mat: the n*n node indices; *rows: rows read
   so far (n after a diagonal line); *is_diag: set by a diagonal line. */
static int
parse_matrix_line(mstate *S, int *mat, slong *rows, int *is_diag, int diag,
                  const char *name, int line, int col)
{
    slong n = S->M->n, i;
    int r, *row;
    char what[64];

    if (diag)
    {
        if (*rows != 0)
            return nh_error_set(S->err, NH_ERR_PARSE,
                "%s:%d:%d: expected a %s row, found a second %s statement '%s diagonal'",
                S->file, line, col, name, name, name);
        row = flint_malloc(n * sizeof(int));
        snprintf(what, sizeof what, "a diagonal %s", name);
        r = parse_row(S, row, n, what, 0);
        if (r == NH_OK)
            for (i = 0; i < n; i++)
                mat[i * n + i] = row[i];
        flint_free(row);
        *is_diag = 1;
        *rows = n;
        return r;
    }
    if (*is_diag || *rows >= n)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected at most %ld %s rows, found another '%s' line",
            S->file, line, col, (long) n, name, name);
    snprintf(what, sizeof what, "a %s row", name);
    r = parse_row(S, mat + *rows * n, n, what, 0);
    (*rows)++;
    return r;
}

static int
stmt_metric(mstate *S, int line, int col)
{
    nh_model_struct *M = S->M;
    int r, diag;

    if ((r = _nh_mparse_need_coords(S, line, col, "metric")) != NH_OK)
        return r;
    if (S->energy_kw != NULL)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected no 'metric' with '%s' (%d:%d), found 'metric' (the metric is derived from the energy)",
            S->file, line, col, S->energy_kw, S->energy_line, S->energy_col);
    diag = matrix_keyword(S);
    if (S->metric_rows == 0)
    {
        S->metric_line = line;
        S->metric_col = col;
    }
    return parse_matrix_line(S, M->metric, &S->metric_rows, &M->metric_diag, diag,
                             "metric", line, col);
}

static int
stmt_potential(mstate *S, int line, int col)
{
    int r;
    if ((r = _nh_mparse_need_coords(S, line, col, "potential")) != NH_OK)
        return r;
    if (S->have_potential)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a single 'potential' line (none with 'lagrangian'), found another one",
            S->file, line, col);
    expr_lex_next(S->L);
    _nh_mparse_skip_colon(S);
    S->N.allow_diff = 0;
    S->N.allow_coords = 1;
    if ((r = expr_parse(&S->M->potential, S->M->A, S->L, &S->N, S->file, S->err)) != NH_OK)
        return r;
    S->have_potential = 1;
    return _nh_mparse_end_of_statement(S);
}

static int
stmt_constraint(mstate *S, int line, int col)
{
    nh_model_struct *M = S->M;
    slong n = M->n;
    int r, root;

    if ((r = _nh_mparse_need_coords(S, line, col, "constraint")) != NH_OK)
        return r;
    if (S->friction_rows > 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected all 'constraint' lines before 'friction', found 'constraint'",
            S->file, line, col);
    if (M->m >= n - 1)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected at most %ld constraints (fewer than the %ld coordinates), found another",
            S->file, line, col, (long) (n - 1), (long) n);
    if (M->m == S->acons)
    {
        S->acons = S->acons == 0 ? 2 : 2 * S->acons;
        M->constraints = flint_realloc(M->constraints, S->acons * n * sizeof(int));
        M->constraint_dt = flint_realloc(M->constraint_dt, S->acons * sizeof(int));
    }
    M->constraint_dt[M->m] = -1;
    expr_lex_next(S->L);
    if (is_name(S->L, "row"))
    {
        expr_lex_next(S->L);
        _nh_mparse_skip_colon(S);
        r = parse_row(S, M->constraints + M->m * n, n, "a constraint row", 0);
        if (r == NH_OK)
            M->m++;
        return r;
    }
    _nh_mparse_skip_colon(S);
    S->N.allow_diff = 1;
    S->N.allow_coords = 1;
    if ((r = expr_parse(&root, M->A, S->L, &S->N, S->file, S->err)) != NH_OK)
        return r;
    if ((r = _nh_mparse_end_of_statement(S)) != NH_OK)
        return r;
    {
        /* coefficients of dq^1..dq^n and (if the time is allowed) dt */
        int *coef = flint_malloc((n + 1) * sizeof(int));
        r = expr_linearize(coef, M->A, root, n + (S->N.allow_time ? 1 : 0), S->file, S->err);
        if (r == NH_OK)
        {
            memcpy(M->constraints + M->m * n, coef, n * sizeof(int));
            M->constraint_dt[M->m] = S->N.allow_time ? coef[n] : -1;
        }
        flint_free(coef);
        if (r != NH_OK)
            return r;
    }
    M->m++;
    return NH_OK;
}

/* 'damping diagonal: c1, ..., cn' or n lines 'damping: c_i1, ..., c_in':
   the velocity-linear force F_i = -C_ij(q,t) qdot^j (like the metric). */
static int
stmt_damping(mstate *S, int line, int col)
{
    nh_model_struct *M = S->M;
    slong n = M->n, i, rows;
    int r, diag;

    if ((r = _nh_mparse_need_coords(S, line, col, "damping")) != NH_OK)
        return r;
    diag = matrix_keyword(S);
    if (M->damping == NULL)
    {
        M->damping = flint_malloc(n * n * sizeof(int));
        for (i = 0; i < n * n; i++)
            M->damping[i] = -1;
    }
    rows = M->damping_rows;
    r = parse_matrix_line(S, M->damping, &rows, &M->damping_diag, diag, "damping", line, col);
    M->damping_rows = (int) rows;
    return r;
}

/* 'oneform: FORM' (the term Delta(qdot) of the Lagrangian, 003 Sec 3.2)
   and 'force: FORM' (generalized force F_i dq^i): once each, linear in
   d<coordinate>, no dt. */
static int
stmt_form(mstate *S, int line, int col, const char *kw, int **dest)
{
    nh_model_struct *M = S->M;
    slong n = M->n;
    int r, root;

    if ((r = _nh_mparse_need_coords(S, line, col, kw)) != NH_OK)
        return r;
    if (S->energy_kw != NULL && strcmp(S->energy_kw, "lagrangian") == 0 && strcmp(kw, "oneform") == 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected no 'oneform' with 'lagrangian' (%d:%d), found 'oneform' (Delta is the degree-1 part of L)",
            S->file, line, col, S->energy_line, S->energy_col);
    if (*dest != NULL)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a single '%s' line (no 'oneform' with 'lagrangian'), found another one",
            S->file, line, col, kw);
    expr_lex_next(S->L);
    _nh_mparse_skip_colon(S);
    S->N.allow_diff = 1;
    S->N.allow_coords = 1;
    if ((r = expr_parse(&root, M->A, S->L, &S->N, S->file, S->err)) != NH_OK)
        return r;
    if ((r = _nh_mparse_end_of_statement(S)) != NH_OK)
        return r;
    {
        int *coef = flint_malloc((n + 1) * sizeof(int));
        r = expr_linearize(coef, M->A, root, n + (S->N.allow_time ? 1 : 0), S->file, S->err);
        if (r == NH_OK && S->N.allow_time && coef[n] >= 0)
        {
            const expr_node *x = M->A->nodes + root;
            r = nh_error_set(S->err, NH_ERR_PARSE,
                "%s:%d:%d: expected a '%s' form in the coordinate differentials only, found a dt term",
                S->file, x->line, x->col, kw);
        }
        if (r == NH_OK)
        {
            *dest = flint_malloc(n * sizeof(int));
            memcpy(*dest, coef, n * sizeof(int));
        }
        flint_free(coef);
    }
    return r;
}

static int
stmt_friction(mstate *S, int line, int col)
{
    nh_model_struct *M = S->M;
    slong m = M->m, i;
    int r, diag;

    if ((r = _nh_mparse_need_coords(S, line, col, "friction")) != NH_OK)
        return r;
    if (m == 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected 'constraint' lines before 'friction', found 'friction'",
            S->file, line, col);
    diag = matrix_keyword(S);
    if (S->friction_rows == 0)
    {
        S->friction_line = line;
        S->friction_col = col;
        M->friction = flint_malloc(m * m * sizeof(int));
        M->friction_mirror = flint_malloc(m * m * sizeof(int));
        for (i = 0; i < m * m; i++)
            M->friction[i] = M->friction_mirror[i] = -1;
    }
    if (diag)
    {
        int *row;
        if (S->friction_rows != 0)
            return nh_error_set(S->err, NH_ERR_PARSE,
                "%s:%d:%d: expected a friction row, found a second friction statement 'friction diagonal'",
                S->file, line, col);
        row = flint_malloc(m * sizeof(int));
        r = parse_row(S, row, m, "a diagonal friction matrix", 0);
        if (r == NH_OK)
            for (i = 0; i < m; i++)
                M->friction[i * m + i] = row[i];
        flint_free(row);
        M->friction_diag = 1;
        S->friction_rows = m;
        M->friction_given = 1;
        return r;
    }
    if (M->friction_diag || S->friction_rows >= m)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected at most %ld friction rows (one per constraint), found another 'friction' line",
            S->file, line, col, (long) m);
    r = parse_row(S, M->friction + S->friction_rows * m, m, "a friction row", 0);
    S->friction_rows++;
    M->friction_given = 1;
    return r;
}

static int
final_checks(mstate *S)
{
    nh_model_struct *M = S->M;
    const expr_lexer_struct *L = S->L;
    slong n = M->n, m = M->m, i;

    if (M->name == NULL)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a 'model' line, found end of file", S->file, L->tline, L->tcol);
    if (n == 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a 'coordinates' line, found end of file", S->file, L->tline, L->tcol);
    if (S->metric_rows == 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected a 'metric', 'kinetic' or 'lagrangian' section, found end of file", S->file, L->tline, L->tcol);
    if (S->metric_rows != n)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected %ld metric rows, found %ld",
            S->file, S->metric_line, S->metric_col, (long) n, (long) S->metric_rows);
    if (m == 0)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected at least one 'constraint' line, found end of file",
            S->file, L->tline, L->tcol);
    if (S->friction_rows != 0 && S->friction_rows != m)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected %ld friction rows (one per constraint), found %ld",
            S->file, S->friction_line, S->friction_col, (long) m, (long) S->friction_rows);
    if (M->damping != NULL && M->damping_rows != n)
        return nh_error_set(S->err, NH_ERR_PARSE,
            "%s:%d:%d: expected %ld damping rows, found %ld",
            S->file, L->tline, L->tcol, (long) n, (long) M->damping_rows);
    if (S->friction_rows == 0)
    {
        /* default: identity */
        fmpq_t one;
        const char *why = NULL;
        int k;
        fmpq_init(one);
        fmpq_one(one);
        k = expr_new_lit(M->A, one, 0, 0, &why);
        fmpq_clear(one);
        if (k < 0)
            return nh_error_set(S->err, NH_ERR_PARSE, "%s: %s", S->file, why);
        M->friction = flint_malloc(m * m * sizeof(int));
        M->friction_mirror = flint_malloc(m * m * sizeof(int));
        for (i = 0; i < m * m; i++)
        {
            M->friction[i] = (i % (m + 1) == 0) ? k : -1;
            M->friction_mirror[i] = -1;
        }
        M->friction_diag = 1;
    }
    /* mirrors (lower entries equal to the upper ones) are computed by
       _nh_model_prepare: they depend on the folded constants */
    return NH_OK;
}

static int
parse_text(nh_model_ptr *Mp, const char *text, size_t len, const char *filename, nh_error_t err)
{
    nh_model_struct *M;
    expr_lexer_t L;
    mstate S;
    int r = NH_OK;

    *Mp = NULL;
    if (filename == NULL)
        filename = "<string>";
    M = flint_calloc(1, sizeof(nh_model_struct));
    expr_arena_init(M->A);
    M->filename = dups(filename);
    M->potential = -1;

    if (len > (size_t) EXPR_MAX_TEXT)
    {
        r = nh_error_set(err, NH_ERR_PARSE, "%s:1:1: expected a model file of at most %ld bytes, found %lu bytes",
                         filename, (long) EXPR_MAX_TEXT, (unsigned long) len);
        nh_model_free(M);
        return r;
    }

    memset(&S, 0, sizeof S);
    S.M = M;
    S.L = L;
    S.file = M->filename;
    S.err = err;
    _nh_mparse_update_names(&S);

    expr_lexer_init(L, text, len);
    expr_lex_next(L);
    while (r == NH_OK)
    {
        int line, col;
        while (L->tok == TOK_NL)
            expr_lex_next(L);
        if (L->tok == TOK_EOF)
            break;
        line = L->tline;
        col = L->tcol;
        if (is_name(L, "model"))
            r = stmt_model(&S);
        else if (is_name(L, "source"))
            r = stmt_source(&S);
        else if (is_name(L, "coordinates"))
            r = stmt_coordinates(&S);
        else if (is_name(L, "parameter"))
            r = stmt_parameter(&S);
        else if (is_name(L, "metric"))
            r = stmt_metric(&S, line, col);
        else if (is_name(L, "potential"))
            r = stmt_potential(&S, line, col);
        else if (is_name(L, "constraint"))
            r = stmt_constraint(&S, line, col);
        else if (is_name(L, "friction"))
            r = stmt_friction(&S, line, col);
        else if (is_name(L, "oneform"))
            r = stmt_form(&S, line, col, "oneform", &M->oneform);
        else if (is_name(L, "force"))
            r = stmt_form(&S, line, col, "force", &M->force);
        else if (is_name(L, "damping"))
            r = stmt_damping(&S, line, col);
        else if (is_name(L, "let"))
            r = _nh_mparse_let(&S, line, col);
        else if (is_name(L, "kinetic"))
            r = _nh_mparse_energy(&S, line, col, 0);
        else if (is_name(L, "lagrangian"))
            r = _nh_mparse_energy(&S, line, col, 1);
        else
            r = err_expected(&S, "a statement (model, source, coordinates, parameter, let, metric, kinetic, lagrangian, potential, constraint, friction, oneform, force, damping)");
    }
    if (r == NH_OK)
        r = final_checks(&S);
    expr_lexer_clear(L);
    if (r != NH_OK)
    {
        nh_model_free(M);
        return r;
    }
    if (M->source == NULL)
        M->source = dups("");
    if (M->metric_what == NULL)
        M->metric_what = dups("metric G");
    {
        slong k;
        for (k = 0; k < M->A->len; k++)
            if (M->A->nodes[k].op == EXPR_COORD && M->A->nodes[k].a == M->n)
                M->has_time = 1;
    }
    expr_share(M->A, M->lroots, M->nlets);
    _nh_model_prepare(M);
    *Mp = M;
    return NH_OK;
}

int
nh_model_parse(nh_model_ptr *M, const char *text, const char *filename, nh_error_t err)
{
    if (text == NULL)
    {
        *M = NULL;
        return nh_error_set(err, NH_ERR_PARSE, "%s: no text", filename ? filename : "<string>");
    }
    return parse_text(M, text, strlen(text), filename, err);
}

int
nh_model_load(nh_model_ptr *M, const char *path, nh_error_t err)
{
    char *buf;
    size_t len;
    int r;

    *M = NULL;
    r = nh_file_read(&buf, &len, path, (size_t) EXPR_MAX_TEXT, "model file", err);
    if (r != NH_OK)
        return r;
    r = parse_text(M, buf, len, path, err);
    free(buf);
    return r;
}
