/* nhdyn_lemma2.c -- nh_dyn_lemma2: conditions (A) and (B) of paper 002
   Lemma 2 for a candidate metric ghat, at the point of D, as certified
   residuals (Arb balls), typed as printed:
     (A)  ghat_{bk} R^k_{ac} v^a v^b = 0,
     (B)  ghat_{di} Gamma^d_{ab} v^a v^b
            = (g_{ki} Gamma^k_{ab} + X_a(ghat_{bi}) - ghat_{bk} R^k_{ai}) v^a v^b,
   (002 Lemma 2; notation of 002 Sec 2-4: frame {X_a, X_i} adapted to
   TQ = D + D^g, [X_alpha, X_beta] = R^gamma_{alpha beta} X_gamma,
   nabla^g_{X_alpha} X_beta = Gamma^gamma_{alpha beta} X_gamma, Levi-Civita
   connection of g; indices a, b, c, d in D, i, k in D^g).
   Both sides are quadratic forms in v in D, so the residuals returned are
   the coefficients symmetrized in (a, b): they vanish iff the printed
   condition holds for every v in D at the point.

   Frame used: X_a = d_{r^a} + a^nu_a d_{s^nu} (the horizontal fields of
   nhdyn.h, a = 0..p-1), X_{p+nu} = G^{-1} A^T e_nu (nu = 0..m-1; these
   span D^g since A X = 0 on D gives g(X, G^-1 A^T e) = e^T A X = 0).
   All objects are order-1 jets in the coordinates; derivatives along X
   are X^mu d_mu of the jets (no differences).  The coordinate
   Christoffel symbols are Gamma^l_{mu nu} = 1/2 G^{l k} (d_mu G_{k nu} +
   d_nu G_{k mu} - d_k G_{mu nu}), and
     nabla_{X_a} X_b = (X_a^mu d_mu X_b^l + Gamma^l_{mu nu} X_a^mu X_b^nu) d_l,
     [X_al, X_be]    = (X_al^mu d_mu X_be^l - X_be^mu d_mu X_al^l) d_l,
   converted to frame components with the inverse of the (constant) frame
   matrix. */
#include "nhdyn.h"

/* res = sum_mu u^mu d_mu(jet) at the point (u: n balls). */
static void
dir_der(arb_t res, arb_srcptr jet, arb_srcptr u, slong n, const jet_ctx_struct *ctx, slong prec)
{
    slong mu;
    arb_zero(res);
    for (mu = 0; mu < n; mu++)
        arb_addmul(res, u + mu, jet + jet_ctx_var_index(ctx, mu), prec);
}

