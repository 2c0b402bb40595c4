/*
 * conv_field.c -- user vector fields for the convergence study (conv.h):
 * a first-order reduced model typed as expressions in the model-file
 * language (lib/expr.h, parsed by expr_formula_parse as in the literate
 * proofs, lib/expr/expr_formula.c), evaluated in Arb (the field only:
 * integrated by the classical Runge-Kutta 4 stepper of lib/ode,
 * nh_ode_fixed_doubling: fixed steps doubled until the ESTIMATED error
 * |y_{h/2} - y_h|/15 of y_{h/2}, Richardson's estimate for an order-4
 * method, is below the tolerance).  Used by `nhoracle converge --field FILE` to test
 * the papers' printed reduced models (000 eqs (89)-(90), 001 eq (19) and
 * Sec 7.1) against the full friction system.  File format:
 * doc/convergence.md ("User vector fields").
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "nh_file.h"
#include "conv.h"
#include "jet.h"

static char *
xstrdup_(const char *s)
{
    size_t l = strlen(s) + 1;
    char *d = malloc(l);
    memcpy(d, s, l);
    return d;
}

static void
add_name(nh_conv_field_struct *F, const char *s)
{
    F->names = realloc(F->names, (size_t) (F->nnames + 1) * sizeof(char *));
    F->names[F->nnames++] = xstrdup_(s);
}

static int
name_taken(const nh_conv_field_struct *F, const char *s)
{
    slong i;
    for (i = 0; i < F->nnames; i++)
        if (strcmp(F->names[i], s) == 0)
            return 1;
    for (i = 0; i < F->np; i++)
        if (strcmp(F->pnames[i], s) == 0)
            return 1;
    return 0;
}

void
nh_conv_field_init(nh_conv_field_struct *F)
{
    memset(F, 0, sizeof *F);
    expr_arena_init(F->A);
    jet_ctx_init(F->jctx, 1, 0);
}

void
nh_conv_field_clear(nh_conv_field_struct *F)
{
    slong i;
    for (i = 0; i < F->nnames; i++)
        free(F->names[i]);
    free(F->names);
    for (i = 0; i < F->np; i++)
        free(F->pnames[i]);
    free(F->pnames);
    if (F->pvals != NULL)
        _fmpq_vec_clear(F->pvals, FLINT_MAX(F->np, 1));
    free(F->lets);
    free(F->roots);
    free(F->file);
    expr_arena_clear(F->A);
    jet_ctx_clear(F->jctx);
    memset(F, 0, sizeof *F);
}

/* one "key: value" entry of the file, continuation lines included */
typedef struct
{
    char key[16];
    expr_src val;
    size_t len, cap;            /* of val.text (continuation lines append) */
}
entry;

/* entries of a field file: qdot, vdot, start and at most EXPR_MAX_COORDS
   lets are meaningful; more than this many is refused (bounds the memory
   and time spent on a hostile file before its first error) */
#define NH_CONV_FIELD_MAX_ENTRIES 4096

static int
parse_vec(int *roots, nh_conv_field_struct *F, const entry *e, const expr_names_struct *N,
          nh_error_t err)
{
    expr_formula P;
    int r;
    expr_formula_init(&P);
    r = expr_formula_parse(&P, &e->val, F->A, N, F->file, err);
    if (r == NH_OK && (P.ndims != 1 || P.shape[0] != F->n))
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: '%s:' must be a list of %ld expressions "
                         "(one per coordinate)", F->file, e->val.line, e->val.col, e->key,
                         (long) F->n);
    if (r == NH_OK)
        memcpy(roots, P.roots, (size_t) F->n * sizeof(int));
    expr_formula_clear(&P);
    return r;
}

/* Splits text into entries "key: value": lines starting with a blank
   continue the previous entry; '#' lines and blank lines are skipped; a
   '\r' before the '\n' is dropped (CRLF files).  *pent, *pnent: the
   entries (freed by the caller also on error). */
