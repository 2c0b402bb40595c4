/* t-flow_transport.c -- nh_flow_certified_transport and
   nh_flow_transport_field (lib/flow.h; 002 Sec 6, Prop 8; issue 21)
   against values computed without them.

   1. Closed form, cases/vertical_disk_002.nh (G = I, q = (x, y, phi,
   theta), constraints dx - c dtheta, dy - s dtheta, c, s = cos, sin phi).
   D^g = span{e1, e2}, e1 = (-s, c, 0, 0), e2 = (c, s, 0, -1) (|e1|^2 = 1,
   |e2|^2 = 2, e1 . e2 = 0); Q = e1 e1^T + e2 e2^T / 2 depends on phi only,
   d_phi e1 = -(e2 + e_theta), d_phi e2 = e1.  Motion (002 Sec 8) with
   v = w X_phi + u X_th: phi = phi0 + w t, theta = theta0 + u t.  For W =
   al e1 + be e2 (W^phi = 0, so (d_W Q) c' = 0) the ODE W' = (d_c' Q) W -
   (d_W Q) c' = w d_phi Q W gives, by hand,
     d_phi Q W = al d_phi e1 + al e2 / 2 = -al (e2 / 2 + e_theta),
     W' = al' e1 + be' e2 + w (be e1 - al (e2 + e_theta)),
   so al' = -w be, be' = w al / 2: with om = w / sqrt 2,
     al = al0 cos(om t) - sqrt2 be0 sin(om t),
     be = be0 cos(om t) + al0 sin(om t) / sqrt 2
   (W stays in D^g; al^2 + 2 be^2 = |W|^2 is conserved).  The same is
   002 Sec 6's frame form: [X_phi, e1] = -(e2 + e_th), Q of it = -e2/2,
   [X_phi, e2] = e1, [X_th, e_i] = 0, so R^2_{phi 1} = -1/2, R^1_{phi 2} =
   1 and W'^1 = -w W^2, W'^2 = w W^1 / 2.  The reaction rho = G a - f = a
   = (-s w u, c w u, 0, 0) = w u e1, so I' = rho . W = w u al and
     I(t) = sqrt2 u (al0 sin(om t) + sqrt2 be0 (cos(om t) - 1)).
   The columns w_nu = G^-1 A^T e_nu: a1 = (1, 0, 0, -c0) = -s0 e1 + c0 e2,
   a2 = (0, 1, 0, -s0) = c0 e1 + s0 e2, i.e. (al0, be0) = (-s0, c0),
   (c0, s0).  Checked at T = 1/4: W(T), I(T) contain the closed form.

   2. Frame form at a point (Chaplygin sleigh, nonconstant G): the
   coordinate derivative of W = W^j X_j along c' = v is W^j' X_j + W^j
   (d_v X_j) with 002 Sec 6's W^i' = -R^i_aj V^a W^j (R, X from
   nh_dyn_frame: brackets by their own code), which must agree with
   nh_flow_transport_field's dW (the Q-derivative route).

   3. dI = rho(W) against route 1 of lib/nhdyn (nh_dyn_lagrange: G acc =
   f + A^T mult): rho(W) = mult . (A W) (sleigh).

   4. Sign of Prop 8's converse at t = 0 (disk, ghat = g): ghat(c', W) = 0
   along the motion (D is g-orthogonal to D^g), so Phi'(0) = rho(w_nu) =
   dI, while 002's proof gives Phi' = Gamma(theta_i) + theta_k R^k_ia v^a
   + lambda_i = -(Lemma 2 (B) residual of nh_dyn_lemma2, which is typed
   as ghat_di Gamma^d_ab - (g_ki Gamma^k_ab + ...)) contracted with
   v^a v^b: dI_nu = -sum_ab resB[nu][a][b] V^a V^b (and = -u w s0 for
   nu = 0 by item 1: nonzero, (B) fails for ghat = g).

   5. Bad input: W0 off D^g (NH_ERR_DOMAIN), d = 0 (NH_ERR_USAGE). */
#include "flow.h"
#include "nhdyn.h"
#include "case_testutil.h"
#include "jet_testutil.h"

#define PREC 128

