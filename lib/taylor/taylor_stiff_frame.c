/*
 * taylor_stiff_frame.c -- the frame of the stiff stepper (taylor_stiff.c,
 * doc/flow.md "Stiff flows through the slow manifold", step (c)): the
 * matrices C, W, T = [[I, 0], [H, W]] at the midpoint, the comparison
 * matrix M of T^{-1} D T, and the norms and radii in that frame.
 */
#include <math.h>
#include "impl.h"
#ifdef NHORACLE_ARB_IN_FLINT
#include <flint/acb_mat.h>
#else
#include <acb_mat.h>
#endif

/* upper bound of |a| as an exact ball into r += */
void
_nh_taylor_add_abs(arb_t r, const arb_t a, slong prec)
{
    arf_t u;
    arb_t t;
    arf_init(u);
    arb_init(t);
    arb_get_abs_ubound_arf(u, a, prec);
    arb_set_arf(t, u);
    arb_add(r, r, t, prec);
    arf_clear(u);
    arb_clear(t);
}

/* W (Nf x Nf, point entries) = the approximate eigenvectors R, each divided
   by its largest entry (an eigenvector comes with an arbitrary complex
   factor; after this the imaginary parts of those of real eigenvalues
   vanish up to the accuracy), real parts; 0 when some column is not real
   to 2^-20 (complex eigenvalues: the caller keeps W = I). */
static int
real_columns(arb_mat_t W, const acb_mat_t R, slong prec)
{
    slong Nf = acb_mat_nrows(R), i, j;
    int real = 1;
    acb_t piv, c;
    mag_t a, m;

    acb_init(piv); acb_init(c);
    mag_init(a); mag_init(m);
    for (j = 0; j < Nf && real; j++)
    {
        mag_zero(m);
        acb_zero(piv);
        for (i = 0; i < Nf; i++)
        {
            acb_get_mag(a, acb_mat_entry(R, i, j));
            if (mag_cmp(a, m) > 0)
            {
                mag_set(m, a);
                acb_set(piv, acb_mat_entry(R, i, j));
            }
        }
        if (acb_contains_zero(piv))
            real = 0;
        for (i = 0; i < Nf && real; i++)
        {
            acb_div(c, acb_mat_entry(R, i, j), piv, prec);
            arb_get_mag(a, acb_imagref(c));
            if (mag_cmp_2exp_si(a, -20) > 0)
                real = 0;
            arb_get_mid_arb(arb_mat_entry(W, i, j), acb_realref(c));
        }
    }
    acb_clear(piv); acb_clear(c);
    mag_clear(a); mag_clear(m);
    return real;
}

/* From D = D_x f at the midpoint: C = the inverse of its fast block, W
   that block's approximate eigenvectors (real parts; the identity when
   not real), and the frame T. */
int
_nh_taylor_stiff_frame(nh_taylor_stiff_ws_struct *s, slong prec)
{
    slong Nf = s->Nf, Ns = s->Ns, N = s->N, i, j;
    arb_mat_t Jf;
    acb_mat_t A, R;
    acb_ptr E;
    mag_t tol;
    int ok = 1;

    arb_mat_init(Jf, Nf, Nf);
    acb_mat_init(A, Nf, Nf);
    acb_mat_init(R, Nf, Nf);
    E = _acb_vec_init(Nf);
    mag_init(tol);
    for (i = 0; i < Nf; i++)
        for (j = 0; j < Nf; j++)
        {
            arb_get_mid_arb(arb_mat_entry(Jf, i, j), arb_mat_entry(s->D, Ns + i, Ns + j));
            acb_set_arb(acb_mat_entry(A, i, j), arb_mat_entry(Jf, i, j));
        }
    if (!arb_mat_inv(s->C, Jf, prec))
        ok = 0;
    for (i = 0; i < Nf * Nf && ok; i++)
        arb_get_mid_arb(s->C->entries + i, s->C->entries + i);
    mag_set_ui_2exp_si(tol, 1, -prec / 2);
    arb_mat_one(s->W);
    if (ok && acb_mat_approx_eig_qr(E, NULL, R, A, tol, 0, prec) && !real_columns(s->W, R, prec))
        arb_mat_one(s->W);
    /* T = [[I, 0], [H, W]], H = -C D_fs (the slow manifold's tangent at
       the midpoint, to first order in eps): in e~ = T^{-1} e the coupling
       from the slow error into the fast one is O(eps) + the variation of
       D over the box, and the slow block is the Schur complement
       D_ss - D_sf D_ff^{-1} D_fs, the reduced flow's Jacobian */
    arb_mat_one(s->T);
    for (i = 0; i < Nf && ok; i++)
        for (j = 0; j < Nf; j++)
            arb_set(arb_mat_entry(s->T, Ns + i, Ns + j), arb_mat_entry(s->W, i, j));
    for (i = 0; i < Nf && ok; i++)
        for (j = 0; j < Ns; j++)
        {
            arb_ptr hij = arb_mat_entry(s->T, Ns + i, j);
            slong k;
            arb_zero(hij);
            for (k = 0; k < Nf; k++)
                arb_submul(hij, arb_mat_entry(s->C, i, k), arb_mat_entry(s->D, Ns + k, j), prec);
            arb_get_mid_arb(hij, hij);
        }
    if (ok && !arb_mat_inv(s->Tinv, s->T, prec))
    {
        /* W singular after all: the plain splitting */
        arb_mat_one(s->T);
        arb_mat_one(s->Tinv);
    }
    for (i = 0; i < N * N; i++)
        arb_abs(s->Tabs->entries + i, s->T->entries + i);
    arb_mat_clear(Jf);
    acb_mat_clear(A);
    acb_mat_clear(R);
    _acb_vec_clear(E, Nf);
    mag_clear(tol);
    return ok;
}

