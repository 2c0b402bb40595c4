/*
 * flow_taylor_field.c -- the mechanical systems' right-hand sides on
 * jets (truncated Taylor series in the time offset s, possibly with
 * first-order perturbation variables), for the certified Taylor
 * integrator (lib/taylor.h); see nh_flow_taylor_rhs in flow.h.
 *
 * The model's objects and their first partial derivatives along the
 * series come from one evaluation in a context extended by n + 1
 * variables z (z_0..z_{n-1} for q, z_n for t, cap 1): X(q + z, t + z_t)
 * = X + sum_l d_l X z_l; value and d_l X are moved back to the caller's
 * context with jet_transfer / jet_derivative.
 */
#include "impl.h"

#define NH_FT_SLOTS 2


typedef struct
{
    const jet_ctx_struct *key;
    slong keylen;
    jet_ctx_t c2;
    slong *up;              /* ctx var -> c2 var                      */
    slong *down;            /* c2 var -> ctx var, -1 for the z        */
    arb_ptr qt, tmp;        /* n + 1 jets in c2; one jet in c2        */
    slong *vmap;            /* ctx monomial -> c2 monomial (z = 0)     */
    slong *dmap;            /* (n+1)*len: ctx monomial times z_l       */
    _nh_flow_obj o;              /* the objects, in ctx                    */
    jet_mat_t W[7];         /* G, A, b, mu, Delta, F, C in c2 (one
                               nh_model_eval call: lets shared)        */
    slong used;             /* coefficients of degree <= ord in ctx:
                               the only ones split (the rhs contract
                               leaves higher ones unspecified)         */
    arb_ptr V;              /* one jet in c2                          */
}
_ft_slot;

typedef struct
{
    _ft_slot slot[NH_FT_SLOTS];
    slong next;
}
_ft_cache;

static void
obj_init(_nh_flow_obj *o, slong n, slong m, const jet_ctx_t ctx)
{
    o->n = n; o->m = m; o->len = ctx->len;
    o->G = jet_vec_init(n * n, ctx);  o->dG = jet_vec_init((n + 1) * n * n, ctx);
    o->V = jet_vec_init(1, ctx);      o->dV = jet_vec_init(n + 1, ctx);
    o->A = jet_vec_init(m * n, ctx);  o->dA = jet_vec_init((n + 1) * m * n, ctx);
    o->b = jet_vec_init(m, ctx);      o->db = jet_vec_init((n + 1) * m, ctx);
    o->D = jet_vec_init(n, ctx);      o->dD = jet_vec_init((n + 1) * n, ctx);
    o->F = jet_vec_init(n, ctx);      o->C = jet_vec_init(n * n, ctx);
    o->mu = jet_vec_init(m * m, ctx);
}

static void
obj_clear(_nh_flow_obj *o)
{
    slong n = o->n, m = o->m, L = o->len;
    /* by length: the caller's context may already be gone */
    _arb_vec_clear(o->G, n * n * L);  _arb_vec_clear(o->dG, (n + 1) * n * n * L);
    _arb_vec_clear(o->V, L);          _arb_vec_clear(o->dV, (n + 1) * L);
    _arb_vec_clear(o->A, m * n * L);  _arb_vec_clear(o->dA, (n + 1) * m * n * L);
    _arb_vec_clear(o->b, m * L);      _arb_vec_clear(o->db, (n + 1) * m * L);
    _arb_vec_clear(o->D, n * L);      _arb_vec_clear(o->dD, (n + 1) * n * L);
    _arb_vec_clear(o->F, n * L);      _arb_vec_clear(o->C, n * n * L);
    _arb_vec_clear(o->mu, m * m * L);
}

