/*
 * t-geom_closed.c -- nh_geom_compute and the pointwise covariant
 * derivatives against closed forms derived by hand, for
 *   cases/vertical_disk.nh      (flat metric: Gamma = 0),
 *   cases/chaplygin_sleigh.nh   (phi-dependent metric: Gamma != 0),
 *   cases/inclined_sleigh.nh    (same metric, potential, mu_bar(phi)).
 * Parameters are read from the model (by name), so the derivations below
 * hold for any parameter values.
 */
#include <stdlib.h>
#include <string.h>
#include "geom.h"
#include "tap.h"

#define PREC 128
#define TOLBITS 80      /* balls must be narrower than 2^-80 */
#define ORD 3

/* ---------------------------------------------------------------- helpers */

static nh_model_ptr
load_case(const char *name)
{
    char path[4096];
    const char *top = getenv("NH_TOP_SRCDIR");
    nh_model_ptr M;
    nh_error_t err;

    nh_error_init(err);
    snprintf(path, sizeof path, "%s/cases/%s.nh", top ? top : "..", name);
    if (nh_model_load(&M, path, err) != NH_OK)
        tap_bail("cannot load %s: %s", path, err->msg);
    return M;
}

static void
param(arb_t res, const nh_model_struct *M, const char *name)
{
    slong k;
    fmpq_t v;
    for (k = 0; k < nh_model_nparams(M); k++)
        if (strcmp(nh_model_param_name(M, k), name) == 0)
        {
            fmpq_init(v);
            nh_model_param_value(v, M, k);
            arb_set_fmpq(res, v, PREC);
            fmpq_clear(v);
            return;
        }
    tap_bail("model %s has no parameter %s", nh_model_name(M), name);
}

static slong
coord(const nh_model_struct *M, const char *name)
{
    slong i = nh_model_coord_index(M, name);
    if (i < 0)
        tap_bail("model %s has no coordinate %s", nh_model_name(M), name);
    return i;
}

/* random exact rational in [-3, 3] with denominator 1000 */
static void
rand_point(arb_t x, flint_rand_t st)
{
    arb_set_si(x, (slong) n_randint(st, 6001) - 3000);
    arb_div_si(x, x, 1000, PREC);
}

/* a and b overlap, and a is a narrow ball */
static int
close(const arb_t a, const arb_t b)
{
    return arb_overlaps(a, b) && mag_cmp_2exp_si(arb_radref(a), -TOLBITS) < 0;
}

static int
mat_close(const arb_mat_t got, const arb_mat_t want, const char *what)
{
    slong i, j;
    for (i = 0; i < arb_mat_nrows(want); i++)
        for (j = 0; j < arb_mat_ncols(want); j++)
            if (!close(arb_mat_entry(got, i, j), arb_mat_entry(want, i, j)))
            {
                char *s1 = arb_get_str(arb_mat_entry(got, i, j), 20, 0);
                char *s2 = arb_get_str(arb_mat_entry(want, i, j), 20, 0);
                tap_diag("%s[%ld][%ld]: got %s, want %s", what, (long) i, (long) j, s1, s2);
                flint_free(s1);
                flint_free(s2);
                return 0;
            }
    return 1;
}

/* constant terms of an r x c jet matrix vs want */
static int
jet_const_close(const jet_mat_t J, const arb_mat_t want, const jet_ctx_t ctx, const char *what)
{
    arb_mat_t c;
    int ok;
    arb_mat_init(c, J->r, J->c);
    jet_mat_get_const(c, J, ctx);
    ok = mat_close(c, want, what);
    arb_mat_clear(c);
    return ok;
}

/* coefficients of x_k (= d/dq^k at q0) of J vs want */
static int
jet_dcoef_close(const jet_mat_t J, slong k, const arb_mat_t want, const jet_ctx_t ctx, const char *what)
{
    arb_mat_t c;
    slong i, j, idx = jet_ctx_var_index(ctx, k);
    int ok;
    arb_mat_init(c, J->r, J->c);
    for (i = 0; i < J->r; i++)
        for (j = 0; j < J->c; j++)
            arb_set(arb_mat_entry(c, i, j), JET_MAT_ENTRY(J, i, j, ctx) + idx);
    ok = mat_close(c, want, what);
    arb_mat_clear(c);
    return ok;
}

/* R = u v^T * s */
static void
outer(arb_mat_t R, arb_srcptr u, arb_srcptr v, const arb_t s)
{
    slong i, j;
    for (i = 0; i < arb_mat_nrows(R); i++)
        for (j = 0; j < arb_mat_ncols(R); j++)
        {
            arb_mul(arb_mat_entry(R, i, j), u + i, v + j, PREC);
            arb_mul(arb_mat_entry(R, i, j), arb_mat_entry(R, i, j), s, PREC);
        }
}

