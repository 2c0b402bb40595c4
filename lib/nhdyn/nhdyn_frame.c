/* nhdyn_frame.c -- nh_dyn_frame: the anholonomic frame {X_a, X_i} of
   paper 002 Sec 4 adapted to TQ = D + D^g at the point of an nh_dyn_t,
   its structure functions R^gamma_{alpha beta} ([X_alpha, X_beta] =
   R^gamma_{alpha beta} X_gamma), the frame components Gamma^gamma_{alpha
   beta} of the Levi-Civita connection of G (nabla_{X_alpha} X_beta =
   Gamma^gamma_{alpha beta} X_gamma) and the frame metric g_{alpha beta}
   = G(X_alpha, X_beta) as order-1 jets (so X_alpha(g_{beta gamma}) is
   available, nh_dyn_frame_der).

   Frame: X_a = d_{r^a} + a^nu_a d_{s^nu} (the horizontal fields of
   nhdyn.h, a = 0..p-1), X_{p+nu} = G^{-1} A^T e_nu (nu = 0..m-1; these
   span D^g since A X = 0 on D gives g(X, G^-1 A^T e) = e^T A X = 0).
   All objects are order-1 jets in the coordinates; derivatives along X
   are X^mu d_mu of the jets (no differences).  Gamma is computed from
   the coordinate Christoffel symbols Gamma^l_{mu nu} = 1/2 G^{l k}
   (d_mu G_{k nu} + d_nu G_{k mu} - d_k G_{mu nu}):
     nabla_{X_al} X_be = (X_al^mu d_mu X_be^l + Gamma^l_{mu nu} X_al^mu X_be^nu) d_l,
     [X_al, X_be]      = (X_al^mu d_mu X_be^l - X_be^mu d_mu X_al^l) d_l,
   converted to frame components with the inverse of the frame matrix
   at the point.  The Koszul formula (002 Sec 4, Lemma 1's proof) is not
   used here, so that it can be checked against these values. */
#include "nhdyn.h"

void
nh_dyn_frame_der(arb_t res, const nh_dyn_frame_t W, slong al, arb_srcptr jet,
                 const jet_ctx_struct *ctx, slong prec)
{
    slong mu;
    arb_zero(res);
    for (mu = 0; mu < W->n; mu++)
        arb_addmul(res, W->X + al * W->n + mu, jet + jet_ctx_var_index(ctx, mu), prec);
}

void
nh_dyn_frame_init(nh_dyn_frame_t W, const nh_dyn_t D)
{
    slong n = D->n;
    W->n = n;
    W->p = D->p;
    jet_mat_init(W->F, n, n, D->ctx);
    jet_mat_init(W->Gf, n, n, D->ctx);
    arb_mat_init(W->F0inv, n, n);
    W->X = _arb_vec_init(n * n);
    W->R = _arb_vec_init(n * n * n);
    W->Gam = _arb_vec_init(n * n * n);
}

void
nh_dyn_frame_clear(nh_dyn_frame_t W, const nh_dyn_t D)
{
    slong n = W->n;
    jet_mat_clear(W->F, D->ctx);
    jet_mat_clear(W->Gf, D->ctx);
    arb_mat_clear(W->F0inv);
    _arb_vec_clear(W->X, n * n);
    _arb_vec_clear(W->R, n * n * n);
    _arb_vec_clear(W->Gam, n * n * n);
}

/* the frame F (columns X_0..X_{p-1} in D, X_p..X_{n-1} in D^g), its
   values X, the inverse of its value F0inv */
static int
frame_fields(nh_dyn_frame_t W, const nh_dyn_t D, slong prec, nh_error_t err)
{
    const jet_ctx_struct *ctx = D->ctx;
    slong n = D->n, m = D->m, p = D->p, a, nu, mu, al;
    jet_mat_t At, Y;
    arb_mat_t F0;
    int r = NH_OK, ok;

    jet_mat_init(At, n, m, ctx);
    jet_mat_init(Y, n, m, ctx);
    arb_mat_init(F0, n, n);
    jet_mat_zero(W->F, ctx);
    for (a = 0; a < p; a++)
    {
        jet_set_si(JET_MAT_ENTRY(W->F, D->indep[a], a, ctx), 1, ctx);
        for (nu = 0; nu < m; nu++)
            jet_set(JET_MAT_ENTRY(W->F, D->dep[nu], a, ctx), JET_MAT_ENTRY(D->a_mat, nu, a, ctx), ctx);
    }
    jet_mat_transpose(At, D->A, ctx);
    if (jet_mat_solve(Y, D->G, At, 1, ctx, prec) != NH_OK)
        r = nh_error_set(err, NH_ERR_MODEL, "002 frame: G is not certified invertible at this point");
    if (r == NH_OK)
    {
        for (mu = 0; mu < n; mu++)
            for (nu = 0; nu < m; nu++)
                jet_set(JET_MAT_ENTRY(W->F, mu, p + nu, ctx), JET_MAT_ENTRY(Y, mu, nu, ctx), ctx);
        jet_mat_get_const(F0, W->F, ctx);
        ok = arb_mat_inv(W->F0inv, F0, prec);
        if (!ok)
            r = nh_error_set(err, NH_ERR_MODEL, "002 frame: adapted frame not certified invertible");
        for (al = 0; al < n; al++)
            for (mu = 0; mu < n; mu++)
                arb_set(W->X + al * n + mu, arb_mat_entry(F0, mu, al));
    }
    jet_mat_clear(At, ctx);
    jet_mat_clear(Y, ctx);
    arb_mat_clear(F0);
    return r;
}