static void
disk_point(arb_ptr q, arb_ptr v, arb_ptr W0, slong p)
{
    arb_t s, c;
    arb_init(s); arb_init(c);
    arb_set_si(q + 0, 1); arb_div_si(q + 0, q + 0, 3, p);
    arb_set_si(q + 1, -1); arb_div_si(q + 1, q + 1, 2, p);
    arb_set_si(q + 2, 7); arb_div_si(q + 2, q + 2, 10, p);
    arb_set_si(q + 3, 1); arb_div_si(q + 3, q + 3, 4, p);
    arb_sin_cos(s, c, q + 2, p);
    /* w = 3/4, u = 5/4: v = w X_phi + u X_th */
    arb_set_si(v + 2, 3); arb_div_si(v + 2, v + 2, 4, p);
    arb_set_si(v + 3, 5); arb_div_si(v + 3, v + 3, 4, p);
    arb_mul(v + 0, c, v + 3, p);
    arb_mul(v + 1, s, v + 3, p);
    _arb_vec_zero(W0, 8);                       /* columns a1, a2 (row-major 4 x 2) */
    arb_one(W0 + 0 * 2 + 0);
    arb_neg(W0 + 3 * 2 + 0, c);
    arb_one(W0 + 1 * 2 + 1);
    arb_neg(W0 + 3 * 2 + 1, s);
    arb_clear(s); arb_clear(c);
}

/* W(T) (4 x 2) and I(T) (2) of item 1, at precision p. */
static void
disk_closed(arb_ptr W, arb_ptr I, const arb_t T, slong p)
{
    arb_t w, u, om, r2, s0, c0, s, c, sn, cs, al, be, t;
    slong k;

    arb_init(w); arb_init(u); arb_init(om); arb_init(r2); arb_init(s0); arb_init(c0);
    arb_init(s); arb_init(c); arb_init(sn); arb_init(cs); arb_init(al); arb_init(be);
    arb_init(t);
    arb_set_si(w, 3); arb_div_si(w, w, 4, p);
    arb_set_si(u, 5); arb_div_si(u, u, 4, p);
    arb_sqrt_ui(r2, 2, p);
    arb_set_si(t, 7); arb_div_si(t, t, 10, p);
    arb_sin_cos(s0, c0, t, p);
    arb_addmul(t, w, T, p);                     /* phi(T) = phi0 + w T */
    arb_sin_cos(s, c, t, p);
    arb_div(om, w, r2, p);
    arb_mul(t, om, T, p);
    arb_sin_cos(sn, cs, t, p);
    _arb_vec_zero(W, 8);
    for (k = 0; k < 2; k++)
    {
        arb_srcptr a0 = k == 0 ? s0 : c0, b0 = k == 0 ? c0 : s0;
        arb_t A0;
        arb_init(A0);
        if (k == 0)
            arb_neg(A0, a0);
        else
            arb_set(A0, a0);
        /* al = A0 cos - sqrt2 b0 sin, be = b0 cos + A0 sin / sqrt2 */
        arb_mul(al, A0, cs, p);
        arb_mul(t, r2, b0, p); arb_submul(al, t, sn, p);
        arb_mul(be, b0, cs, p);
        arb_div(t, A0, r2, p); arb_addmul(be, t, sn, p);
        /* W = al e1 + be e2 at phi(T) */
        arb_mul(W + 0 * 2 + k, be, c, p); arb_submul(W + 0 * 2 + k, al, s, p);
        arb_mul(W + 1 * 2 + k, al, c, p); arb_addmul(W + 1 * 2 + k, be, s, p);
        arb_neg(W + 3 * 2 + k, be);
        /* I = sqrt2 u (A0 sin + sqrt2 b0 (cos - 1)) */
        arb_sub_ui(t, cs, 1, p);
        arb_mul(t, t, b0, p);
        arb_mul(t, t, r2, p);
        arb_addmul(t, A0, sn, p);
        arb_mul(t, t, r2, p);
        arb_mul(I + k, t, u, p);
        arb_clear(A0);
    }
    arb_clear(w); arb_clear(u); arb_clear(om); arb_clear(r2); arb_clear(s0); arb_clear(c0);
    arb_clear(s); arb_clear(c); arb_clear(sn); arb_clear(cs); arb_clear(al); arb_clear(be);
    arb_clear(t);
}

