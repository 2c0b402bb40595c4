/*
 * quantity_frame.c -- the anholonomic frame of paper 002 Sec 4 adapted
 * to TQ = D + D^g as quantities (quantity.h): frame metric g_{al be},
 * its derivatives X_al(g_{be ga}), structure functions R^ga_{al be} and
 * the Levi-Civita symbols Gamma^ga_{al be} (upper and lowered), from
 * nh_dyn_frame (lib/nhdyn.h), with the frame indices relabelled by the
 * coordinates the fields are attached to.
 */
#include "impl.h"

slong
nh_quantity_frame_len(slong n)
{
    return n * n + 4 * n * n * n;
}

int
nh_quantity_frame(arb_ptr out, const nh_dyn_t D, slong prec, nh_error_t err)
{
    slong n = D->n, p = D->p, al, be, ga, de, n3 = n * n * n;
    slong *lab = flint_malloc(n * sizeof(slong));
    arb_ptr g = out, Xg = out + n * n, R = Xg + n3, Gam = R + n3, Low = Gam + n3;
    nh_dyn_frame_t W;
    int r;

    for (al = 0; al < n; al++)
        lab[al] = al < p ? D->indep[al] : D->dep[al - p];
    nh_dyn_frame_init(W, D);
    r = nh_dyn_frame(W, D, prec, err);
#define L3(x, y, z) ((lab[x] * n + lab[y]) * n + lab[z])
    for (al = 0; r == NH_OK && al < n; al++)
        for (be = 0; be < n; be++)
        {
            arb_set(g + lab[al] * n + lab[be], jet_const(JET_MAT_ENTRY(W->Gf, al, be, D->ctx)));
            for (ga = 0; ga < n; ga++)
            {
                nh_dyn_frame_der(Xg + L3(al, be, ga), W, al, JET_MAT_ENTRY(W->Gf, be, ga, D->ctx),
                                 D->ctx, prec);
                arb_set(R + L3(ga, al, be), W->R + (ga * n + al) * n + be);
                arb_set(Gam + L3(ga, al, be), W->Gam + (ga * n + al) * n + be);
            }
        }
    for (ga = 0; r == NH_OK && ga < n; ga++)
        for (al = 0; al < n; al++)
            for (be = 0; be < n; be++)
            {
                arb_ptr e = Low + (ga * n + al) * n + be;
                arb_zero(e);
                for (de = 0; de < n; de++)
                    arb_addmul(e, g + ga * n + de, Gam + (de * n + al) * n + be, prec);
            }
#undef L3
    nh_dyn_frame_clear(W, D);
    flint_free(lab);
    return r;
}

/* polarization of route 1: B = 1/4 (acc(u + w) - acc(u - w)) (n balls) */
static int
polarized_acc(arb_ptr B, const nh_dyn_t D, arb_srcptr u, arb_srcptr w, slong prec, nh_error_t err)
{
    slong n = D->n;
    arb_ptr x = _arb_vec_init(n), a1 = _arb_vec_init(n), mult = _arb_vec_init(FLINT_MAX(D->m, 1));
    int r;
    _arb_vec_add(x, u, w, n, prec);
    r = nh_dyn_lagrange(B, mult, D, x, prec, err);
    _arb_vec_sub(x, u, w, n, prec);
    if (r == NH_OK)
        r = nh_dyn_lagrange(a1, mult, D, x, prec, err);
    _arb_vec_sub(B, B, a1, n, prec);
    _arb_vec_scalar_mul_2exp_si(B, B, n, -2);
    _arb_vec_clear(x, n);
    _arb_vec_clear(a1, n);
    _arb_vec_clear(mult, FLINT_MAX(D->m, 1));
    return r;
}

int
nh_quantity_exp_dE0(arb_ptr out, const nh_dyn_t D, slong prec, nh_error_t err)
{
    slong n = D->n, p = D->p, a, b, l, be;
    arb_ptr H = _arb_vec_init(n);
    arb_mat_t vec, comp;
    arb_t s;
    nh_dyn_frame_t W;
    int r;

    arb_mat_init(vec, n, 1);
    arb_mat_init(comp, n, 1);
    arb_init(s);
    nh_dyn_frame_init(W, D);
    r = nh_dyn_frame(W, D, prec, err);
    for (a = 0; r == NH_OK && a < p; a++)
        for (b = 0; r == NH_OK && b < p; b++)
        {
            /* H_ab - X_b(X_a), then frame components */
            r = polarized_acc(H, D, W->X + a * n, W->X + b * n, prec, err);
            for (l = 0; l < n; l++)
            {
                nh_dyn_frame_der(s, W, b, JET_MAT_ENTRY(W->F, l, a, D->ctx), D->ctx, prec);
                arb_sub(arb_mat_entry(vec, l, 0), H + l, s, prec);
            }
            arb_mat_mul(comp, W->F0inv, vec, prec);
            for (be = 0; be < n; be++)
                arb_set(out + ((be < p ? D->indep[be] : D->dep[be - p]) * p + a) * p + b,
                        arb_mat_entry(comp, be, 0));
        }
    nh_dyn_frame_clear(W, D);
    arb_mat_clear(vec);
    arb_mat_clear(comp);
    arb_clear(s);
    _arb_vec_clear(H, n);
    return r;
}
