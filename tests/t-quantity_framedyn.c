/* t-quantity_framedyn.c -- the frame-coordinate quantities of issue 21
   (lib/quantity/quantity_framedyn.c: frame_v, frame_full,
   frame_geodesic, frame_h, frame_reduced, frame_Dh1, lagrangian,
   TTQ_proj) against closed forms derived by hand on the Chaplygin
   sleigh, and identities connecting them to independent quantities.

   Sleigh (cases/chaplygin_sleigh.nh, q = (x, y, phi), dependent y,
   c = cos phi, s = sin phi, M = I + m a^2, k = m a/M): constraint
   A = (-s, c, 0), D: ydot = (s/c) xdot.  Frame (labels x, y, phi):
     X_x = d_x + (s/c) d_y,  X_phi = d_phi  (span D),
     X_y = G^-1 A^T = (M/(m I)) (-s, c, 0) - (a/I) (0, 0, 1)  (solve G w =
     A^T with w = al (-s, c, 0) + be d_phi: m (al + a be) = 1,
     m a al + M be = 0).
   With the body velocities u = c vx + s vy, sg = -s vx + c vy (the slip)
   and psi = vphi + k sg (001 Sec 7.1), v = xi_x X_x + eta X_y + xi_phi X_phi
   gives (A X_x = 0, A X_y = M/(m I), the d_x and d_phi rows)
     xi_x = vx + s sg = c u,  eta = m I sg/M,  xi_phi = psi.
   Along any motion, with omega = phidot = psi - k sg:
     d xi_x/dt = c udot - s u omega,  d eta/dt = (m I/M) sgdot,
     d xi_phi/dt = psidot,
   and the sleigh's equations of motion in (u, sg, psi) (Euler-Lagrange
   of L = m/2 (u^2 + sg^2) + M/2 omega^2 + m a omega sg with the slip
   friction -sg/eps, derived once more by sympy from G here):
     udot = a psi^2 - ((m a^2 - I)/M) sg psi - (m a I/M^2) sg^2,
     sgdot = -u psi + k u sg - (M/(eps m I)) sg,
     psidot = -k u psi + (m a/M)^2 u sg.
   The geodesic field is the same without the -sg/eps term.
   On D (sg = 0, psi = vphi): h^(1) has slip -(I m/M) u psi (claim
   001-34), so frame eta_1 = -(I m/M)^2 u psi; along X_NH (udot = a psi^2,
   psidot = -k u psi) its derivative is -(I m/M)^2 (a psi^3 - k u^2 psi)
   (frame_Dh1); the eps^1 order of the invariance equation 001 (33)
   gives eta_2 = (m I/M) [ (d/dsg of the geodesic eta rate) sg_1 - D eta_1
   . X_NH ] = (I m)^3 a/M^3 (psi^3 - 2 m u^2 psi/M) (000 normalisation).
   The order-1 reduced field at eps: xi rates of the geodesic field at
   sg = eps sg_1 (u and psi of vD + eps h^(1) are those of vD), eta =
   eps eta_1.  Lagrangian (001 (38)): L = m/2 u^2 + (I m/M)/2 sg^2 +
   M/2 psi^2.  TTQ_proj row 1 = nabla_v (P v) (sympy from the
   Christoffel symbols of G, 000 (4)-(5)):
     [-a vphi^2 c + I sg vphi c/M - u vphi s,
      -a vphi^2 s + I sg vphi s/M + u vphi c,  -k u vphi].

   Identities (general models: the inclined sleigh with a potential and
   mu_bar(phi), the vertical disk): 001 (30) frame_full = -Gamma_f(c, c)
   - F^-1 grad V - (1/eps) F^-1 FR_sharp v with the frame Levi-Civita
   symbols of nh_dyn_frame (from the coordinate Christoffel symbols) and
   grad V, FR_sharp of lib/geom; 001 (43) frame_geodesic = -Gamma_f(c, c);
   lagrangian = 1/2 g_f(c, c) - V; frame_h has xi = 0 (h^(k) in D_perp)
   and maps back to the coordinate h^(k) of nh_series_time; the xi rates
   of frame_reduced equal those of frame_full on the order-1 manifold
   v = vD + eps h^(1) (001 (31)). */
