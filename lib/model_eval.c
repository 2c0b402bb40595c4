/* model_eval.c -- nh_model_eval_metric/potential/constraints/friction:
   evaluation of the model's expressions on jets (model.h). */
#include <stdio.h>
#include <string.h>
#include "expr_model.h"

/* Append the point (constant terms of q) to buf. */
static void
describe_point(char *buf, size_t size, const nh_model_struct *M, arb_srcptr q,
               const jet_ctx_struct *ctx)
{
    slong i;
    size_t k = strlen(buf);
    for (i = 0; i < M->n && k + 1 < size; i++)
    {
        char *s = arb_get_str(jet_const(q + i * ctx->len), 10, 0);
        snprintf(buf + k, size - k, "%s%s=%s", i ? ", " : "", M->coords[i], s);
        flint_free(s);
        k = strlen(buf);
    }
    if (M->has_time && k + 1 < size)
    {
        char *s = arb_get_str(jet_const(q + M->n * ctx->len), 10, 0);
        snprintf(buf + k, size - k, ", t=%s", s);
        flint_free(s);
    }
}

/* code: NH_ERR_MODEL (the point is certifiably singular, or an exponent
   is absurd) or NH_ERR_DOMAIN (a ball meets the singular set: a higher
   precision may separate it), as returned by expr_eval_jet. */
static int
eval_error(int code, const nh_model_struct *M, const expr_eval_struct *E, const char *quantity,
           arb_srcptr q, const jet_ctx_struct *ctx, nh_error_t err)
{
    char pt[600];
    const expr_node *x = M->A->nodes + E->bad_node;
    pt[0] = '\0';
    describe_point(pt, sizeof pt, M, q, ctx);
    return nh_error_set(err, code == NH_ERR_DOMAIN ? NH_ERR_DOMAIN : NH_ERR_MODEL,
                        "%s:%d:%d: %s: %s at q = (%s)",
                        M->filename, x->line, x->col, quantity, E->bad_why, pt);
}

static void
eval_init(expr_eval_struct *E, const nh_model_struct *M, arb_srcptr q, slong ord,
          const jet_ctx_struct *ctx, slong prec)
{
    if (ord < 0)
        ord = 0;
    if (ord > ctx->order)
        ord = ctx->order;
    E->A = M->A;
    E->q = q;
    E->ord = ord;
    E->L = jet_ctx_len(ctx, ord);
    E->prec = prec;
    E->ctx = ctx;
    E->nstack = M->need;
    E->stack = M->need > 0 ? jet_vec_init(M->need, ctx) : NULL;
    E->bad_node = -1;
    E->bad_why = "";
}

static void
eval_clear(expr_eval_struct *E)
{
    if (E->stack != NULL)
        jet_vec_clear(E->stack, E->nstack, E->ctx);
}

static int
check_shape(const jet_mat_t R, slong r, slong c, const char *what, nh_error_t err)
{
    if (R->r != r || R->c != c)
        return nh_error_set(err, NH_ERR_USAGE, "%s: output must be %ld x %ld, got %ld x %ld",
                            what, (long) r, (long) c, (long) R->r, (long) R->c);
    return NH_OK;
}

/* Square matrix of roots with mirrors (metric, friction). */
static int
eval_square(jet_mat_t R, const nh_model_struct *M, const int *roots, const int *mirror,
            slong k, const char *what, const char *sym, arb_srcptr q, slong ord,
            const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    expr_eval_struct E;
    slong i, j;
    int r = NH_OK;

    if ((r = check_shape(R, k, k, what, err)) != NH_OK)
        return r;
    eval_init(&E, M, q, ord, ctx, prec);
    for (i = 0; i < k && r == NH_OK; i++)
        for (j = 0; j < k && r == NH_OK; j++)
        {
            arb_ptr out = JET_MAT_ENTRY(R, i, j, ctx);
            slong t = i * k + j;
            if (roots[t] < 0)
                _arb_vec_zero(out, ctx->len);
            else if (mirror[t] >= 0)
                _arb_vec_set(out, R->entries + mirror[t] * ctx->len, ctx->len);
            else if ((r = expr_eval_jet(out, &E, roots[t])) != NH_OK)
            {
                char q_name[64];
                snprintf(q_name, sizeof q_name, "%s %s[%ld][%ld]", what, sym, (long) i + 1, (long) j + 1);
                r = eval_error(r, M, &E, q_name, q, ctx, err);
            }
        }
    eval_clear(&E);
    return r;
}

int
nh_model_eval_metric(jet_mat_t G, const nh_model_struct *M, arb_srcptr q,
                     slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    return eval_square(G, M, M->metric, M->metric_mirror, M->n, "metric", "G",
                       q, ord, ctx, prec, err);
}

