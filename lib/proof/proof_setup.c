/*
 * proof_setup.c -- the checking context of a claim (lib/proof/impl.h): the case and
 * ghat: models, the quantity (lib/quantity.h), the names a formula may
 * use (coordinates, velocities, eps, t, components, lets), `fix:`,
 * `dependent:`, `ghat-param:`, and the parsed lhs / formula.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>
#include "impl.h"

static int
lookup_quantity(pctx *P, const nh_proof_val *qv, nh_error_t err)
{
    const char *s = qv->text;
    int i;
    nh_quantity_params_init(&P->par);
    P->qk = -1;
    if ((P->Q = nh_quantity_find(s, &P->par.k)) == NULL)
    {
        char list[1500];
        nh_quantity_names(list, sizeof list);
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: unknown quantity '%s' (h1..h63, react1..react63, %s)",
                            P->file, qv->line, qv->col, s, list);
    }
    P->qk = P->Q->kind;
    P->hk = P->par.k;
    P->par.order = P->c->order;
    P->par.route = P->c->route;
    P->qndims = nh_quantity_shape(P->qshape, &P->qlen, P->Q, P->n, P->m, &P->par);
    P->on_D = (P->Q->flags & NH_QUANTITY_ON_D) != 0;
    P->eps_dep = (P->Q->flags & NH_QUANTITY_EPS) != 0;
    P->K = nh_quantity_series_terms(P->Q, &P->par);
    if (P->Q->flags & NH_QUANTITY_NH)
    {
        P->nh = 1;
        P->on_D = 1;            /* v_ names: velocities solved from the constraints */
        if (P->qk >= NH_Q_SODE_FIRST && P->qk <= NH_Q_SODE_LAST)
            P->on_D = 0;        /* the SODE quantities: v as given, off D */
        P->lin_aut = nh_model_is_linear_autonomous(P->M);
        if ((P->Q->flags & NH_QUANTITY_LINAUT) && !P->lin_aut)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': route 2 (%s) needs a linear "
                                "time-independent model", P->file, qv->line, qv->col, P->c->id.text, s);
        if ((P->Q->flags & NH_QUANTITY_GHAT) && P->c->ghat.text == NULL)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': quantity '%s' needs 'ghat:'",
                                P->file, qv->line, qv->col, P->c->id.text, s);
    }
    if (P->eps_dep && !P->c->have_eps && P->c->series == 0)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': quantity '%s' needs 'eps:' or 'series:'",
                            P->file, P->c->line, P->c->id.text, s);
    (void) i;
    return NH_OK;
}

char *
_nh_proof_strdup(const char *s)
{
    char *r = malloc(strlen(s) + 1);
    strcpy(r, s);
    return r;
}

static void
add_name(pctx *P, const char *s)
{
    P->names = realloc(P->names, (P->nnames + 1) * sizeof(char *));
    P->names[P->nnames++] = _nh_proof_strdup(s);
}

void
_nh_proof_ctx_clear(pctx *P)
{
    slong i;
    for (i = 0; i < P->nnames; i++)
        free(P->names[i]);
    free(P->names);
    for (i = 0; i < P->np; i++)
        free(P->pnames[i]);
    free(P->pnames);
    if (P->pvals != NULL)
        _fmpq_vec_clear(P->pvals, P->np);
    expr_formula_clear(&P->lhs);
    expr_formula_clear(&P->rhs);
    expr_arena_clear(P->A);
    if (P->fixval != NULL)
        _fmpq_vec_clear(P->fixval, 2 * P->n + 1);
    free(P->fixmask);
    if (P->M != NULL)
        nh_model_free(P->M);
    if (P->Mh != NULL)
        nh_model_free(P->Mh);
    _nh_proof_map_clear(P);
    free(P->dep);
    fmpq_clear(P->tcur);
    jet_ctx_clear(P->jctx);
}

/* The entries of Theta and domega (the companion values of
   nh_quantity_nextra, in its order): Theta_<nu>_<cK> = omega^nu(d/dq^K)
   (the row of the nu-th dependent coordinate), domega_<nu>_<cK>_<cL>
   for K < L only (the others follow by antisymmetry; this keeps the
   names of a 5-coordinate model below EXPR_MAX_COORDS), with nu = 1..m
   in the order of `dependent:` and cK, cL a coordinate name or t (the
   column of dt).  No route vectors for these two quantities. */
