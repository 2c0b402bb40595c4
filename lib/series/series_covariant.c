/*
 * nh_series_covariant_bundle -- h^(k) by the generating
 * equation of paper 000 Theorem 1, eq (56), obtained from the covariant
 * invariance condition (65), with the chain rule (28) for the nonlinear
 * bundle map h_eps:
 *
 *   (1/eps) FR_sharp h = (nabla_v P_perp) v - P_perp grad V
 *                        - nabla^H_v h (u) - D^V h ((nabla_v P) v - P grad V),
 *
 * u = vD, v = u + h_eps(u), so h = eps Q [ ... ] (Lemma 4).  Here
 *   (nabla_X T) = sum_k dT/dq^k X^k + Gamma(X) T - T Gamma(X)       (32)
 *   nabla^H_X h (u) = dh/dq X + Gamma(X, h) - D^V h [Gamma(X, u)]   (30), (33)
 *   D^V h [Y] = dh/du Y                                              (29)
 * and Gamma(X, Y)^i = Gamma^i_{kj} X^k Y^j.  Collecting eps^(k-1), with
 * h^(0) := u:
 *
 *   h^(k) = Q [ sum_{a+b=k-1} (nabla_{h^(a)} P_perp) h^(b) - [k=1] P_perp grad V
 *             - sum_{i+j=k-1, j>=1} nabla^H_{h^(i)} h^(j) (u)
 *             - sum_{j+s=k-1, j>=1} D^V h^(j) [C_s] ],
 *   C_s = sum_{a+b=s} (nabla_{h^(a)} P) h^(b) - [s=0] P grad V.
 *
 * For k = 1 this is (67); k = 2 gives the second-order term (compare
 * (68) in proofs/).  Each h^(j) is a function of (q, u) -- extended off D
 * by the same formula -- represented as a jet in 2n variables
 * (dq, du) truncated at total degree K - j, which is exactly the number of
 * derivatives the later levels need.  No time derivative and no
 * trajectory is used on this route.
 */
#include <string.h>
#include "impl.h"

typedef struct
{
    slong n, K;
    jet_ctx_struct *cc;
    arb_ptr u0;
    arb_ptr *h;       /* h[j]: n jets, j = 0..K (h[0] = u) */
    arb_ptr *Dq;      /* Dq[j]: n*n jets, Dq[j][l*n + i] = d h^(j)_i / d q^l */
    arb_ptr *Du;      /* Du[j]: likewise d/du^l */
    arb_ptr *W;       /* W[b]: n*n jets, W[b][k*n + i] = (N_k h^(b))_i   */
    arb_ptr *WP;      /* WP[b]: (NP_k h^(b))                             */
    arb_ptr *C;       /* C[s]: n jets                                    */
    arb_ptr N, NP, Gam;   /* n*n*n jets each: [k][i][j]                  */
    arb_ptr GU;       /* n*n: Gamma_k u                                   */
    jet_mat_t Q;
    arb_mat_t FRs0;   /* FR_sharp(q0), for the reaction force */
    arb_ptr PperpGradV, PGradV;
    arb_ptr T, Y, t1, t2;
}
nh_cw_struct;

#define TEN(A, k, i, j, n, ctx) ((A) + ((((k) * (n) + (i)) * (n) + (j)) * (ctx)->len))

/* res += h^(a)_l * x at order ord; for a = 0 (h^(0) = u = u0 + du) this
   is a scalar multiplication plus a shift, no jet product. */
static void
addmul_hcomp(arb_ptr res, nh_cw_struct *w, slong a, slong l, arb_srcptr x,
             slong ord, slong prec)
{
    jet_ctx_struct *cc = w->cc;
    if (a == 0)
    {
        jet_addmul_scalar(res, x, w->u0 + l, cc, prec);
        jet_mul_var(w->t2, x, w->n + l, cc);
        jet_add(res, res, w->t2, cc, prec);
    }
    else
        jet_addmul(res, JET_ENTRY(w->h[a], l, cc), x, ord, cc, prec);
}

/* out (n jets) = sum_k T_k x where T is an n*n*n tensor [k][i][j] and x
   = h^(b): out_k_i = sum_j T[k][i][j] x_j, stored at out[k*n+i]. */