#include <stdio.h>
#include <stdlib.h>
#include "quantity.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 160
#define NPTS 6

typedef struct
{
    const nh_model_struct *M;
    slong n;
    fmpq *q, *v;
    fmpq_t eps;
    nh_quantity_params par;
}
pt_t;

static void
rand_point(pt_t *P, flint_rand_t st)
{
    slong i;
    for (i = 0; i < P->n; i++)
    {
        fmpq_set_si(P->q + i, (slong) n_randint(st, 2001) - 1000, 1000);
        fmpq_set_si(P->v + i, (slong) n_randint(st, 2001) - 1000, 500);
    }
}

/* the quantity NAME at P: out, vel (velocity used) */
static void
eval(arb_ptr out, arb_ptr vel, const char *name, pt_t *P, slong order)
{
    slong k;
    const nh_quantity_struct *Q = nh_quantity_find(name, &k);
    nh_error_t err;
    nh_error_init(err);
    P->par.order = order;
    if (Q == NULL || nh_quantity_eval(out, NULL, vel, Q, P->M, P->q, P->v, &P->par, PREC, err) != NH_OK)
        tap_bail("%s: %s", name, err->msg);
}

/* sleigh body velocities of w at phi: u, sg, psi; consts M, k */
typedef struct { arb_t c, s, u, sg, psi, Mm, k, m, I, a; } sl_t;

static void
sl_set(sl_t *S, const arb_t phi, arb_srcptr w)
{
    arb_sin_cos(S->s, S->c, phi, PREC);
    arb_mul(S->u, S->c, w + 0, PREC); arb_addmul(S->u, S->s, w + 1, PREC);
    arb_mul(S->sg, S->c, w + 1, PREC); arb_submul(S->sg, S->s, w + 0, PREC);
    arb_one(S->m); arb_one(S->I); arb_set_si(S->a, 1); arb_div_si(S->a, S->a, 5, PREC);
    arb_sqr(S->Mm, S->a, PREC); arb_mul(S->Mm, S->Mm, S->m, PREC); arb_add(S->Mm, S->Mm, S->I, PREC);
    arb_mul(S->k, S->m, S->a, PREC); arb_div(S->k, S->k, S->Mm, PREC);
    arb_mul(S->psi, S->k, S->sg, PREC); arb_add(S->psi, S->psi, w + 2, PREC);
}

static void
sl_init(sl_t *S)
{
    arb_init(S->c); arb_init(S->s); arb_init(S->u); arb_init(S->sg); arb_init(S->psi);
    arb_init(S->Mm); arb_init(S->k); arb_init(S->m); arb_init(S->I); arb_init(S->a);
}

static void
sl_clear(sl_t *S)
{
    arb_clear(S->c); arb_clear(S->s); arb_clear(S->u); arb_clear(S->sg); arb_clear(S->psi);
    arb_clear(S->Mm); arb_clear(S->k); arb_clear(S->m); arb_clear(S->I); arb_clear(S->a);
}

#define P_ PREC
/* rates of (xi_x, eta, xi_phi) for body velocities (u, sg, psi); inv_eps
   the friction factor 1/eps (0: geodesic) */