static void
diag_vec(const char *what, arb_srcptr x, arb_srcptr y, slong len)
{
    slong i;
    for (i = 0; i < len; i++)
    {
        char *a = arb_get_str(x + i, 20, 0), *b = arb_get_str(y + i, 20, 0);
        tap_diag("%s[%ld] = %s, expected %s", what, (long) i, a, b);
        flint_free(a);
        flint_free(b);
    }
}

/* Item 1 (W0 = NULL: the basis G^-1 A^T e_nu, returned at time 0). */
static int
test_disk_closed(const nh_model_struct *M)
{
    arb_ptr q = _arb_vec_init(4), v = _arb_vec_init(4), W0 = _arb_vec_init(8),
        qo = _arb_vec_init(8), vo = _arb_vec_init(8), Wo = _arb_vec_init(16),
        Io = _arb_vec_init(4), We = _arb_vec_init(8), Ie = _arb_vec_init(2), T = _arb_vec_init(2);
    nh_taylor_opts_t o;
    nh_error_t err;
    int r, ok;

    nh_error_init(err);
    nh_taylor_opts_init(o);
    disk_point(q, v, W0, PREC);
    arb_set_si(T + 1, 1);
    arb_mul_2exp_si(T + 1, T + 1, -2);
    r = nh_flow_certified_transport(qo, vo, Wo, Io, M, q, v, NULL, 2, T, 2, o, NULL, PREC, err);
    if (r != NH_OK)
        tap_diag("transport: %s", err->msg);
    disk_closed(We, Ie, T + 1, 4 * PREC);
    ok = r == NH_OK && tu_balls_inside(Wo + 8, We, 8, 1e-25)
        && tu_balls_inside(Io + 2, Ie, 2, 1e-25) && tu_vec_overlaps(Wo, W0, 8);
    if (!ok && r == NH_OK)
    {
        diag_vec("W(0)", Wo, W0, 8);
        diag_vec("W", Wo + 8, We, 8);
        diag_vec("I", Io + 2, Ie, 2);
    }
    _arb_vec_clear(q, 4); _arb_vec_clear(v, 4); _arb_vec_clear(W0, 8);
    _arb_vec_clear(qo, 8); _arb_vec_clear(vo, 8); _arb_vec_clear(Wo, 16);
    _arb_vec_clear(Io, 4); _arb_vec_clear(We, 8); _arb_vec_clear(Ie, 2); _arb_vec_clear(T, 2);
    return ok;
}