int
nh_model_eval_friction(jet_mat_t mu, const nh_model_struct *M, arb_srcptr q,
                       slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    return eval_square(mu, M, M->friction, M->friction_mirror, M->m, "friction", "mu_bar",
                       q, ord, ctx, prec, err);
}

int
nh_model_eval_constraints(jet_mat_t A, const nh_model_struct *M, arb_srcptr q,
                          slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    expr_eval_struct E;
    slong l, j, n = M->n;
    int r;

    if ((r = check_shape(A, M->m, n, "constraints", err)) != NH_OK)
        return r;
    eval_init(&E, M, q, ord, ctx, prec);
    for (l = 0; l < M->m && r == NH_OK; l++)
        for (j = 0; j < n && r == NH_OK; j++)
        {
            arb_ptr out = JET_MAT_ENTRY(A, l, j, ctx);
            int root = M->constraints[l * n + j];
            if (root < 0)
                _arb_vec_zero(out, ctx->len);
            else if ((r = expr_eval_jet(out, &E, root)) != NH_OK)
            {
                char q_name[128];
                snprintf(q_name, sizeof q_name, "constraint a^%ld component d%s", (long) l + 1, M->coords[j]);
                r = eval_error(r, M, &E, q_name, q, ctx, err);
            }
        }
    eval_clear(&E);
    return r;
}

int
nh_model_eval_potential(arb_ptr V, const nh_model_struct *M, arb_srcptr q,
                        slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    expr_eval_struct E;
    int r = NH_OK;

    if (M->potential < 0)
    {
        _arb_vec_zero(V, ctx->len);
        return NH_OK;
    }
    eval_init(&E, M, q, ord, ctx, prec);
    if ((r = expr_eval_jet(V, &E, M->potential)) != NH_OK)
        r = eval_error(r, M, &E, "potential V", q, ctx, err);
    eval_clear(&E);
    return r;
}

/* Column of roots (n x 1 or m x 1); roots == NULL means all zero. */
static int
eval_column(jet_mat_t R, const nh_model_struct *M, const int *roots, slong k,
            const char *what, arb_srcptr q, slong ord, const jet_ctx_t ctx,
            slong prec, nh_error_t err)
{
    expr_eval_struct E;
    slong i;
    int r;

    if ((r = check_shape(R, k, 1, what, err)) != NH_OK)
        return r;
    eval_init(&E, M, q, ord, ctx, prec);
    for (i = 0; i < k && r == NH_OK; i++)
    {
        arb_ptr out = JET_MAT_ENTRY(R, i, 0, ctx);
        if (roots == NULL || roots[i] < 0)
            _arb_vec_zero(out, ctx->len);
        else if ((r = expr_eval_jet(out, &E, roots[i])) != NH_OK)
        {
            char q_name[128];
            if (roots == M->constraint_dt)
                snprintf(q_name, sizeof q_name, "constraint a^%ld component dt", (long) i + 1);
            else
                snprintf(q_name, sizeof q_name, "%s component d%s", what, M->coords[i]);
            r = eval_error(r, M, &E, q_name, q, ctx, err);
        }
    }
    eval_clear(&E);
    return r;
}

int
nh_model_eval_constraints_dt(jet_mat_t b, const nh_model_struct *M, arb_srcptr q,
                             slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    return eval_column(b, M, M->constraint_dt, M->m, "constraint dt", q, ord, ctx, prec, err);
}

int
nh_model_eval_damping(jet_mat_t C, const nh_model_struct *M, arb_srcptr q,
                      slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    expr_eval_struct E;
    slong i, n = M->n;
    int r;

    if ((r = check_shape(C, n, n, "damping", err)) != NH_OK)
        return r;
    if (M->damping == NULL)
    {
        jet_mat_zero(C, ctx);
        return NH_OK;
    }
    eval_init(&E, M, q, ord, ctx, prec);
    for (i = 0; i < n * n && r == NH_OK; i++)
    {
        arb_ptr out = C->entries + i * ctx->len;
        if (M->damping[i] < 0)
            _arb_vec_zero(out, ctx->len);
        else if ((r = expr_eval_jet(out, &E, M->damping[i])) != NH_OK)
        {
            char q_name[64];
            snprintf(q_name, sizeof q_name, "damping C[%ld][%ld]", (long) (i / n) + 1, (long) (i % n) + 1);
            r = eval_error(r, M, &E, q_name, q, ctx, err);
        }
    }
    eval_clear(&E);
    return r;
}

int
nh_model_eval_oneform(jet_mat_t Delta, const nh_model_struct *M, arb_srcptr q,
                      slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    return eval_column(Delta, M, M->oneform, M->n, "oneform Delta", q, ord, ctx, prec, err);
}

int
nh_model_eval_force(jet_mat_t F, const nh_model_struct *M, arb_srcptr q,
                    slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    return eval_column(F, M, M->force, M->n, "force F", q, ord, ctx, prec, err);
}
