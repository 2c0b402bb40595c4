/*
 * flow_taylor_reduced.c -- the order-k reduced field on jets
 * (NH_FLOW_REDUCED, flow.h; paper 000 (69)-(71)) and the slow-manifold
 * terms h^(j)(q, vD) along a series (nh_flow_taylor_section).
 *
 * The reduced field in saddle form.  On the order-k approximation of
 * D_eps, v = vD + h with h = sum_{j<=k} eps^j h^(j) in D_perp, written
 * h = G^{-1} A^T sigma.  nh_reduced_field (lib/series.h) gives
 * vDdot = (dP[v]) v + P F(q, v), F = G^{-1} f.  Its D-part: P dP = dP P_perp
 * (from P^2 = P), so P vDdot = P F + dP[v] h, and differentiating
 * P G^{-1} A^T sigma = 0 (sigma fixed) along v gives
 * dP[v] h = P G^{-1} (dG[v] h - dA[v]^T sigma).  Its D_perp-part follows
 * from A vD = 0 along the motion: A vDdot = -dA[v] vD.  Hence
 *   G vDdot = f(q, v) + dG[v] h - dA[v]^T sigma + A^T mu,  A vDdot = -dA[v] vD,
 * one saddle solve (_nh_flow_saddle), as for the nonholonomic system
 * (k = 0: h = 0, sigma = 0).
 *
 * The terms h^(j).  The time route (000 eq (60); lib/series/series_time.c)
 * along the slow trajectory through the point, with rho = A h_eps:
 * A applied to (1/eps) FR_sharp h_eps = (dP_perp[v]) v + P_perp F - dh_eps/dt
 * (FR_sharp = G^{-1} A^T mu_bar A, A P_perp = A, A dP_perp[v] v = dA[v] vD,
 * A dh/dt = drho/dt - dA[v] h) gives
 *   S mu_bar rho = eps (dA[v] v + A G^{-1} f(q, v) - drho/dt),  S = A G^{-1} A^T,
 * and h_eps = G^{-1} A^T S^{-1} rho.  With q, u (= vD along the
 * trajectory) and rho as series in (t, eps) whose coefficients are jets in
 * the caller's context (the context ctx x (t, eps), (t, eps) of cap K),
 * the coefficient [t^i eps^j] of each right-hand side depends only on
 * coefficients of smaller weight i + 2j (the factor eps; the integrals in
 * t), so 2K Jacobi passes from (q, u, rho) = (q0, vD, 0) make every
 * coefficient of weight <= 2K exact: h^(j) = [t^0 eps^j] h_eps, j <= K.
 * For K = 1 the first pass is the closed form (000 eq (67)):
 * sigma^(1) = S^{-1} mu_bar^{-1} S^{-1} (dA[vD] vD + A G^{-1} f(q, vD)).
 *
 * Cost (one evaluation, relative to the nonholonomic field on the same
 * context): K = 1 direct, about 1.5 (one model evaluation, three solves);
 * K >= 2, 2K passes in a context binomial(K+2, 2) times longer whose
 * products cost about binomial(K+4, 4) times more: ~ 2K binomial(K+4, 4)
 * (60 at K = 2).
 */
#include "impl.h"

#define NH_FR_SLOTS 2
#define J(v, k) ((v) + (k) * len)

/* ctx x (t, eps) for one caller context and one K */
typedef struct
{
    const jet_ctx_struct *key;
    slong keylen, K;
    jet_ctx_t R;
    slong *up;              /* ctx var -> R var (identity)               */
    slong *cidx, *tex, *eex; /* R monomial -> ctx monomial, t, eps exps */
}
_fr_slot;

typedef struct
{
    _fr_slot slot[NH_FR_SLOTS];
    slong next;
    nh_flow_taylor_t inner; /* the model's objects in the contexts R   */
}
_fr_cache;

/* The quantities of one pass in a context X (R or the caller's). */
typedef struct
{
    slong n, m;
    int aff;                 /* time-dependent / affine model (proofs/020) */
    arb_ptr v, f, F, dAv, H, sig, a, rhs, g, e, t;
    arb_ptr vp, sigp, Hs, sigs; /* aff: v_p, S^{-1} b, v_p + H, sig - sigp */
    jet_mat_t G, GiAT, S, mm, mu;
}
_fr_ws;