static void
add_connection_entries(pctx *P)
{
    char buf[EXPR_MAX_NAME + 80];
    slong i, K, L, n = P->n;
#define CNAME(K) ((K) == n ? "t" : nh_model_coord_name(P->M, (K)))
    if (P->qk == NH_Q_THETA)
        for (i = 0; i < P->m; i++)
            for (K = 0; K <= n; K++)
            {
                snprintf(buf, sizeof buf, "Theta_%ld_%s", (long) (i + 1), CNAME(K));
                add_name(P, buf);
            }
    else
        for (i = 0; i < P->m; i++)
            for (K = 0; K <= n; K++)
                for (L = K + 1; L <= n; L++)
                {
                    snprintf(buf, sizeof buf, "domega_%ld_%s_%s", (long) (i + 1), CNAME(K), CNAME(L));
                    add_name(P, buf);
                }
#undef CNAME
}

/* The entries of the frame quantities (the companion values of
   nh_quantity_nextra, in its order; frame indices labelled by the
   coordinate their field is attached to, nh_quantity_frame):
   frame_g_<ca>_<cb> (a <= b), frame_Xg_<ca>_<cb>_<cc> = X_a(g_bc)
   (b <= c), frame_R_<cc>_<ca>_<cb> = R^c_ab (a < b); the other entries
   follow by symmetry / antisymmetry (a 3-coordinate model: 33 names). */
static void
add_frame_entries(pctx *P)
{
    char buf[EXPR_MAX_NAME + 80];
    slong i, j, k, n = P->n;
#define CN(K) nh_model_coord_name(P->M, (K))
    for (i = 0; i < n; i++)
        for (j = i; j < n; j++)
        {
            snprintf(buf, sizeof buf, "frame_g_%s_%s", CN(i), CN(j));
            add_name(P, buf);
        }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = j; k < n; k++)
            {
                snprintf(buf, sizeof buf, "frame_Xg_%s_%s_%s", CN(i), CN(j), CN(k));
                add_name(P, buf);
            }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = j + 1; k < n; k++)
            {
                snprintf(buf, sizeof buf, "frame_R_%s_%s_%s", CN(i), CN(j), CN(k));
                add_name(P, buf);
            }
#undef CN
}

/* The companions of prop5 / prop6 (nh_quantity_prop56, in its order):
   condA_<a> (a = 1..p, the frame of D in the order of the independent
   coordinates), condB_<i>, corrA_<i> (i = 1..m, the frame of D^g in the
   order of the dependent coordinates), then the coordinate vectors
   sode1hat_<c>, acc_nh_ghat_<c>, nablaQT_<c>, acc_lagrange_<c>,
   acc_geodesic_<c>. */
static void
add_prop56_entries(pctx *P)
{
    static const char *vec[5] = {"sode1hat", "acc_nh_ghat", "nablaQT", "acc_lagrange",
                                 "acc_geodesic"};
    char buf[EXPR_MAX_NAME + 80];
    slong i, p = P->n - P->m;
    int g;
    for (i = 0; i < p; i++)
    {
        snprintf(buf, sizeof buf, "condA_%ld", (long) (i + 1));
        add_name(P, buf);
    }
    for (g = 0; g < 2; g++)
        for (i = 0; i < P->m; i++)
        {
            snprintf(buf, sizeof buf, "%s_%ld", g ? "corrA" : "condB", (long) (i + 1));
            add_name(P, buf);
        }
    for (g = 0; g < 5; g++)
        for (i = 0; i < P->n; i++)
        {
            snprintf(buf, sizeof buf, "%s_%s", vec[g], nh_model_coord_name(P->M, i));
            add_name(P, buf);
        }
}

/* The companions of the SODE quantities at v off D (002 Sec 3):
   <quantity>_<c> of every route, in kind order (nh_quantity_nextra);
   models with n <= NH_QUANTITY_SODE_NAMED only. */
static void
add_sode_entries(pctx *P)
{
    char buf[EXPR_MAX_NAME + 80];
    slong i;
    int g;
    for (g = 0; P->n <= NH_QUANTITY_SODE_NAMED && g < NH_QUANTITY_SODE_NROUTES; g++)
        for (i = 0; i < P->n; i++)
        {
            snprintf(buf, sizeof buf, "%s_%s", nh_quantity_by_kind(NH_Q_SODE_FIRST + g)->name,
                     nh_model_coord_name(P->M, i));
            add_name(P, buf);
        }
}

