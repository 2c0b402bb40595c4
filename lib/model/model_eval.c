/* model_eval.c -- nh_model_eval_metric/potential/constraints/friction:
   evaluation of the model's expressions on jets (model.h). */
#include <stdio.h>
#include <string.h>
#include "impl.h"

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
    E->cache = flint_malloc(sizeof(expr_cache_struct));
    expr_cache_init(E->cache, M->A, ctx);
}

static void
eval_clear(expr_eval_struct *E)
{
    if (E->stack != NULL)
        jet_vec_clear(E->stack, E->nstack, E->ctx);
    expr_cache_clear(E->cache);
    flint_free(E->cache);
}

static int
check_shape(const jet_mat_t R, slong r, slong c, const char *what, nh_error_t err)
{
    if (R->r != r || R->c != c)
        return nh_error_set(err, NH_ERR_USAGE, "%s: output must be %ld x %ld, got %ld x %ld",
                            what, (long) r, (long) c, (long) R->r, (long) R->c);
    return NH_OK;
}

/* Evaluate root (-1: the literal 0) into the jet out; an error names the
   entry "what sym[i][j]" (1-based) and the point. */
static int
eval_entry(arb_ptr out, expr_eval_struct *E, const nh_model_struct *M, int root,
           slong i, slong j, const char *what, const char *sym, arb_srcptr q,
           const jet_ctx_t ctx, nh_error_t err)
{
    int r;
    if (root < 0)
    {
        jet_zero(out, ctx);
        return NH_OK;
    }
    if ((r = expr_eval_jet(out, E, root)) != NH_OK)
    {
        char q_name[64];
        snprintf(q_name, sizeof q_name, "%s %s[%ld][%ld]", what, sym, (long) i + 1, (long) j + 1);
        r = eval_error(r, M, E, q_name, q, ctx, err);
    }
    return r;
}

/* Symmetry as a function (doc/model-format.md, "Symmetric matrices"):
   low = jet of the lower entry (i, j), i > j, up = jet of the upper entry
   (j, i), both evaluated to total degree E->ord.  NH_ERR_MODEL if some
   coefficient of degree <= ord certainly differs (the two balls do not
   overlap): then the matrix is not symmetric at any point of a
   neighbourhood of q, whatever precision.  The message names both
   entries, their positions, the lowest such degree (the derivative
   order, for jets in dq) and the point. */
/* Where an asymmetry is reported: the lower entry's node (the upper
   one's when the lower entry is the literal 0), and in upos the upper
   entry's "line:col" or "the literal 0". */
static const expr_node *
asym_where(char *upos, size_t size, const nh_model_struct *M, int root_low, int root_up)
{
    if (root_up >= 0)
        snprintf(upos, size, "%d:%d", M->A->nodes[root_up].line, M->A->nodes[root_up].col);
    else
        snprintf(upos, size, "the literal 0");
    return M->A->nodes + (root_low >= 0 ? root_low : root_up);
}

static int
check_symmetric(arb_srcptr low, arb_srcptr up, const expr_eval_struct *E,
                const nh_model_struct *M, int root_low, int root_up, slong i, slong j,
                const char *what, const char *sym, arb_srcptr q, const jet_ctx_t ctx,
                nh_error_t err)
{
    slong c;
    for (c = 0; c < E->L; c++)
        if (!arb_overlaps(low + c, up + c))
        {
            char pt[600], upos[64];
            const expr_node *x = asym_where(upos, sizeof upos, M, root_low, root_up);
            pt[0] = '\0';
            describe_point(pt, sizeof pt, M, q, ctx);
            return nh_error_set(err, NH_ERR_MODEL,
                "%s:%d:%d: %s %s is not symmetric as a function of q: %s[%ld][%ld] differs "
                "from %s[%ld][%ld] (%s), their derivatives of order %ld (jet coefficients of "
                "degree %ld) certainly differ at q = (%s)",
                M->filename, x->line, x->col, what, sym, sym, (long) i + 1, (long) j + 1,
                sym, (long) j + 1, (long) i + 1, upos,
                (long) jet_ctx_degree(ctx, c), (long) jet_ctx_degree(ctx, c), pt);
        }
    return NH_OK;
}

