/*
 * quantity_prop56.c -- 002 Sec 5, Props 5 and 6 (issue 21): the SODEs
 * Gamma^1_ghat = p^(Gamma_ghat) and Gamma^2_ghat = Gamma_ghat -
 * (nabla^(Q^(T)))^V of a D-preserving metric ghat at v in D (on C), and
 * the identities that hold for EVERY D-preserving ghat and imply the
 * equivalences of the two propositions (nh_quantity_prop56, quantity.h;
 * derivation in proofs/002-belrhazi-mestdag.md "Sec 5"; 002 Sec 5 and
 * the proofs of Lemma 2 and Prop 5: the paper numbers no equation).
 *
 * Notation (002 Sec 4-5): frame {X_a, X_i} of nh_dyn_frame (X_a spans
 * D, X_i = G^-1 A^T e_i spans D^g), g_ab = g(X_a, X_b), g^ab its
 * inverse, ghat_al be = ghat(X_al, X_be), [X_al, X_be] = R^ga_al be X_ga;
 * F^al the frame components of ghat's geodesic spray, f^a those of the
 * nonholonomic field of (g, D); X^_i = X_i - g^ab ghat_bi X_a spans
 * D^ghat; Q^ the ghat-orthogonal projection onto D^ghat (kernel D).
 *
 * Routes (no two sides of an identity share a code path):
 *   A_c, B_i    nh_dyn_lemma2 (brackets R, Levi-Civita symbols of g,
 *               X_a(ghat_bi) from jets; no derivative of ghat otherwise,
 *               no Christoffel symbol of ghat);
 *   F^al        frame components of nh_dyn_geodesic(ghat) (coordinate
 *               Christoffel symbols of ghat): F = theta(ahat - w),
 *               w = v^al X_al'[v];
 *   f^a         route 1 of g (nh_dyn_lagrange, multipliers);
 *   Gamma^2|_C  coordinates: ahat - nabla^(Q^ T), nabla^(Q^ T)|_C =
 *               (dQ^[v]) v + Q^ ahat (Q^ v = 0 on C), Q^ = ghat^-1 A^T
 *               (A ghat^-1 A^T)^-1 A on order-1 jets;
 *   (iv)_c      coordinates: d/dt ghat(X_c, v) along the nonholonomic
 *               motion of g minus X_c^C(Lhat) = 1/2 X_c^mu d_mu ghat(v, v)
 *               + ghat(dX_c[v], v), from jets of ghat and of the frame;
 *   Gamma^1 of (ghat, D) by route 1 with ghat's metric (nh_dyn_lagrange).
 */
#include "impl.h"

typedef struct
{
    slong n, m, p;
    nh_dyn_t D;
    nh_dyn_frame_t W;
    jet_mat_t Gh;               /* ghat, order-1 jets in D->ctx          */
    arb_mat_t Gh0, Hf, gi;      /* ghat at q; ghat_al be; g^ab (p x p)   */
    arb_ptr v, va, w, F;        /* velocity, quasi-velocities, w, F^al    */
    char qdesc[256];            /* the point's midpoints, for messages   */
}
p56_ws;

/* dX_al[v] (n balls): the derivative of the frame field X_al along v */
static void
frame_rate(arb_ptr out, const p56_ws *S, slong al, arb_srcptr v, slong prec)
{
    slong mu;
    for (mu = 0; mu < S->n; mu++)
        _nh_quantity_der_along(out + mu, S->D, JET_MAT_ENTRY(S->W->F, mu, al, S->D->ctx), v, prec);
}

/* frame components theta(x) (n balls) of the coordinate vector x */
static void
to_frame(arb_ptr c, const p56_ws *S, arb_srcptr x, slong prec)
{
    slong al, mu;
    for (al = 0; al < S->n; al++)
    {
        arb_zero(c + al);
        for (mu = 0; mu < S->n; mu++)
            arb_addmul(c + al, arb_mat_entry(S->W->F0inv, al, mu), x + mu, prec);
    }
}