static void
ws_init(_fr_ws *w, slong n, slong m, const jet_ctx_t X)
{
    w->n = n; w->m = m;
    w->v = jet_vec_init(n, X);  w->f = jet_vec_init(n, X);  w->F = jet_vec_init(n, X);
    w->dAv = jet_vec_init(m * n, X);
    w->H = jet_vec_init(n, X);  w->sig = jet_vec_init(m, X);  w->a = jet_vec_init(n, X);
    w->rhs = jet_vec_init(n, X); w->g = jet_vec_init(m, X);   w->e = jet_vec_init(m, X);
    w->t = jet_init(X);
    w->aff = 0;
    w->vp = jet_vec_init(n, X); w->sigp = jet_vec_init(m, X);
    w->Hs = jet_vec_init(n, X); w->sigs = jet_vec_init(m, X);
    jet_mat_init(w->G, n, n, X);
    jet_mat_init(w->GiAT, n, 1 + m, X);
    jet_mat_init(w->S, m, m, X);
    jet_mat_init(w->mm, m, 1, X);
    jet_mat_init(w->mu, m, m, X);
}

static void
ws_clear(_fr_ws *w, const jet_ctx_t X)
{
    slong n = w->n, m = w->m;
    jet_vec_clear(w->v, n, X);  jet_vec_clear(w->f, n, X);  jet_vec_clear(w->F, n, X);
    jet_vec_clear(w->dAv, m * n, X);
    jet_vec_clear(w->H, n, X);  jet_vec_clear(w->sig, m, X); jet_vec_clear(w->a, n, X);
    jet_vec_clear(w->rhs, n, X); jet_vec_clear(w->g, m, X);  jet_vec_clear(w->e, m, X);
    jet_clear(w->t, X);
    jet_vec_clear(w->vp, n, X); jet_vec_clear(w->sigp, m, X);
    jet_vec_clear(w->Hs, n, X); jet_vec_clear(w->sigs, m, X);
    jet_mat_clear(w->G, X);
    jet_mat_clear(w->GiAT, X);
    jet_mat_clear(w->S, X);
    jet_mat_clear(w->mm, X);
    jet_mat_clear(w->mu, X);
}

/* ---- the contexts ctx x (t, eps) ----------------------------------- */

static void
slot_clear(_fr_slot *sl)
{
    if (sl->key == NULL)
        return;
    flint_free(sl->up);
    flint_free(sl->cidx);
    flint_free(sl->tex);
    flint_free(sl->eex);
    jet_ctx_clear(sl->R);
    sl->key = NULL;
}

void
_nh_flow_reduced_cache_clear(nh_flow_taylor_struct *S)
{
    _fr_cache *c = S->rcache;
    slong k;

    for (k = 0; k < NH_FR_SLOTS; k++)
        slot_clear(c->slot + k);
    nh_flow_taylor_clear(c->inner);
    flint_free(c);
    S->rcache = NULL;
}

static _fr_cache *
rcache(nh_flow_taylor_struct *S)
{
    _fr_cache *c = S->rcache;

    if (c == NULL)
    {
        c = S->rcache = flint_calloc(1, sizeof(_fr_cache));
        nh_flow_taylor_init(c->inner, S->M, NH_FLOW_REDUCED, S->eps);
    }
    return c;
}

/* R = ctx x (t, eps), (t, eps) a group of cap K, total order ctx's + K;
   the caller checked ctx->ngroups <= JET_MAX_GROUPS - 2 (the model is
   evaluated in R extended by one more group). */
static _fr_slot *
get_slot(_fr_cache *c, const jet_ctx_t ctx, slong K)
{
    _fr_slot *sl;
    slong k, g, i, nv = ctx->nvars, sizes[JET_MAX_GROUPS], caps[JET_MAX_GROUPS];

    for (k = 0; k < NH_FR_SLOTS; k++)
        if (c->slot[k].key == ctx && c->slot[k].keylen == ctx->len && c->slot[k].K == K)
            return c->slot + k;
    sl = c->slot + c->next;
    c->next = (c->next + 1) % NH_FR_SLOTS;
    slot_clear(sl);
    for (g = 0; g < ctx->ngroups; g++)
    {
        sizes[g] = ctx->group_start[g + 1] - ctx->group_start[g];
        caps[g] = ctx->group_order[g];
    }
    sizes[g] = 2;
    caps[g] = K;
    jet_ctx_init_groups(sl->R, ctx->ngroups + 1, sizes, caps, ctx->order + K);
    sl->up = flint_malloc(nv * sizeof(slong));
    for (k = 0; k < nv; k++)
        sl->up[k] = k;
    sl->cidx = flint_malloc(sl->R->len * sizeof(slong));
    sl->tex = flint_malloc(sl->R->len * sizeof(slong));
    sl->eex = flint_malloc(sl->R->len * sizeof(slong));
    for (i = 0; i < sl->R->len; i++)
    {
        const slong *e = jet_ctx_exp(sl->R, i);
        sl->cidx[i] = jet_ctx_index(ctx, e);    /* the first nv exponents */
        sl->tex[i] = e[nv];
        sl->eex[i] = e[nv + 1];
    }
    sl->key = ctx;
    sl->keylen = ctx->len;
    sl->K = K;
    return sl;
}