/* Component names exposed by vector quantities: <prefix>_<coord>. */
static void
add_components(pctx *P)
{
    slong i;
    char buf[EXPR_MAX_NAME + 80];
    const char *qname = P->c->quantity.text;
    P->comp0 = P->nnames;
    if (P->qk == NH_Q_RED_VDOT || P->qk == NH_Q_RED_QDOT || P->qk == NH_Q_RED_VDDOT)
    {
        static const char *pre[3] = {"qdot", "vDdot", "vdot"};
        int g;
        for (g = 0; g < 3; g++)
            for (i = 0; i < P->n; i++)
            {
                snprintf(buf, sizeof buf, "%s_%s", pre[g], nh_model_coord_name(P->M, i));
                add_name(P, buf);
            }
    }
    else if (P->qk == NH_Q_FULL_VDOT)
    {
        for (i = 0; i < P->n; i++)
        {
            snprintf(buf, sizeof buf, "vdot_%s", nh_model_coord_name(P->M, i));
            add_name(P, buf);
        }
    }
    else if (P->qk == NH_Q_DEDT)
        add_name(P, "dEdt");
    else if (P->qk == NH_Q_DV_H1 || P->qk == NH_Q_NABLAH_H1)
    {
        /* DV_h1_<ci>_<cj>, nablaH_h1_<ci>_<cj>, h1_<c> (series, time
           route), bh1_<c> (000 eq (67) via nh_bundle_h1) */
        static const char *mat[2] = {"DV_h1", "nablaH_h1"};
        static const char *vec[2] = {"h1", "bh1"};
        int g;
        slong j;
        for (g = 0; g < 2; g++)
            for (i = 0; i < P->n; i++)
                for (j = 0; j < P->n; j++)
                {
                    snprintf(buf, sizeof buf, "%s_%s_%s", mat[g], nh_model_coord_name(P->M, i),
                             nh_model_coord_name(P->M, j));
                    add_name(P, buf);
                }
        for (g = 0; g < 2; g++)
            for (i = 0; i < P->n; i++)
            {
                snprintf(buf, sizeof buf, "%s_%s", vec[g], nh_model_coord_name(P->M, i));
                add_name(P, buf);
            }
    }
    else if (P->qk == NH_Q_THETA || P->qk == NH_Q_DOMEGA)
        add_connection_entries(P);
    else if (P->qk >= NH_Q_FRAME_G && P->qk <= NH_Q_EXP_DE0)
    {
        if (P->n <= NH_QUANTITY_FRAME_NAMED)
        {
            add_frame_entries(P);
            for (i = 0; i < P->n; i++)
            {
                snprintf(buf, sizeof buf, "acc_lagrange_%s", nh_model_coord_name(P->M, i));
                add_name(P, buf);
            }
        }
    }
    else if (P->qk == NH_Q_PROP5 || P->qk == NH_Q_PROP6)
        add_prop56_entries(P);
    else if (P->qk >= NH_Q_SODE_FIRST && P->qk <= NH_Q_SODE_LAST)
        add_sode_entries(P);
    else if (P->nh)
    {
        /* every nonholonomic vector, so that a claim can compare routes */
        static const char *vec[4] = {"acc_lagrange", "acc_voronets", "acc_connection", "acc_geodesic"};
        static const char *mv[2] = {"multipliers", "p_dependent"};
        int g;
        for (g = 0; g < 4; g++)
        {
            if ((g == 2 && !P->lin_aut)
                || (g == 3 && (P->c->ghat.text == NULL || P->qk == NH_Q_GHAT_DET)))
                continue;
            for (i = 0; i < P->n; i++)
            {
                snprintf(buf, sizeof buf, "%s_%s", vec[g], nh_model_coord_name(P->M, i));
                add_name(P, buf);
            }
        }
        for (g = 0; g < 2; g++)
            for (i = 0; i < P->m; i++)
            {
                snprintf(buf, sizeof buf, "%s_%ld", mv[g], (long) (i + 1));
                add_name(P, buf);
            }
        for (i = 0; P->qk == NH_Q_GHAT && i < P->n * P->n; i++)
        {
            /* ghat_<ci>_<cj>: the entries, so that claims contract ghat with frames */
            snprintf(buf, sizeof buf, "ghat_%s_%s", nh_model_coord_name(P->M, i / P->n),
                     nh_model_coord_name(P->M, i % P->n));
            add_name(P, buf);
        }
    }
    else if (P->qndims == 1 && P->qk != NH_Q_ROUTES)
    {
        for (i = 0; i < P->qshape[0]; i++)
        {
            if (P->qshape[0] == P->n)
                snprintf(buf, sizeof buf, "%s_%s", qname, nh_model_coord_name(P->M, i));
            else
                snprintf(buf, sizeof buf, "%s_%ld", qname, (long) (i + 1));
            add_name(P, buf);
        }
    }
    P->ncomp = P->nnames - P->comp0;
}