int
nh_dyn_lemma2(arb_ptr resA, arb_ptr resB, arb_ptr resP, const nh_dyn_t D,
              const nh_model_struct *M, const jet_mat_t Gh, slong prec, nh_error_t err)
{
    const jet_ctx_struct *ctx = D->ctx;
    slong n = D->n, m = D->m, p = D->p;
    slong i, j, k, l, mu, nu, a, b, c, d, al, be;
    jet_mat_t F, At, Y, Ft, W, Hf, Gf;
    arb_mat_t F0, F0inv, G0, G0inv, vec, comp;
    arb_ptr R, Gam, Chr, Xv;
    arb_t s, u;
    int r = NH_OK;

    if (!nh_model_is_linear_autonomous(M))
        return nh_error_set(err, NH_ERR_MODEL,
                            "002 Lemma 2: needs linear, time-independent constraints and metric");
    if (Gh->r != n || Gh->c != n)
        return nh_error_set(err, NH_ERR_USAGE, "002 Lemma 2: ghat must be %ld x %ld", (long) n, (long) n);

    jet_mat_init(F, n, n, ctx);
    jet_mat_init(At, n, m, ctx);
    jet_mat_init(Y, n, m, ctx);
    jet_mat_init(Ft, n, n, ctx);
    jet_mat_init(W, n, n, ctx);
    jet_mat_init(Hf, n, n, ctx);
    jet_mat_init(Gf, n, n, ctx);
    arb_mat_init(F0, n, n);
    arb_mat_init(F0inv, n, n);
    arb_mat_init(G0, n, n);
    arb_mat_init(G0inv, n, n);
    arb_mat_init(vec, n, 1);
    arb_mat_init(comp, n, 1);
    R = _arb_vec_init(n * n * n);      /* R^g_{al be}: (g*n + al)*n + be   */
    Gam = _arb_vec_init(n * p * p);    /* Gamma^g_{ab}: (g*p + a)*p + b    */
    Chr = _arb_vec_init(n * n * n);    /* Gamma^l_{mu nu} coordinates      */
    Xv = _arb_vec_init(n * n);         /* frame values X_al^mu: al*n + mu  */
    arb_init(s);
    arb_init(u);

    /* frame F: columns X_0..X_{p-1} (D), X_p..X_{n-1} (D^g) */
    for (a = 0; a < p; a++)
    {
        jet_set_si(JET_MAT_ENTRY(F, D->indep[a], a, ctx), 1, ctx);
        for (nu = 0; nu < m; nu++)
            jet_set(JET_MAT_ENTRY(F, D->dep[nu], a, ctx), JET_MAT_ENTRY(D->a_mat, nu, a, ctx), ctx);
    }
    jet_mat_transpose(At, D->A, ctx);
    if (jet_mat_solve(Y, D->G, At, 1, ctx, prec) != NH_OK)
    {
        r = nh_error_set(err, NH_ERR_MODEL, "002 Lemma 2: G is not certified invertible at this point");
        goto cleanup;
    }
    for (mu = 0; mu < n; mu++)
        for (nu = 0; nu < m; nu++)
            jet_set(JET_MAT_ENTRY(F, mu, p + nu, ctx), JET_MAT_ENTRY(Y, mu, nu, ctx), ctx);
    jet_mat_get_const(F0, F, ctx);
    jet_mat_get_const(G0, D->G, ctx);
    if (!arb_mat_inv(F0inv, F0, prec) || !arb_mat_inv(G0inv, G0, prec))
    {
        r = nh_error_set(err, NH_ERR_MODEL, "002 Lemma 2: adapted frame or G not certified invertible");
        goto cleanup;
    }
    for (al = 0; al < n; al++)
        for (mu = 0; mu < n; mu++)
            arb_set(Xv + al * n + mu, arb_mat_entry(F0, mu, al));

    /* metrics in the frame: Hf = F^T ghat F, Gf = F^T G F (order-1 jets) */
    jet_mat_transpose(Ft, F, ctx);
    jet_mat_mul(W, Gh, F, 1, ctx, prec);
    jet_mat_mul(Hf, Ft, W, 1, ctx, prec);
    jet_mat_mul(W, D->G, F, 1, ctx, prec);
    jet_mat_mul(Gf, Ft, W, 1, ctx, prec);

    /* R: brackets of the frame fields, frame components */
    for (al = 0; al < n; al++)
        for (be = 0; be < n; be++)
        {
            for (l = 0; l < n; l++)
            {
                dir_der(s, JET_MAT_ENTRY(F, l, be, ctx), Xv + al * n, n, ctx, prec);
                dir_der(u, JET_MAT_ENTRY(F, l, al, ctx), Xv + be * n, n, ctx, prec);
                arb_sub(arb_mat_entry(vec, l, 0), s, u, prec);
            }
            arb_mat_mul(comp, F0inv, vec, prec);
            for (k = 0; k < n; k++)
                arb_set(R + (k * n + al) * n + be, arb_mat_entry(comp, k, 0));
        }

    /* coordinate Christoffel symbols of G */
    for (l = 0; l < n; l++)
        for (mu = 0; mu < n; mu++)
            for (nu = 0; nu < n; nu++)
            {
                arb_zero(s);
                for (k = 0; k < n; k++)
                {
                    arb_add(u, NH_DYN_DER(D, NH_DYN_G(D, k, nu), mu), NH_DYN_DER(D, NH_DYN_G(D, k, mu), nu), prec);
                    arb_sub(u, u, NH_DYN_DER(D, NH_DYN_G(D, mu, nu), k), prec);
                    arb_addmul(s, arb_mat_entry(G0inv, l, k), u, prec);
                }
                arb_mul_2exp_si(Chr + (l * n + mu) * n + nu, s, -1);
            }

    /* Gamma^g_{ab}: frame components of nabla_{X_a} X_b */
    for (a = 0; a < p; a++)
        for (b = 0; b < p; b++)
        {
            for (l = 0; l < n; l++)
            {
                arb_ptr e = arb_mat_entry(vec, l, 0);
                dir_der(e, JET_MAT_ENTRY(F, l, b, ctx), Xv + a * n, n, ctx, prec);
                for (mu = 0; mu < n; mu++)
                    for (nu = 0; nu < n; nu++)
                    {
                        arb_mul(s, Xv + a * n + mu, Xv + b * n + nu, prec);
                        arb_addmul(e, Chr + (l * n + mu) * n + nu, s, prec);
                    }
            }
            arb_mat_mul(comp, F0inv, vec, prec);
            for (k = 0; k < n; k++)
                arb_set(Gam + (k * p + a) * p + b, arb_mat_entry(comp, k, 0));
        }

#define HF(x, y) jet_const(JET_MAT_ENTRY(Hf, x, y, ctx))
#define GF(x, y) jet_const(JET_MAT_ENTRY(Gf, x, y, ctx))
#define RR(g, x, y) (R + ((g) * n + (x)) * n + (y))
#define GA(g, x, y) (Gam + ((g) * p + (x)) * p + (y))

    /* (A): T_c[a][b] = ghat_{bk} R^k_{ac}, symmetrized in (a, b) */
    for (c = 0; c < p; c++)
        for (a = 0; a < p; a++)
            for (b = 0; b < p; b++)
            {
                arb_ptr e = resA + (c * p + a) * p + b;
                arb_zero(e);
                for (k = p; k < n; k++)
                {
                    arb_addmul(e, HF(b, k), RR(k, a, c), prec);
                    arb_addmul(e, HF(a, k), RR(k, b, c), prec);
                }
                arb_mul_2exp_si(e, e, -1);
            }

    /* (B): T_i[a][b] = ghat_{di} Gamma^d_{ab} - g_{ki} Gamma^k_{ab}
       - X_a(ghat_{bi}) + ghat_{bk} R^k_{ai}, symmetrized in (a, b) */
    for (i = p; i < n; i++)
        for (a = 0; a < p; a++)
            for (b = 0; b < p; b++)
            {
                arb_ptr e = resB + ((i - p) * p + a) * p + b;
                arb_zero(e);
                for (j = 0; j < 2; j++)
                {
                    slong x = j ? b : a, y = j ? a : b;
                    for (d = 0; d < p; d++)
                        arb_addmul(e, HF(d, i), GA(d, x, y), prec);
                    for (k = p; k < n; k++)
                    {
                        arb_submul(e, GF(k, i), GA(k, x, y), prec);
                        arb_addmul(e, HF(y, k), RR(k, x, i), prec);
                    }
                    dir_der(s, JET_MAT_ENTRY(Hf, y, i, ctx), Xv + x * n, n, ctx, prec);
                    arb_sub(e, e, s, prec);
                }
                arb_mul_2exp_si(e, e, -1);
            }

    /* Lemma 2 hypothesis (002 Def 5, D-preserving): ghat_ab - g_ab */
    if (resP != NULL)
        for (a = 0; a < p; a++)
            for (b = 0; b < p; b++)
                arb_sub(resP + a * p + b, HF(a, b), GF(a, b), prec);
#undef HF
#undef GF
#undef RR
#undef GA

cleanup:
    jet_mat_clear(F, ctx);
    jet_mat_clear(At, ctx);
    jet_mat_clear(Y, ctx);
    jet_mat_clear(Ft, ctx);
    jet_mat_clear(W, ctx);
    jet_mat_clear(Hf, ctx);
    jet_mat_clear(Gf, ctx);
    arb_mat_clear(F0);
    arb_mat_clear(F0inv);
    arb_mat_clear(G0);
    arb_mat_clear(G0inv);
    arb_mat_clear(vec);
    arb_mat_clear(comp);
    _arb_vec_clear(R, n * n * n);
    _arb_vec_clear(Gam, n * p * p);
    _arb_vec_clear(Chr, n * n * n);
    _arb_vec_clear(Xv, n * n);
    arb_clear(s);
    arb_clear(u);
    return r;
}
