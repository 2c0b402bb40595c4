/*
 * quantity_sode2.c -- 002 Sec 3 at a velocity v NOT completed into D
 * (issue 21): Prop 2's SODE extension Gamma^2, the spray of the
 * nonholonomic connection (Lemma 1's third expression) and Prop 3's
 * forms of it, each by the paper's frame form and by an own coordinate
 * derivation (quantity.h, nh_quantity_sode2); the evaluation of the
 * SODE quantities of the table with their companion route vectors.
 */
#include "impl.h"

/* Gam^ga_(al be) of the frame W (nabla_(X_al) X_be = Gam^ga_(al be) X_ga). */
#define GAM(W, ga, al, be) ((W)->Gam + ((ga) * (W)->n + (al)) * (W)->n + (be))

/* acc = base + sum_ga c[ga] X_ga (coordinate components of the frame). */
static void
add_frame(arb_ptr acc, arb_srcptr base, const nh_dyn_frame_t W, arb_srcptr c, slong prec)
{
    slong n = W->n, ga, mu;
    _arb_vec_set(acc, base, n);
    for (ga = 0; ga < n; ga++)
        for (mu = 0; mu < n; mu++)
            arb_addmul(acc + mu, c + ga, W->X + ga * n + mu, prec);
}

/* 002 Prop 2's proof in the adapted frame (K = 0, X~_i = X_i):
   Gamma^2 = v^al X_al^C + F^a X_a^V - v^i v^al Gam^be_(al i) X_be^V; c
   (n balls, zero on entry) receives the frame coefficients, qddot =
   w + c^ga X_ga. */
static void
sode2_frame(arb_ptr c, const nh_dyn_frame_t W, arb_srcptr va, arb_srcptr FL, arb_t t,
            slong prec)
{
    slong n = W->n, p = W->p, ga, al, i;

    for (ga = 0; ga < n; ga++)
    {
        if (ga < p)
            arb_set(c + ga, FL + ga);
        for (i = p; i < n; i++)
            for (al = 0; al < n; al++)
            {
                arb_mul(t, va + i, va + al, prec);
                arb_submul(c + ga, t, GAM(W, ga, al, i), prec);
            }
    }
}

/* 002 Lemma 1's third expression, as printed: the D components c^c =
   -(Gam^c_ab v^a v^b + 2 Gam^c_aj v^a v^j + Gam^c_ib v^i v^b + 2 Gam^c_ij
   v^i v^j), the D^g components c^k = -(Gam^k_aj v^a v^j + Gam^k_ij v^i
   v^j) (into c, zero on entry); qddot = w + c^ga X_ga. */
static void
spray_nh_frame(arb_ptr c, const nh_dyn_frame_t W, arb_srcptr va, arb_t t, slong prec)
{
    slong n = W->n, p = W->p, ga, al, be;

    for (ga = 0; ga < n; ga++)
        for (al = 0; al < n; al++)
            for (be = 0; be < n; be++)
            {
                /* weight of Gam^ga_(al be) v^al v^be in the printed sum */
                int wt = be < p ? (ga < p ? 1 : 0) : (ga < p ? 2 : 1);
                if (wt == 0)
                    continue;
                arb_mul(t, va + al, va + be, prec);
                arb_mul_si(t, t, wt, prec);
                arb_submul(c + ga, t, GAM(W, ga, al, be), prec);
            }
}

/* 002 Prop 3's proof, compact form: qddot = a_g - Gamma^c_j v^j X_c +
   Gamma^k_a v^a X_k with Gamma^be_al = Gam^be_(al ga) v^ga (printed,
   printed = 1) or Gam^be_(ga al) v^ga (the coefficients of nabla X_al,
   printed = 0); the coefficients into c (zero on entry). */
static void
spray_nh_compact(arb_ptr c, const nh_dyn_frame_t W, arb_srcptr va, int printed, arb_t t,
                 slong prec)
{
    slong n = W->n, p = W->p, be, al, ga;

    for (be = 0; be < n; be++)
        for (al = 0; al < n; al++)
        {
            /* D component be < p: -sum_j Gamma^be_j v^j; D^g component
               be >= p: +sum_a Gamma^be_a v^a */
            if ((be < p) == (al < p))
                continue;
            for (ga = 0; ga < n; ga++)
            {
                arb_mul(t, va + al, va + ga, prec);
                if (be >= p)
                    arb_neg(t, t);
                arb_submul(c + be, t, printed ? GAM(W, be, al, ga) : GAM(W, be, ga, al), prec);
            }
        }
}