static void
tensor_apply(arb_ptr out, nh_cw_struct *w, arb_srcptr T, slong b, slong ord, slong prec)
{
    slong k, i, j, n = w->n;
    jet_ctx_struct *cc = w->cc;
    for (k = 0; k < n; k++)
        for (i = 0; i < n; i++)
        {
            arb_ptr r = JET_ENTRY(out, k * n + i, cc);
            jet_zero(r, cc);
            for (j = 0; j < n; j++)
                addmul_hcomp(r, w, b, j, TEN(T, k, i, j, n, cc), ord, prec);
        }
}

/* res (n jets) += sign * sum_k h^(a)_k V[k*n + i] */
static void
contract_first(arb_ptr res, nh_cw_struct *w, slong a, arb_srcptr V, int sign,
               slong ord, slong prec)
{
    slong k, i, n = w->n;
    jet_ctx_struct *cc = w->cc;
    for (i = 0; i < n; i++)
    {
        jet_zero(w->t1, cc);
        for (k = 0; k < n; k++)
            addmul_hcomp(w->t1, w, a, k, JET_ENTRY(V, k * n + i, cc), ord, prec);
        if (sign > 0)
            jet_add(JET_ENTRY(res, i, cc), JET_ENTRY(res, i, cc), w->t1, cc, prec);
        else
            jet_sub(JET_ENTRY(res, i, cc), JET_ENTRY(res, i, cc), w->t1, cc, prec);
    }
}

/* Tensors in the q-only context: N_k = nabla_{e_k} P_perp, NP_k =
   nabla_{e_k} P (eq (32)), Gamma_k = Gamma^.{k.}; then moved to cc. */
static int
cw_geometry(nh_cw_struct *w, const nh_model_struct *M, arb_srcptr q0, slong prec, nh_error_t err)
{
    slong n = w->n, K = w->K, i, j, k, l;
    jet_ctx_t cq;
    nh_geom_t g;
    jet_ctx_struct *cc = w->cc;
    arb_ptr Nq, NPq, tq;
    slong *map;
    int status;

    jet_ctx_init(cq, n, K);
    nh_geom_init(g, M, cq);
    status = nh_geom_compute(g, M, q0, K, cq, prec, err);
    if (status != NH_OK)
    {
        nh_geom_clear(g, cq);
        jet_ctx_clear(cq);
        return status;
    }
    Nq = jet_vec_init(n * n * n, cq);
    NPq = jet_vec_init(n * n * n, cq);
    tq = jet_vec_init(2 * n, cq);
    for (k = 0; k < n; k++)
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
            {
                arb_ptr r = TEN(Nq, k, i, j, n, cq), rp = TEN(NPq, k, i, j, n, cq);
                jet_derivative(r, JET_MAT_ENTRY(g->Pperp, i, j, cq), k, cq, prec);
                jet_derivative(rp, JET_MAT_ENTRY(g->P, i, j, cq), k, cq, prec);
                for (l = 0; l < n; l++)
                {
                    /* (Gamma_k T)_ij = Gamma^i_{kl} T_lj ; (T Gamma_k)_ij = T_il Gamma^l_{kj} */
                    jet_addmul(r, NH_GAMMA(g, i, k, l, cq), JET_MAT_ENTRY(g->Pperp, l, j, cq), K, cq, prec);
                    jet_submul(r, JET_MAT_ENTRY(g->Pperp, i, l, cq), NH_GAMMA(g, l, k, j, cq), K, cq, prec);
                    jet_addmul(rp, NH_GAMMA(g, i, k, l, cq), JET_MAT_ENTRY(g->P, l, j, cq), K, cq, prec);
                    jet_submul(rp, JET_MAT_ENTRY(g->P, i, l, cq), NH_GAMMA(g, l, k, j, cq), K, cq, prec);
                }
            }
    jet_mat_get_const(w->FRs0, g->FRs, cq);
    _nh_matvec(tq, g->Pperp, g->gradV->entries, n, K, cq, prec);
    _nh_matvec(JET_ENTRY(tq, n, cq), g->P, g->gradV->entries, n, K, cq, prec);

    map = flint_malloc(n * sizeof(slong));
    for (i = 0; i < n; i++)
        map[i] = i;
    for (k = 0; k < n * n * n; k++)
    {
        jet_transfer(JET_ENTRY(w->N, k, cc), cc, JET_ENTRY(Nq, k, cq), cq, map);
        jet_transfer(JET_ENTRY(w->NP, k, cc), cc, JET_ENTRY(NPq, k, cq), cq, map);
    }
    for (k = 0; k < n; k++)
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                jet_transfer(TEN(w->Gam, k, i, j, n, cc), cc, NH_GAMMA(g, i, k, j, cq), cq, map);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            jet_transfer(JET_MAT_ENTRY(w->Q, i, j, cc), cc, JET_MAT_ENTRY(g->Q, i, j, cq), cq, map);
    for (i = 0; i < n; i++)
    {
        jet_transfer(JET_ENTRY(w->PperpGradV, i, cc), cc, JET_ENTRY(tq, i, cq), cq, map);
        jet_transfer(JET_ENTRY(w->PGradV, i, cc), cc, JET_ENTRY(tq, n + i, cq), cq, map);
    }
    flint_free(map);
    jet_vec_clear(Nq, n * n * n, cq);
    jet_vec_clear(NPq, n * n * n, cq);
    jet_vec_clear(tq, 2 * n, cq);
    nh_geom_clear(g, cq);
    jet_ctx_clear(cq);
    return NH_OK;
}