static void
sl_rates(arb_ptr r, const sl_t *S, const arb_t u, const arb_t sg, const arb_t psi, const arb_t inv_eps)
{
    arb_t ud, sd, om, t, mi;
    arb_init(ud); arb_init(sd); arb_init(om); arb_init(t); arb_init(mi);
    arb_mul(mi, S->m, S->I, P_);
    /* udot = a psi^2 - ((m a^2 - I)/M) sg psi - (m a I/M^2) sg^2 */
    arb_sqr(ud, psi, P_); arb_mul(ud, ud, S->a, P_);
    arb_mul(t, S->k, S->a, P_); arb_mul(t, t, S->Mm, P_); arb_sub(t, t, S->I, P_);
    arb_div(t, t, S->Mm, P_); arb_mul(t, t, sg, P_); arb_submul(ud, t, psi, P_);
    arb_mul(t, S->k, S->I, P_); arb_div(t, t, S->Mm, P_); arb_mul(t, t, sg, P_); arb_submul(ud, t, sg, P_);
    /* omega = psi - k sg */
    arb_set(om, psi); arb_submul(om, S->k, sg, P_);
    arb_mul(r + 0, S->c, ud, P_); arb_mul(t, S->s, u, P_); arb_submul(r + 0, t, om, P_);
    /* sgdot = -u psi + k u sg - (M/(m I)) sg/eps */
    arb_mul(sd, u, psi, P_); arb_neg(sd, sd);
    arb_mul(t, S->k, u, P_); arb_addmul(sd, t, sg, P_);
    arb_div(t, S->Mm, mi, P_); arb_mul(t, t, inv_eps, P_); arb_submul(sd, t, sg, P_);
    arb_mul(r + 1, mi, sd, P_); arb_div(r + 1, r + 1, S->Mm, P_);
    /* psidot = -k u psi + k^2 u sg */
    arb_mul(t, S->k, u, P_); arb_mul(r + 2, t, psi, P_); arb_neg(r + 2, r + 2);
    arb_mul(t, t, S->k, P_); arb_addmul(r + 2, t, sg, P_);
    arb_clear(ud); arb_clear(sd); arb_clear(om); arb_clear(t); arb_clear(mi);
}