void
nh_flow_taylor_init(nh_flow_taylor_t S, const nh_model_struct *M, int system,
                    const arb_t eps)
{
    S->M = M;
    S->system = system;
    arb_init(S->eps);
    if (eps != NULL)
        arb_set(S->eps, eps);
    S->n = nh_model_n(M);
    S->m = nh_model_m(M);
    S->order = 0;
    S->cache = flint_calloc(1, sizeof(_ft_cache));
    S->rcache = NULL;
    S->perm = NULL;
}

static void
slot_clear(_ft_slot *sl, slong n)
{
    slong k;

    if (sl->key == NULL)
        return;
    jet_vec_clear(sl->qt, n + 1, sl->c2);
    flint_free(sl->vmap);
    flint_free(sl->dmap);
    obj_clear(&sl->o);
    for (k = 0; k < 7; k++)
        jet_mat_clear(sl->W[k], sl->c2);
    jet_clear(sl->V, sl->c2);
    jet_clear(sl->tmp, sl->c2);
    flint_free(sl->up);
    flint_free(sl->down);
    jet_ctx_clear(sl->c2);
    sl->key = NULL;
}

void
nh_flow_taylor_clear(nh_flow_taylor_t S)
{
    _ft_cache *c = S->cache;
    slong k;

    for (k = 0; k < NH_FT_SLOTS; k++)
        slot_clear(c->slot + k, S->n);
    flint_free(c);
    if (S->rcache != NULL)
        _nh_flow_reduced_cache_clear(S);
    flint_free(S->perm);
    arb_clear(S->eps);
}

static _ft_slot *
get_slot(nh_flow_taylor_struct *S, const jet_ctx_t ctx)
{
    _ft_cache *c = S->cache;
    _ft_slot *sl;
    slong k, g, n = S->n, sizes[JET_MAX_GROUPS], caps[JET_MAX_GROUPS];

    for (k = 0; k < NH_FT_SLOTS; k++)
        if (c->slot[k].key == ctx && c->slot[k].keylen == ctx->len)
            return c->slot + k;
    sl = c->slot + c->next;
    c->next = (c->next + 1) % NH_FT_SLOTS;
    slot_clear(sl, n);
    for (g = 0; g < ctx->ngroups; g++)
    {
        sizes[g] = ctx->group_start[g + 1] - ctx->group_start[g];
        caps[g] = ctx->group_order[g];
    }
    sizes[g] = n + 1;
    caps[g] = 1;
    jet_ctx_init_groups(sl->c2, ctx->ngroups + 1, sizes, caps, ctx->order + 1);
    sl->up = flint_malloc(ctx->nvars * sizeof(slong));
    sl->down = flint_malloc(sl->c2->nvars * sizeof(slong));
    for (k = 0; k < sl->c2->nvars; k++)
        sl->down[k] = (k < ctx->nvars) ? k : -1;
    for (k = 0; k < ctx->nvars; k++)
        sl->up[k] = k;
    sl->qt = jet_vec_init(n + 1, sl->c2);
    {
        slong m = S->m, rows[7] = {n, m, m, m, n, n, n}, cols[7] = {n, n, 1, m, 1, 1, n};
        for (k = 0; k < 7; k++)
            jet_mat_init(sl->W[k], rows[k], cols[k], sl->c2);
    }
    sl->V = jet_init(sl->c2);
    obj_init(&sl->o, n, S->m, ctx);
    {
        slong i, l, *e2 = flint_calloc(sl->c2->nvars, sizeof(slong));
        const slong *e;
        sl->vmap = flint_malloc(ctx->len * sizeof(slong));
        sl->dmap = flint_malloc((n + 1) * ctx->len * sizeof(slong));
        for (i = 0; i < ctx->len; i++)
        {
            e = jet_ctx_exp(ctx, i);
            for (k = 0; k < ctx->nvars; k++)
                e2[k] = e[k];
            sl->vmap[i] = jet_ctx_index(sl->c2, e2);
            for (l = 0; l <= n; l++)
            {
                e2[ctx->nvars + l] = 1;
                sl->dmap[l * ctx->len + i] = jet_ctx_index(sl->c2, e2);
                e2[ctx->nvars + l] = 0;
            }
        }
        flint_free(e2);
    }
    sl->tmp = jet_init(sl->c2);
    sl->key = ctx;
    sl->keylen = ctx->len;
    return sl;
}