/* R += u v^T * s */
static void
outer_add(arb_mat_t R, arb_srcptr u, arb_srcptr v, const arb_t s)
{
    arb_mat_t T;
    arb_mat_init(T, arb_mat_nrows(R), arb_mat_ncols(R));
    outer(T, u, v, s);
    arb_mat_add(R, R, T, PREC);
    arb_mat_clear(T);
}

/* ------------------------------------------------------------ vertical disk
 *
 * q = (theta, x, y, varphi), G = diag(I, m, m, J),
 * a^1 = dx - R c dvarphi, a^2 = dy - R s dvarphi  (c = cos theta,
 * s = sin theta), mu_bar = identity (the file uses the default; paper
 * 000 (81) with mu = 1).
 *
 * Gamma: G is constant, so every d G vanishes and Gamma = 0 (eq (5)).
 *
 * P (projection onto D, G-orthogonal).  D = ker A is spanned by
 *   e_theta = (1,0,0,0)  and  w = (0, R c, R s, 1)
 * (A e_theta = 0; A w = (R c - R c, R s - R s) = 0).  G(e_theta, w) = 0,
 * so the G-orthogonal projection is
 *   P v = e_theta v^theta + w G(w, v) / G(w, w),
 *   G w = (0, m R c, m R s, J),  G(w, w) = m R^2 + J =: K,
 * i.e.  P = e_theta e_theta^T + w (G w)^T / K.
 * (Agrees with paper 000 (78) after multiplying out its prefactor
 * mR^2/K.)
 *
 * P_perp in a second, independent way (rotated constraint frame).  With
 * the rotation B = [[c, s], [-s, c]] the forms
 *   alpha = c a^1 + s a^2 = (0, c, s, -R)      (rolling)
 *   beta  = -s a^1 + c a^2 = (0, -s, c, 0)     (no side slip)
 * span the same annihilator.  Their sharps
 *   alpha# = G^-1 alpha = (0, c/m, s/m, -R/J),
 *   beta#  = G^-1 beta  = (0, -s/m, c/m, 0)
 * are G-orthogonal: alpha . G^-1 beta = (-cs + sc)/m = 0, with
 *   |alpha#|^2 = alpha . alpha# = 1/m + R^2/J =: sa,  |beta#|^2 = 1/m.
 * D_perp = span(alpha#, beta#), so with the orthogonal basis
 *   P_perp = alpha# alpha^T / sa + m beta# beta^T.
 *
 * FR_sharp = G^-1 A^T mu_bar A with mu_bar = I: A^T A = A^T B^T B A
 * = alpha alpha^T + beta beta^T (B orthogonal), so
 *   FR_sharp = alpha# alpha^T + beta# beta^T.                  (= (81))
 * Then FR_sharp alpha# = sa alpha#, FR_sharp beta# = (1/m) beta#,
 * FR_sharp = 0 on D: the inverse on D_perp, extended by 0 on D, is
 *   Q = alpha# alpha^T / sa^2 + m^2 beta# beta^T
 * (it satisfies Q FR_sharp = P_perp by construction: Lemma 4).
 *
 * d P / d theta from P = e_theta e_theta^T + w (G w)^T / K, with
 * dw/dtheta = (0, -R s, R c, 0), d(Gw)/dtheta = (0, -m R s, m R c, 0):
 *   dP/dtheta = [w' (G w)^T + w (G w')^T] / K.
 * Entry by entry:  dP[x][x] = -2 m R^2 c s / K, dP[x][y] = dP[y][x]
 * = m R^2 (c^2 - s^2) / K, dP[y][y] = 2 m R^2 c s / K,
 * dP[x][varphi] = -J R s / K, dP[y][varphi] = J R c / K,
 * dP[varphi][x] = -m R s / K, dP[varphi][y] = m R c / K, others 0.
 * Since Gamma = 0, nabla_{e_theta} P = dP/dtheta (eq (32)).
 */
