/*
 * proof_check.c -- certified verdicts of claim blocks (see proof.h and
 * doc/proofs.md): the quantities nhoracle computes, the random exact
 * points, and the comparison with the typed formula.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>
#include "impl.h"
#include "conv.h"
#include "nhdyn.h"
#include "bundle.h"

/* Guard bits: everything is computed at prec + NH_PROOF_GUARD_BITS so
   that a true identity meets the tolerance 2^-(prec-20) after the
   cancellation in lhs - rhs and the eps interpolation. */
#define NH_PROOF_GUARD_BITS 64

enum
{
    QK_G = 0, QK_GINV, QK_A, QK_MU, QK_S, QK_P, QK_PPERP, QK_FRS, QK_Q,
    QK_GRADV, QK_DV, QK_GAMMA, QK_VD, QK_H, QK_REACT, QK_LAMBDA, QK_ROUTES,
    QK_LEMMA4, QK_REMARK12, QK_RED_VDOT, QK_RED_QDOT, QK_RED_VDDOT,
    QK_FULL_VDOT, QK_DEDT, QK_DV_H1, QK_NABLAH_H1,
    /* nonholonomic quantities (issue 7, lib/nhdyn.h): QK_NH_FIRST.. */
    QK_ACC_LAGRANGE, QK_ACC_VORONETS, QK_ACC_CONNECTION, QK_LAMBDA_CONNECTION,
    QK_MULTIPLIERS, QK_P_DEPENDENT, QK_B_AB, QK_B_A, QK_B_AB_BR, QK_B_A_BR,
    QK_ACC_GEODESIC, QK_GHAT, QK_GHAT_DET
};
#define QK_NH_FIRST QK_ACC_LAGRANGE

static const struct { const char *name; int kind; const char *doc; } qtab[] = {
    {"G", QK_G, "metric G (72), n x n"},
    {"Ginv", QK_GINV, "G^{-1}, n x n"},
    {"A", QK_A, "constraint one-forms (73) as rows, m x n"},
    {"mu_bar", QK_MU, "friction coefficients mu_bar (37), m x m"},
    {"S", QK_S, "A G^{-1} A^T, m x m"},
    {"P", QK_P, "projection onto D (78), n x n"},
    {"P_perp", QK_PPERP, "projection onto D_perp (79), n x n"},
    {"FR_sharp", QK_FRS, "G^{-1} A^T mu_bar A (81), n x n"},
    {"Q", QK_Q, "the map Q of Lemma 4 (82), n x n"},
    {"gradV", QK_GRADV, "(dV)^sharp, n"},
    {"dV", QK_DV, "dV/dq, n"},
    {"Gamma", QK_GAMMA, "Christoffel symbols Gamma^i_{jk}, n x n x n"},
    {"vD", QK_VD, "P v (80), n"},
    {"lambda", QK_LAMBDA, "nonholonomic multipliers, m"},
    {"routes", QK_ROUTES, "h^(k) time route minus covariant route, k = 1..order, order x n"},
    {"lemma4", QK_LEMMA4, "[Q FR_sharp - P_perp; Q P], 2n x n"},
    {"remark12", QK_REMARK12, "mu_bar A h^(1) + lambda, m"},
    {"reduced_vdot", QK_RED_VDOT, "velocity form of the order-k reduced field, n"},
    {"reduced_qdot", QK_RED_QDOT, "qdot of the order-k reduced field, n"},
    {"reduced_vDdot", QK_RED_VDDOT, "vDdot of the order-k reduced field, n"},
    {"full_vdot", QK_FULL_VDOT, "full friction field (39)-(40) dv/dt, n"},
    {"dEdt", QK_DEDT, "dE/dt along the full friction field, scalar"},
    {"DV_h1", QK_DV_H1, "vertical Jacobian D^V h^(1) at (q, vD) (000 eq (29)), n x n"},
    {"nablaH_h1", QK_NABLAH_H1, "horizontal covariant derivative nabla^H h^(1) at (q, vD) (000 eq (30)/(33)), n x n, [m][i] = (nabla^H_{e_i} h^(1))^m"},
    {"acc_lagrange", QK_ACC_LAGRANGE, "route 1 (Lagrange-d'Alembert) qddot at (q, qdot, t), n"},
    {"acc_voronets", QK_ACC_VORONETS, "route 3 (Voronets) qddot, n"},
    {"acc_connection", QK_ACC_CONNECTION, "route 2 (affine connection) qddot, n (linear autonomous models)"},
    {"lambda_connection", QK_LAMBDA_CONNECTION, "route 2 lambda (000 eq (15)), n"},
    {"multipliers", QK_MULTIPLIERS, "route 1 multipliers (reaction force A^T mult), m"},
    {"p_dependent", QK_P_DEPENDENT, "dL/dsdot^nu on the constraint, m"},
    {"B_ab", QK_B_AB, "curvature B^nu_ab by formula, m x p x p"},
    {"B_a", QK_B_A, "curvature B^nu_a by formula, m x p"},
    {"B_ab_brackets", QK_B_AB_BR, "-theta^nu([xi_a, xi_b]), m x p x p"},
    {"B_a_brackets", QK_B_A_BR, "-theta^nu([xi_a, xi_t]), m x p"},
    {"acc_geodesic", QK_ACC_GEODESIC, "geodesic acceleration of the ghat: model's metric, n"},
    {"ghat", QK_GHAT, "the ghat: model's metric, n x n"},
    {"ghat_det", QK_GHAT_DET, "det of the ghat: model's metric, scalar"},
};
#define NQ ((int) (sizeof qtab / sizeof qtab[0]))

/* ---- results ---------------------------------------------------------- */

void
nh_claim_result_init(nh_claim_result_struct *r)
{
    memset(r, 0, sizeof *r);
}

void
nh_claim_result_clear(nh_claim_result_struct *r)
{
    free(r->witness); free(r->entry); free(r->diff); free(r->computed);
    free(r->typed); free(r->message);
    memset(r, 0, sizeof *r);
}

/* ---- growable string -------------------------------------------------- */

/* Growable strings: POSIX memory streams (open_memstream), opened on the
   first write; sb_take closes the stream and hands over the string. */
typedef struct { FILE *f; char *s; size_t len; } sbuf;

static void
sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    if (b->f == NULL && (b->f = open_memstream(&b->s, &b->len)) == NULL)
        return;
    va_start(ap, fmt);
    vfprintf(b->f, fmt, ap);
    va_end(ap);
}

static char *
sb_take(sbuf *b)
{
    if (b->f != NULL)
    {
        fclose(b->f);
        b->f = NULL;
    }
    if (b->s == NULL)
    {
        b->s = malloc(1);
        b->s[0] = '\0';
    }
    return b->s;
}

static void
sb_ball(sbuf *b, const arb_t x)
{
    char *t = arb_get_str(x, 20, 0);
    sb_printf(b, "%s", t);
    flint_free(t);
}

/* ---- the checking context --------------------------------------------- */

typedef struct
{
    const nh_claim_struct *c;
    const char *file;
    nh_model_ptr M;
    slong n, m;
    int qk;
    slong hk;                   /* k of h<k> / react<k>                 */
    slong K;                    /* series terms needed                  */
    int on_D;                   /* v_ names mean vD                     */
    int eps_dep;                /* quantity depends on eps              */
    int qndims;
    slong qshape[EXPR_FORMULA_MAX_DIMS];
    slong qlen;
    /* names */
    slong nnames, ncomp, comp0, let0, nlets;
    char **names;
    int comp_src[3];            /* component groups: 0 main/qdot, 1 vDdot, 2 vdot */
    slong ncompgroups;
    /* params */
    slong np;
    char **pnames;
    fmpq *pvals;
    expr_arena_t A;
    int lets[NH_PROOF_MAX_LETS];
    expr_formula lhs, rhs;
    int have_lhs;
    int *fixmask;               /* 2n: q then v coordinates fixed by `fix:` */
    fmpq *fixval;
    slong need;
    jet_ctx_t jctx;
    /* nonholonomic quantities */
    int nh;                     /* quantity from lib/nhdyn (t sampled)  */
    int lin_aut;                /* model linear autonomous (route 2)    */
    slong *dep;                 /* `dependent:` indices or NULL         */
    nh_model_ptr Mh;            /* `ghat:` model or NULL                */
    fmpq_t tcur;                /* the point's time                     */
}
pctx;