/* the comparison matrix M of D~ = T^{-1} D T (D over a box): M00 the
   max-norm log-norm of the slow block, M01 and M10 the max-norms of the
   couplings, M11 the log-norm of the fast block */
void
_nh_taylor_stiff_matrix(arb_mat_t M, nh_taylor_stiff_ws_struct *s, slong prec)
{
    slong N = s->N, Ns = s->Ns, i, j;
    arb_mat_t X;
    arb_t r[2];

    arb_mat_init(X, N, N);
    arb_init(r[0]); arb_init(r[1]);
    arb_mat_mul(X, s->D, s->T, prec);
    arb_mat_mul(X, s->Tinv, X, prec);
    arb_mat_zero(M);
    arb_neg_inf(arb_mat_entry(M, 0, 0));
    arb_neg_inf(arb_mat_entry(M, 1, 1));
    for (i = 0; i < N; i++)
    {
        slong bi = (i >= Ns);
        /* r[b] = row i's entries in block column b: the diagonal entry
           itself, |.| of the others */
        arb_zero(r[0]); arb_zero(r[1]);
        for (j = 0; j < N; j++)
        {
            if (j == i)
                arb_add(r[bi], r[bi], arb_mat_entry(X, i, i), prec);
            else
                _nh_taylor_add_abs(r[j >= Ns], arb_mat_entry(X, i, j), prec);
        }
        arb_max(arb_mat_entry(M, bi, 0), arb_mat_entry(M, bi, 0), r[0], prec);
        arb_max(arb_mat_entry(M, bi, 1), arb_mat_entry(M, bi, 1), r[1], prec);
    }
    arb_mat_clear(X);
    arb_clear(r[0]); arb_clear(r[1]);
}

/* u = upper bounds (exact balls) of the max-norms of the slow and fast
   parts of T^{-1} v, over the N balls v */
void
_nh_taylor_stiff_norms(arb_ptr u, nh_taylor_stiff_ws_struct *s, arb_srcptr v, slong prec)
{
    slong i, N = s->N;
    arb_t r, t;
    arb_init(r); arb_init(t);
    arb_zero(u + 0);
    arb_zero(u + 1);
    for (i = 0; i < N; i++)
    {
        arb_dot(t, NULL, 0, arb_mat_entry(s->Tinv, i, 0), 1, v, 1, N, prec);
        arb_zero(r);
        _nh_taylor_add_abs(r, t, prec);
        arb_max(u + (i >= s->Ns), u + (i >= s->Ns), r, prec);
    }
    arb_clear(r); arb_clear(t);
}

/* rad (N balls) = |T| (rho_s, .., rho_f, ..): the componentwise radius of
   the set T e~, |e~_s| <= rho_s, |e~_f| <= rho_f */
void
_nh_taylor_stiff_radius(arb_ptr rad, nh_taylor_stiff_ws_struct *s, arb_srcptr rho, slong prec)
{
    slong i, j, N = s->N;
    for (i = 0; i < N; i++)
    {
        arb_zero(rad + i);
        for (j = 0; j < N; j++)
            arb_addmul(rad + i, arb_mat_entry(s->Tabs, i, j), rho + (j >= s->Ns), prec);
    }
}