/* ghat(x, y) at q, coordinates */
static void
ghat_pair(arb_t res, const p56_ws *S, arb_srcptr x, arb_srcptr y, slong prec)
{
    slong mu, nu;
    arb_t s;
    arb_init(s);
    arb_zero(res);
    for (mu = 0; mu < S->n; mu++)
    {
        arb_zero(s);
        for (nu = 0; nu < S->n; nu++)
            arb_addmul(s, arb_mat_entry(S->Gh0, mu, nu), y + nu, prec);
        arb_addmul(res, x + mu, s, prec);
    }
    arb_clear(s);
}

#define GF(S, x, y) jet_const(JET_MAT_ENTRY((S)->W->Gf, x, y, (S)->D->ctx))
#define HF(S, x, y) arb_mat_entry((S)->Hf, x, y)
#define GI(S, x, y) arb_mat_entry((S)->gi, x, y)

static void
ws_init(p56_ws *S, const nh_model_struct *M)
{
    slong n = nh_model_n(M), p;
    nh_dyn_init(S->D, M);
    S->n = n;
    S->m = S->D->m;
    S->p = p = S->D->p;
    nh_dyn_frame_init(S->W, S->D);
    jet_mat_init(S->Gh, n, n, S->D->ctx);
    arb_mat_init(S->Gh0, n, n);
    arb_mat_init(S->Hf, n, n);
    arb_mat_init(S->gi, p, p);
    S->v = _arb_vec_init(n);
    S->va = _arb_vec_init(n);
    S->w = _arb_vec_init(n);
    S->F = _arb_vec_init(n);
}

static void
ws_clear(p56_ws *S)
{
    slong n = S->n;
    jet_mat_clear(S->Gh, S->D->ctx);
    nh_dyn_frame_clear(S->W, S->D);
    nh_dyn_clear(S->D);
    arb_mat_clear(S->Gh0);
    arb_mat_clear(S->Hf);
    arb_mat_clear(S->gi);
    _arb_vec_clear(S->v, n);
    _arb_vec_clear(S->va, n);
    _arb_vec_clear(S->w, n);
    _arb_vec_clear(S->F, n);
}

/* ghat and its frame components Hf = F0^T ghat F0, g^ab, the
   quasi-velocities va (v^i = 0 exactly on C) and w = v^a X_a'[v] */
static int
ws_frame_data(p56_ws *S, const nh_model_struct *ghat, arb_srcptr q, slong prec, nh_error_t err)
{
    slong n = S->n, p = S->p, a, b, mu;
    const jet_ctx_struct *ctx = S->D->ctx;
    arb_ptr qj = jet_vec_init(n + 1, ctx), d = _arb_vec_init(n);
    arb_mat_t F0, T, g;
    int r;

    for (mu = 0; mu < n; mu++)
        jet_set_var(JET_ENTRY(qj, mu, ctx), q + mu, mu, ctx);
    jet_set_var(JET_ENTRY(qj, n, ctx), S->D->qt + n, n, ctx);
    r = nh_model_eval_metric(S->Gh, ghat, qj, 1, ctx, prec, err);
    arb_mat_init(F0, n, n);
    arb_mat_init(T, n, n);
    arb_mat_init(g, p, p);
    if (r == NH_OK)
    {
        jet_mat_get_const(S->Gh0, S->Gh, ctx);
        jet_mat_get_const(F0, S->W->F, ctx);
        arb_mat_mul(T, S->Gh0, F0, prec);
        arb_mat_transpose(F0, F0);
        arb_mat_mul(S->Hf, F0, T, prec);
        for (a = 0; a < p; a++)
            for (b = 0; b < p; b++)
                arb_set(arb_mat_entry(g, a, b), GF(S, a, b));
        if (!arb_mat_inv(S->gi, g, prec))
            r = nh_error_set(err, NH_ERR_DOMAIN, "002 Props 5, 6: g_ab on D not certified "
                             "invertible");
    }
    for (a = 0; a < p; a++)
    {
        arb_set(S->va + a, S->v + S->D->indep[a]);
        frame_rate(d, S, a, S->v, prec);
        _arb_vec_scalar_addmul(S->w, d, n, S->va + a, prec);
    }
    arb_mat_clear(F0);
    arb_mat_clear(T);
    arb_mat_clear(g);
    jet_vec_clear(qj, n + 1, ctx);
    _arb_vec_clear(d, n);
    return r;
}