/* ---- one pass ------------------------------------------------------ */

/* f = f(q, v) (Lagrangian force side) and dAv = dA[v] (m x n: sum_l v^l
   d_l A_ik) from the objects o at q and w->v. */
static void
fr_force(_fr_ws *w, const _nh_flow_obj *o, slong ord, const jet_ctx_t X, slong prec)
{
    slong n = w->n, m = w->m, len = X->len, i, k;

    _nh_flow_lagrange_force(w->f, o, w->v, ord, X, prec);
    for (i = 0; i < m; i++)
        for (k = 0; k < n; k++)
            jet_dot(J(w->dAv, i * n + k), J(o->dA, i * n + k), m * n * len, w->v, len, n,
                    ord, X, prec);
}

/* F = G^{-1} f, GiAT = G^{-1} [f | A^T] (column 0 = F), S = A G^{-1} A^T,
   mu = mu_bar. */
static int
fr_solve_G(_fr_ws *w, const _nh_flow_obj *o, slong ord, const jet_ctx_t X, slong prec)
{
    slong n = w->n, m = w->m, len = X->len, i, j;

    _arb_vec_set(w->G->entries, o->G, n * n * len);
    _arb_vec_set(w->mu->entries, o->mu, m * m * len);
    for (i = 0; i < n; i++)
    {
        jet_set(JET_MAT_ENTRY(w->GiAT, i, 0, X), J(w->f, i), X);
        for (j = 0; j < m; j++)
            jet_set(JET_MAT_ENTRY(w->GiAT, i, 1 + j, X), J(o->A, j * n + i), X);
    }
    if (jet_mat_solve(w->GiAT, w->G, w->GiAT, ord, X, prec) != 0)
        return 1;
    for (i = 0; i < n; i++)
        jet_set(J(w->F, i), JET_MAT_ENTRY(w->GiAT, i, 0, X), X);
    for (i = 0; i < m; i++)
        for (j = 0; j < m; j++)
            jet_dot(JET_MAT_ENTRY(w->S, i, j, X), J(o->A, i * n), len,
                    JET_MAT_ENTRY(w->GiAT, 0, 1 + j, X), (1 + m) * len, n, ord, X, prec);
    return 0;
}

/* z (m jets) = mu_bar^{-1} S^{-1} w->mm (column 0); nonzero when S or
   mu_bar is not certified invertible. */
static int
rho_solve(arb_ptr z, _fr_ws *w, slong ord, const jet_ctx_t X, slong prec)
{
    if (jet_mat_solve(w->mm, w->S, w->mm, ord, X, prec) != 0
        || jet_mat_solve(w->mm, w->mu, w->mm, ord, X, prec) != 0)
        return 1;
    _arb_vec_set(z, w->mm->entries, w->m * X->len);
    return 0;
}

/* z (m jets) = mu_bar^{-1} S^{-1} (dA[v] v + A F - e) (e: m jets or NULL). */
static int
fr_rho(arb_ptr z, _fr_ws *w, const _nh_flow_obj *o, arb_srcptr e, slong ord,
       const jet_ctx_t X, slong prec)
{
    slong n = w->n, m = w->m, len = X->len, i;
    arb_ptr r;

    for (i = 0; i < m; i++)
    {
        r = JET_MAT_ENTRY(w->mm, i, 0, X);
        jet_dot(r, J(w->dAv, i * n), len, w->v, len, n, ord, X, prec);
        jet_dot(w->t, J(o->A, i * n), len, w->F, len, n, ord, X, prec);
        jet_add(r, r, w->t, X, prec);
        if (e != NULL)
            jet_sub(r, r, J(e, i), X, prec);
    }
    return rho_solve(z, w, ord, X, prec);
}

/* sig = S^{-1} rhs (m jets) and out = G^{-1} A^T sig (n jets), negated
   when neg; S and G^{-1} A^T (GiAT columns 1..m) already in w.  Returns
   nonzero when S is not certified invertible. */