/* The frame routes 0, 2, 4, 5 of nh_quantity_sode2 (acc: 6 n). */
static int
frame_routes(arb_ptr acc, const nh_dyn_t D, arb_srcptr aL, arb_srcptr ag, arb_srcptr v,
             slong prec, nh_error_t err)
{
    slong n = D->n, mu, al;
    nh_dyn_frame_t W;
    arb_ptr va = _arb_vec_init(n), w = _arb_vec_init(n), FL = _arb_vec_init(n),
        c = _arb_vec_init(n);
    arb_t t;
    int r;

    arb_init(t);
    nh_dyn_frame_init(W, D);
    r = nh_dyn_frame(W, D, prec, err);
    if (r == NH_OK)
    {
        _nh_quantity_frame_velocity(va, w, W, D, v, prec);
        for (al = 0; al < n; al++)          /* F^al = theta^al(a_L - w) */
            for (mu = 0; mu < n; mu++)
            {
                arb_sub(t, aL + mu, w + mu, prec);
                arb_addmul(FL + al, arb_mat_entry(W->F0inv, al, mu), t, prec);
            }
        /* routes 0, 2 from w, routes 4, 5 from a_g */
        sode2_frame(c, W, va, FL, t, prec);
        add_frame(acc, w, W, c, prec);
        _arb_vec_zero(c, n);
        spray_nh_frame(c, W, va, t, prec);
        add_frame(acc + 2 * n, w, W, c, prec);
        _arb_vec_zero(c, n);
        spray_nh_compact(c, W, va, 1, t, prec);
        add_frame(acc + 4 * n, ag, W, c, prec);
        _arb_vec_zero(c, n);
        spray_nh_compact(c, W, va, 0, t, prec);
        add_frame(acc + 5 * n, ag, W, c, prec);
    }
    nh_dyn_frame_clear(W, D);
    arb_clear(t);
    _arb_vec_clear(va, n);
    _arb_vec_clear(w, n);
    _arb_vec_clear(FL, n);
    _arb_vec_clear(c, n);
    return r;
}

/* Gamma(v, u) = (a_g(v - u) - a_g(v + u)) / 4 (polarization of the
   symmetric Christoffel form; nh_dyn_geodesic gives a_g(x) = -Gamma(x, x)). */
static int
christoffel_vu(arb_ptr res, const nh_dyn_t D, arb_srcptr v, arb_srcptr u, slong prec,
               nh_error_t err)
{
    slong n = D->n;
    arb_ptr x = _arb_vec_init(n), a = _arb_vec_init(n);
    int r;

    _arb_vec_sub(x, v, u, n, prec);
    r = nh_dyn_geodesic(res, D->G, D->ctx, x, n, prec, err);
    _arb_vec_add(x, v, u, n, prec);
    if (r == NH_OK)
        r = nh_dyn_geodesic(a, D->G, D->ctx, x, n, prec, err);
    _arb_vec_sub(res, res, a, n, prec);
    _arb_vec_scalar_mul_2exp_si(res, res, n, -2);
    _arb_vec_clear(x, n);
    _arb_vec_clear(a, n);
    return r;
}

/* The coordinate routes 1, 3 (own derivation, quantity.h): with Q =
   G^-1 A^T S^-1 A on order-1 jets, corr = -(d_v Q) v - Gamma(v, Q v),
   sode2_coord = (I - Q) a_L + corr, spray_nh_coord = (I - Q) a_g + corr. */