/* the point: D at (q, t = 0), v completed into D, the frame, ghat */
static int
ws_set(p56_ws *S, const nh_model_struct *M, const nh_model_struct *ghat, arb_srcptr q,
       arb_srcptr v, const slong *dep, slong prec, nh_error_t err)
{
    arb_t t;
    int r;
    slong i;
    size_t len = 0;
    S->qdesc[0] = '\0';
    for (i = 0; i < S->n && len < sizeof S->qdesc; i++)
        len += (size_t) snprintf(S->qdesc + len, sizeof S->qdesc - len, "%s%.10g",
                                 i ? ", " : "(", arf_get_d(arb_midref(q + i), ARF_RND_NEAR));
    if (len < sizeof S->qdesc)
        snprintf(S->qdesc + len, sizeof S->qdesc - len, ")");
    arb_init(t);
    r = nh_dyn_set_point(S->D, M, q, t, dep, prec, err);
    arb_clear(t);
    if (r != NH_OK)
        return r;
    _arb_vec_set(S->v, v, S->n);
    nh_dyn_complete_velocity(S->v, S->D, prec);
    if ((r = nh_dyn_frame(S->W, S->D, prec, err)) != NH_OK)
        return r;
    return ws_frame_data(S, ghat, q, prec, err);
}

/* A_c = ghat_bk R^k_ac v^a v^b, B_i (condition (B)'s residual) from
   nh_dyn_lemma2's symmetrized coefficients, and corrA_i = ghat_di g^dc A_c */
static int
lemma2_values(arb_ptr cA, arb_ptr cB, arb_ptr corr, p56_ws *S, const nh_model_struct *M,
              slong prec, nh_error_t err)
{
    slong m = S->m, p = S->p, a, b, c, d, i;
    arb_ptr resA = _arb_vec_init(p * p * p), resB = _arb_vec_init(FLINT_MAX(m * p * p, 1));
    arb_ptr resP = _arb_vec_init(p * p);
    arb_t s;
    int r;
    arb_init(s);
    r = nh_dyn_lemma2(resA, resB, resP, S->D, M, S->Gh, prec, err);
    for (i = 0; r == NH_OK && i < p * p; i++)
        if (!arb_contains_zero(resP + i))
            r = nh_error_set(err, NH_ERR_MODEL, "002 Props 5, 6: ghat is not D-preserving (002 "
                             "Def 5): ghat(X_a, X_b) - g(X_a, X_b) excludes 0 for the frame "
                             "fields a = %ld, b = %ld of D at q = %s", (long) (i / p + 1),
                             (long) (i % p + 1), S->qdesc);
    for (c = 0; r == NH_OK && c < p + m; c++)
    {
        arb_ptr e = c < p ? cA + c : cB + (c - p);
        arb_srcptr T = c < p ? resA + c * p * p : resB + (c - p) * p * p;
        arb_zero(e);
        for (a = 0; a < p; a++)
            for (b = 0; b < p; b++)
            {
                arb_mul(s, S->va + a, S->va + b, prec);
                arb_addmul(e, T + a * p + b, s, prec);
            }
    }
    for (i = 0; r == NH_OK && i < m; i++)
    {
        arb_zero(corr + i);
        for (d = 0; d < p; d++)
            for (c = 0; c < p; c++)
            {
                arb_mul(s, HF(S, d, p + i), GI(S, d, c), prec);
                arb_addmul(corr + i, s, cA + c, prec);
            }
    }
    arb_clear(s);
    _arb_vec_clear(resA, p * p * p);
    _arb_vec_clear(resB, FLINT_MAX(m * p * p, 1));
    _arb_vec_clear(resP, p * p);
    return r;
}