/* C[s] = sum_{a+b=s} (nabla_{h^(a)} P) h^(b) - [s=0] P grad V */
static void
cw_C(nh_cw_struct *w, slong s, slong ord, slong prec)
{
    slong a, i, n = w->n;
    jet_ctx_struct *cc = w->cc;
    for (i = 0; i < n; i++)
        jet_zero(JET_ENTRY(w->C[s], i, cc), cc);
    for (a = 0; a <= s; a++)
        contract_first(w->C[s], w, a, w->WP[s - a], +1, ord, prec);
    if (s == 0)
        for (i = 0; i < n; i++)
            jet_sub(JET_ENTRY(w->C[0], i, cc), JET_ENTRY(w->C[0], i, cc),
                    JET_ENTRY(w->PGradV, i, cc), cc, prec);
}

/* After h^(b) is known: W[b], WP[b] (and derivatives for b >= 1). */
static void
cw_after_level(nh_cw_struct *w, slong b, slong prec)
{
    slong n = w->n, K = w->K, l, i;
    slong ord = K - b - 1;    /* order at which h^(b)'s products are used */
    jet_ctx_struct *cc = w->cc;
    if (ord < 0)
        return;
    tensor_apply(w->W[b], w, w->N, b, ord, prec);
    tensor_apply(w->WP[b], w, w->NP, b, ord, prec);
    if (b >= 1)
        for (l = 0; l < n; l++)
            for (i = 0; i < n; i++)
            {
                jet_derivative(JET_ENTRY(w->Dq[b], l * n + i, cc), JET_ENTRY(w->h[b], i, cc), l, cc, prec);
                jet_derivative(JET_ENTRY(w->Du[b], l * n + i, cc), JET_ENTRY(w->h[b], i, cc), n + l, cc, prec);
            }
    cw_C(w, b, ord, prec);
}