/* res (ctx) = value of a (c2) and, for l = 0..n, d (c2 var ctx->nvars + l)
   into der + l*stride (stride in arb entries; der may be NULL): the
   coefficients are read off through the monomial maps of the slot, up to
   total degree ord (sl->used; the higher ones keep older values, which
   every consumer truncated at ord ignores). */
static void
split(arb_ptr res, arb_ptr der, slong stride, arb_srcptr a, _ft_slot *sl,
      const jet_ctx_t ctx, slong n, slong prec)
{
    slong l, i, len = ctx->len, k, used = sl->used;
    (void) prec;

    for (i = 0; i < used; i++)
        jet_coeff_set(res + i, a + sl->vmap[i]);
    if (der == NULL)
        return;
    for (l = 0; l <= n; l++)
        for (i = 0; i < used; i++)
        {
            k = sl->dmap[l * len + i];
            if (k < 0)
                arb_zero(der + l * stride + i);
            else
                jet_coeff_set(der + l * stride + i, a + k);
        }
}

/* Evaluate a jet matrix quantity in c2 and split it into value (+ der). */
static void
split_mat(arb_ptr val, arb_ptr der, const jet_mat_t X, slong cnt, _ft_slot *sl,
          const jet_ctx_t ctx, slong n, slong prec)
{
    slong e, len = ctx->len;

    for (e = 0; e < cnt; e++)
        split(val + e * len, der ? der + e * len : NULL, cnt * len,
              X->entries + e * sl->c2->len, sl, ctx, n, prec);
}

int
_nh_flow_obj_eval(_nh_flow_obj **po, nh_flow_taylor_struct *S, arb_srcptr x, const arb_t t0, slong ord,
         const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    return _nh_flow_obj_eval_tv(po, S, x, t0, -1, ord, ctx, prec, err);
}