static int
field_split(entry **pent, slong *pnent, char *buf, const char *filename, nh_error_t err)
{
    char *line, *next, *end;
    entry *ent = NULL;
    slong nent = 0;
    int lineno = 0, r = NH_OK;
    for (line = buf; *line != '\0'; line = next)
    {
        char *p, *colon;
        lineno++;
        end = strchr(line, '\n');
        if (end != NULL)
        {
            *end = '\0';
            next = end + 1;
        }
        else
        {
            end = line + strlen(line);
            next = end;
        }
        if (end > line && end[-1] == '\r')
            end[-1] = '\0';
        p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        if (p != line)
        {
            entry *e;
            size_t pl;
            if (nent == 0)
            {
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:1: continuation line before any key",
                                 filename, lineno);
                break;
            }
            e = ent + nent - 1;
            /* append '\n' + line; the capacity doubles, so that many
               continuation lines cost linear time */
            pl = strlen(line);
            if (e->len + pl + 2 > e->cap)
            {
                e->cap = FLINT_MAX(2 * e->cap, e->len + pl + 2);
                e->val.text = realloc(e->val.text, e->cap);
                if (e->val.text == NULL)
                    abort();
            }
            e->val.text[e->len] = '\n';
            memcpy(e->val.text + e->len + 1, line, pl + 1);
            e->len += pl + 1;
            continue;
        }
        colon = strchr(p, ':');
        if (colon == NULL || colon - p >= 15)
        {
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:1: expected 'qdot:', 'vdot:' or 'let:'",
                             filename, lineno);
            break;
        }
        if (nent >= NH_CONV_FIELD_MAX_ENTRIES)
        {
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:1: more than %d 'key:' entries",
                             filename, lineno, NH_CONV_FIELD_MAX_ENTRIES);
            break;
        }
        if ((nent & (nent - 1)) == 0)   /* nent = 0, 1, 2, 4, ...: double */
        {
            ent = realloc(ent, (size_t) FLINT_MAX(2 * nent, 1) * sizeof(entry));
            if (ent == NULL)
                abort();
        }
        memcpy(ent[nent].key, p, (size_t) (colon - p));
        ent[nent].key[colon - p] = '\0';
        ent[nent].val.text = xstrdup_(colon + 1);
        ent[nent].len = strlen(colon + 1);
        ent[nent].cap = ent[nent].len + 1;
        ent[nent].val.line = lineno;
        ent[nent].val.col = (int) (colon - line) + 2;
        if (strcmp(ent[nent].key, "qdot") && strcmp(ent[nent].key, "vdot")
            && strcmp(ent[nent].key, "let") && strcmp(ent[nent].key, "start"))
        {
            char shown[64];
            size_t k;
            /* printable ASCII only in the message */
            for (k = 0; ent[nent].key[k] != '\0' && k + 1 < sizeof shown; k++)
                shown[k] = (ent[nent].key[k] >= 32 && ent[nent].key[k] < 127)
                    ? ent[nent].key[k] : '?';
            shown[k] = '\0';
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:1: unknown key '%s' (expected qdot, vdot, "
                             "let, start)",
                             filename, lineno, shown);
            nent++;
            break;
        }
        nent++;
    }

    *pent = ent;
    *pnent = nent;
    return r;
}

/* The names of the field's expressions: parameters, coordinates,
   v_<coordinate> (the point vD of D), eps; then the lets. */
static void
field_names(nh_conv_field_struct *F, const nh_model_struct *M, slong nent, expr_names_struct *N)
{
    slong i;
    F->np = nh_model_nparams(M);
    F->pnames = calloc((size_t) FLINT_MAX(F->np, 1), sizeof(char *));
    F->pvals = _fmpq_vec_init(FLINT_MAX(F->np, 1));
    for (i = 0; i < F->np; i++)
    {
        F->pnames[i] = xstrdup_(nh_model_param_name(M, i));
        nh_model_param_value(F->pvals + i, M, i);
    }
    F->A->params = F->pvals;
    for (i = 0; i < F->n; i++)
        add_name(F, nh_model_coord_name(M, i));
    for (i = 0; i < F->n; i++)
    {
        char buf[EXPR_MAX_NAME + 8];
        snprintf(buf, sizeof buf, "v_%s", nh_model_coord_name(M, i));
        add_name(F, buf);
    }
    add_name(F, "eps");
    F->roots = malloc((size_t) (2 * F->n) * sizeof(int));
    F->lets = malloc((size_t) FLINT_MAX(nent, 1) * sizeof(int));
    memset(N, 0, sizeof *N);
    N->np = F->np;
    N->pnames = F->pnames;
    N->allow_coords = 1;

}