static int
fr_GiAT_solve(_fr_ws *w, arb_ptr out, arb_ptr sig, arb_srcptr rhs, int neg, slong ord,
              const jet_ctx_t X, slong prec)
{
    slong n = w->n, m = w->m, len = X->len, i;

    _arb_vec_set(w->mm->entries, rhs, m * len);
    if (jet_mat_solve(w->mm, w->S, w->mm, ord, X, prec) != 0)
        return 1;
    _arb_vec_set(sig, w->mm->entries, m * len);
    for (i = 0; i < n; i++)
    {
        jet_dot(J(out, i), JET_MAT_ENTRY(w->GiAT, i, 1, X), len, sig, len, m, ord, X, prec);
        if (neg)
            jet_neg(J(out, i), J(out, i), X);
    }
    return 0;
}

/* sig = S^{-1} rho, H = G^{-1} A^T sig. */
static int
fr_sigma(_fr_ws *w, arb_srcptr rho, slong ord, const jet_ctx_t X, slong prec)
{
    return fr_GiAT_solve(w, w->H, w->sig, rho, 0, ord, X, prec);
}

/* a = vDdot of the saddle form (file comment) at u, v = w->v, h = hs,
   sigma = sg (h = G^{-1} A^T sigma), with w->f, w->dAv at v.  Linear
   autonomous models: hs = w->H, sg = w->sig.  Time-dependent / affine
   models (w->aff; the section "Time-dependent affine models" of the file
   comment): hs = v_p + H, sg = sigma - S^{-1} b, w->dAv = Adot (with
   d_t A), and the term d_t G hs of Gdot hs. */
static int
fr_accel(arb_ptr a, _fr_ws *w, const _nh_flow_obj *o, arb_srcptr u, arb_srcptr hs,
         arb_srcptr sg, slong ord, const jet_ctx_t X, slong prec)
{
    slong n = w->n, m = w->m, len = X->len, l, j, i;

    for (l = 0; l < n; l++)
    {
        arb_ptr r = J(w->rhs, l);
        jet_set(r, J(w->f, l), X);
        /* + sum_j v^j sum_k d_j G_lk h^k */
        for (j = 0; j < n; j++)
        {
            jet_dot(w->t, J(o->dG, (j * n + l) * n), len, hs, len, n, ord, X, prec);
            jet_addmul(r, w->t, J(w->v, j), ord, X, prec);
        }
        if (w->aff)             /* + sum_k d_t G_lk h^k */
        {
            jet_dot(w->t, J(o->dG, (n * n + l) * n), len, hs, len, n, ord, X, prec);
            jet_add(r, r, w->t, X, prec);
        }
        /* - sum_i dAv_il sigma_i */
        for (i = 0; i < m; i++)
            jet_submul(r, J(w->dAv, i * n + l), J(sg, i), ord, X, prec);
    }
    for (i = 0; i < m; i++)
    {
        jet_dot(J(w->g, i), J(w->dAv, i * n), len, u, len, n, ord, X, prec);
        jet_neg(J(w->g, i), J(w->g, i), X);
    }
    return _nh_flow_saddle(a, o, w->rhs, w->g, ord, X, prec);
}

static int
not_invertible(nh_error_t err)
{
    return nh_error_set(err, NH_ERR_DOMAIN, "reduced field: G, A G^{-1} A^T, mu_bar or the "
                        "saddle matrix [G, -A^T; A, 0] not certified invertible along the "
                        "step");
}

/* ---- time-dependent affine models (file comment) ------------------- */

/* S, G^{-1} A^T (GiAT columns 1..m; column 0 = 0), sigp = S^{-1} b and
   v_p = -G^{-1} A^T S^{-1} b (proofs/020 (A3)) at the objects o. */
static int
fa_vp(_fr_ws *w, const _nh_flow_obj *o, slong ord, const jet_ctx_t X, slong prec)
{
    _arb_vec_zero(w->f, w->n * X->len);
    if (fr_solve_G(w, o, ord, X, prec) != 0)
        return 1;
    return fr_GiAT_solve(w, w->vp, w->sigp, o->b, 1, ord, X, prec);
}

/* v = u + v_p + H; f(q, v, t) and Adot = dA[v] + d_t A (into w->dAv) at
   v; Hs = v_p + H and sigs = sig - sigp, so that Hs = G^{-1} A^T sigs
   (= P_perp v, the D_perp part of v). */