static void
test_disk(flint_rand_t st)
{
    nh_model_ptr M = load_case("vertical_disk");
    slong n = nh_model_n(M), it, i, j, k;
    slong th = coord(M, "theta"), xi = coord(M, "x"), yi = coord(M, "y"), ph = coord(M, "varphi");
    arb_t m, R, I, J, K, sa, c, s, t, one;
    arb_ptr q0, w, Gw, dw, dGw, al, be, als, bes, X;
    arb_mat_t Pw, Ppw, FRw, Qw, dPw, Z, cov;
    jet_ctx_t ctx;
    nh_geom_t g;
    nh_error_t err;

    arb_init(m); arb_init(R); arb_init(I); arb_init(J); arb_init(K); arb_init(sa);
    arb_init(c); arb_init(s); arb_init(t); arb_init(one);
    param(m, M, "m"); param(R, M, "R"); param(I, M, "I"); param(J, M, "J");
    arb_one(one);
    /* K = m R^2 + J, sa = 1/m + R^2/J */
    arb_mul(K, R, R, PREC); arb_mul(K, K, m, PREC); arb_add(K, K, J, PREC);
    arb_mul(sa, R, R, PREC); arb_div(sa, sa, J, PREC);
    arb_inv(t, m, PREC); arb_add(sa, sa, t, PREC);

    q0 = _arb_vec_init(n); w = _arb_vec_init(n); Gw = _arb_vec_init(n);
    dw = _arb_vec_init(n); dGw = _arb_vec_init(n); al = _arb_vec_init(n);
    be = _arb_vec_init(n); als = _arb_vec_init(n); bes = _arb_vec_init(n);
    X = _arb_vec_init(n);
    arb_mat_init(Pw, n, n); arb_mat_init(Ppw, n, n); arb_mat_init(FRw, n, n);
    arb_mat_init(Qw, n, n); arb_mat_init(dPw, n, n); arb_mat_init(Z, n, n);
    arb_mat_init(cov, n, n);
    nh_error_init(err);

    jet_ctx_init(ctx, n, ORD);
    nh_geom_init(g, M, ctx);

    for (it = 0; it < 4; it++)
    {
        int okG = 1;
        for (i = 0; i < n; i++)
            rand_point(q0 + i, st);
        tap_ok(nh_geom_compute(g, M, q0, ORD, ctx, PREC, err) == NH_OK,
               "disk: compute at random point %ld%s%s", (long) it, err->msg[0] ? ": " : "", err->msg);

        arb_cos(c, q0 + th, PREC);
        arb_sin(s, q0 + th, PREC);

        /* w, G w, w', (G w)' */
        _arb_vec_zero(w, n); _arb_vec_zero(Gw, n); _arb_vec_zero(dw, n); _arb_vec_zero(dGw, n);
        arb_mul(w + xi, R, c, PREC); arb_mul(w + yi, R, s, PREC); arb_one(w + ph);
        arb_mul(Gw + xi, w + xi, m, PREC); arb_mul(Gw + yi, w + yi, m, PREC); arb_set(Gw + ph, J);
        arb_mul(dw + xi, R, s, PREC); arb_neg(dw + xi, dw + xi); arb_mul(dw + yi, R, c, PREC);
        arb_mul(dGw + xi, dw + xi, m, PREC); arb_mul(dGw + yi, dw + yi, m, PREC);

        /* P = e_theta e_theta^T + w (G w)^T / K */
        arb_inv(t, K, PREC);
        outer(Pw, w, Gw, t);
        arb_add_si(arb_mat_entry(Pw, th, th), arb_mat_entry(Pw, th, th), 1, PREC);

        /* rotated frame */
        _arb_vec_zero(al, n); _arb_vec_zero(be, n); _arb_vec_zero(als, n); _arb_vec_zero(bes, n);
        arb_set(al + xi, c); arb_set(al + yi, s); arb_neg(al + ph, R);
        arb_neg(be + xi, s); arb_set(be + yi, c);
        arb_div(als + xi, c, m, PREC); arb_div(als + yi, s, m, PREC);
        arb_div(als + ph, R, J, PREC); arb_neg(als + ph, als + ph);
        arb_div(bes + xi, s, m, PREC); arb_neg(bes + xi, bes + xi); arb_div(bes + yi, c, m, PREC);

        /* P_perp = alpha# alpha^T / sa + m beta# beta^T */
        arb_inv(t, sa, PREC);
        outer(Ppw, als, al, t);
        outer_add(Ppw, bes, be, m);
        /* FR_sharp = alpha# alpha^T + beta# beta^T */
        outer(FRw, als, al, one);
        outer_add(FRw, bes, be, one);
        /* Q = alpha# alpha^T / sa^2 + m^2 beta# beta^T */
        arb_mul(t, sa, sa, PREC); arb_inv(t, t, PREC);
        outer(Qw, als, al, t);
        arb_mul(t, m, m, PREC);
        outer_add(Qw, bes, be, t);
        /* dP/dtheta = [w' (G w)^T + w (G w')^T] / K */
        arb_inv(t, K, PREC);
        outer(dPw, dw, Gw, t);
        outer_add(dPw, w, dGw, t);

        tap_ok(jet_const_close(g->P, Pw, ctx, "P"), "disk: P = e_th e_th^T + w (Gw)^T/K at point %ld", (long) it);
        tap_ok(jet_const_close(g->Pperp, Ppw, ctx, "Pperp"), "disk: P_perp = alpha# alpha^T/sa + m beta# beta^T at point %ld", (long) it);
        tap_ok(jet_const_close(g->FRs, FRw, ctx, "FRs"), "disk: FR_sharp = alpha# alpha^T + beta# beta^T at point %ld", (long) it);
        tap_ok(jet_const_close(g->Q, Qw, ctx, "Q"), "disk: Q = alpha# alpha^T/sa^2 + m^2 beta# beta^T at point %ld", (long) it);
        tap_ok(jet_dcoef_close(g->P, th, dPw, ctx, "dP/dtheta"), "disk: dP/dtheta closed form at point %ld", (long) it);

        /* Gamma = 0 (all coefficients up to degree ORD - 1) */
        for (i = 0; i < n * n * n; i++)
            for (k = 0; k < jet_ctx_len(ctx, ORD - 1); k++)
                if (!arb_contains_zero(g->Gamma + i * ctx->len + k)
                    || mag_cmp_2exp_si(arb_radref(g->Gamma + i * ctx->len + k), -TOLBITS) >= 0)
                    okG = 0;
        tap_ok(okG, "disk: Gamma = 0 (flat metric) at point %ld", (long) it);

        /* nabla_{e_theta} P = dP/dtheta (Gamma = 0); nabla_X P for
           X = e_x + 2 e_y is 0 (P depends on theta only) */
        _arb_vec_zero(X, n);
        arb_one(X + th);
        nh_geom_cov_tensor(cov, g, g->P, X, ctx, PREC);
        tap_ok(mat_close(cov, dPw, "nabla_th P"), "disk: nabla_{d/dtheta} P = dP/dtheta at point %ld", (long) it);
        _arb_vec_zero(X, n);
        arb_one(X + xi);
        arb_set_si(X + yi, 2);
        nh_geom_cov_tensor(cov, g, g->P, X, ctx, PREC);
        arb_mat_zero(Z);
        tap_ok(mat_close(cov, Z, "nabla_X P"), "disk: nabla_{e_x + 2 e_y} P = 0 at point %ld", (long) it);

        /* V = 0: dV = gradV = 0 */
        {
            int okV = 1;
            for (i = 0; i < n; i++)
                for (k = 0; k < jet_ctx_len(ctx, ORD - 1); k++)
                    okV = okV && arb_is_zero(JET_MAT_ENTRY(g->gradV, i, 0, ctx) + k);
            tap_ok(okV, "disk: grad V = 0 at point %ld", (long) it);
        }
    }
    (void) j;

    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    arb_clear(m); arb_clear(R); arb_clear(I); arb_clear(J); arb_clear(K); arb_clear(sa);
    arb_clear(c); arb_clear(s); arb_clear(t); arb_clear(one);
    _arb_vec_clear(q0, n); _arb_vec_clear(w, n); _arb_vec_clear(Gw, n);
    _arb_vec_clear(dw, n); _arb_vec_clear(dGw, n); _arb_vec_clear(al, n);
    _arb_vec_clear(be, n); _arb_vec_clear(als, n); _arb_vec_clear(bes, n);
    _arb_vec_clear(X, n);
    arb_mat_clear(Pw); arb_mat_clear(Ppw); arb_mat_clear(FRw); arb_mat_clear(Qw);
    arb_mat_clear(dPw); arb_mat_clear(Z); arb_mat_clear(cov);
    nh_model_free(M);
}