static int
is_ident(const char *s, size_t n)
{
    size_t i;
    if (n == 0 || n >= EXPR_MAX_NAME || !(isalpha((unsigned char) s[0]) || s[0] == '_'))
        return 0;
    for (i = 1; i < n; i++)
        if (!(isalnum((unsigned char) s[i]) || s[i] == '_'))
            return 0;
    return 1;
}

static int
name_taken(const pctx *P, const char *s)
{
    slong i;
    for (i = 0; i < P->nnames; i++)
        if (strcmp(P->names[i], s) == 0)
            return 1;
    for (i = 0; i < P->np; i++)
        if (strcmp(P->pnames[i], s) == 0)
            return 1;
    return strcmp(s, "pi") == 0;
}

/* s without leading and trailing blanks (trailing ones cut in place). */
static char *
trim(char *s)
{
    while (isspace((unsigned char) *s)) s++;
    while (*s && isspace((unsigned char) s[strlen(s) - 1])) s[strlen(s) - 1] = '\0';
    return s;
}

int
_nh_proof_rational(fmpq_t x, const char *s)
{
    int ok;
    if (strchr(s, '/') != NULL)
        ok = fmpq_set_str(x, s, 10) == 0 && !fmpz_is_zero(fmpq_denref(x));
    else
        ok = expr_parse_decimal(x, s, strlen(s)) == NULL;
    if (ok)
        fmpq_canonicalise(x);
    return ok;
}

/* `fix: x = 0, v_y = -1/2`: coordinates / velocities held fixed. */
int
_nh_proof_parse_fix(pctx *P, const nh_proof_val *fv, nh_error_t err)
{
    char *t = _nh_proof_strdup(fv->text), *tok, *save = NULL;
    int r = NH_OK;
    for (tok = strtok_r(t, ",", &save); tok != NULL && r == NH_OK; tok = strtok_r(NULL, ",", &save))
    {
        char *eq = strchr(tok, '='), *name = tok, *val;
        slong i, idx = -1;
        if (eq == NULL)
        {
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: expected 'fix: name = rational, ...'",
                             P->file, fv->line, fv->col);
            break;
        }
        *eq = '\0';
        name = trim(name);
        val = trim(eq + 1);
        for (i = 0; i < P->n; i++)
        {
            if (strcmp(name, nh_model_coord_name(P->M, i)) == 0)
                idx = i;
            else if (strncmp(name, "v_", 2) == 0 && strcmp(name + 2, nh_model_coord_name(P->M, i)) == 0)
                idx = P->n + i;
        }
        if (idx < 0 && strcmp(name, "t") == 0)
            idx = 2 * P->n;     /* the time (nonholonomic quantities) */
        if (idx < 0)
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: fix: unknown coordinate '%s'",
                             P->file, fv->line, fv->col, name);
        else
        {
            if (!_nh_proof_rational(P->fixval + idx, val))
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: fix: bad rational '%s'",
                                 P->file, fv->line, fv->col, val);
            P->fixmask[idx] = 1;
        }
    }
    free(t);
    return r;
}

/* Load the model named by the value v of key `key` (path rules of
   _nh_proof_path); *M = NULL on error, prefixed "file:line: claim 'ID':
   KEY: " for the model reader's errors. */
int
_nh_proof_load_model(nh_model_ptr *M, const char *srcdir, const nh_proof_val *v, const char *key,
                     const char *file, const char *id, nh_error_t err)
{
    char *path;
    int r;
    *M = NULL;
    if ((r = _nh_proof_path(&path, srcdir, v, key, file, id, err)) != NH_OK)
        return r;
    r = nh_model_load(M, path, err);
    free(path);
    if (r != NH_OK)
    {
        *M = NULL;
        nh_error_prefix(err, "%s:%d: claim '%s': %s: ", file, v->line, id, key);
    }
    return r;
}