/* 'let: name = expression' (entry e): a scalar named by a fresh name. */
static int
field_let(nh_conv_field_struct *F, const entry *e, expr_names_struct *N, const char *filename,
          nh_error_t err)
{
    int r;
    char *eq = strchr(e->val.text, '='), name[EXPR_MAX_NAME + 1];
    size_t a = 0, b;
    expr_src sub;
    expr_formula P;
    if (eq == NULL)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: expected 'let: name = expression'",
                            filename, e->val.line, e->val.col);
    while (isspace((unsigned char) e->val.text[a]))
        a++;
    b = (size_t) (eq - e->val.text);
    while (b > a && isspace((unsigned char) e->val.text[b - 1]))
        b--;
    if (b == a || b - a > EXPR_MAX_NAME || !(isalpha((unsigned char) e->val.text[a])
                                             || e->val.text[a] == '_'))
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: bad name in 'let:'",
                            filename, e->val.line, e->val.col);
    memcpy(name, e->val.text + a, b - a);
    name[b - a] = '\0';
    if (name_taken(F, name))
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: 'let: %s' redefines a coordinate, "
                            "velocity, eps, parameter or earlier let", filename, e->val.line,
                            e->val.col, name);
    if (F->nnames >= EXPR_MAX_COORDS)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: too many names (> %d)",
                            filename, e->val.line, e->val.col, EXPR_MAX_COORDS);
    sub.text = eq + 1;
    sub.line = e->val.line;
    sub.col = e->val.col + (int) (eq - e->val.text) + 1;
    expr_formula_init(&P);
    r = expr_formula_parse(&P, &sub, F->A, N, filename, err);
    if (r == NH_OK && P.ndims != 0)
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: 'let:' must define a scalar",
                            filename, e->val.line, e->val.col);
    if (r == NH_OK)
        F->lets[F->nlets++] = P.roots[0];
    expr_formula_clear(&P);
    if (r == NH_OK)
        add_name(F, name);
    return r;
}

int
nh_conv_field_parse(nh_conv_field_struct *F, const nh_model_struct *M, const char *text,
                    const char *filename, nh_error_t err)
{
    char *buf;
    size_t tlen = strlen(text);
    entry *ent = NULL;
    slong nent = 0, i;
    int r, have_q = 0, have_v = 0;
    expr_names_struct N;

    F->file = xstrdup_(filename);
    F->n = nh_model_n(M);
    if (tlen > (size_t) EXPR_MAX_TEXT)
        return nh_error_set(err, NH_ERR_RESOURCE, "%s: field file too large (%lu bytes, at most "
                            "%ld)", filename, (unsigned long) tlen, (long) EXPR_MAX_TEXT);
    buf = xstrdup_(text);
    r = field_split(&ent, &nent, buf, filename, err);
    field_names(F, M, nent, &N);
    for (i = 0; r == NH_OK && i < nent; i++)
    {
        entry *e = ent + i;
        N.n = F->nnames;
        N.coords = F->names;
        if (strcmp(e->key, "start") == 0)
        {
            char w[8];
            if (sscanf(e->val.text, " %7s", w) == 1 && strcmp(w, "vD") == 0
                && strspn(e->val.text, " \tvD") == strlen(e->val.text))
                F->start_v = 0;
            else if (sscanf(e->val.text, " %7s", w) == 1 && strcmp(w, "v") == 0
                     && strspn(e->val.text, " \tv") == strlen(e->val.text))
                F->start_v = 1;
            else
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: 'start:' must be 'vD' or 'v'",
                                 filename, e->val.line, e->val.col);
        }
        else if (strcmp(e->key, "let") == 0)
        {
            r = field_let(F, e, &N, filename, err);
            if (r != NH_OK)
                break;
        }
        else if (strcmp(e->key, "qdot") == 0 || strcmp(e->key, "vdot") == 0)
        {
            int isq = e->key[0] == 'q';
            if (isq ? have_q : have_v)
            {
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:1: duplicate '%s:'", filename,
                                 e->val.line, e->key);
                break;
            }
            r = parse_vec(F->roots + (isq ? 0 : F->n), F, e, &N, err);
            if (isq)
                have_q = 1;
            else
                have_v = 1;
        }
    }
    if (r == NH_OK && (!have_q || !have_v))
        r = nh_error_set(err, NH_ERR_PARSE, "%s: the field needs both 'qdot:' and 'vdot:'", filename);
    for (i = 0; i < nent; i++)
        free(ent[i].val.text);
    free(ent);
    free(buf);
    if (r != NH_OK)
        return r;
    expr_prepare(F->A);
    F->need = 1;
    for (i = 0; i < F->A->len; i++)
        F->need = FLINT_MAX(F->need, F->A->nodes[i].need + 1);
    return NH_OK;
}