static int
lookup_quantity(pctx *P, const nh_proof_val *qv, nh_error_t err)
{
    const char *s = qv->text;
    int i;
    slong n = P->n, m = P->m;
    P->hk = 0;
    P->qk = -1;
    if ((s[0] == 'h' || strncmp(s, "react", 5) == 0) && s[strlen(s) - 1] != '_')
    {
        const char *d = s[0] == 'h' ? s + 1 : s + 5;
        if (*d != '\0' && isdigit((unsigned char) *d))
        {
            char *end;
            long k = strtol(d, &end, 10);
            if (*end == '\0' && k >= 1 && k < NH_SERIES_MAX_ORDER)
            {
                P->qk = s[0] == 'h' ? QK_H : QK_REACT;
                P->hk = k;
            }
        }
    }
    for (i = 0; P->qk < 0 && i < NQ; i++)
        if (strcmp(s, qtab[i].name) == 0)
            P->qk = qtab[i].kind;
    if (P->qk < 0)
    {
        char list[1500];
        size_t len = 0;
        list[0] = '\0';
        for (i = 0; i < NQ; i++)
            len += (size_t) snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", qtab[i].name);
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: unknown quantity '%s' (h1..h63, react1..react63, %s)",
                            P->file, qv->line, qv->col, s, list);
    }
    P->qndims = 1;
    P->qshape[0] = n;
    P->qshape[1] = P->qshape[2] = 0;
    P->on_D = 0;
    P->eps_dep = 0;
    P->K = 0;
    switch (P->qk)
    {
        case QK_G: case QK_GINV: case QK_P: case QK_PPERP: case QK_FRS: case QK_Q:
            P->qndims = 2; P->qshape[1] = n; break;
        case QK_A: P->qndims = 2; P->qshape[0] = m; P->qshape[1] = n; break;
        case QK_MU: case QK_S: P->qndims = 2; P->qshape[0] = m; P->qshape[1] = m; break;
        case QK_GAMMA: P->qndims = 3; P->qshape[1] = n; P->qshape[2] = n; break;
        case QK_GRADV: case QK_DV: break;
        case QK_VD: P->on_D = 1; break;
        case QK_H: case QK_REACT:
            P->on_D = 1; P->K = FLINT_MAX(P->hk, P->c->order); break;
        case QK_LAMBDA: P->on_D = 1; P->qshape[0] = m; break;
        case QK_ROUTES:
            P->on_D = 1; P->K = P->c->order > 0 ? P->c->order : 3;
            P->qndims = 2; P->qshape[0] = P->K; P->qshape[1] = n; break;
        case QK_LEMMA4: P->qndims = 2; P->qshape[0] = 2 * n; P->qshape[1] = n; break;
        case QK_REMARK12: P->on_D = 1; P->K = 1; P->qshape[0] = m; break;
        case QK_RED_VDOT: case QK_RED_QDOT: case QK_RED_VDDOT:
            P->on_D = 1; P->eps_dep = 1; P->K = P->c->order + 1; break;
        case QK_FULL_VDOT: P->eps_dep = 1; break;
        case QK_DEDT: P->eps_dep = 1; P->qndims = 0; P->qshape[0] = 0; break;
        case QK_DV_H1: case QK_NABLAH_H1:
            P->on_D = 1; P->K = 1; P->qndims = 2; P->qshape[1] = n; break;
        case QK_ACC_LAGRANGE: case QK_ACC_VORONETS: case QK_ACC_CONNECTION:
        case QK_LAMBDA_CONNECTION: case QK_ACC_GEODESIC:
            break;
        case QK_MULTIPLIERS: case QK_P_DEPENDENT: P->qshape[0] = m; break;
        case QK_B_AB: case QK_B_AB_BR:
            P->qndims = 3; P->qshape[0] = m; P->qshape[1] = P->qshape[2] = n - m; break;
        case QK_B_A: case QK_B_A_BR:
            P->qndims = 2; P->qshape[0] = m; P->qshape[1] = n - m; break;
        case QK_GHAT: P->qndims = 2; P->qshape[1] = n; break;
        case QK_GHAT_DET: P->qndims = 0; P->qshape[0] = 0; break;
    }
    if (P->qk >= QK_NH_FIRST)
    {
        P->nh = 1;
        P->on_D = 1;            /* v_ names: velocities solved from the constraints */
        P->lin_aut = nh_model_is_linear_autonomous(P->M);
        if ((P->qk == QK_ACC_CONNECTION || P->qk == QK_LAMBDA_CONNECTION) && !P->lin_aut)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': route 2 (%s) needs a linear "
                                "time-independent model", P->file, qv->line, qv->col, P->c->id.text, s);
        if ((P->qk == QK_ACC_GEODESIC || P->qk == QK_GHAT || P->qk == QK_GHAT_DET) && P->c->ghat.text == NULL)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': quantity '%s' needs 'ghat:'",
                                P->file, qv->line, qv->col, P->c->id.text, s);
    }
    if (P->eps_dep && !P->c->have_eps && P->c->series == 0)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': quantity '%s' needs 'eps:' or 'series:'",
                            P->file, P->c->line, P->c->id.text, s);
    P->qlen = 1;
    for (i = 0; i < P->qndims; i++)
        P->qlen *= P->qshape[i];
    return NH_OK;
}

static char *
xstrdup(const char *s)
{
    char *r = malloc(strlen(s) + 1);
    strcpy(r, s);
    return r;
}

static void
add_name(pctx *P, const char *s)
{
    P->names = realloc(P->names, (P->nnames + 1) * sizeof(char *));
    P->names[P->nnames++] = xstrdup(s);
}

static void
pctx_clear(pctx *P)
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
    free(P->dep);
    fmpq_clear(P->tcur);
    jet_ctx_clear(P->jctx);
}

/* Component names exposed by vector quantities: <prefix>_<coord>. */
static void
add_components(pctx *P)
{
    slong i;
    char buf[EXPR_MAX_NAME + 80];
    const char *qname = P->c->quantity.text;
    P->comp0 = P->nnames;
    if (P->qk == QK_RED_VDOT || P->qk == QK_RED_QDOT || P->qk == QK_RED_VDDOT)
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
    else if (P->qk == QK_FULL_VDOT)
    {
        for (i = 0; i < P->n; i++)
        {
            snprintf(buf, sizeof buf, "vdot_%s", nh_model_coord_name(P->M, i));
            add_name(P, buf);
        }
    }
    else if (P->qk == QK_DEDT)
        add_name(P, "dEdt");
    else if (P->qk == QK_DV_H1 || P->qk == QK_NABLAH_H1)
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
    else if (P->nh)
    {
        /* every nonholonomic vector, so that a claim can compare routes */
        static const char *vec[4] = {"acc_lagrange", "acc_voronets", "acc_connection", "acc_geodesic"};
        static const char *mv[2] = {"multipliers", "p_dependent"};
        int g;
        for (g = 0; g < 4; g++)
        {
            if ((g == 2 && !P->lin_aut) || (g == 3 && P->c->ghat.text == NULL))
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
    }
    else if (P->qndims == 1 && P->qk != QK_ROUTES)
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

/* `fix: x = 0, v_y = -1/2`: coordinates / velocities held fixed. */
static int
parse_fix(pctx *P, const nh_proof_val *fv, nh_error_t err)
{
    char *t = xstrdup(fv->text), *tok, *save = NULL;
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
        val = eq + 1;
        while (isspace((unsigned char) *name)) name++;
        while (*name && isspace((unsigned char) name[strlen(name) - 1])) name[strlen(name) - 1] = '\0';
        while (isspace((unsigned char) *val)) val++;
        while (*val && isspace((unsigned char) val[strlen(val) - 1])) val[strlen(val) - 1] = '\0';
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
            const char *slash = strchr(val, '/');
            int ok;
            if (slash != NULL)
                ok = fmpq_set_str(P->fixval + idx, val, 10) == 0 && !fmpz_is_zero(fmpq_denref(P->fixval + idx));
            else
                ok = expr_parse_decimal(P->fixval + idx, val, strlen(val)) == NULL;
            if (ok)
                fmpq_canonicalise(P->fixval + idx);
            if (!ok)
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: fix: bad rational '%s'",
                                 P->file, fv->line, fv->col, val);
            P->fixmask[idx] = 1;
        }
    }
    free(t);
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
    if (c->dependent.text != NULL)
    {
        char *t = xstrdup(c->dependent.text), *tok, *save = NULL;
        slong k = 0;
        P->dep = malloc((size_t) (P->m + 1) * sizeof(slong));
        for (tok = strtok_r(t, ", \n", &save); tok != NULL && r == NH_OK; tok = strtok_r(NULL, ", \n", &save))
        {
            slong idx = nh_model_coord_index(P->M, tok);
            if (idx < 0 || k >= P->m)
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: dependent: %s '%s' (need %ld coordinates)",
                                 P->file, c->dependent.line, c->dependent.col,
                                 idx < 0 ? "unknown coordinate" : "too many names at", tok, (long) P->m);
            else
                P->dep[k++] = idx;
        }
        free(t);
        if (r == NH_OK && k != P->m)
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: dependent: need %ld coordinates, got %ld",
                             P->file, c->dependent.line, c->dependent.col, (long) P->m, (long) k);
        if (r != NH_OK)
            return r;
    }
    if (c->ghat.text != NULL)
    {
        char *path;
        if ((r = _nh_proof_path(&path, srcdir, &c->ghat, "ghat", P->file, c->id.text, err)) != NH_OK)
            return r;
        r = nh_model_load(&P->Mh, path, err);
        free(path);
        if (r != NH_OK)
        {
            P->Mh = NULL;
            nh_error_prefix(err, "%s:%d: claim '%s': ghat: ", P->file, c->ghat.line, c->id.text);
            return r;
        }
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
        char *t = xstrdup(c->ghat_param.text), *tok, *save = NULL;
        if (P->Mh == NULL)
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: ghat-param: without ghat:",
                             P->file, c->ghat_param.line, c->ghat_param.col);
        for (tok = strtok_r(t, ",", &save); r == NH_OK && tok != NULL; tok = strtok_r(NULL, ",", &save))
        {
            char *eq = strchr(tok, '='), *name = tok, *val;
            fmpq_t x;
            int ok;
            if (eq == NULL)
            {
                r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: expected 'ghat-param: name = rational, ...'",
                                 P->file, c->ghat_param.line, c->ghat_param.col);
                break;
            }
            *eq = '\0';
            val = eq + 1;
            while (isspace((unsigned char) *name)) name++;
            while (*name && isspace((unsigned char) name[strlen(name) - 1])) name[strlen(name) - 1] = '\0';
            while (isspace((unsigned char) *val)) val++;
            while (*val && isspace((unsigned char) val[strlen(val) - 1])) val[strlen(val) - 1] = '\0';
            fmpq_init(x);
            if (strchr(val, '/') != NULL)
                ok = fmpq_set_str(x, val, 10) == 0 && !fmpz_is_zero(fmpq_denref(x));
            else
                ok = expr_parse_decimal(x, val, strlen(val)) == NULL;
            if (ok)
                fmpq_canonicalise(x);
            if (!ok)
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