/* ---------------------------------------------------------- Chaplygin sleigh
 *
 * q = (x, y, phi), c = cos phi, s = sin phi,
 *   G = [[m, 0, -m a s], [0, m, m a c], [-m a s, m a c, I + m a^2]]
 * (paper 001 Lagrangian (9)), constraint a = (-s, c, 0) (eq (10)).
 *
 * G^-1.  Write G = [[m Id, u], [u^T, I + m a^2]] with u = m a (-s, c).
 * The Schur complement of m Id is I + m a^2 - |u|^2/m = I, hence
 *   G^{phi phi} = 1/I,  G^{x phi} = -u_x/(m I) = a s / I,
 *   G^{y phi} = -a c / I,
 *   G^{ij} (i,j in {x,y}) = delta_ij/m + u_i u_j/(m^2 I)
 *     = delta_ij/m + (a^2/I) [[s^2, -s c], [-s c, c^2]].
 *
 * Christoffel symbols (eq (5)).  Only G_{x phi} = -m a s and
 * G_{y phi} = m a c depend on q, and only on phi:
 *   d_phi G_{x phi} = -m a c,  d_phi G_{y phi} = -m a s.
 * First kind C_{l,jk} = 1/2 (d_j G_lk + d_k G_lj - d_l G_jk): a nonzero
 * derivative needs a phi among the differentiation index and a phi among
 * the metric indices together with x or y.  Going through the cases:
 *   C_{l,phi phi} = d_phi G_{l phi} - 1/2 d_l G_{phi phi} = d_phi G_{l phi}
 *     -> C_{x,phi phi} = -m a c, C_{y,phi phi} = -m a s, C_{phi,phi phi} = 0;
 *   C_{l,j phi} (j in {x,y}) = 1/2 (d_j G_{l phi} + d_phi G_{lj} - d_l G_{j phi})
 *     = 1/2 (0 + d_phi G_{lj} - d_l G_{j phi}) = 0 for every l
 *     (d_phi G_{lj} = 0 unless l = phi, where it equals d_phi G_{phi j}
 *      and cancels against d_l G_{j phi} = d_phi G_{j phi});
 *   C_{l,jk} (j,k in {x,y}) = -1/2 d_l G_{jk} = 0.
 * Second kind Gamma^i_{phi phi} = G^{ix} (-m a c) + G^{iy} (-m a s):
 *   i = x: -m a [c (1/m + a^2 s^2/I) - s a^2 s c / I] = -a c,
 *   i = y: -m a [-c a^2 s c/I + s (1/m + a^2 c^2/I)] = -a s,
 *   i = phi: -m a [c a s/I - s a c/I] = 0;
 * all other Gamma^i_{jk} = 0.  Sanity: the free geodesics have phi
 * linear in t and the centre of mass x + a cos phi unaccelerated, so
 * xdd = a cos(phi) phid^2 = -Gamma^x_{phi phi} phid^2.  The x_phi
 * coefficient (d/dphi) of Gamma^x_{phi phi} is a s, of
 * Gamma^y_{phi phi} is -a c.
 *
 * P: D = ker a is spanned by u1 = (c, s, 0), u2 = (0, 0, 1), with
 *   G u1 = (m c, m s, 0),  G u2 = (-m a s, m a c, I + m a^2),
 *   u1^T G u2 = 0, u1^T G u1 = m, u2^T G u2 = I + m a^2 =: L,
 * so P = u1 (G u1)^T / m + u2 (G u2)^T / L.
 * P_perp independently: a# = G^-1 a^T = (-k s, k c, -a/I) with
 * k = 1/m + a^2/I (from G^-1 above), S = a a# = k, and
 *   P_perp = a# a / k = [[s^2, -s c, 0], [-s c, c^2, 0],
 *                        [m a s / L, -m a c / L, 0]]
 * (a / (I k) = m a / L).  FR_sharp = mu_bar a# a, Q = a# a / (mu_bar k^2).
 *
 * nabla of the constant field Y = d/dphi (eq (31)): dY = 0, so
 *   nabla_X Y = Gamma(X) e_phi = (Gamma^i_{k phi} X^k)_i
 *             = X^phi (-a c, -a s, 0).
 *
 * Inclined sleigh: same metric, V = m g sin(alpha) (x + a cos phi):
 *   dV = gamma (1, 0, -a s), gamma = m g sin(alpha);
 *   grad V = G^-1 dV:
 *     x:   gamma (1/m + a^2 s^2/I - a s . a s/I) = gamma/m,
 *     y:   gamma (-a^2 s c/I + a c . a s/I)     = 0,
 *     phi: gamma (a s/I - a s/I)                 = 0,
 *   so grad V = (g sin alpha, 0, 0) (the skate point is pulled straight
 *   down-slope; the coupling cancels).  mu_bar = 1 + c^2/2.
 */