/* `dependent:` (or `dependent2:`, key): m comma-separated coordinates
   of M, one per constraint; *dep malloc'd (m + 1 entries). */
int
_nh_proof_parse_dependent(slong **dep, const nh_model_struct *M, const nh_proof_val *v,
                          const char *key, const char *file, nh_error_t err)
{
    char *t = _nh_proof_strdup(v->text), *tok, *save = NULL;
    slong k = 0, m = nh_model_m(M);
    int r = NH_OK;
    *dep = malloc((size_t) (m + 1) * sizeof(slong));
    for (tok = strtok_r(t, ", \n", &save); tok != NULL && r == NH_OK; tok = strtok_r(NULL, ", \n", &save))
    {
        slong idx = nh_model_coord_index(M, tok);
        if (idx < 0 || k >= m)
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: %s: %s '%s' (need %ld coordinates)",
                             file, v->line, v->col, key,
                             idx < 0 ? "unknown coordinate" : "too many names at", tok, (long) m);
        else
            (*dep)[k++] = idx;
    }
    free(t);
    if (r == NH_OK && k != m)
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: %s: need %ld coordinates, got %ld",
                         file, v->line, v->col, key, (long) m, (long) k);
    return r;
}

/* Nonholonomic quantities: `dependent:` (comma-separated coordinates,
   one per constraint), `ghat:` (a model file with the same coordinates;
   only its metric is used) and `ghat-param:` (name = rational, ...
   overriding the ghat model's parameters). */
static int
nh_setup(pctx *P, const nh_claim_struct *c, const char *srcdir, nh_error_t err)
{
    int r = NH_OK;
    slong i;
    if (c->dependent.text != NULL
        && (r = _nh_proof_parse_dependent(&P->dep, P->M, &c->dependent, "dependent", P->file, err)) != NH_OK)
        return r;
    if (c->ghat.text != NULL)
    {
        if ((r = _nh_proof_load_model(&P->Mh, srcdir, &c->ghat, "ghat", P->file, c->id.text, err)) != NH_OK)
            return r;
        if (nh_model_n(P->Mh) != P->n)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: ghat: %s has %ld coordinates, the case %ld",
                                P->file, c->ghat.line, c->ghat.col, c->ghat.text,
                                (long) nh_model_n(P->Mh), (long) P->n);
        for (i = 0; i < P->n; i++)
            if (strcmp(nh_model_coord_name(P->Mh, i), nh_model_coord_name(P->M, i)) != 0)
                return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: ghat: coordinate %ld is '%s', the case's is '%s'",
                                    P->file, c->ghat.line, c->ghat.col, (long) i + 1,
                                    nh_model_coord_name(P->Mh, i), nh_model_coord_name(P->M, i));
    }
    if (c->ghat_param.text != NULL)
    {
        char *t = _nh_proof_strdup(c->ghat_param.text), *tok, *save = NULL;
        if (P->Mh == NULL)
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: ghat-param: without ghat:",
                             P->file, c->ghat_param.line, c->ghat_param.col);
        for (tok = strtok_r(t, ",", &save); r == NH_OK && tok != NULL; tok = strtok_r(NULL, ",", &save))
        {
            char *eq = strchr(tok, '='), *name = tok, *val;
            fmpq_t x;
            if (eq == NULL)
            {
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: expected 'ghat-param: name = rational, ...'",
                                 P->file, c->ghat_param.line, c->ghat_param.col);
                break;
            }
            *eq = '\0';
            name = trim(name);
            val = trim(eq + 1);
            fmpq_init(x);
            if (!_nh_proof_rational(x, val))
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: ghat-param: bad rational '%s'",
                                 P->file, c->ghat_param.line, c->ghat_param.col, val);
            else if (nh_model_set_param(P->Mh, name, x, err) != NH_OK)
            {
                nh_error_prefix(err, "%s:%d:%d: ghat-param: ", P->file, c->ghat_param.line, c->ghat_param.col);
                r = NH_ERR_PARSE;
                err->code = NH_ERR_PARSE;
            }
            fmpq_clear(x);
        }
        free(t);
    }
    return r;
}