int
_nh_flow_obj_eval_tv(_nh_flow_obj **po, nh_flow_taylor_struct *S, arb_srcptr x, const arb_t t0,
                     slong tv, slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    const nh_model_struct *M = S->M;
    slong n = S->n, m = S->m, i, ord2 = FLINT_MIN(ord + 1, ctx->order + 1);
    _ft_slot *sl = get_slot(S, ctx);
    _nh_flow_obj *o = &sl->o;
    arb_t one;
    int rc = NH_OK, full = (S->system == NH_FLOW_FULL), nh = (S->system == NH_FLOW_NH);
    /* the reduced system of a time-dependent / affine model (proofs/020
       (A2)-(A5)): b and its partials d_l b, d_t b */
    int red_t = (S->system == NH_FLOW_REDUCED) && !nh_model_is_linear_autonomous(M);
    /* the full system in the adapted coordinates (flow_adapted.c): dA,
       and for an affine model b and d_l b, d_t b (w' and v_F) */
    int adapted = (S->system == NH_FLOW_FULL_ADAPTED);
    /* b: the nonholonomic system, and the full system of an affine model
       (friction -(1/eps) A^T mu_bar (A v + b), proofs/020) */
    int wb = nh || red_t || ((full || adapted) && !nh_model_constraints_are_linear(M));

    sl->used = jet_ctx_len(ctx, ord);

    arb_init(one);
    arb_one(one);
    for (i = 0; i < n; i++)
    {
        jet_transfer(JET_ENTRY(sl->qt, i, sl->c2), sl->c2, JET_ENTRY(x, i, ctx), ctx, sl->up);
        arb_add(JET_ENTRY(sl->qt, i, sl->c2) + jet_ctx_var_index(sl->c2, ctx->nvars + i),
                JET_ENTRY(sl->qt, i, sl->c2) + jet_ctx_var_index(sl->c2, ctx->nvars + i),
                one, prec);
    }
    jet_set_var(JET_ENTRY(sl->qt, n, sl->c2), t0, 0, sl->c2);
    if (tv >= 0)                /* t0 + s + tau: tau = variable tv of ctx */
        arb_one(JET_ENTRY(sl->qt, n, sl->c2) + jet_ctx_var_index(sl->c2, tv));
    arb_one(JET_ENTRY(sl->qt, n, sl->c2) + jet_ctx_var_index(sl->c2, ctx->nvars + n));
    arb_clear(one);
    *po = o;

    {
        /* every object in one call, so that lets and shared subexpressions
           are evaluated once per point (model.h, nh_model_eval) */
        nh_model_values_struct mv = {sl->W[0], sl->W[1], wb ? sl->W[2] : NULL,
                                     nh ? NULL : sl->W[3], sl->W[4], sl->W[5], sl->W[6],
                                     sl->V, NULL};
        rc = nh_model_eval(&mv, M, sl->qt, ord2, sl->c2, prec, err);
    }
    if (rc == NH_OK)
    {
        split_mat(o->G, o->dG, sl->W[0], n * n, sl, ctx, n, prec);
        split_mat(o->A, full ? NULL : o->dA, sl->W[1], m * n, sl, ctx, n, prec);
        if (wb)
            split_mat(o->b, (nh || red_t || adapted) ? o->db : NULL, sl->W[2], m, sl, ctx, n,
                      prec);
        if (!nh)
            split_mat(o->mu, NULL, sl->W[3], m * m, sl, ctx, n, prec);
        split_mat(o->D, o->dD, sl->W[4], n, sl, ctx, n, prec);
        split_mat(o->F, NULL, sl->W[5], n, sl, ctx, n, prec);
        split_mat(o->C, NULL, sl->W[6], n * n, sl, ctx, n, prec);
        split(o->V, o->dV, ctx->len, sl->V, sl, ctx, n, prec);
    }
    return rc;
}

#define J(v, k) ((v) + (k) * len)

/* f_l of flow.h (the Lagrangian force side), n jets (impl.h):
     f_l = sum_j (1/2 (d_l G v)_j - (d_j G v)_l + d_l Delta_j - d_j Delta_l
                  - C_lj - d_t G_lj) v^j - d_l V - d_t Delta_l + F_l,
   with M[l][j] = (d_l G v)_j = sum_k d_l G_jk v^k formed once (n^2 jet_dot
   instead of n^3 products). */
void
_nh_flow_lagrange_force(arb_ptr f, const _nh_flow_obj *o, arb_srcptr v, slong ord, const jet_ctx_t ctx,
               slong prec)
{
    slong n = o->n, len = ctx->len, l, j;
    arb_ptr w = jet_init(ctx), Mv = jet_vec_init(n * n, ctx);

    for (l = 0; l < n; l++)
        for (j = 0; j < n; j++)
            jet_dot(J(Mv, l * n + j), J(o->dG, (l * n + j) * n), len, v, len, n, ord, ctx,
                    prec);
    for (l = 0; l < n; l++)
    {
        arb_ptr fl = J(f, l);
        jet_zero(fl, ctx);
        for (j = 0; j < n; j++)
        {
            _arb_vec_scalar_mul_2exp_si(w, J(Mv, l * n + j), len, -1);
            jet_sub(w, w, J(Mv, j * n + l), ctx, prec);
            /* + d_l Delta_j - d_j Delta_l */
            jet_add(w, w, J(o->dD, l * n + j), ctx, prec);
            jet_sub(w, w, J(o->dD, j * n + l), ctx, prec);
            jet_sub(w, w, J(o->C, l * n + j), ctx, prec);
            jet_sub(w, w, J(o->dG, (n * n + l) * n + j), ctx, prec);   /* d_t G_lj */
            jet_addmul(fl, w, J(v, j), ord, ctx, prec);
        }
        jet_sub(fl, fl, J(o->dV, l), ctx, prec);
        jet_sub(fl, fl, J(o->dD, n * n + l), ctx, prec);                 /* d_t Delta_l */
        jet_add(fl, fl, J(o->F, l), ctx, prec);
    }
    jet_clear(w, ctx);
    jet_vec_clear(Mv, n * n, ctx);
}