static void
fa_force(_fr_ws *w, const _nh_flow_obj *o, arb_srcptr u, slong ord, const jet_ctx_t X,
         slong prec)
{
    slong n = w->n, m = w->m, len = X->len;

    _arb_vec_add(w->Hs, w->vp, w->H, n * len, prec);
    _arb_vec_sub(w->sigs, w->sig, w->sigp, m * len, prec);
    _arb_vec_add(w->v, u, w->Hs, n * len, prec);
    fr_force(w, o, ord, X, prec);
    _arb_vec_add(w->dAv, w->dAv, o->dA + n * m * n * len, m * n * len, prec);
}

/* z (m jets) = mu_bar^{-1} S^{-1} (Adot v + A F + bdot - e), with
   A F = (G^{-1} A^T)^T f (G symmetric) and bdot = sum_l v^l d_l b + d_t b
   (e: m jets or NULL); the rho form of (A4)-(A5) (file comment). */
static int
fa_rho(arb_ptr z, _fr_ws *w, const _nh_flow_obj *o, arb_srcptr e, slong ord,
       const jet_ctx_t X, slong prec)
{
    slong n = w->n, m = w->m, len = X->len, i, l;
    arb_ptr r;

    for (i = 0; i < m; i++)
    {
        r = JET_MAT_ENTRY(w->mm, i, 0, X);
        jet_dot(r, J(w->dAv, i * n), len, w->v, len, n, ord, X, prec);
        jet_dot(w->t, JET_MAT_ENTRY(w->GiAT, 0, 1 + i, X), (1 + m) * len, w->f, len, n, ord,
                X, prec);
        jet_add(r, r, w->t, X, prec);
        for (l = 0; l < n; l++)
            jet_addmul(r, J(o->db, l * m + i), J(w->v, l), ord, X, prec);
        jet_add(r, r, J(o->db, n * m + i), X, prec);
        if (e != NULL)
            jet_sub(r, r, J(e, i), X, prec);
    }
    return rho_solve(z, w, ord, X, prec);
}

/* ---- the terms h^(j) ----------------------------------------------- */

/* K = 1 in the caller's context: sigma^(1), h^(1) (file comment), with
   the objects o at q already evaluated; w->v = u on entry. */
static int
section_direct(arb_ptr h, arb_ptr sigma, _fr_ws *w, const _nh_flow_obj *o, slong ord,
               const jet_ctx_t X, slong prec)
{
    slong len = X->len;

    fr_force(w, o, ord, X, prec);
    if (fr_solve_G(w, o, ord, X, prec) != 0 || fr_rho(w->e, w, o, NULL, ord, X, prec) != 0
        || fr_sigma(w, w->e, ord, X, prec) != 0)
        return 1;
    _arb_vec_set(h, w->H, w->n * len);
    if (sigma != NULL)
        _arb_vec_set(sigma, w->sig, w->m * len);
    return 0;
}

/* dst (ctx) += c * [t^0 eps^j] src (R), through the slot's monomial maps
   (c = NULL: dst = [t^0 eps^j] src, dst zeroed first). */
static void
take_coeff(arb_ptr dst, arb_srcptr src, slong j, const arb_t c, const _fr_slot *sl,
           const jet_ctx_t ctx, slong prec)
{
    slong i;

    if (c == NULL)
        _arb_vec_zero(dst, ctx->len);
    for (i = 0; i < sl->R->len; i++)
        if (sl->tex[i] == 0 && sl->eex[i] == j && sl->cidx[i] >= 0)
        {
            if (c == NULL)
                arb_set(dst + sl->cidx[i], src + i);
            else
                arb_addmul(dst + sl->cidx[i], src + i, c, prec);
        }
}

/* q = q0 + int v dtau, u = u0 + int a dtau (tau = variable tv of R). */
static void
pass_integrate(arb_ptr q, arb_ptr u, arb_srcptr q0, arb_srcptr u0, const _fr_ws *w, slong tv,
               const jet_ctx_t R, slong prec)
{
    slong len = R->len, i;

    for (i = 0; i < w->n; i++)
    {
        jet_integral(J(q, i), J(w->v, i), tv, R, prec);
        jet_add(J(q, i), J(q, i), J(q0, i), R, prec);
        jet_integral(J(u, i), J(w->a, i), tv, R, prec);
        jet_add(J(u, i), J(u, i), J(u0, i), R, prec);
    }
}

/* The end of a pass: rho' = eps z, z of fr_rho (fa_rho when w->aff) with
   e = drho/dtau; sigma, H from rho'; then q, u unless last. */