/* The model of case: into P (P->M, n, m, the parameters' names and
   values for the formulas). */
static int
setup_model(pctx *P, const nh_claim_struct *c, const char *srcdir, nh_error_t err)
{
    char *path;
    slong i;
    int r;
    if ((r = _nh_proof_path(&path, srcdir, &c->case_path, "case", P->file, c->id.text, err)) != NH_OK)
    {
        P->M = NULL;
        return r;
    }
    r = nh_model_load(&P->M, path, err);
    free(path);
    if (r != NH_OK)
    {
        nh_error_prefix(err, "%s:%d: claim '%s': ", P->file, c->case_path.line, c->id.text);
        P->M = NULL;
        return r;
    }
    P->n = nh_model_n(P->M);
    P->m = nh_model_m(P->M);
    P->np = nh_model_nparams(P->M);
    P->pnames = calloc((size_t) FLINT_MAX(P->np, 1), sizeof(char *));
    P->pvals = _fmpq_vec_init(FLINT_MAX(P->np, 1));
    for (i = 0; i < P->np; i++)
    {
        P->pnames[i] = _nh_proof_strdup(nh_model_param_name(P->M, i));
        nh_model_param_value(P->pvals + i, P->M, i);
    }
    P->A->params = P->pvals;
    return NH_OK;
}

/* The names a formula sees before the lets: coordinates, v_<coordinate>,
   eps, (nonholonomic quantities: t), the components, the map's names. */
static int
setup_names(pctx *P, const nh_claim_struct *c, const char *srcdir, nh_error_t err)
{
    slong i;
    int r;
    for (i = 0; i < P->n; i++)
        add_name(P, nh_model_coord_name(P->M, i));
    for (i = 0; i < P->n; i++)
    {
        char buf[EXPR_MAX_NAME + 8];
        snprintf(buf, sizeof buf, "v_%s", nh_model_coord_name(P->M, i));
        add_name(P, buf);
    }
    add_name(P, "eps");
    if (P->nh)
    {
        if ((r = nh_setup(P, c, srcdir, err)) != NH_OK)
            return r;
        add_name(P, "t");
    }
    add_components(P);
    return _nh_proof_map_setup(P, c, srcdir, err);
}

/* The let i of the claim ("name = expression", a scalar in the names so
   far, N): P->lets[i], and its name. */
static int
setup_let(pctx *P, const nh_claim_struct *c, slong i, expr_names_struct *N, nh_error_t err)
{
    const nh_proof_val *lv = &c->let[i];
    const char *eq = strchr(lv->text, '=');
    size_t nl, off;
    char name[EXPR_MAX_NAME + 1];
    nh_proof_val sub;
    expr_formula F;
    int r;
    if (eq == NULL)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: expected 'let: name = expression'",
                            P->file, lv->line, lv->col);
    nl = (size_t) (eq - lv->text);
    while (nl > 0 && isspace((unsigned char) lv->text[nl - 1]))
        nl--;
    if (!is_ident(lv->text, nl))
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: bad name in 'let:'",
                            P->file, lv->line, lv->col);
    memcpy(name, lv->text, nl);
    name[nl] = '\0';
    if (name_taken(P, name))
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: 'let: %s' redefines a coordinate, parameter or computed name",
                            P->file, lv->line, lv->col, name);
    off = (size_t) (eq - lv->text) + 1;
    if (strchr(lv->text, '\n') != NULL && strchr(lv->text, '\n') < eq)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: 'let:' name must be on the key's line",
                            P->file, lv->line, lv->col);
    sub.text = (char *) eq + 1;
    sub.line = lv->line;
    sub.col = lv->col + (int) off;
    N->n = P->nnames;
    N->coords = P->names;
    expr_formula_init(&F);
    r = expr_formula_parse(&F, &sub, P->A, N, P->file, err);
    if (r == NH_OK && F.ndims != 0)
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: 'let:' must define a scalar",
                         P->file, lv->line, lv->col);
    if (r != NH_OK)
    {
        expr_formula_clear(&F);
        return r;
    }
    P->lets[i] = F.roots[0];
    expr_formula_clear(&F);
    add_name(P, name);
    P->nlets++;
    return NH_OK;
}

/* The formula fv (rhs) has the shape of lhs (or of the quantity), or is
   a scalar broadcast over it. */