/* closed forms on the sleigh, one point; returns a bitmask of failures */
static int
sleigh_point(pt_t *P)
{
    arb_ptr out = _arb_vec_init(6), ex = _arb_vec_init(6), vel = _arb_vec_init(3), phi = _arb_vec_init(1);
    arb_t z, ie, t, eta1, e;
    sl_t S;
    int bad = 0;
    arb_init(z); arb_init(ie); arb_init(t); arb_init(eta1); arb_init(e);
    sl_init(&S);
    arb_set_fmpq(phi, P->q + 2, PREC);
    arb_set_fmpq(e, P->eps, PREC);
    arb_inv(ie, e, PREC);
    /* frame_v */
    eval(out, vel, "frame_v", P, 0);
    sl_set(&S, phi, vel);
    arb_mul(ex + 0, S.c, S.u, PREC);
    arb_mul(ex + 1, S.m, S.I, PREC); arb_mul(ex + 1, ex + 1, S.sg, PREC); arb_div(ex + 1, ex + 1, S.Mm, PREC);
    arb_set(ex + 2, S.psi);
    bad |= !tu_vec_close(out, ex, 3, PREC) << 0;
    /* frame_full, frame_geodesic */
    eval(out, vel, "frame_full", P, 0);
    sl_rates(ex, &S, S.u, S.sg, S.psi, ie);
    bad |= !tu_vec_close(out, ex, 3, PREC) << 1;
    eval(out, vel, "frame_geodesic", P, 0);
    sl_rates(ex, &S, S.u, S.sg, S.psi, z);
    bad |= !tu_vec_close(out, ex, 3, PREC) << 2;
    /* frame_h, order 2, on D: psi = vphi */
    eval(out, vel, "frame_h", P, 2);
    sl_set(&S, phi, vel);
    _arb_vec_zero(ex, 6);
    arb_mul(t, S.I, S.m, PREC); arb_div(t, t, S.Mm, PREC); arb_sqr(t, t, PREC);
    arb_mul(eta1, t, S.u, PREC); arb_mul(eta1, eta1, S.psi, PREC); arb_neg(eta1, eta1);
    arb_set(ex + 1, eta1);
    /* eta_2 = (I m/M)^3 a (psi^3 - 2 m u^2 psi/M) */
    arb_mul(t, S.I, S.m, PREC); arb_div(t, t, S.Mm, PREC); arb_pow_ui(t, t, 3, PREC); arb_mul(t, t, S.a, PREC);
    arb_pow_ui(ex + 4, S.psi, 3, PREC);
    arb_sqr(z, S.u, PREC); arb_mul(z, z, S.psi, PREC); arb_mul(z, z, S.m, PREC); arb_div(z, z, S.Mm, PREC);
    arb_mul_2exp_si(z, z, 1); arb_sub(ex + 4, ex + 4, z, PREC); arb_mul(ex + 4, ex + 4, t, PREC);
    arb_zero(z);
    bad |= !tu_vec_close(out, ex, 6, PREC) << 3;
    /* frame_Dh1: -(I m/M)^2 (a psi^3 - k u^2 psi) */
    eval(out, vel, "frame_Dh1", P, 0);
    arb_mul(t, S.I, S.m, PREC); arb_div(t, t, S.Mm, PREC); arb_sqr(t, t, PREC);
    _arb_vec_zero(ex, 3);
    arb_pow_ui(ex + 1, S.psi, 3, PREC); arb_mul(ex + 1, ex + 1, S.a, PREC);
    arb_sqr(z, S.u, PREC); arb_mul(z, z, S.psi, PREC); arb_submul(ex + 1, z, S.k, PREC);
    arb_mul(ex + 1, ex + 1, t, PREC); arb_neg(ex + 1, ex + 1);
    arb_zero(z);
    bad |= !tu_vec_close(out, ex, 3, PREC) << 4;
    /* frame_reduced order 1: geodesic xi rates at sg = eps sg_1, eta = eps eta_1 */
    eval(out, vel, "frame_reduced", P, 1);
    arb_mul(t, S.I, S.m, PREC); arb_div(t, t, S.Mm, PREC);
    arb_mul(z, t, S.u, PREC); arb_mul(z, z, S.psi, PREC); arb_mul(z, z, e, PREC); arb_neg(z, z);
    sl_rates(ex, &S, S.u, z, S.psi, ie);
    arb_mul(ex + 1, eta1, e, PREC);
    arb_zero(z);
    bad |= !tu_vec_close(out, ex, 3, PREC) << 5;
    /* lagrangian (001 (38)) at v as given */
    eval(out, vel, "lagrangian", P, 0);
    sl_set(&S, phi, vel);
    arb_sqr(ex, S.u, PREC); arb_mul(ex, ex, S.m, PREC);
    arb_mul(t, S.I, S.m, PREC); arb_div(t, t, S.Mm, PREC); arb_mul(t, t, S.sg, PREC); arb_addmul(ex, t, S.sg, PREC);
    arb_sqr(t, S.psi, PREC); arb_addmul(ex, t, S.Mm, PREC); arb_mul_2exp_si(ex, ex, -1);
    bad |= !tu_close(out, ex, PREC) << 6;
    /* TTQ_proj: [v; nabla_v (P v)] */
    eval(out, vel, "TTQ_proj", P, 0);
    _arb_vec_set(ex, vel, 3);
    arb_mul(t, S.I, S.sg, PREC); arb_mul(t, t, vel + 2, PREC); arb_div(t, t, S.Mm, PREC);
    arb_mul(z, S.a, vel + 2, PREC); arb_mul(z, z, vel + 2, PREC); arb_neg(z, z);
    arb_add(z, z, t, PREC);           /* -a vphi^2 + I sg vphi/M */
    arb_mul(ex + 3, z, S.c, PREC); arb_mul(t, S.u, vel + 2, PREC); arb_submul(ex + 3, t, S.s, PREC);
    arb_mul(ex + 4, z, S.s, PREC); arb_addmul(ex + 4, t, S.c, PREC);
    arb_mul(ex + 5, S.k, t, PREC); arb_neg(ex + 5, ex + 5);
    arb_zero(z);
    bad |= !tu_vec_close(out, ex, 6, PREC) << 7;
    arb_clear(z); arb_clear(ie); arb_clear(t); arb_clear(eta1); arb_clear(e);
    sl_clear(&S);
    _arb_vec_clear(out, 6); _arb_vec_clear(ex, 6); _arb_vec_clear(vel, 3); _arb_vec_clear(phi, 1);
    return bad;
}

/* ---- identities at one point of a general model ---------------------- */
#define NID 5
static const char *id_what[NID] = {
    "001 (30): frame_full = -Gamma_f(c, c) - F^-1 grad V - (1/eps) F^-1 FR_sharp v (frame Gamma of nh_dyn_frame, lib/geom)",
    "001 (43): frame_geodesic = -Gamma_f(c, c)",
    "lagrangian = 1/2 g_f(c, c) - V (frame metric of nh_dyn_frame)",
    "frame_h: xi = 0 (h^(k) in D_perp) and F frame_h = h^(k) of nh_series_time, k = 1, 2",
    "001 (31): frame_reduced xi rates = frame_full xi rates at v = vD + eps h^(1); eta = eps frame_h eta" };