static int
pass_rho(arb_ptr q, arb_ptr u, arb_ptr rho, arb_srcptr q0, arb_srcptr u0, _fr_ws *w,
         const _nh_flow_obj *o, slong tv, slong ord, const jet_ctx_t R, int last, slong prec,
         nh_error_t err)
{
    slong m = w->m, len = R->len, i;

    for (i = 0; i < m; i++)
        jet_derivative(J(w->e, i), J(rho, i), tv, R, prec);
    if ((w->aff ? fa_rho(rho, w, o, w->e, ord, R, prec) : fr_rho(rho, w, o, w->e, ord, R, prec))
        != 0)
        return not_invertible(err);
    for (i = 0; i < m; i++)
        jet_mul_var(J(rho, i), J(rho, i), tv + 1, R);
    if (fr_sigma(w, rho, ord, R, prec) != 0)
        return not_invertible(err);
    if (!last)
        pass_integrate(q, u, q0, u0, w, tv, R, prec);
    return NH_OK;
}

/* One Jacobi pass of the time route in R (file comment): from (q, u,
   rho) to (q', u', rho'), sigma and H in w; last = 1 skips q', u'. */
static int
series_pass(arb_ptr q, arb_ptr u, arb_ptr rho, arb_srcptr q0, arb_srcptr u0, _fr_ws *w,
            _fr_cache *c, const _fr_slot *sl, slong ord, int last, slong prec, nh_error_t err)
{
    const jet_ctx_struct *R = sl->R;
    slong n = w->n, len = R->len, tv = R->nvars - 2;
    _nh_flow_obj *o;
    arb_t t0;
    int rc;

    arb_init(t0);
    _arb_vec_add(w->v, u, w->H, n * len, prec);
    rc = _nh_flow_obj_eval(&o, c->inner, q, t0, ord, R, prec, err);
    arb_clear(t0);
    if (rc != NH_OK)
        return rc;
    fr_force(w, o, ord, R, prec);
    if (fr_solve_G(w, o, ord, R, prec) != 0
        || (!last && fr_accel(w->a, w, o, u, w->H, w->sig, ord, R, prec)))
        return not_invertible(err);
    return pass_rho(q, u, rho, q0, u0, w, o, tv, ord, R, last, prec, err);
}

/* One pass for a time-dependent / affine model (file comment,
   "Time-dependent affine models"): the model at t0 + s + tau (tau the
   route's time, s the caller's), v = u + v_p + H. */
static int
series_pass_aff(arb_ptr q, arb_ptr u, arb_ptr rho, arb_srcptr q0, arb_srcptr u0, _fr_ws *w,
                _fr_cache *c, const _fr_slot *sl, const arb_t t0, slong ord, int last,
                slong prec, nh_error_t err)
{
    const jet_ctx_struct *R = sl->R;
    slong tv = R->nvars - 2;
    _nh_flow_obj *o;
    int rc = _nh_flow_obj_eval_tv(&o, c->inner, q, t0, tv, ord, R, prec, err);

    if (rc != NH_OK)
        return rc;
    if (fa_vp(w, o, ord, R, prec) != 0)
        return not_invertible(err);
    fa_force(w, o, u, ord, R, prec);
    if (!last && fr_accel(w->a, w, o, u, w->Hs, w->sigs, ord, R, prec) != 0)
        return not_invertible(err);
    return pass_rho(q, u, rho, q0, u0, w, o, tv, ord, R, last, prec, err);
}

/* K >= 1 by 2K passes in R = ctx x (t, eps). */
static int
section_series(arb_ptr h, arb_ptr sigma, nh_flow_taylor_struct *S, arb_srcptr x, slong K,
               const arb_t t0, slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    _fr_cache *c = rcache(S);
    const _fr_slot *sl = get_slot(c, ctx, K);
    const jet_ctx_struct *R = sl->R;
    slong n = S->n, m = S->m, len = ctx->len, i, j, it, ordR = FLINT_MIN(ord + K, R->order);
    arb_ptr q0 = jet_vec_init(2 * n, R), q = jet_vec_init(2 * n, R), rho = jet_vec_init(m, R);
    _fr_ws w;
    int rc = NH_OK;

    ws_init(&w, n, m, R);
    w.aff = !nh_model_is_linear_autonomous(S->M);
    for (i = 0; i < 2 * n; i++)
        jet_transfer(JET_ENTRY(q0, i, R), R, JET_ENTRY(x, i, ctx), ctx, sl->up);
    _arb_vec_set(q, q0, 2 * n * R->len);
    for (it = 1; it <= 2 * K && rc == NH_OK; it++)
        rc = w.aff ? series_pass_aff(q, JET_ENTRY(q, n, R), rho, q0, JET_ENTRY(q0, n, R), &w, c,
                                     sl, t0, ordR, it == 2 * K, prec, err)
            : series_pass(q, JET_ENTRY(q, n, R), rho, q0, JET_ENTRY(q0, n, R), &w, c, sl, ordR,
                          it == 2 * K, prec, err);
    for (j = 1; j <= K && rc == NH_OK; j++)
    {
        for (i = 0; i < n; i++)
            take_coeff(J(h, (j - 1) * n + i), JET_ENTRY(w.H, i, R), j, NULL, sl, ctx, prec);
        for (i = 0; i < m && sigma != NULL; i++)
            take_coeff(J(sigma, (j - 1) * m + i), JET_ENTRY(w.sig, i, R), j, NULL, sl, ctx,
                       prec);
    }
    ws_clear(&w, R);
    jet_vec_clear(q0, 2 * n, R);
    jet_vec_clear(q, 2 * n, R);
    jet_vec_clear(rho, m, R);
    return rc;
}