static int
setup_shapes(pctx *P, const nh_claim_struct *c, const nh_proof_val *fv, nh_error_t err)
{
    int ld = P->have_lhs ? P->lhs.ndims : P->qndims;
    const slong *ls = P->have_lhs ? P->lhs.shape : P->qshape;
    int ok = P->rhs.ndims == 0 && ld > 0;     /* scalar broadcast */
    char a[100], b[100];
    size_t la = 0, lb = 0;
    slong i;
    if (!ok && P->rhs.ndims == ld)
    {
        ok = 1;
        for (i = 0; i < ld; i++)
            ok = ok && ls[i] == P->rhs.shape[i];
    }
    if (ok)
        return NH_OK;
    a[0] = b[0] = '\0';
    for (i = 0; i < ld; i++)
        la += (size_t) snprintf(a + la, sizeof a - la, "%s%ld", i ? " x " : "", (long) ls[i]);
    for (i = 0; i < P->rhs.ndims; i++)
        lb += (size_t) snprintf(b + lb, sizeof b - lb, "%s%ld", i ? " x " : "", (long) P->rhs.shape[i]);
    return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': formula has shape %s, %s is %s",
                        P->file, fv->line, fv->col, c->id.text,
                        P->rhs.ndims ? b : "scalar",
                        P->have_lhs ? "lhs" : c->quantity.text, ld ? a : "scalar");
}

/* Load model, build names, parse lets, lhs and the formula `fv`. */
int
_nh_proof_ctx_setup(pctx *P, const nh_proof_doc_t doc, const nh_claim_struct *c, const nh_proof_val *fv,
           const char *srcdir, nh_error_t err)
{
    slong i;
    int r;
    expr_names_struct N;
    nh_proof_val zero;

    memset(P, 0, sizeof *P);
    P->c = c;
    P->file = doc->filename;
    expr_arena_init(P->A);
    expr_formula_init(&P->lhs);
    expr_formula_init(&P->rhs);
    jet_ctx_init(P->jctx, 1, 0);
    fmpq_init(P->tcur);

    if ((r = setup_model(P, c, srcdir, err)) != NH_OK)
        return r;
    if ((r = lookup_quantity(P, &c->quantity, err)) != NH_OK)
        return r;
    P->fixmask = calloc((size_t) (2 * P->n + 1), sizeof(int));
    P->fixval = _fmpq_vec_init(2 * P->n + 1);
    if (c->fix.text != NULL && (r = _nh_proof_parse_fix(P, &c->fix, err)) != NH_OK)
        return r;
    if ((r = setup_names(P, c, srcdir, err)) != NH_OK)
        return r;

    memset(&N, 0, sizeof N);          /* later fields default to 0 */
    N.coords = NULL;
    N.np = P->np;
    N.pnames = P->pnames;
    N.allow_diff = 0;
    N.allow_coords = 1;

    /* lets: "name = expression" */
    P->let0 = P->nnames;
    for (i = 0; i < c->nlet; i++)
        if ((r = setup_let(P, c, i, &N, err)) != NH_OK)
            return r;
    if (P->nnames > EXPR_MAX_COORDS)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': too many names (%ld > %d)",
                            P->file, c->line, c->id.text, (long) P->nnames, EXPR_MAX_COORDS);
    N.n = P->nnames;
    N.coords = P->names;

    if (c->lhs.text != NULL)
    {
        if ((r = expr_formula_parse(&P->lhs, &c->lhs, P->A, &N, P->file, err)) != NH_OK)
            return r;
        P->have_lhs = 1;
    }
    zero.text = (char *) "0";
    zero.line = c->line;
    zero.col = 1;
    if (fv == NULL || fv->text == NULL)
    {
        if (P->qk != NH_Q_ROUTES && P->qk != NH_Q_LEMMA4 && P->qk != NH_Q_REMARK12)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s' has no 'formula:'",
                                P->file, c->line, c->id.text);
        fv = &zero;
    }
    if ((r = expr_formula_parse(&P->rhs, fv, P->A, &N, P->file, err)) != NH_OK)
        return r;
    if ((r = setup_shapes(P, c, fv, err)) != NH_OK)
        return r;
    expr_prepare(P->A);
    P->need = 1;
    for (i = 0; i < P->A->len; i++)
        P->need = FLINT_MAX(P->need, P->A->nodes[i].need + 1);
    return NH_OK;
}