static int
id_point(pt_t *P)
{
    slong n = P->n, m = nh_model_m(P->M), al, be, ga, i, j;
    slong *lab = flint_malloc(n * sizeof(slong));
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), c = _arb_vec_init(n), ex = _arb_vec_init(2 * n);
    arb_ptr out = _arb_vec_init(2 * n), vel = _arb_vec_init(n), w = _arb_vec_init(n), h = _arb_vec_init(2 * n);
    arb_t t, e, ie, L;
    jet_ctx_t gctx;
    nh_geom_t g;
    nh_dyn_t D;
    nh_dyn_frame_t W;
    nh_error_t err;
    int bad = 0;
    arb_init(t); arb_init(e); arb_init(ie); arb_init(L);
    nh_error_init(err);
    for (i = 0; i < n; i++)
    {
        arb_set_fmpq(q + i, P->q + i, PREC);
        arb_set_fmpq(v + i, P->v + i, PREC);
    }
    arb_set_fmpq(e, P->eps, PREC);
    arb_inv(ie, e, PREC);
    jet_ctx_init(gctx, n, 1);
    nh_geom_init(g, P->M, gctx);
    nh_dyn_init(D, P->M);
    arb_zero(t);
    if (nh_geom_compute(g, P->M, q, 1, gctx, PREC, err) != NH_OK
        || nh_dyn_set_point(D, P->M, q, t, P->par.dep, PREC, err) != NH_OK)
        tap_bail("id: %s", err->msg);
    nh_dyn_frame_init(W, D);
    if (nh_dyn_frame(W, D, PREC, err) != NH_OK)
        tap_bail("id frame: %s", err->msg);
    for (al = 0; al < n; al++)
        lab[al] = al < D->p ? D->indep[al] : D->dep[al - D->p];
    /* c = F0^-1 v (unlabelled); ex = -sum Gam^ga_{al be} c_al c_be (labelled) */
    for (al = 0; al < n; al++)
        for (i = 0; i < n; i++)
            arb_addmul(c + al, arb_mat_entry(W->F0inv, al, i), v + i, PREC);
    for (ga = 0; ga < n; ga++)
        for (al = 0; al < n; al++)
            for (be = 0; be < n; be++)
            {
                arb_mul(t, W->Gam + (ga * n + al) * n + be, c + al, PREC);
                arb_submul(ex + lab[ga], t, c + be, PREC);
            }
    eval(out, vel, "frame_geodesic", P, 0);
    bad |= !tu_vec_close(out, ex, n, PREC) << 1;
    /* w = -grad V - (1/eps) FR_sharp v in coordinates, then frame coordinates */
    for (i = 0; i < n; i++)
    {
        arb_neg(w + i, JET_MAT_ENTRY(g->gradV, i, 0, gctx));
        arb_zero(t);
        for (j = 0; j < n; j++)
            arb_addmul(t, JET_MAT_ENTRY(g->FRs, i, j, gctx), v + j, PREC);
        arb_submul(w + i, t, ie, PREC);
    }
    nh_quantity_frame_coords(h, W, D, w, PREC);
    _arb_vec_add(ex, ex, h, n, PREC);
    eval(out, vel, "frame_full", P, 0);
    bad |= !tu_vec_close(out, ex, n, PREC) << 0;
    /* L = 1/2 c^T g_f c - V */
    arb_zero(L);
    for (al = 0; al < n; al++)
        for (be = 0; be < n; be++)
        {
            arb_mul(t, JET_MAT_ENTRY(W->Gf, al, be, D->ctx), c + al, PREC);
            arb_addmul(L, t, c + be, PREC);
        }
    arb_mul_2exp_si(L, L, -1);
    arb_sub(L, L, D->V, PREC);
    eval(out, vel, "lagrangian", P, 0);
    bad |= !tu_close(out, L, PREC) << 2;
    /* frame_h: xi = 0, F frame_h = h^(k) at the completed velocity */
    eval(out, vel, "frame_h", P, 2);
    if (nh_series_time(h, NULL, P->M, q, vel, 2, PREC, err) != NH_OK)
        tap_bail("id series: %s", err->msg);
    for (j = 0; j < 2; j++)
    {
        for (al = 0; al < D->p; al++)
            if (!arb_contains_zero(out + j * n + D->indep[al]))
                bad |= 1 << 3;
        for (i = 0; i < n; i++)
        {
            arb_zero(t);
            for (al = 0; al < n; al++)
                arb_addmul(t, JET_MAT_ENTRY(W->F, i, al, D->ctx), out + j * n + lab[al], PREC);
            if (!tu_close(t, h + j * n + i, PREC))
                bad |= 1 << 3;
        }
    }
    /* frame_reduced (order 1) against frame_full at vel + eps h^(1) */
    for (i = 0; i < n; i++)
        arb_set(w + i, vel + i), arb_addmul(w + i, e, h + i, PREC);
    if (nh_full_field(c, P->M, q, w, e, PREC, err) != NH_OK)
        tap_bail("id full: %s", err->msg);
    nh_quantity_frame_rate(ex, W, D, w, w, c, PREC);
    nh_quantity_frame_coords(c, W, D, h, PREC);
    for (i = 0; i < m; i++)
        arb_mul(ex + D->dep[i], c + D->dep[i], e, PREC);
    eval(out, vel, "frame_reduced", P, 1);
    bad |= !tu_vec_close(out, ex, n, PREC) << 4;
    nh_dyn_frame_clear(W, D);
    nh_dyn_clear(D);
    nh_geom_clear(g, gctx);
    jet_ctx_clear(gctx);
    arb_clear(t); arb_clear(e); arb_clear(ie); arb_clear(L);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(c, n); _arb_vec_clear(ex, 2 * n);
    _arb_vec_clear(out, 2 * n); _arb_vec_clear(vel, n); _arb_vec_clear(w, n); _arb_vec_clear(h, 2 * n);
    flint_free(lab);
    return bad;
}