/* lin = 1: the model must be linear autonomous (nh_flow_taylor_section) */
static int
section_check(const nh_flow_taylor_struct *S, slong K, int lin, const jet_ctx_t ctx,
              nh_error_t err)
{
    if (K < 1 || K > NH_FLOW_REDUCED_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "slow-manifold terms of order K = %ld: "
                            "supported 1..%d", (long) K, NH_FLOW_REDUCED_MAX_ORDER);
    if (lin && !nh_model_is_linear_autonomous(S->M))
        return nh_error_set(err, NH_ERR_MODEL, "the slow-manifold terms h^(j) need a model "
                            "of the original class of paper 000 (linear autonomous)");
    if (ctx->ngroups > JET_MAX_GROUPS - 2)
        return nh_error_set(err, NH_ERR_USAGE, "reduced field: a context of %ld groups "
                            "(at most %d)", (long) ctx->ngroups, JET_MAX_GROUPS - 2);
    return NH_OK;
}

/* K = 1 closed form in ctx: the objects at q (*po) and h^(1), sigma^(1)
   into h, sigma (w: a workspace in ctx). */
static int
direct_at(arb_ptr h, arb_ptr sigma, _fr_ws *w, nh_flow_taylor_struct *S, arb_srcptr x,
          _nh_flow_obj **po, slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    arb_t t0;
    int rc;

    arb_init(t0);
    rc = _nh_flow_obj_eval(po, S, x, t0, ord, ctx, prec, err);
    arb_clear(t0);
    if (rc != NH_OK)
        return rc;
    _arb_vec_set(w->v, x + S->n * ctx->len, S->n * ctx->len);
    if (section_direct(h, sigma, w, *po, ord, ctx, prec) != 0)
        return not_invertible(err);
    return NH_OK;
}

/* K = 1 for a time-dependent / affine model in ctx, at the model time
   t0 + s: h^(1) = G^{-1} A^T S^{-1} rho^(1), rho^(1) the first pass of the
   route at v = u + v_p (file comment); leaves the objects in *po and
   v_p, S^{-1} b in w. */
static int
direct_aff(arb_ptr h, arb_ptr sigma, _fr_ws *w, nh_flow_taylor_struct *S, arb_srcptr x,
           _nh_flow_obj **po, const arb_t t0, slong ord, const jet_ctx_t ctx, slong prec,
           nh_error_t err)
{
    slong n = S->n, m = S->m, len = ctx->len;
    int rc = _nh_flow_obj_eval(po, S, x, t0, ord, ctx, prec, err);

    if (rc != NH_OK)
        return rc;
    if (fa_vp(w, *po, ord, ctx, prec) != 0)
        return not_invertible(err);
    _arb_vec_zero(w->H, n * len);
    _arb_vec_zero(w->sig, m * len);
    fa_force(w, *po, x + n * len, ord, ctx, prec);
    if (fa_rho(w->e, w, *po, NULL, ord, ctx, prec) != 0 || fr_sigma(w, w->e, ord, ctx, prec) != 0)
        return not_invertible(err);
    _arb_vec_set(h, w->H, n * len);
    _arb_vec_set(sigma, w->sig, m * len);
    return NH_OK;
}

int
nh_flow_taylor_section(arb_ptr h, arb_ptr sigma, nh_flow_taylor_struct *S, arb_srcptr x,
                       slong K, int direct, slong ord, const jet_ctx_t ctx, slong prec,
                       nh_error_t err)
{
    _nh_flow_obj *o;
    _fr_ws w;
    int rc = section_check(S, K, 1, ctx, err);
    arb_t t0;

    if (rc != NH_OK)
        return rc;
    if (K > 1 || !direct)
    {
        arb_init(t0);           /* unused by linear autonomous models */
        rc = section_series(h, sigma, S, x, K, t0, ord, ctx, prec, err);
        arb_clear(t0);
        return rc;
    }
    ws_init(&w, S->n, S->m, ctx);
    rc = direct_at(h, sigma, &w, S, x, &o, ord, ctx, prec, err);
    ws_clear(&w, ctx);
    return rc;
}