/* out_c = g_cd (theta^d(acc - w) - f^d), f = theta(acc1 - w): the
   D-frame defect of a field with coordinate acceleration acc, lowered */
static void
defect_lowered(arb_ptr out, const p56_ws *S, arb_srcptr acc, arb_srcptr acc1, slong prec)
{
    slong n = S->n, p = S->p, c, d;
    arb_ptr x = _arb_vec_init(n), y = _arb_vec_init(n);
    _arb_vec_sub(x, acc, acc1, n, prec);  /* w cancels in the difference */
    to_frame(y, S, x, prec);
    for (c = 0; c < p; c++)
    {
        arb_zero(out + c);
        for (d = 0; d < p; d++)
            arb_addmul(out + c, GF(S, c, d), y + d, prec);
    }
    _arb_vec_clear(x, n);
    _arb_vec_clear(y, n);
}

/* Gamma^1_ghat|_C (002 Sec 5): D components F^a + g^ab ghat_bk F^k, no
   D^g components; qddot = (F^a + g^ab ghat_bk F^k) X_a + w */
static void
gamma1_acc(arb_ptr acc, const p56_ws *S, slong prec)
{
    slong n = S->n, p = S->p, a, b, k;
    arb_t s, u;
    arb_init(s);
    arb_init(u);
    _arb_vec_set(acc, S->w, n);
    for (a = 0; a < p; a++)
    {
        arb_set(s, S->F + a);
        for (b = 0; b < p; b++)
            for (k = p; k < n; k++)
            {
                arb_mul(u, GI(S, a, b), HF(S, b, k), prec);
                arb_addmul(s, u, S->F + k, prec);
            }
        _arb_vec_scalar_addmul(acc, S->W->X + a * n, n, s, prec);
    }
    arb_clear(s);
    arb_clear(u);
}

/* nabla^(Q^(T))|_C = (dQ^[v]) v + Q^ ahat (N, n balls), Q^ = ghat^-1 A^T
   (A ghat^-1 A^T)^-1 A on order-1 jets (coordinates; Q^ v = 0 on C) */
static int
nabla_qhat(arb_ptr N, const p56_ws *S, arb_srcptr ahat, slong prec, nh_error_t err)
{
    slong n = S->n, m = S->m, mu, nu;
    const jet_ctx_struct *ctx = S->D->ctx;
    jet_mat_t Y, Z, Qh;
    arb_t d;
    int r;

    arb_init(d);
    jet_mat_init(Y, n, m, ctx);
    jet_mat_init(Z, m, n, ctx);
    jet_mat_init(Qh, n, n, ctx);
    r = _nh_quantity_proj_jets(Y, Z, S->Gh, S->D, prec);
    if (r == NH_OK)
        jet_mat_mul(Qh, Y, Z, 1, ctx, prec);
    for (mu = 0; r == NH_OK && mu < n; mu++)
    {
        arb_zero(N + mu);
        for (nu = 0; nu < n; nu++)
        {
            arb_srcptr J = JET_MAT_ENTRY(Qh, mu, nu, ctx);
            _nh_quantity_der_along(d, S->D, J, S->v, prec);
            arb_addmul(N + mu, d, S->v + nu, prec);
            arb_addmul(N + mu, jet_const(J), ahat + nu, prec);
        }
    }
    if (r != NH_OK)
        r = nh_error_set(err, NH_ERR_DOMAIN, "002 Props 5, 6: ghat or A ghat^-1 A^T not "
                         "certified invertible");
    jet_mat_clear(Y, ctx);
    jet_mat_clear(Z, ctx);
    jet_mat_clear(Qh, ctx);
    arb_clear(d);
    return r;
}