int
main(void)
{
    const char *const rel[3] = { "cases/chaplygin_sleigh.nh", "cases/inclined_sleigh.nh",
                                 "cases/vertical_disk.nh" };
    nh_model_ptr Mod[3];
    const slong dep_s[1] = { 1 }, dep_d[2] = { 1, 2 };
    const char *what[8] = { "frame_v", "frame_full (001 (30))", "frame_geodesic (001 (43))",
                            "frame_h (h^(1) of 001 (34), h^(2) from 001 (33))", "frame_Dh1",
                            "frame_reduced order 1 (001 (31))", "lagrangian (001 (38))",
                            "TTQ_proj (000 (26)-(27), Prop 1)" };
    int bad = 0, bid = 0, i;
    slong k;
    flint_rand_t st;
    pt_t P;

    tap_plan(8 + 2 * NID);
    tu_load_models(Mod, rel, 3);
    flint_rand_init(st);
    P.n = 3;
    P.q = _fmpq_vec_init(4);
    P.v = _fmpq_vec_init(4);
    fmpq_init(P.eps);
    fmpq_set_si(P.eps, 1, 7);
    nh_quantity_params_init(&P.par);
    P.par.eps_q = P.eps;
    P.M = Mod[0];
    P.par.dep = dep_s;
    for (k = 0; k < NPTS; k++)
    {
        rand_point(&P, st);
        bad |= sleigh_point(&P);
    }
    for (i = 0; i < 8; i++)
        tap_ok(!(bad & (1 << i)), "sleigh: %s = hand closed form at %d points", what[i], NPTS);
    /* identities on the inclined sleigh and on the vertical disk */
    P.M = Mod[1];
    for (k = 0; k < NPTS; k++)
    {
        rand_point(&P, st);
        bid |= id_point(&P);
    }
    for (i = 0; i < NID; i++)
        tap_ok(!(bid & (1 << i)), "inclined sleigh: %s", id_what[i]);
    bid = 0;
    P.M = Mod[2];
    P.n = 4;
    P.par.dep = dep_d;
    for (k = 0; k < NPTS; k++)
    {
        rand_point(&P, st);
        bid |= id_point(&P);
    }
    for (i = 0; i < NID; i++)
        tap_ok(!(bid & (1 << i)), "vertical disk: %s", id_what[i]);
    _fmpq_vec_clear(P.q, 4);
    _fmpq_vec_clear(P.v, 4);
    fmpq_clear(P.eps);
    tu_free_models(Mod, 3);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