/* ---- the field ----------------------------------------------------- */

void
nh_flow_taylor_init_reduced(nh_flow_taylor_t S, const nh_model_struct *M, slong k,
                            const arb_t eps)
{
    nh_flow_taylor_init(S, M, NH_FLOW_REDUCED, eps);
    S->order = k;
}

/* h = sum_j eps^j h^(j), sigma likewise, into w->H, w->sig (K = S->order
   >= 1), then w->v = u + h (linear autonomous models; w->aff: v_p and
   S^{-1} b into w->vp, w->sigp instead, v left to fa_force). */
static int
lifted(_fr_ws *w, nh_flow_taylor_struct *S, arb_srcptr x, const _nh_flow_obj **po,
       const arb_t t0, slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    slong n = S->n, m = S->m, K = S->order, len = ctx->len, j;
    arb_ptr h = jet_vec_init(K * n, ctx), sg = jet_vec_init(K * m, ctx);
    _nh_flow_obj *o;
    arb_t ej;
    int rc;

    arb_init(ej);
    if (K == 1)
        rc = w->aff ? direct_aff(h, sg, w, S, x, &o, t0, ord, ctx, prec, err)
            : direct_at(h, sg, w, S, x, &o, ord, ctx, prec, err);
    else
    {
        rc = section_series(h, sg, S, x, K, t0, ord, ctx, prec, err);
        if (rc == NH_OK)        /* the objects at q in ctx */
            rc = _nh_flow_obj_eval(&o, S, x, t0, ord, ctx, prec, err);
        if (rc == NH_OK && w->aff && fa_vp(w, o, ord, ctx, prec) != 0)
            rc = not_invertible(err);
    }
    if (rc == NH_OK)
    {
        *po = o;
        _arb_vec_zero(w->H, n * len);
        _arb_vec_zero(w->sig, m * len);
        arb_one(ej);
        for (j = 1; j <= K; j++)
        {
            arb_mul(ej, ej, S->eps, prec);
            _arb_vec_scalar_addmul(w->H, h + (j - 1) * n * len, n * len, ej, prec);
            _arb_vec_scalar_addmul(w->sig, sg + (j - 1) * m * len, m * len, ej, prec);
        }
        if (!w->aff)
            _arb_vec_add(w->v, x + n * len, w->H, n * len, prec);
    }
    jet_vec_clear(h, K * n, ctx);
    jet_vec_clear(sg, K * m, ctx);
    arb_clear(ej);
    return rc;
}

int
_nh_flow_reduced_rhs(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord,
                     const jet_ctx_t ctx, nh_flow_taylor_struct *S, slong prec,
                     nh_error_t err)
{
    slong n = S->n, len = ctx->len;
    const _nh_flow_obj *o;
    _fr_ws w;
    int rc;

    if (S->order < 1)
        return nh_error_set(err, NH_ERR_USAGE, "reduced field of order %ld on jets: use "
                            "NH_FLOW_NH for order 0", (long) S->order);
    if ((rc = section_check(S, S->order, 0, ctx, err)) != NH_OK)
        return rc;
    ws_init(&w, n, S->m, ctx);
    w.aff = !nh_model_is_linear_autonomous(S->M);
    rc = lifted(&w, S, x, &o, t0, ord, ctx, prec, err);
    if (rc == NH_OK && w.aff)
    {
        /* v = u + v_p + H, Gdot (v_p + H) - Adot^T sigs at model time t0 + s */
        fa_force(&w, o, x + n * len, ord, ctx, prec);
        if (fr_accel(f + n * len, &w, o, x + n * len, w.Hs, w.sigs, ord, ctx, prec) != 0)
            rc = not_invertible(err);
        _arb_vec_set(f, w.v, n * len);
    }
    else if (rc == NH_OK)
    {
        fr_force(&w, o, ord, ctx, prec);
        if (fr_accel(f + n * len, &w, o, x + n * len, w.H, w.sig, ord, ctx, prec) != 0)
            rc = not_invertible(err);
        _arb_vec_set(f, w.v, n * len);
    }
    ws_clear(&w, ctx);
    return rc;
}