int
nh_conv_field_load(nh_conv_field_struct *F, const nh_model_struct *M, const char *path,
                   nh_error_t err)
{
    char *text;
    size_t len;
    const char *nul;
    int r;

    r = nh_file_read(&text, &len, path, (size_t) EXPR_MAX_TEXT, "field file", err);
    if (r != NH_OK)
        return r;
    nul = memchr(text, '\0', len);
    if (nul != NULL)
    {
        /* binary data: name the line and column of the first NUL byte */
        int line = 1, col = 1;
        const char *p;
        for (p = text; p < nul; p++, col++)
            if (*p == '\n')
                line++, col = 0;
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: NUL byte: binary data, not a field file",
                         path, line, col);
    }
    else
        r = nh_conv_field_parse(F, M, text, path, err);
    free(text);
    return r;
}

int
nh_conv_field_eval(arb_ptr qdot, arb_ptr vdot, const nh_conv_field_struct *F,
                   arb_srcptr q, arb_srcptr vD, const arb_t eps, slong prec, nh_error_t err)
{
    slong n = F->n, i, nv = F->nnames;
    arb_ptr vals = _arb_vec_init(nv);
    expr_eval_struct E;
    int r = NH_OK;

    _arb_vec_set(vals, q, n);
    _arb_vec_set(vals + n, vD, n);
    arb_set(vals + 2 * n, eps);
    E.A = F->A;
    E.cache = NULL;
    E.q = vals;
    E.ord = 0;
    E.L = 1;
    E.prec = prec;
    E.ctx = F->jctx;
    E.nstack = F->need;
    E.stack = jet_vec_init(F->need, F->jctx);
    for (i = 0; i < F->nlets + 2 * n && r == NH_OK; i++)
    {
        arb_ptr out = i < F->nlets ? vals + 2 * n + 1 + i
            : (i - F->nlets < n ? qdot + (i - F->nlets) : vdot + (i - F->nlets - n));
        int root = i < F->nlets ? F->lets[i] : F->roots[i - F->nlets];
        E.bad_node = -1;
        r = expr_eval_jet(out, &E, root);
        if (r != NH_OK)
        {
            const expr_node *x = F->A->nodes + E.bad_node;
            /* certain singularity (NH_ERR_MODEL, e.g. log of a value
               certainly <= 0): no precision helps; else NH_ERR_DOMAIN */
            r = nh_error_set(err, r == NH_ERR_MODEL ? NH_ERR_MODEL : NH_ERR_DOMAIN,
                             "%s:%d:%d: %s", F->file, x->line, x->col, E.bad_why);
        }
    }
    jet_vec_clear(E.stack, F->need, F->jctx);
    _arb_vec_clear(vals, nv);
    return r;
}

/* The field as an ODE right-hand side (nh_ode_rhs_t) on y = (q, vD);
   autonomous, t unused. */