/* (iv)_c = Gamma_(L,D)(X_c^V(Lhat)) - X_c^C(Lhat) on C (002 Prop 5 (iv)),
   coordinates: d/dt [ghat(X_c, v)] along (qdot, vdot) = (v, acc1) minus
   1/2 X_c^mu d_mu ghat(v, v) + ghat(dX_c[v], v) */
static void
prop5_iv(arb_ptr iv, const p56_ws *S, arb_srcptr acc1, slong prec)
{
    slong n = S->n, c, nu, rho;
    const jet_ctx_struct *ctx = S->D->ctx;
    arb_ptr dX = _arb_vec_init(n);
    arb_t s, dg, vv;
    arb_init(s);
    arb_init(dg);
    arb_init(vv);
    for (c = 0; c < S->p; c++)
    {
        arb_srcptr X = S->W->X + c * n;
        frame_rate(dX, S, c, S->v, prec);
        arb_zero(iv + c);
        for (nu = 0; nu < n; nu++)
            for (rho = 0; rho < n; rho++)
            {
                arb_srcptr J = JET_MAT_ENTRY(S->Gh, nu, rho, ctx);
                /* d/dt: (dghat[v]) X v + ghat dX v + ghat X acc1 */
                _nh_quantity_der_along(dg, S->D, J, S->v, prec);
                arb_mul(s, X + nu, S->v + rho, prec);
                arb_addmul(iv + c, dg, s, prec);
                arb_mul(s, dX + nu, S->v + rho, prec);
                arb_addmul(iv + c, jet_const(J), s, prec);
                arb_mul(s, X + nu, acc1 + rho, prec);
                arb_addmul(iv + c, jet_const(J), s, prec);
                /* - 1/2 (dghat[X_c]) v v */
                _nh_quantity_der_along(dg, S->D, J, X, prec);
                arb_mul(vv, S->v + nu, S->v + rho, prec);
                arb_mul_2exp_si(vv, vv, -1);
                arb_submul(iv + c, dg, vv, prec);
            }
        ghat_pair(s, S, dX, S->v, prec);
        arb_sub(iv + c, iv + c, s, prec);
    }
    arb_clear(s);
    arb_clear(dg);
    arb_clear(vv);
    _arb_vec_clear(dX, n);
}

/* Prop 6 rows: out[i] = ghat(N, X^_i) (N = nabla^(Q^(T))|_C, coordinates)
   and out[m + i] = M_ik F^k, M_ik = ghat_ik - ghat_ai g^ab ghat_bk */
static void
prop6_rows(arb_ptr out, const p56_ws *S, arb_srcptr N, slong prec)
{
    slong n = S->n, m = S->m, p = S->p, i, k, a, b;
    arb_ptr Xh = _arb_vec_init(n);
    arb_t s, u;
    arb_init(s);
    arb_init(u);
    for (i = 0; i < m; i++)
    {
        /* X^_i = X_i - g^ab ghat_bi X_a */
        _arb_vec_set(Xh, S->W->X + (p + i) * n, n);
        for (a = 0; a < p; a++)
        {
            arb_zero(s);
            for (b = 0; b < p; b++)
                arb_submul(s, GI(S, a, b), HF(S, b, p + i), prec);
            _arb_vec_scalar_addmul(Xh, S->W->X + a * n, n, s, prec);
        }
        ghat_pair(out + i, S, N, Xh, prec);
        arb_zero(out + m + i);
        for (k = p; k < n; k++)
        {
            arb_set(s, HF(S, p + i, k));
            for (a = 0; a < p; a++)
                for (b = 0; b < p; b++)
                {
                    arb_mul(u, HF(S, a, p + i), GI(S, a, b), prec);
                    arb_submul(s, u, HF(S, b, k), prec);
                }
            arb_addmul(out + m + i, s, S->F + k, prec);
        }
    }
    arb_clear(s);
    arb_clear(u);
    _arb_vec_clear(Xh, n);
}