/* Second symmetry test, at a point near q: the jets at q only see the
   coefficients the caller asked for, so a difference that vanishes to a
   higher order at q (upper entry x, lower sin(x) at x = 0: x^3/6) would
   go unnoticed by a computation of low jet order.  Two analytic entries
   that differ as functions near q differ at almost every point near q,
   so both entries of every lower/upper pair that is not syntactically
   symmetric are also evaluated, as values, at the fixed nearby point
   q + dq, dq_i = 1/(53 + 6 i) (the time, if any, unchanged), and a pair
   whose two values certainly differ there gives NH_ERR_MODEL.  An
   evaluation error at q + dq (outside the domain of the model, near a
   singularity) only skips the probe: it never refuses a point. */
static int
probe_symmetric(const nh_model_struct *M, const int *roots, const int *mirror, slong k,
                const char *what, const char *sym, arb_srcptr q, const jet_ctx_t ctx,
                slong prec, nh_error_t err)
{
    jet_ctx_t c1;
    expr_eval_struct E;
    arb_ptr qp, lo, up;
    slong i, j, nq = M->n + (M->has_time ? 1 : 0);
    int r = NH_OK;

    jet_ctx_init(c1, 1, 0);                 /* jets of length 1: values */
    qp = _arb_vec_init(nq);
    lo = _arb_vec_init(2);
    up = lo + 1;
    for (i = 0; i < nq; i++)
    {
        arb_set(qp + i, jet_const(q + i * ctx->len));
        if (i < M->n)
        {
            arb_t d;
            arb_init(d);
            arb_set_si(d, 1);
            arb_div_si(d, d, 53 + 6 * i, prec);
            arb_add(qp + i, qp + i, d, prec);
            arb_clear(d);
        }
    }
    eval_init(&E, M, qp, 0, c1, prec);
    for (i = 1; i < k && r == NH_OK; i++)
        for (j = 0; j < i && r == NH_OK; j++)
        {
            slong t = i * k + j, u = j * k + i;
            if (mirror[t] >= 0)
                continue;
            if (eval_entry(lo, &E, M, roots[t], i, j, what, sym, qp, c1, NULL) != NH_OK
                || eval_entry(up, &E, M, roots[u], j, i, what, sym, qp, c1, NULL) != NH_OK)
                continue;
            if (!arb_overlaps(lo, up))
            {
                char pt[600], upos[64], dq[400];
                const expr_node *x = asym_where(upos, sizeof upos, M, roots[t], roots[u]);
                size_t len = 0;
                slong a;
                pt[0] = '\0';
                describe_point(pt, sizeof pt, M, q, ctx);
                dq[0] = '\0';
                for (a = 0; a < M->n && len + 1 < sizeof dq; a++)
                {
                    snprintf(dq + len, sizeof dq - len, "%s1/%ld", a ? ", " : "", (long) (53 + 6 * a));
                    len = strlen(dq);
                }
                r = nh_error_set(err, NH_ERR_MODEL,
                    "%s:%d:%d: %s %s is not symmetric as a function of q: %s[%ld][%ld] differs "
                    "from %s[%ld][%ld] (%s), their values certainly differ at q + dq near "
                    "q = (%s), dq = (%s)",
                    M->filename, x->line, x->col, what, sym, sym, (long) i + 1, (long) j + 1,
                    sym, (long) j + 1, (long) i + 1, upos, pt, dq);
            }
        }
    eval_clear(&E);
    _arb_vec_clear(lo, 2);
    _arb_vec_clear(qp, nq);
    jet_ctx_clear(c1);
    return r;
}

