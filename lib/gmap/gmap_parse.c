/*
 * gmap_parse.c -- the `map:` value of a claim: q = g_t(x), one
 * expression per coordinate of Q in the coordinates of M, t and M's
 * parameters (lib/gmap.h; 003 Sec 3).
 */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "impl.h"

void
nh_gmap_clear(nh_gmap_t g)
{
    expr_arena_clear(g->A);
    free(g->roots);
    if (g->params != NULL)
        _fmpq_vec_clear(g->params, FLINT_MAX(g->np, 1));
    free(g->file);
    memset(g, 0, sizeof *g);
}

/* A velocity of M named in s[0..len): v_x, dx or xdot for a coordinate
   x of M; returns the coordinate's index or -1. */
static slong
velocity_name(const nh_model_struct *Mm, const char *s, size_t len)
{
    slong i, n = nh_model_n(Mm);
    for (i = 0; i < n; i++)
    {
        const char *c = nh_model_coord_name(Mm, i);
        size_t lc = strlen(c);
        if ((len == lc + 2 && strncmp(s, "v_", 2) == 0 && strncmp(s + 2, c, lc) == 0)
            || (len == lc + 1 && s[0] == 'd' && strncmp(s + 1, c, lc) == 0)
            || (len == lc + 3 && strncmp(s, c, lc) == 0 && strncmp(s + lc, "dot", 3) == 0))
            return i;
    }
    return -1;
}

/* Position (line, col) of text[off] for a value starting at (line, col). */
static void
position(int *line, int *col, const expr_src *v, size_t off)
{
    size_t i;
    *line = v->line;
    *col = v->col;
    for (i = 0; i < off; i++)
    {
        if (v->text[i] == '\n')
        {
            (*line)++;
            *col = 1;
        }
        else
            (*col)++;
    }
}

/* One component text[a..b) "NAME = expression". */
static int
parse_component(nh_gmap_t g, int *seen, const expr_src *v, size_t a, size_t b,
                const nh_model_struct *Mm, const nh_model_struct *Mq, const expr_names_struct *N,
                nh_error_t err)
{
    const char *s = v->text;
    size_t i, eq = a, na, nb;
    int line, col, r;
    slong k;
    char name[EXPR_MAX_NAME + 1];
    expr_src sub;
    expr_formula F;

    while (eq < b && s[eq] != '=')
        eq++;
    position(&line, &col, v, a);
    if (eq == b)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: map: expected 'COORDINATE = expression' "
                            "(a coordinate of the second case)", g->file, line, col);
    for (na = a; na < eq && isspace((unsigned char) s[na]); na++) ;
    for (nb = eq; nb > na && isspace((unsigned char) s[nb - 1]); nb--) ;
    position(&line, &col, v, na);
    if (nb - na == 0 || nb - na > EXPR_MAX_NAME)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: map: missing coordinate name before '='",
                            g->file, line, col);
    memcpy(name, s + na, nb - na);
    name[nb - na] = '\0';
    k = nh_model_coord_index(Mq, name);
    if (k < 0)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: map: '%s' is not a coordinate of the second "
                            "case %s", g->file, line, col, name, nh_model_filename(Mq));
    if (seen[k])
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: map: component '%s' given twice",
                            g->file, line, col, name);
    seen[k] = 1;
    /* a point map depends on x and t only */
    for (i = eq + 1; i < b; i++)
        if ((isalpha((unsigned char) s[i]) || s[i] == '_')
            && (i == eq + 1 || !(isalnum((unsigned char) s[i - 1]) || s[i - 1] == '_' || s[i - 1] == '.')))
        {
            size_t j = i;
            slong c;
            while (j < b && (isalnum((unsigned char) s[j]) || s[j] == '_'))
                j++;
            if ((c = velocity_name(Mm, s + i, j - i)) >= 0)
            {
                position(&line, &col, v, i);
                return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: map: component '%s' uses the velocity "
                                    "'%.*s': g_t is a point map, a function of the coordinates of %s "
                                    "and t only", g->file, line, col, name, (int) (j - i), s + i,
                                    nh_model_filename(Mm));
            }
            i = j;
        }
    sub.text = malloc(b - eq);
    memcpy(sub.text, s + eq + 1, b - eq - 1);
    sub.text[b - eq - 1] = '\0';
    position(&sub.line, &sub.col, v, eq + 1);
    expr_formula_init(&F);
    r = expr_formula_parse(&F, &sub, g->A, N, g->file, err);
    if (r == NH_OK && F.ndims != 0)
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: map: component '%s' must be a scalar expression",
                         g->file, sub.line, sub.col, name);
    if (r == NH_OK)
        g->roots[k] = F.roots[0];
    expr_formula_clear(&F);
    free(sub.text);
    return r;
}