/* Items 2 and 3 on the sleigh at q = (1/5, -3/10, 7/10), W = (3/2) X_2. */
static void
test_sleigh_frame(const nh_model_struct *M, int *frame_ok, int *rho_ok)
{
    slong n = 3, p = 2, i, j, a, l, mu;
    nh_dyn_t D;
    nh_dyn_frame_t Fr;
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), W = _arb_vec_init(n),
        V = _arb_vec_init(n), Wf = _arb_vec_init(n), ex = _arb_vec_init(n),
        dW = _arb_vec_init(n), dI = _arb_vec_init(1), acc = _arb_vec_init(n),
        mult = _arb_vec_init(1), AW = _arb_vec_init(1);
    arb_t t, s;
    nh_error_t err;
    int r;

    nh_error_init(err);
    arb_init(t); arb_init(s);
    arb_set_si(q + 0, 1); arb_div_si(q + 0, q + 0, 5, PREC);
    arb_set_si(q + 1, -3); arb_div_si(q + 1, q + 1, 10, PREC);
    arb_set_si(q + 2, 7); arb_div_si(q + 2, q + 2, 10, PREC);
    nh_dyn_init(D, M);
    r = nh_dyn_set_point(D, M, q, t, NULL, PREC, err);
    nh_dyn_frame_init(Fr, D);
    if (r == NH_OK)
        r = nh_dyn_frame(Fr, D, PREC, err);
    if (r != NH_OK)
    {
        tap_diag("sleigh frame: %s", err->msg);
        *frame_ok = *rho_ok = 0;
        goto done;
    }
    /* v: independent components 2/3, -4/5 (completed), W = 3/2 X_2 */
    arb_set_si(v + D->indep[0], 2); arb_div_si(v + D->indep[0], v + D->indep[0], 3, PREC);
    arb_set_si(v + D->indep[1], -4); arb_div_si(v + D->indep[1], v + D->indep[1], 5, PREC);
    nh_dyn_complete_velocity(v, D, PREC);
    for (mu = 0; mu < n; mu++)
    {
        arb_mul_si(W + mu, Fr->X + p * n + mu, 3, PREC);
        arb_mul_2exp_si(W + mu, W + mu, -1);
    }
    /* V = F0^-1 v; W^p = 3/2 */
    for (i = 0; i < n; i++)
    {
        arb_zero(V + i);
        for (j = 0; j < n; j++)
            arb_addmul(V + i, arb_mat_entry(Fr->F0inv, i, j), v + j, PREC);
    }
    arb_set_si(Wf + p, 3);
    arb_mul_2exp_si(Wf + p, Wf + p, -1);
    /* ex = (W^i)' X_i + W^j d_v X_j */
    for (mu = 0; mu < n; mu++)
    {
        arb_zero(ex + mu);
        for (i = p; i < n; i++)
        {
            arb_zero(s);
            for (a = 0; a < p; a++)
                for (j = p; j < n; j++)
                {
                    arb_mul(t, Fr->R + (i * n + a) * n + j, V + a, PREC);
                    arb_addmul(s, t, Wf + j, PREC);
                }
            arb_submul(ex + mu, s, Fr->X + i * n + mu, PREC);
        }
        for (j = p; j < n; j++)
            for (l = 0; l < n; l++)
            {
                arb_mul(t, Wf + j, v + l, PREC);
                arb_addmul(ex + mu, t,
                           NH_DYN_DER(D, JET_MAT_ENTRY(Fr->F, mu, j, D->ctx), l), PREC);
            }
    }
    r = nh_flow_transport_field(dW, dI, M, q, v, W, 1, PREC, err);
    if (r != NH_OK)
        tap_diag("field: %s", err->msg);
    *frame_ok = r == NH_OK;
    for (mu = 0; mu < n && r == NH_OK; mu++)
    {
        arb_sub(t, dW + mu, ex + mu, PREC);
        if (!arb_contains_zero(t) || mag_cmp_2exp_si(arb_radref(t), -90) > 0)
            *frame_ok = 0;
    }
    if (!*frame_ok && r == NH_OK)
        diag_vec("dW", dW, ex, n);
    /* item 3: rho(W) = mult . (A W) */
    *rho_ok = 0;
    if (r == NH_OK && nh_dyn_lagrange(acc, mult, D, v, PREC, err) == NH_OK)
    {
        for (j = 0; j < n; j++)
            arb_addmul(AW, NH_DYN_VAL(NH_DYN_A(D, 0, j)), W + j, PREC);
        arb_mul(t, mult, AW, PREC);
        arb_sub(s, dI, t, PREC);
        *rho_ok = arb_contains_zero(s) && mag_cmp_2exp_si(arb_radref(s), -90) <= 0
            && !arb_contains_zero(dI);
        if (!*rho_ok)
            diag_vec("dI", dI, t, 1);
    }
done:
    nh_dyn_frame_clear(Fr, D);
    nh_dyn_clear(D);
    arb_clear(t); arb_clear(s);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(W, n); _arb_vec_clear(V, n);
    _arb_vec_clear(Wf, n); _arb_vec_clear(ex, n); _arb_vec_clear(dW, n);
    _arb_vec_clear(dI, 1); _arb_vec_clear(acc, n); _arb_vec_clear(mult, 1);
    _arb_vec_clear(AW, 1);
}