/* Symmetric k x k matrix of roots (metric G, friction mu_bar).  The
   diagonal and the upper triangle define the matrix.  A lower entry
   that is syntactically its upper entry (mirror[t] >= 0, set by
   _nh_model_prepare: both literal 0, or equal trees after constant
   folding) is copied; any other lower entry is evaluated as well and
   every jet coefficient computed (total degree <= ord, i.e. exactly the
   ones the caller uses) is compared with the upper entry's
   (check_symmetric: NH_ERR_MODEL when some difference certainly
   excludes 0), and, once per call, both entries of such pairs are
   compared at a nearby point (probe_symmetric).  When they are
   consistent the lower entry is set to the upper one, so that the result is exactly symmetric and every code path
   reads the same matrix (that of the upper triangle), whichever
   triangle it indexes. */
static int
eval_square(jet_mat_t R, expr_eval_struct *E, const nh_model_struct *M, const int *roots,
            const int *mirror, slong k, const char *what, const char *sym, arb_srcptr q,
            const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    slong i, j;
    arb_ptr low = NULL;
    int r = NH_OK;

    if ((r = check_shape(R, k, k, what, err)) != NH_OK)
        return r;
    for (i = 0; i < k && r == NH_OK; i++)
        for (j = i; j < k && r == NH_OK; j++)
            r = eval_entry(JET_MAT_ENTRY(R, i, j, ctx), E, M, roots[i * k + j], i, j,
                           what, sym, q, ctx, err);
    for (i = 1; i < k && r == NH_OK; i++)
        for (j = 0; j < i && r == NH_OK; j++)
        {
            slong t = i * k + j, u = j * k + i;
            arb_srcptr up = JET_MAT_ENTRY(R, j, i, ctx);
            if (mirror[t] < 0)
            {
                if (low == NULL)
                    low = jet_init(ctx);
                r = eval_entry(low, E, M, roots[t], i, j, what, sym, q, ctx, err);
                if (r == NH_OK)
                    r = check_symmetric(low, up, E, M, roots[t], roots[u], i, j,
                                        what, sym, q, ctx, err);
            }
            if (r == NH_OK)
            {
                /* up is zero above E->ord (eval_entry): copy the prefix */
                _arb_vec_set(JET_MAT_ENTRY(R, i, j, ctx), up, E->L);
                jet_zero_above(JET_MAT_ENTRY(R, i, j, ctx), E->ord, ctx);
            }
        }
    if (low != NULL)
    {
        jet_clear(low, ctx);
        if (r == NH_OK)
            r = probe_symmetric(M, roots, mirror, k, what, sym, q, ctx, prec, err);
    }
    return r;
}

/* A k x l matrix of roots (constraints A, damping C) or, with k x 1,
   a column (b, Delta, F); roots == NULL means all zero.  Entry names in
   messages: name(i, j) into buf. */
static int
eval_rect(jet_mat_t R, expr_eval_struct *E, const nh_model_struct *M, const int *roots,
          slong k, slong l, const char *what, arb_srcptr q, const jet_ctx_t ctx, nh_error_t err)
{
    slong i;
    int r;

    if ((r = check_shape(R, k, l, what, err)) != NH_OK)
        return r;
    for (i = 0; i < k * l && r == NH_OK; i++)
    {
        arb_ptr out = R->entries + i * ctx->len;
        if (roots == NULL || roots[i] < 0)
            jet_zero(out, ctx);
        else if ((r = expr_eval_jet(out, E, roots[i])) != NH_OK)
        {
            char q_name[128];
            slong a = i / l, c = i % l;
            if (roots == M->constraints)
                snprintf(q_name, sizeof q_name, "constraint a^%ld component d%s", (long) a + 1, M->coords[c]);
            else if (roots == M->constraint_dt)
                snprintf(q_name, sizeof q_name, "constraint a^%ld component dt", (long) a + 1);
            else if (roots == M->damping)
                snprintf(q_name, sizeof q_name, "damping C[%ld][%ld]", (long) a + 1, (long) c + 1);
            else
                snprintf(q_name, sizeof q_name, "%s component d%s", what, M->coords[a]);
            r = eval_error(r, M, E, q_name, q, ctx, err);
        }
    }
    return r;
}