/* route 1 (Lagrange-d'Alembert) with ghat's metric and M's constraints:
   the nonholonomic field of (ghat, D) */
static int
lagrange_ghat(arb_ptr acc, p56_ws *S, slong prec, nh_error_t err)
{
    arb_ptr mult = _arb_vec_init(FLINT_MAX(S->m, 1));
    jet_mat_struct keep = *S->D->G;
    int r;
    *S->D->G = *S->Gh;
    r = nh_dyn_lagrange(acc, mult, S->D, S->v, prec, err);
    *S->D->G = keep;
    _arb_vec_clear(mult, FLINT_MAX(S->m, 1));
    return r;
}

slong
nh_quantity_prop56_ncomp(slong n, slong m)
{
    return (n - m) + 2 * m + 5 * n;
}

/* the accelerations of g (route 1), ghat (geodesic), F = theta(ahat - w) */
static int
accelerations(arb_ptr acc1, arb_ptr accg, p56_ws *S, slong prec, nh_error_t err)
{
    slong n = S->n;
    arb_ptr mult = _arb_vec_init(FLINT_MAX(S->m, 1)), x = _arb_vec_init(n);
    int r = nh_dyn_lagrange(acc1, mult, S->D, S->v, prec, err);
    if (r == NH_OK)
        r = nh_dyn_geodesic(accg, S->Gh, S->D->ctx, S->v, n, prec, err);
    if (r == NH_OK)
    {
        _arb_vec_sub(x, accg, S->w, n, prec);
        to_frame(S->F, S, x, prec);
    }
    _arb_vec_clear(mult, FLINT_MAX(S->m, 1));
    _arb_vec_clear(x, n);
    return r;
}

int
nh_quantity_prop56(arb_ptr p5, arb_ptr p6, arb_ptr comp, arb_ptr vel, const nh_model_struct *M,
                   const nh_model_struct *ghat, arb_srcptr q, arb_srcptr v, const slong *dep,
                   slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m;
    arb_ptr cA = comp, cB = cA + p, corr = cB + m, s1 = corr + m, acch = s1 + n;
    arb_ptr N = acch + n, acc1 = N + n, accg = acc1 + n, a2 = _arb_vec_init(n);
    p56_ws S;
    int r;

    if (!nh_model_is_linear_autonomous(M) || !nh_model_potential_is_zero(M))
        return nh_error_set(err, NH_ERR_MODEL, "002 Props 5, 6: purely kinetic systems "
                            "L = 1/2 g(v, v) with linear time-independent constraints only");
    if (ghat == NULL || nh_model_n(ghat) != n)
        return nh_error_set(err, NH_ERR_USAGE, "002 Props 5, 6: need a ghat model with %ld "
                            "coordinates", (long) n);
    ws_init(&S, M);
    r = ws_set(&S, M, ghat, q, v, dep, prec, err);
    if (r == NH_OK)
        r = accelerations(acc1, accg, &S, prec, err);
    if (r == NH_OK)
        r = lemma2_values(cA, cB, corr, &S, M, prec, err);
    if (r == NH_OK)
        r = nabla_qhat(N, &S, accg, prec, err);
    if (r == NH_OK)
        r = lagrange_ghat(acch, &S, prec, err);
    if (r == NH_OK)
    {
        gamma1_acc(s1, &S, prec);
        defect_lowered(p5, &S, s1, acc1, prec);
        _arb_vec_sub(a2, accg, N, n, prec);     /* Gamma^2_ghat|_C */
        defect_lowered(p5 + p, &S, a2, acc1, prec);
        prop5_iv(p5 + 2 * p, &S, acc1, prec);
        prop6_rows(p6, &S, N, prec);
        if (vel != NULL)
            _arb_vec_set(vel, S.v, n);
    }
    ws_clear(&S);
    _arb_vec_clear(a2, n);
    return r;
}