static void
test_sleigh(flint_rand_t st, const char *name, int inclined)
{
    nh_model_ptr M = load_case(name);
    slong n = nh_model_n(M), it, i, j, k;
    slong xi = coord(M, "x"), yi = coord(M, "y"), ph = coord(M, "phi");
    arb_t m, I, a, L, kk, c, s, t, mu, gg, al;
    arb_ptr q0, u1, u2, Gu1, Gu2, av, as, X, Y, res;
    arb_mat_t Giw, Pw, Ppw, FRw, Qw, Gam, Gw, dGam;
    jet_ctx_t ctx;
    nh_geom_t g;
    nh_error_t err;

    arb_init(m); arb_init(I); arb_init(a); arb_init(L); arb_init(kk);
    arb_init(c); arb_init(s); arb_init(t); arb_init(mu); arb_init(gg); arb_init(al);
    param(m, M, "m"); param(I, M, "I"); param(a, M, "a");
    /* L = I + m a^2, kk = 1/m + a^2/I */
    arb_mul(L, a, a, PREC); arb_mul(L, L, m, PREC); arb_add(L, L, I, PREC);
    arb_mul(kk, a, a, PREC); arb_div(kk, kk, I, PREC);
    arb_inv(t, m, PREC); arb_add(kk, kk, t, PREC);
    if (inclined)
    {
        param(gg, M, "g");
        param(al, M, "alpha");
    }

    q0 = _arb_vec_init(n); u1 = _arb_vec_init(n); u2 = _arb_vec_init(n);
    Gu1 = _arb_vec_init(n); Gu2 = _arb_vec_init(n); av = _arb_vec_init(n);
    as = _arb_vec_init(n); X = _arb_vec_init(n); res = _arb_vec_init(n);
    arb_mat_init(Giw, n, n); arb_mat_init(Pw, n, n); arb_mat_init(Ppw, n, n);
    arb_mat_init(FRw, n, n); arb_mat_init(Qw, n, n); arb_mat_init(Gam, n, n);
    arb_mat_init(Gw, n, n); arb_mat_init(dGam, n, n);
    nh_error_init(err);

    /* one extra (unused) jet variable: allowed by the interface */
    jet_ctx_init(ctx, n + 1, ORD);
    nh_geom_init(g, M, ctx);
    Y = jet_vec_init(n, ctx);

    for (it = 0; it < 4; it++)
    {
        int okG = 1, okdG = 1;
        for (i = 0; i < n; i++)
            rand_point(q0 + i, st);
        tap_ok(nh_geom_compute(g, M, q0, ORD, ctx, PREC, err) == NH_OK,
               "%s: compute at random point %ld%s%s", name, (long) it, err->msg[0] ? ": " : "", err->msg);
        arb_cos(c, q0 + ph, PREC);
        arb_sin(s, q0 + ph, PREC);
        if (inclined)
        {
            /* mu_bar = 1 + c^2/2 */
            arb_mul(mu, c, c, PREC); arb_mul_2exp_si(mu, mu, -1); arb_add_si(mu, mu, 1, PREC);
        }
        else
            arb_one(mu);

        /* G^-1 */
        arb_mat_zero(Giw);
        arb_inv(arb_mat_entry(Giw, ph, ph), I, PREC);
        arb_mul(t, a, s, PREC); arb_div(t, t, I, PREC);
        arb_set(arb_mat_entry(Giw, xi, ph), t); arb_set(arb_mat_entry(Giw, ph, xi), t);
        arb_mul(t, a, c, PREC); arb_div(t, t, I, PREC); arb_neg(t, t);
        arb_set(arb_mat_entry(Giw, yi, ph), t); arb_set(arb_mat_entry(Giw, ph, yi), t);
        arb_mul(t, a, a, PREC); arb_div(t, t, I, PREC);          /* a^2/I */
        arb_mul(arb_mat_entry(Giw, xi, xi), t, s, PREC); arb_mul(arb_mat_entry(Giw, xi, xi), arb_mat_entry(Giw, xi, xi), s, PREC);
        arb_mul(arb_mat_entry(Giw, yi, yi), t, c, PREC); arb_mul(arb_mat_entry(Giw, yi, yi), arb_mat_entry(Giw, yi, yi), c, PREC);
        arb_mul(arb_mat_entry(Giw, xi, yi), t, s, PREC); arb_mul(arb_mat_entry(Giw, xi, yi), arb_mat_entry(Giw, xi, yi), c, PREC);
        arb_neg(arb_mat_entry(Giw, xi, yi), arb_mat_entry(Giw, xi, yi));
        arb_set(arb_mat_entry(Giw, yi, xi), arb_mat_entry(Giw, xi, yi));
        arb_inv(t, m, PREC);
        arb_add(arb_mat_entry(Giw, xi, xi), arb_mat_entry(Giw, xi, xi), t, PREC);
        arb_add(arb_mat_entry(Giw, yi, yi), arb_mat_entry(Giw, yi, yi), t, PREC);
        tap_ok(jet_const_close(g->Ginv, Giw, ctx, "Ginv"), "%s: G^-1 (Schur complement I) at point %ld", name, (long) it);

        /* Christoffel symbols: Gamma^x_{phi phi} = -a c, Gamma^y_{phi phi} = -a s,
           all others 0; d/dphi: a s and -a c. */
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                for (k = 0; k < n; k++)
                {
                    arb_srcptr G0 = NH_GAMMA(g, i, j, k, ctx);
                    arb_srcptr G1 = G0 + jet_ctx_var_index(ctx, ph);
                    arb_t want, dwant;
                    arb_init(want); arb_init(dwant);
                    if (j == ph && k == ph && i == xi)
                    {
                        arb_mul(want, a, c, PREC); arb_neg(want, want);
                        arb_mul(dwant, a, s, PREC);
                    }
                    else if (j == ph && k == ph && i == yi)
                    {
                        arb_mul(want, a, s, PREC); arb_neg(want, want);
                        arb_mul(dwant, a, c, PREC); arb_neg(dwant, dwant);
                    }
                    if (!close(G0, want))
                    {
                        tap_diag("Gamma^%ld_%ld%ld wrong", (long) i, (long) j, (long) k);
                        okG = 0;
                    }
                    if (!close(G1, dwant))
                    {
                        tap_diag("d/dphi Gamma^%ld_%ld%ld wrong", (long) i, (long) j, (long) k);
                        okdG = 0;
                    }
                    arb_clear(want); arb_clear(dwant);
                }
        tap_ok(okG, "%s: Christoffel symbols Gamma^x_pp = -a cos, Gamma^y_pp = -a sin, rest 0, point %ld", name, (long) it);
        tap_ok(okdG, "%s: d/dphi of the Christoffel symbols at point %ld", name, (long) it);

        /* Gamma(q, X) matrix for X = (1, 2, 3): [Gamma(X)]^i_j = Gamma^i_{kj} X^k,
           nonzero only in column phi: (-a c, -a s, 0) X^phi */
        _arb_vec_zero(X, n);
        arb_set_si(X + xi, 1); arb_set_si(X + yi, 2); arb_set_si(X + ph, 3);
        nh_geom_gamma_matrix(Gam, g, X, ctx, PREC);
        arb_mat_zero(Gw);
        arb_mul(arb_mat_entry(Gw, xi, ph), a, c, PREC);
        arb_mul_si(arb_mat_entry(Gw, xi, ph), arb_mat_entry(Gw, xi, ph), -3, PREC);
        arb_mul(arb_mat_entry(Gw, yi, ph), a, s, PREC);
        arb_mul_si(arb_mat_entry(Gw, yi, ph), arb_mat_entry(Gw, yi, ph), -3, PREC);
        tap_ok(mat_close(Gam, Gw, "Gamma(X)"), "%s: Gamma(q, X) matrix at point %ld", name, (long) it);

        /* P = u1 (G u1)^T / m + u2 (G u2)^T / L */
        _arb_vec_zero(u1, n); _arb_vec_zero(u2, n); _arb_vec_zero(Gu1, n); _arb_vec_zero(Gu2, n);
        arb_set(u1 + xi, c); arb_set(u1 + yi, s); arb_one(u2 + ph);
        arb_mul(Gu1 + xi, m, c, PREC); arb_mul(Gu1 + yi, m, s, PREC);
        arb_mul(Gu2 + xi, m, a, PREC); arb_mul(Gu2 + xi, Gu2 + xi, s, PREC); arb_neg(Gu2 + xi, Gu2 + xi);
        arb_mul(Gu2 + yi, m, a, PREC); arb_mul(Gu2 + yi, Gu2 + yi, c, PREC);
        arb_set(Gu2 + ph, L);
        arb_inv(t, m, PREC); outer(Pw, u1, Gu1, t);
        arb_inv(t, L, PREC); outer_add(Pw, u2, Gu2, t);
        tap_ok(jet_const_close(g->P, Pw, ctx, "P"), "%s: P = u1 (Gu1)^T/m + u2 (Gu2)^T/L at point %ld", name, (long) it);

        /* a = (-s, c, 0), a# = (-k s, k c, -a/I) */
        _arb_vec_zero(av, n); _arb_vec_zero(as, n);
        arb_neg(av + xi, s); arb_set(av + yi, c);
        arb_mul(as + xi, kk, s, PREC); arb_neg(as + xi, as + xi);
        arb_mul(as + yi, kk, c, PREC);
        arb_div(as + ph, a, I, PREC); arb_neg(as + ph, as + ph);
        /* P_perp explicit */
        arb_mat_zero(Ppw);
        arb_mul(arb_mat_entry(Ppw, xi, xi), s, s, PREC);
        arb_mul(arb_mat_entry(Ppw, xi, yi), s, c, PREC); arb_neg(arb_mat_entry(Ppw, xi, yi), arb_mat_entry(Ppw, xi, yi));
        arb_set(arb_mat_entry(Ppw, yi, xi), arb_mat_entry(Ppw, xi, yi));
        arb_mul(arb_mat_entry(Ppw, yi, yi), c, c, PREC);
        arb_mul(t, m, a, PREC); arb_div(t, t, L, PREC);
        arb_mul(arb_mat_entry(Ppw, ph, xi), t, s, PREC);
        arb_mul(arb_mat_entry(Ppw, ph, yi), t, c, PREC); arb_neg(arb_mat_entry(Ppw, ph, yi), arb_mat_entry(Ppw, ph, yi));
        tap_ok(jet_const_close(g->Pperp, Ppw, ctx, "Pperp"), "%s: P_perp closed form at point %ld", name, (long) it);
        /* FR_sharp = mu a# a, Q = a# a / (mu k^2) */
        outer(FRw, as, av, mu);
        arb_mul(t, kk, kk, PREC); arb_mul(t, t, mu, PREC); arb_inv(t, t, PREC);
        outer(Qw, as, av, t);
        tap_ok(jet_const_close(g->FRs, FRw, ctx, "FRs"), "%s: FR_sharp = mu_bar a# a at point %ld", name, (long) it);
        tap_ok(jet_const_close(g->Q, Qw, ctx, "Q"), "%s: Q = a# a/(mu_bar k^2) at point %ld", name, (long) it);

        /* nabla_X d/dphi = X^phi (-a c, -a s, 0) */
        for (i = 0; i < n; i++)
            jet_zero(JET_ENTRY(Y, i, ctx), ctx);
        arb_one(JET_ENTRY(Y, ph, ctx));
        nh_geom_cov_vector(res, g, Y, X, ctx, PREC);
        {
            arb_t w0, w1;
            arb_init(w0); arb_init(w1);
            arb_mul(w0, a, c, PREC); arb_mul_si(w0, w0, -3, PREC);
            arb_mul(w1, a, s, PREC); arb_mul_si(w1, w1, -3, PREC);
            tap_ok(close(res + xi, w0) && close(res + yi, w1)
                   && arb_contains_zero(res + ph) && mag_cmp_2exp_si(arb_radref(res + ph), -TOLBITS) < 0,
                   "%s: nabla_X d/dphi = X^phi (-a cos, -a sin, 0) at point %ld", name, (long) it);
            arb_clear(w0); arb_clear(w1);
        }

        /* grad V */
        {
            arb_t want;
            int okV = 1;
            arb_init(want);
            for (i = 0; i < n; i++)
            {
                arb_zero(want);
                if (inclined && i == xi)
                {
                    arb_sin(want, al, PREC);
                    arb_mul(want, want, gg, PREC);
                }
                okV = okV && close(jet_const(JET_MAT_ENTRY(g->gradV, i, 0, ctx)), want);
            }
            tap_ok(okV, "%s: grad V = %s at point %ld", name, inclined ? "(g sin alpha, 0, 0)" : "0", (long) it);
            arb_clear(want);
        }
    }

    jet_vec_clear(Y, n, ctx);
    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    arb_clear(m); arb_clear(I); arb_clear(a); arb_clear(L); arb_clear(kk);
    arb_clear(c); arb_clear(s); arb_clear(t); arb_clear(mu); arb_clear(gg); arb_clear(al);
    _arb_vec_clear(q0, n); _arb_vec_clear(u1, n); _arb_vec_clear(u2, n);
    _arb_vec_clear(Gu1, n); _arb_vec_clear(Gu2, n); _arb_vec_clear(av, n);
    _arb_vec_clear(as, n); _arb_vec_clear(X, n); _arb_vec_clear(res, n);
    arb_mat_clear(Giw); arb_mat_clear(Pw); arb_mat_clear(Ppw); arb_mat_clear(FRw);
    arb_mat_clear(Qw); arb_mat_clear(Gam); arb_mat_clear(Gw); arb_mat_clear(dGam);
    nh_model_free(M);
}

int
main(void)
{
    flint_rand_t st;
    flint_rand_init(st);
    tap_diag("flint_rand_t with default seed (flint_rand_init), points k/1000 in [-3, 3]");
    test_disk(st);
    test_sleigh(st, "chaplygin_sleigh", 0);
    test_sleigh(st, "inclined_sleigh", 1);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