/* h^(k) from levels < k (see the file comment). */
static void
cw_level(nh_cw_struct *w, slong k, slong prec)
{
    slong n = w->n, K = w->K, ord = K - k, a, i, j, l, kk;
    jet_ctx_struct *cc = w->cc;
    arb_ptr T = w->T;

    for (i = 0; i < n; i++)
        jet_zero(JET_ENTRY(T, i, cc), cc);

    /* sum_{a+b=k-1} (nabla_{h^(a)} P_perp) h^(b) */
    for (a = 0; a <= k - 1; a++)
        contract_first(T, w, a, w->W[k - 1 - a], +1, ord, prec);

    if (k == 1)
        for (i = 0; i < n; i++)
            jet_sub(JET_ENTRY(T, i, cc), JET_ENTRY(T, i, cc), JET_ENTRY(w->PperpGradV, i, cc), cc, prec);

    for (j = 1; j <= k - 1; j++)
    {
        slong ia = k - 1 - j;   /* X = h^(ia) */
        /* - nabla^H_X h^(j)(u) = -( dh/dq X + Gamma(X, h^(j)) - dh/du Gamma(X, u) ) */
        contract_first(T, w, ia, w->Dq[j], -1, ord, prec);
        /* Y_i = sum_kk X^kk (Gamma_kk h^(j))_i ; Z_l = sum_kk X^kk (Gamma_kk u)_l */
        for (i = 0; i < n; i++)
        {
            arb_ptr y = JET_ENTRY(w->Y, i, cc);
            jet_zero(y, cc);
            for (kk = 0; kk < n; kk++)
            {
                jet_zero(w->t1, cc);
                for (l = 0; l < n; l++)
                    jet_addmul(w->t1, TEN(w->Gam, kk, i, l, n, cc), JET_ENTRY(w->h[j], l, cc), ord, cc, prec);
                addmul_hcomp(y, w, ia, kk, w->t1, ord, prec);
            }
            jet_sub(JET_ENTRY(T, i, cc), JET_ENTRY(T, i, cc), y, cc, prec);
        }
        /* Z = Gamma(X, u) */
        for (l = 0; l < n; l++)
        {
            arb_ptr z = JET_ENTRY(w->Y, l, cc);
            jet_zero(z, cc);
            for (kk = 0; kk < n; kk++)
                addmul_hcomp(z, w, ia, kk, JET_ENTRY(w->GU, kk * n + l, cc), ord, prec);
        }
        /* + dh^(j)/du Z */
        for (i = 0; i < n; i++)
            for (l = 0; l < n; l++)
                jet_addmul(JET_ENTRY(T, i, cc), JET_ENTRY(w->Du[j], l * n + i, cc),
                           JET_ENTRY(w->Y, l, cc), ord, cc, prec);
        /* - D^V h^(j) [C_s], s = k-1-j */
        for (i = 0; i < n; i++)
            for (l = 0; l < n; l++)
                jet_submul(JET_ENTRY(T, i, cc), JET_ENTRY(w->Du[j], l * n + i, cc),
                           JET_ENTRY(w->C[k - 1 - j], l, cc), ord, cc, prec);
    }

    /* h^(k) = Q T */
    _nh_matvec(w->h[k], w->Q, T, n, ord, cc, prec);
}

/* Coefficients per jet of the covariant route: binomial(K-1+2n, 2n). */
static double
cw_jet_len(slong n, slong K)
{
    double L = 1.0;
    slong i, d = 2 * n;
    for (i = 1; i <= d; i++)
        L = L * (double) (K - 1 + i) / (double) i;
    return L;
}

/* see series.h */
double
nh_series_covariant_bundle_memory(slong n, slong K, slong prec)
{
    double jets = (double) (K + 1) * (5.0 * n * n + n) + 3.0 * n * n * n + 4.0 * n;
    double ball = 48.0 + 2.0 * (double) ((prec + FLINT_BITS - 1) / FLINT_BITS) * sizeof(mp_limb_t);
    return jets * cw_jet_len(n, K) * ball;
}