/* Load model, build names, parse lets, lhs and the formula `fv`. */
static int
pctx_setup(pctx *P, const nh_proof_doc_t doc, const nh_claim_struct *c, const nh_proof_val *fv,
           const char *srcdir, nh_error_t err)
{
    char *path;
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
        P->pnames[i] = xstrdup(nh_model_param_name(P->M, i));
        nh_model_param_value(P->pvals + i, P->M, i);
    }
    P->A->params = P->pvals;

    if ((r = lookup_quantity(P, &c->quantity, err)) != NH_OK)
        return r;
    P->fixmask = calloc((size_t) (2 * P->n + 1), sizeof(int));
    P->fixval = _fmpq_vec_init(2 * P->n + 1);
    if (c->fix.text != NULL && (r = parse_fix(P, &c->fix, err)) != NH_OK)
        return r;

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

    memset(&N, 0, sizeof N);          /* later fields default to 0 */
    N.coords = NULL;
    N.np = P->np;
    N.pnames = P->pnames;
    N.allow_diff = 0;
    N.allow_coords = 1;

    /* lets: "name = expression" */
    P->let0 = P->nnames;
    for (i = 0; i < c->nlet; i++)
    {
        const nh_proof_val *lv = &c->let[i];
        const char *eq = strchr(lv->text, '=');
        size_t nl, off;
        char name[EXPR_MAX_NAME + 1];
        nh_proof_val sub;
        expr_formula F;
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
        N.n = P->nnames;
        N.coords = P->names;
        expr_formula_init(&F);
        r = expr_formula_parse(&F, &sub, P->A, &N, P->file, err);
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
    }
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
        if (P->qk != QK_ROUTES && P->qk != QK_LEMMA4 && P->qk != QK_REMARK12)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s' has no 'formula:'",
                                P->file, c->line, c->id.text);
        fv = &zero;
    }
    if ((r = expr_formula_parse(&P->rhs, fv, P->A, &N, P->file, err)) != NH_OK)
        return r;
    /* shapes */
    {
        int ld = P->have_lhs ? P->lhs.ndims : P->qndims;
        const slong *ls = P->have_lhs ? P->lhs.shape : P->qshape;
        int ok = P->rhs.ndims == 0 && ld > 0;     /* scalar broadcast */
        if (!ok && P->rhs.ndims == ld)
        {
            ok = 1;
            for (i = 0; i < ld; i++)
                ok = ok && ls[i] == P->rhs.shape[i];
        }
        if (!ok)
        {
            char a[100], b[100];
            size_t la = 0, lb = 0;
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
    }
    expr_prepare(P->A);
    P->need = 1;
    for (i = 0; i < P->A->len; i++)
        P->need = FLINT_MAX(P->need, P->A->nodes[i].need + 1);
    return NH_OK;
}

/* ---- quantities ------------------------------------------------------- */

static void
mat_const(arb_ptr out, const jet_mat_t X, const jet_ctx_t ctx)
{
    slong i;
    for (i = 0; i < X->r * X->c; i++)
        arb_set(out + i, X->entries + i * ctx->len);
}

/* Nonholonomic multipliers (paper 000 eq (15), Remark 12) at (q, w), w in D:
   vdot = F + G^{-1} A^T lambda
   with F = -Gamma(w, w) - grad V and d/dt (A w) = 0, so
   lambda = -S^{-1} (A F + (dA[w]) w).  Uses only the geometry jets (the
   constraint jets' first-order coefficients for dA). */
static void
multipliers(arb_ptr lambda, const nh_geom_t g, arb_srcptr w, slong n, slong m,
            const jet_ctx_t gctx, slong prec)
{
    arb_ptr F = _arb_vec_init(n), rhs = _arb_vec_init(m);
    arb_mat_t S, x, b;
    arb_t t;
    slong i, j, k, l;
    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_neg(F + i, g->gradV->entries + i * gctx->len);
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
            {
                arb_mul(t, NH_GAMMA(g, i, j, k, gctx), w + j, prec);
                arb_mul(t, t, w + k, prec);
                arb_sub(F + i, F + i, t, prec);
            }
    }
    for (l = 0; l < m; l++)
    {
        arb_zero(rhs + l);
        for (j = 0; j < n; j++)
        {
            arb_srcptr a = JET_MAT_ENTRY(g->A, l, j, gctx);
            arb_addmul(rhs + l, a, F + j, prec);
            for (k = 0; k < n; k++)
            {
                arb_mul(t, a + jet_ctx_var_index(gctx, k), w + k, prec);
                arb_addmul(rhs + l, t, w + j, prec);
            }
        }
    }
    arb_mat_init(S, m, m);
    arb_mat_init(x, m, 1);
    arb_mat_init(b, m, 1);
    jet_mat_get_const(S, g->S, gctx);
    for (l = 0; l < m; l++)
        arb_neg(arb_mat_entry(b, l, 0), rhs + l);
    if (!arb_mat_solve(x, S, b, prec))
        for (l = 0; l < m; l++)
            arb_indeterminate(lambda + l);
    else
        for (l = 0; l < m; l++)
            arb_set(lambda + l, arb_mat_entry(x, l, 0));
    arb_mat_clear(S); arb_mat_clear(x); arb_mat_clear(b);
    arb_clear(t);
    _arb_vec_clear(F, n);
    _arb_vec_clear(rhs, m);
}

/* Nonholonomic quantities (lib/nhdyn.h, doc/nonholonomic.md) at the
   exact point (q, v, t = P->tcur): the dependent velocities of v are
   replaced by the constraint solution (nh_dyn_complete_velocity, 004 eq
   (1)), so vel holds velocities satisfying the affine constraints.
   Routes 1 (001 eq (4), 003 eq (2.6)), 3 (004 eqs (2)-(4), 003 eqs
   (5.2)-(5.4)), 2 (000 eqs (12)-(15), linear autonomous models), the
   curvature by formula and by brackets, and the geodesic acceleration
   of the `ghat:` metric (002 Def 1).  comps: the component names
   (add_components). */