static int
eval_V(arb_ptr V, expr_eval_struct *E, const nh_model_struct *M, arb_srcptr q,
       const jet_ctx_t ctx, nh_error_t err)
{
    int r = NH_OK;
    if (M->potential < 0)
        _arb_vec_zero(V, ctx->len);
    else if ((r = expr_eval_jet(V, E, M->potential)) != NH_OK)
        r = eval_error(r, M, E, "potential V", q, ctx, err);
    return r;
}

/* let_evals[k] += computations of let k's value in the session (0 for a
   let that is a form, a coordinate or an exact constant: no value is
   computed for it). */
static void
count_lets(slong *let_evals, const nh_model_struct *M, const expr_cache_struct *C)
{
    slong k;
    for (k = 0; k < M->nlets; k++)
    {
        int s = M->A->nodes[M->lroots[k]].slot;
        if (s >= 0 && s < C->nslots && !M->lform[k])
            let_evals[k] += C->fills[s];
    }
}

int
nh_model_eval(const nh_model_values_struct *o, const nh_model_struct *M, arb_srcptr q,
              slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    expr_eval_struct E;
    slong n = M->n, m = M->m;
    int r = NH_OK;

    eval_init(&E, M, q, ord, ctx, prec);
    if (o->G != NULL)
        r = eval_square(o->G, &E, M, M->metric, M->metric_mirror, n, "metric", "G", q, ctx, prec, err);
    if (r == NH_OK && o->A != NULL)
        r = eval_rect(o->A, &E, M, M->constraints, m, n, "constraints", q, ctx, err);
    if (r == NH_OK && o->b != NULL)
        r = eval_rect(o->b, &E, M, M->constraint_dt, m, 1, "constraint dt", q, ctx, err);
    if (r == NH_OK && o->mu != NULL)
        r = eval_square(o->mu, &E, M, M->friction, M->friction_mirror, m, "friction", "mu_bar",
                        q, ctx, prec, err);
    if (r == NH_OK && o->Delta != NULL)
        r = eval_rect(o->Delta, &E, M, M->oneform, n, 1, "oneform Delta", q, ctx, err);
    if (r == NH_OK && o->F != NULL)
        r = eval_rect(o->F, &E, M, M->force, n, 1, "force F", q, ctx, err);
    if (r == NH_OK && o->V != NULL)
        r = eval_V(o->V, &E, M, q, ctx, err);
    if (r == NH_OK && o->C != NULL)
        r = eval_rect(o->C, &E, M, M->damping, n, n, "damping", q, ctx, err);
    if (o->let_evals != NULL)
        count_lets(o->let_evals, M, E.cache);
    eval_clear(&E);
    return r;
}

/* One quantity: nh_model_eval with the other outputs NULL (the
   single-quantity functions of model.h). */
#define EVAL_ONE(fn, field, T)                                              \
int                                                                         \
fn(T X, const nh_model_struct *M, arb_srcptr q, slong ord, const jet_ctx_t ctx, \
   slong prec, nh_error_t err)                                              \
{                                                                           \
    nh_model_values_struct o;                                               \
    memset(&o, 0, sizeof o);                                                \
    o.field = X;                                                            \
    return nh_model_eval(&o, M, q, ord, ctx, prec, err);                    \
}

EVAL_ONE(nh_model_eval_metric, G, jet_mat_t)
EVAL_ONE(nh_model_eval_friction, mu, jet_mat_t)
EVAL_ONE(nh_model_eval_constraints, A, jet_mat_t)
EVAL_ONE(nh_model_eval_potential, V, arb_ptr)
EVAL_ONE(nh_model_eval_constraints_dt, b, jet_mat_t)
EVAL_ONE(nh_model_eval_damping, C, jet_mat_t)
EVAL_ONE(nh_model_eval_oneform, Delta, jet_mat_t)
EVAL_ONE(nh_model_eval_force, F, jet_mat_t)