static int
coord_routes(arb_ptr acc, const nh_dyn_t D, arb_srcptr aL, arb_srcptr ag, arb_srcptr v,
             slong prec, nh_error_t err)
{
    slong n = D->n, m = D->m, k, j;
    jet_mat_t GiAt, Ms, Q;
    arb_ptr Qv = _arb_vec_init(n), corr = _arb_vec_init(n);
    arb_t d;
    int r;

    arb_init(d);
    jet_mat_init(GiAt, n, m, D->ctx);
    jet_mat_init(Ms, m, n, D->ctx);
    jet_mat_init(Q, n, n, D->ctx);
    r = _nh_quantity_sode_proj(GiAt, Ms, D, prec, err);
    if (r == NH_OK)
    {
        jet_mat_mul(Q, GiAt, Ms, 1, D->ctx, prec);
        for (k = 0; k < n; k++)
            for (j = 0; j < n; j++)
            {
                arb_srcptr J = JET_MAT_ENTRY(Q, k, j, D->ctx);
                arb_addmul(Qv + k, NH_DYN_VAL(J), v + j, prec);
                _nh_quantity_der_along(d, D, J, v, prec);
                arb_submul(corr + k, d, v + j, prec);
            }
        r = christoffel_vu(acc + n, D, v, Qv, prec, err);      /* scratch */
    }
    for (k = 0; k < n && r == NH_OK; k++)
    {
        arb_sub(corr + k, corr + k, acc + n + k, prec);
        arb_add(acc + n + k, aL + k, corr + k, prec);
        arb_add(acc + 3 * n + k, ag + k, corr + k, prec);
        for (j = 0; j < n; j++)
        {
            arb_srcptr Qkj = NH_DYN_VAL(JET_MAT_ENTRY(Q, k, j, D->ctx));
            arb_submul(acc + n + k, Qkj, aL + j, prec);
            arb_submul(acc + 3 * n + k, Qkj, ag + j, prec);
        }
    }
    jet_mat_clear(GiAt, D->ctx);
    jet_mat_clear(Ms, D->ctx);
    jet_mat_clear(Q, D->ctx);
    _arb_vec_clear(Qv, n);
    _arb_vec_clear(corr, n);
    arb_clear(d);
    return r;
}

int
nh_quantity_sode2(arb_ptr acc, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                  const slong *dep, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr aL, ag;
    nh_dyn_t D;
    arb_t t;
    int r;

    if ((r = _nh_quantity_sode_model(M, "sode2", err)) != NH_OK)
        return r;
    aL = _arb_vec_init(n);
    ag = _arb_vec_init(n);
    arb_init(t);
    nh_dyn_init(D, M);
    r = nh_dyn_set_point(D, M, q, t, dep, prec, err);
    if (r == NH_OK)
        r = _nh_quantity_sode_aL(aL, D, v, prec, err);
    if (r == NH_OK)
        r = nh_dyn_geodesic(ag, D->G, D->ctx, v, n, prec, err);
    if (r == NH_OK)
        r = frame_routes(acc, D, aL, ag, v, prec, err);
    if (r == NH_OK)
        r = coord_routes(acc, D, aL, ag, v, prec, err);
    nh_dyn_clear(D);
    arb_clear(t);
    _arb_vec_clear(aL, n);
    _arb_vec_clear(ag, n);
    return r;
}

int
_nh_quantity_eval_sode(arb_ptr out, arb_ptr extra, arb_ptr vel, int kind,
                       const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                       const slong *dep, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), nr = NH_QUANTITY_SODE_NROUTES;
    arb_ptr all = _arb_vec_init(nr * n);
    int r;

    /* sode1 (routes 0, 1), then the six routes of nh_quantity_sode2 */
    r = nh_quantity_sode1(all, M, q, v, 0, prec, err);
    if (r == NH_OK)
        r = nh_quantity_sode1(all + n, M, q, v, 1, prec, err);
    if (r == NH_OK)
        r = nh_quantity_sode2(all + 2 * n, M, q, v, dep, prec, err);
    if (r == NH_OK)
    {
        _arb_vec_set(out, all + (kind - NH_Q_SODE_FIRST) * n, n);
        if (extra != NULL && n <= NH_QUANTITY_SODE_NAMED)
            _arb_vec_set(extra, all, nr * n);
        if (vel != NULL)
            _arb_vec_set(vel, v, n);
    }
    _arb_vec_clear(all, nr * n);
    return r;
}