static int
compute_nh(arb_ptr out, arb_ptr comps, arb_ptr vel, pctx *P, const fmpq *q,
           const fmpq *v, slong p, nh_error_t err)
{
    slong n = P->n, m = P->m, pp = n - m, i;
    arb_ptr qb = _arb_vec_init(n), vb = _arb_vec_init(n), res = _arb_vec_init(FLINT_MAX(m, 1));
    arb_ptr acc1 = _arb_vec_init(n), acc2 = _arb_vec_init(n), acc3 = _arb_vec_init(n);
    arb_ptr accg = _arb_vec_init(n), lam = _arb_vec_init(n);
    arb_ptr mult = _arb_vec_init(FLINT_MAX(m, 1)), pdep = _arb_vec_init(FLINT_MAX(m, 1));
    slong nB2 = FLINT_MAX(m * pp * pp, 1), nB1 = FLINT_MAX(m * pp, 1);
    arb_ptr Bab = _arb_vec_init(nB2), Ba = _arb_vec_init(nB1);
    arb_ptr Bbab = _arb_vec_init(nB2), Bba = _arb_vec_init(nB1);
    arb_t t;
    nh_dyn_t D;
    jet_mat_t Gh;
    int r, have_gh = 0;

    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_set_fmpq(qb + i, q + i, p);
        arb_set_fmpq(vb + i, v + i, p);
    }
    arb_set_fmpq(t, P->tcur, p);
    nh_dyn_init(D, P->M);
    r = nh_dyn_set_point(D, P->M, qb, t, P->dep, p, err);
    if (r == NH_OK)
    {
        nh_dyn_complete_velocity(vb, D, p);
        r = nh_dyn_check_constraints(res, D, P->M, vb, p, err);
    }
    if (r == NH_OK)
        r = nh_dyn_lagrange(acc1, mult, D, vb, p, err);
    if (r == NH_OK)
        r = nh_dyn_voronets(acc3, Bab, Ba, pdep, D, vb, p, err);
    if (r == NH_OK && (P->qk == QK_B_AB_BR || P->qk == QK_B_A_BR))
        r = nh_dyn_curvature_brackets(Bbab, Bba, D, p, err);
    if (r == NH_OK && P->lin_aut)
        r = nh_dyn_connection(acc2, lam, P->M, qb, vb, p, err);
    if (r == NH_OK && P->Mh != NULL)
    {
        /* the ghat: model's metric as order-1 jets in (q, t) */
        arb_ptr qj = jet_vec_init(n + 1, D->ctx);
        for (i = 0; i < n; i++)
            jet_set_var(JET_ENTRY(qj, i, D->ctx), qb + i, i, D->ctx);
        jet_set_var(JET_ENTRY(qj, n, D->ctx), t, n, D->ctx);
        jet_mat_init(Gh, n, n, D->ctx);
        have_gh = 1;
        r = nh_model_eval_metric(Gh, P->Mh, qj, 1, D->ctx, p, err);
        if (r == NH_OK && P->qk != QK_GHAT && P->qk != QK_GHAT_DET)
            r = nh_dyn_geodesic(accg, Gh, D->ctx, vb, n, p, err);
        jet_vec_clear(qj, n + 1, D->ctx);
    }
    if (r != NH_OK)
        goto done;
    _arb_vec_set(vel, vb, n);
    switch (P->qk)
    {
        case QK_ACC_LAGRANGE: _arb_vec_set(out, acc1, n); break;
        case QK_ACC_VORONETS: _arb_vec_set(out, acc3, n); break;
        case QK_ACC_CONNECTION: _arb_vec_set(out, acc2, n); break;
        case QK_LAMBDA_CONNECTION: _arb_vec_set(out, lam, n); break;
        case QK_ACC_GEODESIC: _arb_vec_set(out, accg, n); break;
        case QK_MULTIPLIERS: _arb_vec_set(out, mult, m); break;
        case QK_P_DEPENDENT: _arb_vec_set(out, pdep, m); break;
        case QK_B_AB: _arb_vec_set(out, Bab, m * pp * pp); break;
        case QK_B_A: _arb_vec_set(out, Ba, m * pp); break;
        case QK_B_AB_BR: _arb_vec_set(out, Bbab, m * pp * pp); break;
        case QK_B_A_BR: _arb_vec_set(out, Bba, m * pp); break;
        case QK_GHAT: mat_const(out, Gh, D->ctx); break;
        case QK_GHAT_DET:
        {
            arb_mat_t X;
            arb_mat_init(X, n, n);
            jet_mat_get_const(X, Gh, D->ctx);
            arb_mat_det(out, X, p);
            arb_mat_clear(X);
            break;
        }
    }
    /* components, in the order of add_components */
    {
        arb_ptr cp = comps;
        _arb_vec_set(cp, acc1, n); cp += n;
        _arb_vec_set(cp, acc3, n); cp += n;
        if (P->lin_aut) { _arb_vec_set(cp, acc2, n); cp += n; }
        if (P->c->ghat.text != NULL) { _arb_vec_set(cp, accg, n); cp += n; }
        _arb_vec_set(cp, mult, m); cp += m;
        _arb_vec_set(cp, pdep, m);
    }
done:
    if (r == NH_ERR_DOMAIN)
        r = NH_ERR_PRECISION;
    if (have_gh)
        jet_mat_clear(Gh, D->ctx);
    nh_dyn_clear(D);
    arb_clear(t);
    _arb_vec_clear(qb, n); _arb_vec_clear(vb, n); _arb_vec_clear(res, FLINT_MAX(m, 1));
    _arb_vec_clear(acc1, n); _arb_vec_clear(acc2, n); _arb_vec_clear(acc3, n);
    _arb_vec_clear(accg, n); _arb_vec_clear(lam, n);
    _arb_vec_clear(mult, FLINT_MAX(m, 1)); _arb_vec_clear(pdep, FLINT_MAX(m, 1));
    _arb_vec_clear(Bab, nB2); _arb_vec_clear(Ba, nB1);
    _arb_vec_clear(Bbab, nB2); _arb_vec_clear(Bba, nB1);
    return r;
}

/* The bundle-map derivatives of h^(1) at (q, vD) (paper 000 Prop 2,
   eqs (29), (30)/(33), with h^(1) the bundle map (67) of nh_bundle_h1,
   extended to TQ by its formula).  comps (2 n^2 + 2 n balls): D^V h^(1)
   (row-major [m][l] = dh^m/dw^l), nabla^H h^(1) ([m][i] = (nabla^H_{e_i}
   h^(1))^m), h^(1) of the series (h, time route) and h^(1) of (67). */
static int
bundle_h1_derivatives(arb_ptr comps, pctx *P, arb_srcptr qb, arb_srcptr vD, arb_srcptr h,
                      slong p, nh_error_t err)
{
    slong n = P->n, i, j;
    jet_ctx_t bctx;
    nh_geom_t bg;
    arb_ptr hj, X = _arb_vec_init(n), col = _arb_vec_init(n);
    arb_mat_t DV;
    int r;
    jet_ctx_init(bctx, 2 * n, 2);
    nh_geom_init(bg, P->M, bctx);
    hj = _arb_vec_init(n * bctx->len);
    arb_mat_init(DV, n, n);
    if ((r = nh_geom_compute(bg, P->M, qb, 2, bctx, p, err)) != NH_OK)
        goto out;
    nh_bundle_h1(hj, bg, vD, 1, bctx, p);
    nh_bundle_vertical_jacobian(DV, hj, n, bctx);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            arb_set(comps + i * n + j, arb_mat_entry(DV, i, j));
    for (i = 0; i < n; i++)
    {
        _arb_vec_zero(X, n);
        arb_one(X + i);
        nh_bundle_cov_horizontal(col, hj, vD, X, bg, bctx, bctx, p);
        for (j = 0; j < n; j++)
            arb_set(comps + n * n + j * n + i, col + j);
    }
    _arb_vec_set(comps + 2 * n * n, h, n);
    for (i = 0; i < n; i++)
        arb_set(comps + 2 * n * n + n + i, hj + i * bctx->len);
out:
    arb_mat_clear(DV);
    _arb_vec_clear(hj, n * bctx->len);
    _arb_vec_clear(X, n);
    _arb_vec_clear(col, n);
    nh_geom_clear(bg, bctx);
    jet_ctx_clear(bctx);
    return r;
}

/* Compute the quantity at (q, v) (exact), eps (ball or NULL), precision
   p.  out: qlen balls; comps: ncomp balls; vel: n balls (v or vD).
   Returns NH_OK, NH_ERR_PRECISION (inconclusive: retry with more bits),
   or an error. */