/* Full system: a = G^{-1} (f - (1/eps) A^T mu_bar (A v + b)): paper 000
   (39)-(40) in Lagrangian form (A v + b given as w when w != NULL); with b (affine models, affine = 1) the
   friction realization of A(q,t) v + b(q,t) = 0, proofs/020 (A1) and the
   equations of motion after it.  b is not touched when affine = 0 (the
   linear path's balls unchanged). */
int
_nh_flow_accel_full(arb_ptr a, const _nh_flow_obj *o, arb_srcptr f, arb_srcptr v,
                    arb_srcptr w, const arb_t eps, int affine, slong ord, const jet_ctx_t ctx,
                    slong prec)
{
    slong n = o->n, m = o->m, len = ctx->len, i, k, l;
    arb_ptr Av = jet_vec_init(m, ctx), muAv = jet_vec_init(m, ctx);
    jet_mat_t G, rhs;
    arb_t ie;
    int rc;

    arb_init(ie);
    arb_inv(ie, eps, prec);
    for (i = 0; i < m; i++)
    {
        if (w != NULL)
        {
            jet_set(J(Av, i), J(w, i), ctx);
            continue;
        }
        jet_dot(J(Av, i), J(o->A, i * n), len, v, len, n, ord, ctx, prec);
        if (affine)
            jet_add(J(Av, i), J(Av, i), J(o->b, i), ctx, prec);
    }
    for (i = 0; i < m; i++)
    {
        jet_dot(J(muAv, i), J(o->mu, i * m), len, Av, len, m, ord, ctx, prec);
        jet_scalar_mul(J(muAv, i), J(muAv, i), ie, ctx, prec);
    }
    jet_mat_init(G, n, n, ctx);
    jet_mat_init(rhs, n, 1, ctx);
    _arb_vec_set(G->entries, o->G, n * n * len);
    for (l = 0; l < n; l++)
    {
        jet_set(JET_MAT_ENTRY(rhs, l, 0, ctx), J(f, l), ctx);
        for (k = 0; k < m; k++)
            jet_submul(JET_MAT_ENTRY(rhs, l, 0, ctx), J(o->A, k * n + l), J(muAv, k), ord,
                       ctx, prec);
    }
    rc = jet_mat_solve(rhs, G, rhs, ord, ctx, prec);
    _arb_vec_set(a, rhs->entries, n * len);
    jet_mat_clear(G, ctx);
    jet_mat_clear(rhs, ctx);
    jet_vec_clear(Av, m, ctx);
    jet_vec_clear(muAv, m, ctx);
    arb_clear(ie);
    return rc;
}

/* [G, -A^T; A, 0] (a, lambda) = (f, g) (impl.h). */
int
_nh_flow_saddle(arb_ptr a, const _nh_flow_obj *o, arb_srcptr f, arb_srcptr g, slong ord,
                const jet_ctx_t ctx, slong prec)
{
    slong n = o->n, m = o->m, len = ctx->len, i, j;
    jet_mat_t K, rhs;
    int rc;

    jet_mat_init(K, n + m, n + m, ctx);
    jet_mat_init(rhs, n + m, 1, ctx);
    for (i = 0; i < n; i++)
    {
        for (j = 0; j < n; j++)
            jet_set(JET_MAT_ENTRY(K, i, j, ctx), J(o->G, i * n + j), ctx);
        jet_set(JET_MAT_ENTRY(rhs, i, 0, ctx), J(f, i), ctx);
    }
    for (i = 0; i < m; i++)
    {
        for (j = 0; j < n; j++)
        {
            jet_set(JET_MAT_ENTRY(K, n + i, j, ctx), J(o->A, i * n + j), ctx);
            jet_neg(JET_MAT_ENTRY(K, j, n + i, ctx), J(o->A, i * n + j), ctx);
        }
        jet_set(JET_MAT_ENTRY(rhs, n + i, 0, ctx), J(g, i), ctx);
    }
    rc = jet_mat_solve(rhs, K, rhs, ord, ctx, prec);
    _arb_vec_set(a, rhs->entries, n * len);
    jet_mat_clear(K, ctx);
    jet_mat_clear(rhs, ctx);
    return rc;
}