int
nh_series_covariant_bundle(arb_ptr h, arb_ptr react, const nh_model_struct *M,
                    arb_srcptr q0, arb_srcptr vD, slong K, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i, j, k, l;
    jet_ctx_t cc;
    nh_cw_struct w;
    int status;

    if (K < 1 || K > NH_SERIES_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "series order K = %ld outside 1..%d",
                            (long) K, NH_SERIES_MAX_ORDER);

    {
        double L = cw_jet_len(n, K), bytes = nh_series_covariant_bundle_memory(n, K, prec);
        if (bytes > NH_SERIES_MAX_BYTES)
            return nh_error_set(err, NH_ERR_RESOURCE,
                "order K = %ld for n = %ld coordinates needs jets in "
                "%ld variables of degree %ld (%.0f coefficients each, about %.3g GB in all; "
                "limit %.3g GB): use nh_series_covariant (the same equation along the "
                "slow trajectory, polynomial cost: about K^4 on the disk, K^5 on the "
                "sleigh, doc/bench.md) or a lower order", (long) K, (long) n, (long) (2 * n), (long) (K - 1), L,
                bytes / 1e9, NH_SERIES_MAX_BYTES / 1e9);
    }
    jet_ctx_init(cc, 2 * n, K - 1);
    memset(&w, 0, sizeof w);
    w.n = n; w.K = K; w.cc = cc;
    w.u0 = _arb_vec_init(n);
    _arb_vec_set(w.u0, vD, n);
    w.h = flint_malloc((K + 1) * sizeof(arb_ptr));
    w.Dq = flint_malloc((K + 1) * sizeof(arb_ptr));
    w.Du = flint_malloc((K + 1) * sizeof(arb_ptr));
    w.W = flint_malloc((K + 1) * sizeof(arb_ptr));
    w.WP = flint_malloc((K + 1) * sizeof(arb_ptr));
    w.C = flint_malloc((K + 1) * sizeof(arb_ptr));
    for (j = 0; j <= K; j++)
    {
        w.h[j] = jet_vec_init(n, cc);
        w.Dq[j] = jet_vec_init(n * n, cc);
        w.Du[j] = jet_vec_init(n * n, cc);
        w.W[j] = jet_vec_init(n * n, cc);
        w.WP[j] = jet_vec_init(n * n, cc);
        w.C[j] = jet_vec_init(n, cc);
    }
    w.N = jet_vec_init(n * n * n, cc);
    w.NP = jet_vec_init(n * n * n, cc);
    w.Gam = jet_vec_init(n * n * n, cc);
    w.GU = jet_vec_init(n * n, cc);
    jet_mat_init(w.Q, n, n, cc);
    arb_mat_init(w.FRs0, n, n);
    w.PperpGradV = jet_vec_init(n, cc);
    w.PGradV = jet_vec_init(n, cc);
    w.T = jet_vec_init(n, cc);
    w.Y = jet_vec_init(n, cc);
    w.t1 = jet_init(cc);
    w.t2 = jet_init(cc);

    status = cw_geometry(&w, M, q0, prec, err);
    if (status == NH_OK)
    {
        /* h^(0) = u = u0 + du */
        for (i = 0; i < n; i++)
            jet_set_var(JET_ENTRY(w.h[0], i, cc), vD + i, n + i, cc);
        /* GU[k*n + i] = (Gamma_k u)_i */
        for (k = 0; k < n; k++)
            for (i = 0; i < n; i++)
            {
                arb_ptr r = JET_ENTRY(w.GU, k * n + i, cc);
                jet_zero(r, cc);
                for (l = 0; l < n; l++)
                    addmul_hcomp(r, &w, 0, l, TEN(w.Gam, k, i, l, n, cc), K - 1, prec);
            }
        cw_after_level(&w, 0, prec);
        for (k = 1; k <= K; k++)
        {
            cw_level(&w, k, prec);
            cw_after_level(&w, k, prec);
        }
        for (k = 1; k <= K; k++)
            for (i = 0; i < n; i++)
                arb_set(h + (k - 1) * n + i, jet_const(JET_ENTRY(w.h[k], i, cc)));
        if (react != NULL)
            for (k = 1; k <= K; k++)
                for (i = 0; i < n; i++)
                {
                    /* -FR_sharp(q0) h^(k) */
                    arb_ptr r = react + (k - 1) * n + i;
                    arb_dot(r, NULL, 1, arb_mat_entry(w.FRs0, i, 0), 1,
                            h + (k - 1) * n, 1, n, prec);
                }
    }
    if (status != NH_OK)
        nh_error_prefix(err, "covariant (bundle) route: ");

    for (j = 0; j <= K; j++)
    {
        jet_vec_clear(w.h[j], n, cc);
        jet_vec_clear(w.Dq[j], n * n, cc);
        jet_vec_clear(w.Du[j], n * n, cc);
        jet_vec_clear(w.W[j], n * n, cc);
        jet_vec_clear(w.WP[j], n * n, cc);
        jet_vec_clear(w.C[j], n, cc);
    }
    flint_free(w.h); flint_free(w.Dq); flint_free(w.Du);
    flint_free(w.W); flint_free(w.WP); flint_free(w.C);
    jet_vec_clear(w.N, n * n * n, cc);
    jet_vec_clear(w.NP, n * n * n, cc);
    jet_vec_clear(w.Gam, n * n * n, cc);
    jet_vec_clear(w.GU, n * n, cc);
    jet_mat_clear(w.Q, cc);
    arb_mat_clear(w.FRs0);
    jet_vec_clear(w.PperpGradV, n, cc);
    jet_vec_clear(w.PGradV, n, cc);
    jet_vec_clear(w.T, n, cc);
    jet_vec_clear(w.Y, n, cc);
    jet_clear(w.t1, cc);
    jet_clear(w.t2, cc);
    _arb_vec_clear(w.u0, n);
    jet_ctx_clear(cc);
    return status;
}