typedef struct
{
    const nh_conv_field_struct *F;
    const arb_struct *eps;
    nh_ode_rk4_struct rk4;
}
field_sys;

static int
field_rhs(arb_ptr dy, const arb_t t, arb_srcptr y, void *param, slong prec, nh_error_t err)
{
    field_sys *S = (field_sys *) param;
    (void) t;
    return nh_conv_field_eval(dy, dy + S->F->n, S->F, y, y + S->F->n, S->eps, prec, err);
}

/* one RK4 step (nh_ode_rk4_attempt), then the blow-up check: a state
   beyond 2^NH_CONV_FIELD_MAX_STATE_LOG2 (or not finite) is refused at
   once; continuing would only make every later evaluation slower (the
   exponents of the balls grow without bound, e.g. exp(exp(...)) of a
   huge state) */
static int
field_attempt(void *ctx, arb_ptr y1, double *errn, double *fac, const arb_t t, arb_srcptr y,
              const arb_t h, double rtol, double atol, nh_error_t err)
{
    field_sys *S = (field_sys *) ctx;
    slong d = 2 * S->F->n, i;
    int r = nh_ode_rk4_attempt(&S->rk4, y1, errn, fac, t, y, h, rtol, atol, err);
    for (i = 0; i < d && r == NH_OK; i++)
        if (!arb_is_finite(y1 + i)
            || arf_cmpabs_2exp_si(arb_midref(y1 + i), NH_CONV_FIELD_MAX_STATE_LOG2) > 0)
            r = nh_error_set(err, NH_ERR_DOMAIN, "%s: the RK4 solution of the field leaves "
                             "|y| < 2^%d (state component %ld) within one step of size "
                             "%.3g: the field blows up, or needs more than %d steps per "
                             "output interval", S->F->file, NH_CONV_FIELD_MAX_STATE_LOG2,
                             (long) i, arf_get_d(arb_midref(h), ARF_RND_NEAR),
                             NH_CONV_FIELD_MAX_STEPS);
    return r;
}

int
nh_conv_field_integrate(arb_ptr q_out, arb_ptr v_out, double *gerr, slong *steps,
                        const nh_conv_field_struct *F, const arb_t eps, arb_srcptr q0,
                        arb_srcptr vD0, arb_srcptr times, slong nt, double tol, slong prec,
                        nh_error_t err)
{
    slong n = F->n, d = 2 * n, j, i;
    arb_ptr y0 = _arb_vec_init(d), a = _arb_vec_init(nt * d);
    arb_ptr qd = _arb_vec_init(n);
    field_sys S;
    nh_ode_stepper_struct st;
    double e = 0;
    int r;

    S.F = F;
    S.eps = eps;
    nh_ode_rk4_init(&S.rk4, field_rhs, &S, d, prec, NULL);
    nh_ode_rk4_stepper(&st, &S.rk4);
    st.ctx = &S;
    st.attempt = field_attempt;
    _arb_vec_set(y0, q0, n);
    _arb_vec_set(y0 + n, vD0, n);
    *steps = 0;
    /* m = 4, 8, ... steps per output interval until |y_{h/2} - y_h| / 15 < tol */
    r = nh_ode_fixed_doubling(a, &e, steps, &st, y0, times, nt, 4, NH_CONV_FIELD_MAX_STEPS, 4,
                              tol, err);
    if (r == NH_OK)
        for (j = 0; j < nt; j++)
            gerr[j] = e;
    /* outputs: q and v = qdot of the field (the model's velocity) */
    for (j = 0; r == NH_OK && j < nt; j++)
    {
        arb_ptr y = a + j * d;
        r = nh_conv_field_eval(qd, v_out + j * n, F, y, y + n, eps, prec, err);
        if (r == NH_OK)
        {
            _arb_vec_set(v_out + j * n, qd, n);
            for (i = 0; i < n; i++)
                arb_set(q_out + j * n + i, y + i);
        }
    }
    nh_ode_rk4_clear(&S.rk4);
    _arb_vec_clear(y0, d);
    _arb_vec_clear(a, nt * d);
    _arb_vec_clear(qd, n);
    return r;
}