static int
compute_quantity(arb_ptr out, arb_ptr comps, arb_ptr vel, pctx *P, const fmpq *q,
                 const fmpq *v, const arb_t eps, slong p, nh_error_t err)
{
    slong n = P->n, m = P->m, i, j, k;
    arb_ptr qb = _arb_vec_init(n), vb = _arb_vec_init(n), vD = _arb_vec_init(n);
    arb_ptr h = NULL, h2 = NULL, react = NULL;
    jet_ctx_t gctx;
    nh_geom_t g;
    int r = NH_OK, have_geom = 0;
    slong K = P->K, pu;

    if (P->nh)
    {
        _arb_vec_clear(qb, n);
        _arb_vec_clear(vb, n);
        _arb_vec_clear(vD, n);
        return compute_nh(out, comps, vel, P, q, v, p, err);
    }
    for (i = 0; i < n; i++)
    {
        arb_set_fmpq(qb + i, q + i, p);
        arb_set_fmpq(vb + i, v + i, p);
    }
    jet_ctx_init(gctx, n, 1);
    nh_geom_init(g, P->M, gctx);
    if ((r = nh_geom_compute(g, P->M, qb, 1, gctx, p, err)) != NH_OK)
        goto done;
    have_geom = 1;
    if (K > 0)
    {
        h = _arb_vec_init(K * n);
        react = _arb_vec_init(K * n);
        r = nh_series_acc(vD, h, react, P->qk == QK_ROUTES ? NH_ROUTE_TIME : P->c->route, P->M,
                          q, v, K, p, FLINT_MAX(4 * p, 4096), &pu, err);
        if (r != NH_OK)
            goto done;
        if (P->qk == QK_ROUTES)
        {
            arb_ptr vD2 = _arb_vec_init(n);
            h2 = _arb_vec_init(K * n);
            r = nh_series_acc(vD2, h2, NULL, NH_ROUTE_COVARIANT, P->M, q, v, K, p,
                              FLINT_MAX(4 * p, 4096), &pu, err);
            _arb_vec_clear(vD2, n);
            if (r != NH_OK)
                goto done;
        }
    }
    else
    {
        /* vD = P v from the geometry */
        for (i = 0; i < n; i++)
        {
            arb_zero(vD + i);
            for (j = 0; j < n; j++)
                arb_addmul(vD + i, JET_MAT_ENTRY(g->P, i, j, gctx), vb + j, p);
        }
    }
    _arb_vec_set(vel, P->on_D ? vD : vb, n);

    switch (P->qk)
    {
        case QK_G: mat_const(out, g->G, gctx); break;
        case QK_GINV: mat_const(out, g->Ginv, gctx); break;
        case QK_A: mat_const(out, g->A, gctx); break;
        case QK_MU: mat_const(out, g->mu, gctx); break;
        case QK_S: mat_const(out, g->S, gctx); break;
        case QK_P: mat_const(out, g->P, gctx); break;
        case QK_PPERP: mat_const(out, g->Pperp, gctx); break;
        case QK_FRS: mat_const(out, g->FRs, gctx); break;
        case QK_Q: mat_const(out, g->Q, gctx); break;
        case QK_GRADV: mat_const(out, g->gradV, gctx); break;
        case QK_DV: mat_const(out, g->dV, gctx); break;
        case QK_GAMMA:
            for (i = 0; i < n * n * n; i++)
                arb_set(out + i, g->Gamma + i * gctx->len);
            break;
        case QK_VD: _arb_vec_set(out, vD, n); break;
        case QK_H: _arb_vec_set(out, h + (P->hk - 1) * n, n); break;
        case QK_REACT: _arb_vec_set(out, react + (P->hk - 1) * n, n); break;
        case QK_LAMBDA: multipliers(out, g, vD, n, m, gctx, p); break;
        case QK_ROUTES: _arb_vec_sub(out, h, h2, K * n, p); break;
        case QK_LEMMA4:
            for (i = 0; i < n; i++)
                for (j = 0; j < n; j++)
                {
                    arb_ptr o1 = out + i * n + j, o2 = out + (n + i) * n + j;
                    arb_neg(o1, JET_MAT_ENTRY(g->Pperp, i, j, gctx));
                    arb_zero(o2);
                    for (k = 0; k < n; k++)
                    {
                        arb_addmul(o1, JET_MAT_ENTRY(g->Q, i, k, gctx), JET_MAT_ENTRY(g->FRs, k, j, gctx), p);
                        arb_addmul(o2, JET_MAT_ENTRY(g->Q, i, k, gctx), JET_MAT_ENTRY(g->P, k, j, gctx), p);
                    }
                }
            break;
        case QK_REMARK12:
        {
            arb_ptr lam = _arb_vec_init(m), Ah = _arb_vec_init(m);
            multipliers(lam, g, vD, n, m, gctx, p);
            for (i = 0; i < m; i++)
                for (j = 0; j < n; j++)
                    arb_addmul(Ah + i, JET_MAT_ENTRY(g->A, i, j, gctx), h + j, p);
            for (i = 0; i < m; i++)
            {
                arb_set(out + i, lam + i);
                for (j = 0; j < m; j++)
                    arb_addmul(out + i, JET_MAT_ENTRY(g->mu, i, j, gctx), Ah + j, p);
            }
            _arb_vec_clear(lam, m);
            _arb_vec_clear(Ah, m);
            break;
        }
        case QK_RED_VDOT: case QK_RED_QDOT: case QK_RED_VDDOT:
        {
            arb_ptr qd = comps, vDd = comps + n, vd = comps + 2 * n;
            if ((r = nh_reduced_field(qd, vDd, vd, P->M, qb, vD, h, K, P->c->order, eps, p, err)) != NH_OK)
                goto done;
            _arb_vec_set(out, P->qk == QK_RED_VDOT ? vd : P->qk == QK_RED_QDOT ? qd : vDd, n);
            break;
        }
        case QK_FULL_VDOT:
            if ((r = nh_full_field(out, P->M, qb, vb, eps, p, err)) != NH_OK)
                goto done;
            break;
        case QK_DEDT:
        {
            /* E = 1/2 v^T G v + V;  dE/dt = 1/2 (dG/dq_k v^k)_ij v^i v^j
               + v^T G vdot + dV_k v^k along the full field (39)-(40). */
            arb_ptr vd = _arb_vec_init(n);
            arb_t t;
            arb_init(t);
            if ((r = nh_full_field(vd, P->M, qb, vb, eps, p, err)) != NH_OK)
            {
                arb_clear(t);
                _arb_vec_clear(vd, n);
                goto done;
            }
            arb_zero(out);
            for (i = 0; i < n; i++)
            {
                arb_addmul(out, g->dV->entries + i * gctx->len, vb + i, p);
                for (j = 0; j < n; j++)
                {
                    arb_srcptr Gij = JET_MAT_ENTRY(g->G, i, j, gctx);
                    arb_mul(t, Gij, vb + i, p);
                    arb_addmul(out, t, vd + j, p);
                    for (k = 0; k < n; k++)
                    {
                        arb_mul(t, Gij + jet_ctx_var_index(gctx, k), vb + k, p);
                        arb_mul(t, t, vb + i, p);
                        arb_mul(t, t, vb + j, p);
                        arb_mul_2exp_si(t, t, -1);
                        arb_add(out, out, t, p);
                    }
                }
            }
            arb_clear(t);
            _arb_vec_clear(vd, n);
            break;
        }
        case QK_DV_H1: case QK_NABLAH_H1:
            if ((r = bundle_h1_derivatives(comps, P, qb, vD, h, p, err)) != NH_OK)
                goto done;
            _arb_vec_set(out, comps + (P->qk == QK_DV_H1 ? 0 : n * n), n * n);
            break;
    }
    /* components */
    if (P->qk == QK_FULL_VDOT || (P->qndims == 1 && P->qk != QK_ROUTES
        && P->qk != QK_RED_VDOT && P->qk != QK_RED_QDOT && P->qk != QK_RED_VDDOT))
        _arb_vec_set(comps, out, P->ncomp);
    else if (P->qk == QK_DEDT)
        arb_set(comps, out);
done:
    if (r == NH_ERR_DOMAIN)
        r = NH_ERR_PRECISION;
    if (h != NULL) _arb_vec_clear(h, K * n);
    if (react != NULL) _arb_vec_clear(react, K * n);
    if (h2 != NULL) _arb_vec_clear(h2, K * n);
    (void) have_geom;
    nh_geom_clear(g, gctx);
    jet_ctx_clear(gctx);
    _arb_vec_clear(qb, n);
    _arb_vec_clear(vb, n);
    _arb_vec_clear(vD, n);
    return r;
}

/* ---- evaluation of the typed side(s) ---------------------------------- */