/* The names of M for the map: its coordinates, t (time), parameters. */
static void
names_of(expr_names_struct *N, char ***coords, char ***pnames, const nh_model_struct *Mm)
{
    slong i, n = nh_model_n(Mm), np = nh_model_nparams(Mm);
    *coords = malloc((size_t) FLINT_MAX(n, 1) * sizeof(char *));
    *pnames = malloc((size_t) FLINT_MAX(np, 1) * sizeof(char *));
    for (i = 0; i < n; i++)
        (*coords)[i] = (char *) nh_model_coord_name(Mm, i);
    for (i = 0; i < np; i++)
        (*pnames)[i] = (char *) nh_model_param_name(Mm, i);
    memset(N, 0, sizeof *N);
    N->n = n;
    N->coords = *coords;
    N->np = np;
    N->pnames = *pnames;
    N->allow_coords = 1;
    N->allow_time = 1;
}

int
nh_gmap_parse(nh_gmap_t g, const expr_src *v, const nh_model_struct *Mm,
              const nh_model_struct *Mq, const char *file, nh_error_t err)
{
    const char *s = v->text;
    size_t len = strlen(s), a = 0, i;
    int depth = 0, r = NH_OK, *seen;
    slong k;
    char **coords, **pnames;
    expr_names_struct N;

    memset(g, 0, sizeof *g);
    expr_arena_init(g->A);
    g->n = nh_model_n(Mm);
    g->nq = nh_model_n(Mq);
    g->file = malloc(strlen(file) + 1);
    strcpy(g->file, file);
    g->line = v->line;
    g->col = v->col;
    g->np = nh_model_nparams(Mm);
    g->params = _fmpq_vec_init(FLINT_MAX(g->np, 1));
    for (k = 0; k < g->np; k++)
        nh_model_param_value(g->params + k, Mm, k);
    g->A->params = g->params;
    g->roots = malloc((size_t) g->nq * sizeof(int));
    seen = calloc((size_t) g->nq, sizeof(int));
    names_of(&N, &coords, &pnames, Mm);
    for (i = 0; i <= len && r == NH_OK; i++)
    {
        char ch = i < len ? s[i] : ',';
        if (ch == '(' || ch == '[')
            depth++;
        else if (ch == ')' || ch == ']')
            depth--;
        else if (ch == ',' && depth <= 0)
        {
            r = parse_component(g, seen, v, a, i, Mm, Mq, &N, err);
            a = i + 1;
        }
    }
    for (k = 0; r == NH_OK && k < g->nq; k++)
        if (!seen[k])
        {
            slong got = 0, j;
            for (j = 0; j < g->nq; j++)
                got += seen[j];
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: map: %ld component%s for the %ld coordinates "
                             "of the second case %s: '%s' is missing", g->file, v->line, v->col,
                             (long) got, got == 1 ? "" : "s", (long) g->nq, nh_model_filename(Mq),
                             nh_model_coord_name(Mq, k));
        }
    free(seen);
    free(coords);
    free(pnames);
    if (r != NH_OK)
    {
        nh_gmap_clear(g);
        return r;
    }
    expr_prepare(g->A);
    g->need = 1;
    for (i = 0; i < (size_t) g->A->len; i++)
        g->need = FLINT_MAX(g->need, g->A->nodes[i].need + 1);
    return NH_OK;
}