/* frame components (F0inv vec) of the coordinate vector vec into
   out[k * stride] */
static void
to_frame(arb_ptr out, slong stride, const nh_dyn_frame_t W, const arb_mat_t vec, arb_mat_t comp,
         slong prec)
{
    slong k;
    arb_mat_mul(comp, W->F0inv, vec, prec);
    for (k = 0; k < W->n; k++)
        arb_set(out + k * stride, arb_mat_entry(comp, k, 0));
}

/* coordinate Christoffel symbols of G: Chr[(l n + mu) n + nu] */
static int
coordinate_christoffel(arb_ptr Chr, const nh_dyn_t D, slong prec, nh_error_t err)
{
    slong n = D->n, l, mu, nu, k;
    arb_mat_t G0, G0inv;
    arb_t s, u;
    int ok;
    arb_mat_init(G0, n, n);
    arb_mat_init(G0inv, n, n);
    arb_init(s);
    arb_init(u);
    jet_mat_get_const(G0, D->G, D->ctx);
    ok = arb_mat_inv(G0inv, G0, prec);
    for (l = 0; ok && l < n; l++)
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
    arb_mat_clear(G0);
    arb_mat_clear(G0inv);
    arb_clear(s);
    arb_clear(u);
    return ok ? NH_OK : nh_error_set(err, NH_ERR_MODEL, "002 frame: G not certified invertible");
}

int
nh_dyn_frame(nh_dyn_frame_t W, const nh_dyn_t D, slong prec, nh_error_t err)
{
    const jet_ctx_struct *ctx = D->ctx;
    slong n = D->n, l, mu, nu, al, be;
    jet_mat_t Ft, T;
    arb_mat_t vec, comp;
    arb_ptr Chr;
    arb_t s, u;
    int r;

    if ((r = frame_fields(W, D, prec, err)) != NH_OK)
        return r;
    Chr = _arb_vec_init(n * n * n);
    if ((r = coordinate_christoffel(Chr, D, prec, err)) != NH_OK)
    {
        _arb_vec_clear(Chr, n * n * n);
        return r;
    }
    jet_mat_init(Ft, n, n, ctx);
    jet_mat_init(T, n, n, ctx);
    arb_mat_init(vec, n, 1);
    arb_mat_init(comp, n, 1);
    arb_init(s);
    arb_init(u);

    /* frame metric g_{al be} = F^T G F (order-1 jets) */
    jet_mat_transpose(Ft, W->F, ctx);
    jet_mat_mul(T, D->G, W->F, 1, ctx, prec);
    jet_mat_mul(W->Gf, Ft, T, 1, ctx, prec);

    for (al = 0; al < n; al++)
        for (be = 0; be < n; be++)
        {
            /* R^g_{al be}: [X_al, X_be] */
            for (l = 0; l < n; l++)
            {
                nh_dyn_frame_der(s, W, al, JET_MAT_ENTRY(W->F, l, be, ctx), ctx, prec);
                nh_dyn_frame_der(u, W, be, JET_MAT_ENTRY(W->F, l, al, ctx), ctx, prec);
                arb_sub(arb_mat_entry(vec, l, 0), s, u, prec);
            }
            to_frame(W->R + al * n + be, n * n, W, vec, comp, prec);
            /* Gamma^g_{al be}: nabla_{X_al} X_be */
            for (l = 0; l < n; l++)
            {
                arb_ptr e = arb_mat_entry(vec, l, 0);
                nh_dyn_frame_der(e, W, al, JET_MAT_ENTRY(W->F, l, be, ctx), ctx, prec);
                for (mu = 0; mu < n; mu++)
                    for (nu = 0; nu < n; nu++)
                    {
                        arb_mul(s, W->X + al * n + mu, W->X + be * n + nu, prec);
                        arb_addmul(e, Chr + (l * n + mu) * n + nu, s, prec);
                    }
            }
            to_frame(W->Gam + al * n + be, n * n, W, vec, comp, prec);
        }

    jet_mat_clear(Ft, ctx);
    jet_mat_clear(T, ctx);
    arb_mat_clear(vec);
    arb_mat_clear(comp);
    _arb_vec_clear(Chr, n * n * n);
    arb_clear(s);
    arb_clear(u);
    return NH_OK;
}