static int
eval_roots(arb_ptr out, pctx *P, const int *roots, slong len, arb_ptr vals, slong p,
           nh_error_t err)
{
    expr_eval_struct E;
    slong i;
    int r = NH_OK;
    E.A = P->A;
    E.q = vals;
    E.ord = 0;
    E.L = 1;
    E.prec = p;
    E.ctx = P->jctx;
    E.nstack = P->need;
    E.stack = jet_vec_init(P->need, P->jctx);
    for (i = 0; i < len && r == NH_OK; i++)
    {
        E.bad_node = -1;
        r = expr_eval_jet(out + i, &E, roots[i]);
        if (r != NH_OK)
        {
            const expr_node *x = P->A->nodes + E.bad_node;
            nh_error_set(err, NH_ERR_PRECISION, "%s:%d:%d: %s", P->file, x->line, x->col, E.bad_why);
            r = NH_ERR_PRECISION;
        }
    }
    jet_vec_clear(E.stack, P->need, P->jctx);
    return r;
}

/* One point at one eps, precision p: lhs and rhs values (cmp_len each). */
static int
eval_sides(arb_ptr lhs, arb_ptr rhs, pctx *P, const fmpq *q, const fmpq *v,
           const arb_t eps, slong p, slong cmp_len, nh_error_t err)
{
    slong n = P->n, i;
    arb_ptr out = _arb_vec_init(FLINT_MAX(P->qlen, 1));
    arb_ptr vals = _arb_vec_init(P->nnames);
    int r;

    for (i = 0; i < n; i++)
        arb_set_fmpq(vals + i, q + i, p);
    arb_set(vals + 2 * n, eps);
    if (P->nh)
        arb_set_fmpq(vals + 2 * n + 1, P->tcur, p);
    r = compute_quantity(out, vals + P->comp0, vals + n, P, q, v, eps, p, err);
    for (i = 0; r == NH_OK && i < P->nlets; i++)
        r = eval_roots(vals + P->let0 + i, P, P->lets + i, 1, vals, p, err);
    if (r == NH_OK)
    {
        if (P->have_lhs)
            r = eval_roots(lhs, P, P->lhs.roots, P->lhs.len, vals, p, err);
        else
            _arb_vec_set(lhs, out, cmp_len);
    }
    if (r == NH_OK)
    {
        if (P->rhs.ndims == 0 && cmp_len > 1)
        {
            r = eval_roots(rhs, P, P->rhs.roots, 1, vals, p, err);
            for (i = 1; i < cmp_len; i++)
                arb_set(rhs + i, rhs);
        }
        else
            r = eval_roots(rhs, P, P->rhs.roots, cmp_len, vals, p, err);
    }
    _arb_vec_clear(out, FLINT_MAX(P->qlen, 1));
    _arb_vec_clear(vals, P->nnames);
    return r;
}

/* Deterministic generator (documented in doc/proofs.md): 64-bit LCG
   (Knuth's MMIX constants); a coordinate is num/1024 * range with
   num = (x >> 33) mod 2049 - 1024. */
static ulong
lcg_next(ulong *x)
{
    *x = *x * UWORD(6364136223846793005) + UWORD(1442695040888963407);
    return *x >> 33;
}

static void
random_coord(fmpq_t res, ulong *x, const fmpq_t range)
{
    slong num = (slong) (lcg_next(x) % 2049) - 1024;
    fmpq_set_si(res, num, 1024);
    fmpq_mul(res, res, range);
}

static void
describe_entry(char *buf, size_t size, const pctx *P, slong idx, slong coef)
{
    int ndims = P->have_lhs ? P->lhs.ndims : P->qndims;
    const slong *shape = P->have_lhs ? P->lhs.shape : P->qshape;
    slong ix[EXPR_FORMULA_MAX_DIMS], t = idx;
    int d;
    size_t len = 0;
    for (d = ndims - 1; d >= 0; d--)
    {
        ix[d] = t % shape[d];
        t /= shape[d];
    }
    len += (size_t) snprintf(buf + len, size - len, "entry");
    for (d = 0; d < ndims; d++)
        len += (size_t) snprintf(buf + len, size - len, "[%ld]", (long) ix[d]);
    if (ndims == 0)
        len += (size_t) snprintf(buf + len, size - len, " (scalar)");
    if (coef >= 0)
        snprintf(buf + len, size - len, ", coefficient of eps^%ld", (long) coef);
}

static char *
describe_point(const pctx *P, const fmpq *q, const fmpq *v, arb_srcptr vel)
{
    sbuf b = {NULL, NULL, 0};
    slong i;
    sb_printf(&b, "q = (");
    for (i = 0; i < P->n; i++)
    {
        char *s = fmpq_get_str(NULL, 10, q + i);
        sb_printf(&b, "%s%s=%s", i ? ", " : "", nh_model_coord_name(P->M, i), s);
        flint_free(s);
    }
    sb_printf(&b, "), v = (");
    for (i = 0; i < P->n; i++)
    {
        char *s = fmpq_get_str(NULL, 10, v + i);
        sb_printf(&b, "%s%s=%s", i ? ", " : "", nh_model_coord_name(P->M, i), s);
        flint_free(s);
    }
    sb_printf(&b, ")");
    if (P->nh)
    {
        char *s = fmpq_get_str(NULL, 10, P->tcur);
        sb_printf(&b, ", t = %s", s);
        flint_free(s);
    }
    if (P->nh && vel != NULL)
    {
        sb_printf(&b, ", v_ names = velocities solved from the constraints = (");
        for (i = 0; i < P->n; i++)
        {
            if (i)
                sb_printf(&b, ", ");
            sb_ball(&b, vel + i);
        }
        sb_printf(&b, ")");
    }
    else if (P->on_D && vel != NULL)
    {
        sb_printf(&b, ", v_ names = vD = P v = (");
        for (i = 0; i < P->n; i++)
        {
            if (i)
                sb_printf(&b, ", ");
            sb_ball(&b, vel + i);
        }
        sb_printf(&b, ")");
    }
    return sb_take(&b);
}

static char *
describe_vec(arb_srcptr x, slong len)
{
    sbuf b = {NULL, NULL, 0};
    slong i;
    sb_printf(&b, "[");
    for (i = 0; i < len; i++)
    {
        if (i)
            sb_printf(&b, ", ");
        sb_ball(&b, x + i);
    }
    sb_printf(&b, "]");
    return sb_take(&b);
}

/* Interpolation: coefficients c[0..D] (stride len) of the polynomials in
   eps whose values at eps_j = j + 1 (j = 0..D) are y[j*len + e].  The
   Vandermonde system is solved with arb_mat_solve (exact nodes); exact
   when the function is a polynomial of degree <= D in eps. */
static int
interpolate(arb_ptr c, arb_srcptr y, slong D, slong len, slong p)
{
    arb_mat_t V, X, B;
    slong i, j;
    int ok;
    arb_mat_init(V, D + 1, D + 1);
    arb_mat_init(X, D + 1, len);
    arb_mat_init(B, D + 1, len);
    for (i = 0; i <= D; i++)
    {
        for (j = 0; j <= D; j++)
        {
            arb_set_si(arb_mat_entry(V, i, j), i + 1);
            arb_pow_ui(arb_mat_entry(V, i, j), arb_mat_entry(V, i, j), (ulong) j, p);
        }
        for (j = 0; j < len; j++)
            arb_set(arb_mat_entry(B, i, j), y + i * len + j);
    }
    ok = arb_mat_solve(X, V, B, p);
    for (i = 0; i <= D; i++)
        for (j = 0; j < len; j++)
            if (ok)
                arb_set(c + i * len + j, arb_mat_entry(X, i, j));
            else
                arb_indeterminate(c + i * len + j);
    arb_mat_clear(V); arb_mat_clear(X); arb_mat_clear(B);
    return ok;
}

