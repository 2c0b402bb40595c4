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

   Frame, structure functions R and Levi-Civita symbols Gamma: those of
   nh_dyn_frame (nhdyn_frame.c, nhdyn.h). */
#include "nhdyn.h"

int
nh_dyn_lemma2(arb_ptr resA, arb_ptr resB, arb_ptr resP, const nh_dyn_t D,
              const nh_model_struct *M, const jet_mat_t Gh, slong prec, nh_error_t err)
{
    const jet_ctx_struct *ctx = D->ctx;
    slong n = D->n, p = D->p;
    slong i, j, k, a, b, c, d;
    jet_mat_t Ft, W, Hf;
    nh_dyn_frame_t Fr;
    arb_t s;
    int r;

    if (!nh_model_is_linear_autonomous(M))
        return nh_error_set(err, NH_ERR_MODEL,
                            "002 Lemma 2: needs linear, time-independent constraints and metric");
    if (Gh->r != n || Gh->c != n)
        return nh_error_set(err, NH_ERR_USAGE, "002 Lemma 2: ghat must be %ld x %ld", (long) n, (long) n);

    nh_dyn_frame_init(Fr, D);
    if ((r = nh_dyn_frame(Fr, D, prec, err)) != NH_OK)
    {
        nh_dyn_frame_clear(Fr, D);
        return r;
    }
    jet_mat_init(Ft, n, n, ctx);
    jet_mat_init(W, n, n, ctx);
    jet_mat_init(Hf, n, n, ctx);
    arb_init(s);

    /* ghat in the frame: Hf = F^T ghat F (order-1 jets) */
    jet_mat_transpose(Ft, Fr->F, ctx);
    jet_mat_mul(W, Gh, Fr->F, 1, ctx, prec);
    jet_mat_mul(Hf, Ft, W, 1, ctx, prec);

#define HF(x, y) jet_const(JET_MAT_ENTRY(Hf, x, y, ctx))
#define GF(x, y) jet_const(JET_MAT_ENTRY(Fr->Gf, x, y, ctx))
#define RR(g, x, y) (Fr->R + ((g) * n + (x)) * n + (y))
#define GA(g, x, y) (Fr->Gam + ((g) * n + (x)) * n + (y))

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
                    nh_dyn_frame_der(s, Fr, x, JET_MAT_ENTRY(Hf, y, i, ctx), ctx, prec);
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

    jet_mat_clear(Ft, ctx);
    jet_mat_clear(W, ctx);
    jet_mat_clear(Hf, ctx);
    nh_dyn_frame_clear(Fr, D);
    arb_clear(s);
    return NH_OK;
}