/* Nonholonomic: [G, -A^T; A, 0] (a, lambda) = (f, -c). */
static int
accel_nh(arb_ptr a, const _nh_flow_obj *o, arb_srcptr f, arb_srcptr v, slong ord,
         const jet_ctx_t ctx, slong prec)
{
    slong n = o->n, m = o->m, len = ctx->len, i, j, k;
    arb_ptr w = jet_init(ctx), c, g = jet_vec_init(m, ctx);
    int rc;

    for (i = 0; i < m; i++)
    {
        /* c_i = sum_j (sum_k d_k A_ij v^k + d_t A_ij) v^j + sum_k d_k b_i v^k + d_t b_i */
        c = J(g, i);
        jet_neg(c, J(o->db, n * m + i), ctx);
        for (j = 0; j < n; j++)
        {
            jet_set(w, J(o->dA, (n * m + i) * n + j), ctx);
            for (k = 0; k < n; k++)
                jet_addmul(w, J(o->dA, (k * m + i) * n + j), J(v, k), ord, ctx, prec);
            jet_add(w, w, J(o->db, j * m + i), ctx, prec);
            jet_submul(c, w, J(v, j), ord, ctx, prec);
        }
    }
    rc = _nh_flow_saddle(a, o, f, g, ord, ctx, prec);
    jet_clear(w, ctx);
    jet_vec_clear(g, m, ctx);
    return rc;
}

int
nh_flow_taylor_rhs(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord,
                   const jet_ctx_t ctx, void *data, slong prec, nh_error_t err)
{
    nh_flow_taylor_struct *S = data;
    slong n = S->n, len = ctx->len, i;
    arb_srcptr v = x + n * len;
    arb_ptr force;
    _nh_flow_obj *o;
    int rc;

    if (S->system == NH_FLOW_REDUCED)
        return _nh_flow_reduced_rhs(f, x, t0, ord, ctx, S, prec, err);
    if (S->system == NH_FLOW_FULL_ADAPTED)
        return _nh_flow_adapted_rhs(f, x, t0, ord, ctx, S, prec, err);
    rc = _nh_flow_obj_eval(&o, S, x, t0, ord, ctx, prec, err);
    if (rc == NH_OK)
    {
        force = jet_vec_init(n, ctx);
        _nh_flow_lagrange_force(force, o, v, ord, ctx, prec);
        if (S->system == NH_FLOW_FULL)
            rc = _nh_flow_accel_full(f + n * len, o, force, v, NULL, S->eps,
                            !nh_model_constraints_are_linear(S->M), ord, ctx, prec);
        else
            rc = accel_nh(f + n * len, o, force, v, ord, ctx, prec);
        if (rc != NH_OK)
            rc = nh_error_set(err, NH_ERR_DOMAIN, "%s matrix not certified invertible "
                              "along the step", S->system == NH_FLOW_FULL ? "metric G"
                              : "constraint saddle [G, A^T; A, 0]");
        jet_vec_clear(force, n, ctx);
        for (i = 0; i < n; i++)
            jet_set(J(f, i), J(v, i), ctx);
    }
    return rc;
}