/* Check P->rhs against lhs at the claim's points. */
static int
check_points(nh_claim_result_struct *res, pctx *P, slong points, slong seed, nh_error_t err)
{
    const nh_claim_struct *c = P->c;
    slong n = P->n, pt, i, e;
    slong cmp_len = P->have_lhs ? P->lhs.len : P->qlen;
    slong D = c->series > 0 ? FLINT_MAX(4 * c->order + 2, c->series) : 0;
    slong ncoef = c->series > 0 ? c->series : 1;
    slong nnodes = D + 1;
    fmpq *q = _fmpq_vec_init(n), *v = _fmpq_vec_init(n);
    arb_ptr lhs = _arb_vec_init(cmp_len * nnodes), rhs = _arb_vec_init(cmp_len * nnodes);
    arb_ptr lc = _arb_vec_init(cmp_len * nnodes), rc = _arb_vec_init(cmp_len * nnodes);
    arb_ptr d = _arb_vec_init(cmp_len * nnodes);
    arb_ptr vel = _arb_vec_init(n);
    arb_t eps, tol, scale;
    mag_t bound, tm;
    ulong x = (ulong) seed * UWORD(2654435761) + UWORD(12345);
    int r = NH_OK;
    double maxd = 0.0;

    arb_init(eps); arb_init(tol); arb_init(scale);
    mag_init(bound); mag_init(tm);
    res->verdict = NH_VERDICT_HOLDS;
    res->prec_used = c->prec;
    for (pt = 0; pt < points; pt++)
    {
        slong p;
        int decided = 0;
        for (i = 0; i < n; i++)
            random_coord(q + i, &x, c->qrange);
        for (i = 0; i < n; i++)
            random_coord(v + i, &x, c->vrange);
        if (P->nh)
        {
            /* the time, drawn after q and v (nonholonomic quantities only,
               so that the points of the other claims are unchanged) */
            random_coord(P->tcur, &x, c->trange);
            if (P->fixmask[2 * n])
                fmpq_set(P->tcur, P->fixval + 2 * n);
        }
        for (i = 0; i < 2 * n; i++)
            if (P->fixmask[i])
                fmpq_set(i < n ? q + i : v + i - n, P->fixval + i);
        for (p = c->prec; p <= c->max_prec && !decided; p *= 2)
        {
            int inconclusive = 0;
            slong bad = -1;
            slong pw = p + NH_PROOF_GUARD_BITS;     /* working precision */
            r = NH_OK;
            for (e = 0; e < nnodes && r == NH_OK; e++)
            {
                if (c->series > 0)
                    arb_set_si(eps, e + 1);
                else if (c->have_eps)
                    arb_set_fmpq(eps, c->eps, pw);
                else
                    arb_zero(eps);
                r = eval_sides(lhs + e * cmp_len, rhs + e * cmp_len, P, q, v, eps, pw, cmp_len, err);
            }
            if (r == NH_ERR_PRECISION)
            {
                if (res->message == NULL || 1)
                {
                    free(res->message);
                    res->message = xstrdup(err->msg);
                }
                r = NH_OK;
                continue;
            }
            if (r != NH_OK)
            {
                nh_error_prefix(err, "claim '%s': ", c->id.text);
                goto done;
            }
            if (c->series > 0)
            {
                interpolate(lc, lhs, D, cmp_len, pw);
                interpolate(rc, rhs, D, cmp_len, pw);
            }
            else
            {
                _arb_vec_set(lc, lhs, cmp_len);
                _arb_vec_set(rc, rhs, cmp_len);
            }
            _arb_vec_sub(d, lc, rc, cmp_len * ncoef, pw);
            /* scale = max(1, max |lhs|) */
            arb_one(scale);
            for (i = 0; i < cmp_len * ncoef; i++)
            {
                arb_get_mag(tm, lc + i);
                if (mag_cmp_2exp_si(tm, 0) > 0)
                {
                    arf_t t;
                    arf_init(t);
                    arf_set_mag(t, tm);
                    if (arf_cmp(t, arb_midref(scale)) > 0)
                        arb_set_arf(scale, t);
                    arf_clear(t);
                }
            }
            arb_mul_2exp_si(tol, scale, -(p - 20));
            for (i = 0; i < cmp_len * ncoef; i++)
            {
                if (!arb_contains_zero(d + i))
                {
                    bad = i;
                    break;
                }
                arb_get_mag(tm, d + i);
                arb_get_mag_lower(bound, tol);
                if (mag_cmp(tm, bound) > 0)
                    inconclusive = 1;
            }
            if (p > res->prec_used)
                res->prec_used = p;
            if (bad >= 0)
            {
                char buf[200];
                describe_entry(buf, sizeof buf, P, bad % cmp_len, c->series > 0 ? bad / cmp_len : -1);
                res->verdict = NH_VERDICT_REFUTED;
                /* vel of the last evaluation: recompute cheaply */
                {
                    arb_ptr tmp = _arb_vec_init(FLINT_MAX(P->qlen, 1));
                    arb_ptr cm = _arb_vec_init(FLINT_MAX(P->ncomp, 1));
                    nh_error_t e2;
                    nh_error_init(e2);
                    compute_quantity(tmp, cm, vel, P, q, v, eps, pw, e2);
                    _arb_vec_clear(tmp, FLINT_MAX(P->qlen, 1));
                    _arb_vec_clear(cm, FLINT_MAX(P->ncomp, 1));
                }
                res->witness = describe_point(P, q, v, vel);
                res->entry = xstrdup(buf);
                res->diff = arb_get_str(d + bad, 20, 0);
                res->computed = describe_vec(lc, cmp_len * ncoef);
                res->typed = describe_vec(rc, cmp_len * ncoef);
                res->max_diff = arf_get_d(arb_midref(d + bad), ARF_RND_NEAR);
                if (res->max_diff < 0)
                    res->max_diff = -res->max_diff;
                res->points_done = pt + 1;
                goto done;
            }
            if (!inconclusive)
            {
                decided = 1;
                for (i = 0; i < cmp_len * ncoef; i++)
                {
                    double t;
                    arb_get_mag(tm, d + i);
                    t = mag_get_d(tm);
                    if (t > maxd)
                        maxd = t;
                }
            }
            else
            {
                char buf[200];
                free(res->message);
                for (i = 0; i < cmp_len * ncoef; i++)
                {
                    arb_get_mag(tm, d + i);
                    arb_get_mag_lower(bound, tol);
                    if (mag_cmp(tm, bound) > 0)
                        break;
                }
                describe_entry(buf, sizeof buf, P, i % cmp_len, c->series > 0 ? i / cmp_len : -1);
                {
                    sbuf b = {NULL, NULL, 0};
                    sb_printf(&b, "%s: difference ", buf);
                    sb_ball(&b, d + i);
                    sb_printf(&b, " contains 0 but is wider than the tolerance 2^-%ld * %.3g at %ld bits",
                              (long) (p - 20), arf_get_d(arb_midref(scale), ARF_RND_NEAR), (long) p);
                    res->message = sb_take(&b);
                }
            }
        }
        if (!decided)
        {
            res->verdict = NH_VERDICT_UNDECIDED;
            res->witness = describe_point(P, q, v, NULL);
            if (res->message == NULL)
                res->message = xstrdup("inconclusive");
            res->points_done = pt + 1;
            goto done;
        }
    }
    res->points_done = points;
    res->max_diff = maxd;
    free(res->message);
    res->message = NULL;
done:
    arb_clear(eps); arb_clear(tol); arb_clear(scale);
    mag_clear(bound); mag_clear(tm);
    _fmpq_vec_clear(q, n);
    _fmpq_vec_clear(v, n);
    _arb_vec_clear(lhs, cmp_len * nnodes);
    _arb_vec_clear(rhs, cmp_len * nnodes);
    _arb_vec_clear(lc, cmp_len * nnodes);
    _arb_vec_clear(rc, cmp_len * nnodes);
    _arb_vec_clear(d, cmp_len * nnodes);
    _arb_vec_clear(vel, n);
    return r;
}

/* Rate claims: observed order of convergence of the order-k reduced
   dynamics to the full friction system (nh_conv_study, lib/conv.h; an
   ESTIMATE) at the point given by `fix:` (other coordinates 0).  With
   `formula: FILE` (a field file, path relative to the top directory
   srcdir and inside it, doc/proofs.md "Paths in documents";
   doc/convergence.md "User vector fields") the order-k row measures that
   user vector field (a paper's printed reduced model) instead of
   nhoracle's X_k. */