/* Item 4. */
static int
test_disk_lemma2(const nh_model_struct *M)
{
    slong p = 2, nu, a, b;
    const slong dep[2] = { 0, 1 };
    arb_ptr q = _arb_vec_init(4), v = _arb_vec_init(4), W0 = _arb_vec_init(8),
        dW = _arb_vec_init(8), dI = _arb_vec_init(2), resA = _arb_vec_init(8),
        resB = _arb_vec_init(8), ex = _arb_vec_init(2);
    nh_dyn_t D;
    jet_mat_t Gh;
    arb_t t;
    nh_error_t err;
    int r, ok = 1;

    nh_error_init(err);
    arb_init(t);
    disk_point(q, v, W0, PREC);
    nh_dyn_init(D, M);
    jet_mat_init(Gh, 4, 4, D->ctx);
    r = nh_dyn_set_point(D, M, q, t, dep, PREC, err);
    jet_mat_one(Gh, D->ctx);                    /* ghat = g = I */
    if (r == NH_OK)
        r = nh_dyn_lemma2(resA, resB, NULL, D, M, Gh, PREC, err);
    if (r == NH_OK)
        r = nh_flow_transport_field(dW, dI, M, q, v, W0, 2, PREC, err);
    if (r != NH_OK)
        tap_diag("lemma2 / field: %s", err->msg);
    for (nu = 0; nu < 2 && r == NH_OK; nu++)
    {
        /* V^a = (w, u) = (v_phi, v_theta) */
        arb_zero(ex + nu);
        for (a = 0; a < p; a++)
            for (b = 0; b < p; b++)
            {
                arb_mul(t, v + 2 + a, v + 2 + b, PREC);
                arb_submul(ex + nu, resB + (nu * p + a) * p + b, t, PREC);
            }
        arb_sub(t, dI + nu, ex + nu, PREC);
        ok = ok && arb_contains_zero(t) && mag_cmp_2exp_si(arb_radref(t), -90) <= 0;
    }
    ok = ok && r == NH_OK && !arb_contains_zero(dI + 0);
    if (!ok && r == NH_OK)
        diag_vec("dI", dI, ex, 2);
    jet_mat_clear(Gh, D->ctx);
    nh_dyn_clear(D);
    arb_clear(t);
    _arb_vec_clear(q, 4); _arb_vec_clear(v, 4); _arb_vec_clear(W0, 8); _arb_vec_clear(dW, 8);
    _arb_vec_clear(dI, 2); _arb_vec_clear(resA, 8); _arb_vec_clear(resB, 8);
    _arb_vec_clear(ex, 2);
    return ok;
}

/* Item 5. */
static int
test_bad(const nh_model_struct *M)
{
    arb_ptr q = _arb_vec_init(4), v = _arb_vec_init(4), W0 = _arb_vec_init(8),
        o = _arb_vec_init(16), T = _arb_vec_init(1);
    nh_taylor_opts_t op;
    nh_error_t err;
    int r1, r2;

    nh_error_init(err);
    nh_taylor_opts_init(op);
    disk_point(q, v, W0, PREC);
    arb_one(T);
    arb_one(W0 + 2 * 2 + 0);                    /* a d_phi part: not in D^g */
    r1 = nh_flow_certified_transport(o, o + 4, o + 8, o + 8, M, q, v, W0, 2, T, 1, op, NULL,
                                     PREC, err);
    tap_diag("W0 off D^g: %s", err->msg);
    r2 = nh_flow_certified_transport(o, o + 4, o + 8, o + 8, M, q, v, W0, 0, T, 1, op, NULL,
                                     PREC, err);
    _arb_vec_clear(q, 4); _arb_vec_clear(v, 4); _arb_vec_clear(W0, 8); _arb_vec_clear(o, 16);
    _arb_vec_clear(T, 1);
    return r1 == NH_ERR_DOMAIN && r2 == NH_ERR_USAGE;
}

int
main(void)
{
    nh_model_ptr disk = load_case("vertical_disk_002.nh");
    nh_model_ptr sleigh = load_case("chaplygin_sleigh.nh");
    int fok, rok;

    tap_plan(5);
    tap_ok(test_disk_closed(disk), "disk: W(0) = G^-1 A^T, W(1/4), I(1/4) of the certified "
           "transport contain the hand closed form (002 Sec 6 transport, multiplier integral), "
           "radii < 1e-25");
    test_sleigh_frame(sleigh, &fok, &rok);
    tap_ok(fok, "sleigh: the coordinate ODE W' = (d_v Q) W - (d_W Q) v agrees with 002 Sec 6's "
           "frame form W^i' = -R^i_aj V^a W^j (nh_dyn_frame) at a point");
    tap_ok(rok, "sleigh: I' = rho(W) equals mult . (A W) of route 1 (nh_dyn_lagrange), nonzero");
    tap_ok(test_disk_lemma2(disk), "disk, ghat = g: Phi'(0) = rho(w_nu) = minus the Lemma 2 (B) "
           "residual of nh_dyn_lemma2 contracted with v v, nonzero (Prop 8's converse at t = 0)");
    tap_ok(test_bad(disk), "W0 off D^g: NH_ERR_DOMAIN; d = 0: NH_ERR_USAGE");
    nh_model_free(disk);
    nh_model_free(sleigh);
    flint_cleanup();
    return tap_done();
}