static int
check_rate(nh_claim_result_struct *res, const nh_proof_doc_t doc, const nh_claim_struct *c,
           const char *srcdir, int run, nh_error_t err)
{
    pctx P;
    char *path;
    int r, which = -1, i;
    nh_conv_opts_t o;
    nh_conv_result_t cr;
    nh_conv_field_struct field;
    slong j, neps = 0;
    const char *meas = c->measure.text ? c->measure.text : "q_T";
    char *t, *tok, *save = NULL;
    fmpq *eps = NULL;

    memset(&P, 0, sizeof P);
    fmpq_init(P.tcur);
    P.c = c;
    P.file = doc->filename;
    expr_arena_init(P.A);
    jet_ctx_init(P.jctx, 1, 0);
    if ((r = _nh_proof_path(&path, srcdir, &c->case_path, "case", P.file, c->id.text, err)) != NH_OK)
    {
        pctx_clear(&P);
        return r;
    }
    r = nh_model_load(&P.M, path, err);
    free(path);
    if (r != NH_OK)
    {
        P.M = NULL;
        nh_error_prefix(err, "%s:%d: claim '%s': ", P.file, c->case_path.line, c->id.text);
        pctx_clear(&P);
        return r;
    }
    P.n = nh_model_n(P.M);
    P.fixmask = calloc((size_t) (2 * P.n + 1), sizeof(int));
    P.fixval = _fmpq_vec_init(2 * P.n + 1);
    if (c->fix.text != NULL && (r = parse_fix(&P, &c->fix, err)) != NH_OK)
    {
        pctx_clear(&P);
        return r;
    }
    for (i = 0; i < NH_CONV_NQ; i++)
        if (strcmp(meas, nh_conv_quantity_key(i)) == 0)
            which = i;
    if (which < 0)
    {
        pctx_clear(&P);
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': unknown measure '%s' (q_T, v_T, q_max, v_max, defect_max)",
                            P.file, c->line, c->id.text, meas);
    }
    t = xstrdup(c->eps_list.text);
    for (tok = strtok_r(t, ", \n", &save); tok != NULL; tok = strtok_r(NULL, ", \n", &save))
    {
        int ok;
        eps = realloc(eps, (size_t) (neps + 1) * sizeof(fmpq));
        fmpq_init(eps + neps);
        if (strchr(tok, '/') != NULL)
            ok = fmpq_set_str(eps + neps, tok, 10) == 0 && !fmpz_is_zero(fmpq_denref(eps + neps));
        else
            ok = expr_parse_decimal(eps + neps, tok, strlen(tok)) == NULL;
        neps++;
        if (ok)
            fmpq_canonicalise(eps + neps - 1);
        if (!ok || fmpq_sgn(eps + neps - 1) <= 0)
        {
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': bad eps '%s' in eps-list",
                             P.file, c->eps_list.line, c->id.text, tok);
            break;
        }
    }
    free(t);
    if (r == NH_OK && neps < 2)
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': eps-list needs at least 2 values",
                         P.file, c->eps_list.line, c->id.text);
    if (r != NH_OK)
    {
        for (j = 0; j < neps; j++)
            fmpq_clear(eps + j);
        free(eps);
        pctx_clear(&P);
        return r;
    }
    nh_conv_opts_init(o, P.n);
    nh_conv_field_init(&field);
    if (c->formula.text != NULL)
    {
        char *fpath;
        r = _nh_proof_path(&fpath, srcdir, &c->formula, "formula", P.file, c->id.text, err);
        if (r == NH_OK)
        {
            r = nh_conv_field_load(&field, P.M, fpath, err);
            free(fpath);
            if (r != NH_OK)
                nh_error_prefix(err, "%s:%d: claim '%s': field file: ", P.file, c->formula.line,
                                c->id.text);
        }
        if (r != NH_OK)
        {
            for (j = 0; j < neps; j++)
                fmpq_clear(eps + j);
            free(eps);
            nh_conv_field_clear(&field);
            nh_conv_opts_clear(o);
            pctx_clear(&P);
            return r;
        }
        o->field = &field;
    }
    if (!run)                   /* nh_proof_prepare: validation only */
    {
        for (j = 0; j < neps; j++)
            fmpq_clear(eps + j);
        free(eps);
        nh_conv_opts_clear(o);
        nh_conv_field_clear(&field);
        pctx_clear(&P);
        return NH_OK;
    }
    for (j = 0; j < P.n; j++)
    {
        arb_set_fmpq(o->q0 + j, P.fixval + j, c->prec);
        arb_set_fmpq(o->v0 + j, P.fixval + P.n + j, c->prec);
    }
    o->kmax = c->order;
    o->neps = neps;
    o->eps = _fmpq_vec_init(neps);
    for (j = 0; j < neps; j++)
    {
        fmpq_set(o->eps + j, eps + j);
        fmpq_clear(eps + j);
    }
    free(eps);
    fmpq_set(o->T, c->T);
    {
        fmpz_t ten;
        fmpz_init_set_ui(ten, 10);
        fmpq_div_fmpz(o->t1, c->T, ten);
        fmpz_clear(ten);
    }
    o->prec = c->prec;
    o->progress = 0;
    memset(cr, 0, sizeof(nh_conv_result_struct));
    r = nh_conv_study(cr, P.M, o, err);
    if (r == NH_OK)
    {
        const nh_conv_fit_struct *f = cr->fit + c->order * NH_CONV_NQ + which;
        char buf[600], what[300];
        double dev = fabs(f->slope - c->expect);
        int inside = c->expect >= f->ci_lo && c->expect <= f->ci_hi;
        if (dev <= 0.25)
            res->verdict = NH_VERDICT_HOLDS;
        else if (!inside)
            res->verdict = NH_VERDICT_REFUTED;
        else
            res->verdict = NH_VERDICT_UNDECIDED;
        if (o->field != NULL)
        {
            const char *ft = c->formula.text;
            while (*ft == ' ' || *ft == '\t')
                ft++;
            snprintf(what, sizeof what, "the field %s (order %ld row)", ft, (long) c->order);
        }
        else
            snprintf(what, sizeof what, "k = %ld", (long) c->order);
        snprintf(buf, sizeof buf, "observed order of %s for %s: %.3f (ESTIMATE), 95%% interval [%.3f, %.3f], "
                 "expected %g (holds when within 0.25); %ld eps values, T = %g",
                 nh_conv_quantity_name(which), what,
                 f->slope, f->ci_lo, f->ci_hi,
                 c->expect, (long) neps, fmpq_get_d(c->T));
        res->message = xstrdup(buf);
        if (res->verdict == NH_VERDICT_REFUTED)
        {
            res->witness = describe_point(&P, P.fixval, P.fixval + P.n, NULL);
            res->entry = xstrdup("observed order");
            snprintf(buf, sizeof buf, "%.3f (expected %g)", f->slope, c->expect);
            res->diff = xstrdup(buf);
            res->computed = xstrdup(res->message);
            snprintf(buf, sizeof buf, "%g", c->expect);
            res->typed = xstrdup(buf);
        }
        res->max_diff = dev;
        res->points_done = neps;
        res->prec_used = c->prec;
        nh_conv_result_clear(cr);
    }
    else
        nh_error_prefix(err, "claim '%s': ", c->id.text);
    nh_conv_opts_clear(o);
    nh_conv_field_clear(&field);
    pctx_clear(&P);
    return r;
}

int
nh_proof_check(nh_claim_result_struct *res, const nh_proof_doc_t doc, slong idx,
               const char *srcdir, slong points_override, slong seed_override,
               nh_error_t err)
{
    const nh_claim_struct *c = doc->claims + idx;
    slong points = points_override > 0 ? points_override : c->points;
    slong seed = seed_override > 0 ? seed_override : c->seed;
    pctx P;
    int r;

    nh_claim_result_clear(res);
    if (c->kind.text != NULL && strcmp(c->kind.text, "rate") == 0)
    {
        if (c->verdict == NH_VERDICT_PENDING)
        {
            res->verdict = NH_VERDICT_PENDING;
            res->message = xstrdup("pending: recorded as not yet checkable (not run)");
            return NH_OK;
        }
        return check_rate(res, doc, c, srcdir, 1, err);
    }
    r = pctx_setup(&P, doc, c, &c->formula, srcdir, err);
    if (r == NH_OK)
        r = check_points(res, &P, points, seed, err);
    pctx_clear(&P);
    if (r != NH_OK)
        return r;
    res->corrected_verdict = NH_VERDICT_NONE;
    if (c->corrected.text != NULL)
    {
        nh_claim_result_struct r2;
        nh_claim_result_init(&r2);
        r = pctx_setup(&P, doc, c, &c->corrected, srcdir, err);
        if (r == NH_OK)
            r = check_points(&r2, &P, points, seed, err);
        pctx_clear(&P);
        res->corrected_verdict = r2.verdict;
        nh_claim_result_clear(&r2);
    }
    return r;
}

int
nh_proof_prepare(const nh_proof_doc_t doc, slong idx, const char *srcdir, nh_error_t err)
{
    const nh_claim_struct *c = doc->claims + idx;
    pctx P;
    int r;

    if (c->kind.text != NULL && strcmp(c->kind.text, "rate") == 0)
    {
        if (c->verdict == NH_VERDICT_PENDING)
            return NH_OK;
        return check_rate(NULL, doc, c, srcdir, 0, err);
    }
    r = pctx_setup(&P, doc, c, &c->formula, srcdir, err);
    pctx_clear(&P);
    if (r == NH_OK && c->corrected.text != NULL)
    {
        r = pctx_setup(&P, doc, c, &c->corrected, srcdir, err);
        pctx_clear(&P);
    }
    return r;
}
