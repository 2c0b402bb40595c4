/*
 * taylor_stiff_layer.c -- the stiff stepper's decisions and helpers
 * around its steps (taylor_stiff.c; doc/flow.md, "Stiff flows through the
 * slow manifold"): how stiff the fast block is, whether the box is near
 * the slow manifold, estimates of the layer, the layer's start by the
 * Taylor method, and output times that are balls.
 */
#include <math.h>
#include <string.h>
#include "impl.h"

/* max(1, max_i |mid x_i|) */
double
_nh_taylor_stiff_zmax(arb_srcptr x, slong N)
{
    double zmax = 1.0;
    slong i;
    for (i = 0; i < N; i++)
        zmax = FLINT_MAX(zmax, fabs(arf_get_d(arb_midref(x + i), ARF_RND_NEAR)));
    return zmax;
}

/* (P + 1) |C|_inf, C = (D_f f_f)^-1 at the frame's point: about the
   factor by which nh_taylor_slow_series contracts per pass (an estimate) */
double
_nh_taylor_stiff_contraction(nh_taylor_stiff_ws_struct *s, slong prec)
{
    slong i, j, Nf = s->Nf;
    arb_t c, r;
    double d;

    arb_init(c); arb_init(r);
    for (i = 0; i < Nf; i++)
    {
        arb_zero(r);
        for (j = 0; j < Nf; j++)
            _nh_taylor_add_abs(r, arb_mat_entry(s->C, i, j), prec);
        arb_max(c, c, r, prec);
    }
    arb_mul_si(c, c, s->P + 1, prec);
    d = arf_get_d(arb_midref(c), ARF_RND_UP);
    arb_clear(c); arb_clear(r);
    return d;
}

/* Whether Z is close enough to the slow manifold for steps along it
   (s: the series on the manifold through Z's slow midpoint, the frame and
   D at the midpoint): the error its distance leaves in the slow part for
   good, |M01| u_f / |M11| of the comparison system (u_f: the fast part of
   T^{-1} (mid Z - y(0)): the midpoint's, the transient; Z's radius is
   carried by the comparison system alike in both kinds of step, and its
   wrapping in the frame, |W^{-1} H| rad Z_s, would keep a long run in the
   layer), at most the tolerance.  Else *l2x = log2 of the
   excess; *rate = -M11 and *dist = u_f (estimates, for the layer). */
int
_nh_taylor_stiff_near(double *l2x, double *rate, double *dist, nh_taylor_stiff_ws_struct *s,
                      arb_srcptr Z, const nh_taylor_opts_t opts, slong prec)
{
    slong N = s->N, len = s->w->U->len, i;
    arb_ptr e = _arb_vec_init(N), u = _arb_vec_init(2);
    arb_mat_t M;
    double m01, m11, uf, add, log2tol = nh_taylor_stiff_log2tol(opts, Z, N, prec);

    arb_mat_init(M, 2, 2);
    for (i = 0; i < N; i++)
    {
        arb_get_mid_arb(e + i, Z + i);
        arb_sub(e + i, e + i, s->y + i * len, prec);
    }
    _nh_taylor_stiff_norms(u, s, e, prec);
    _nh_taylor_stiff_matrix(M, s, prec);
    m01 = arf_get_d(arb_midref(arb_mat_entry(M, 0, 1)), ARF_RND_UP);
    m11 = arf_get_d(arb_midref(arb_mat_entry(M, 1, 1)), ARF_RND_UP);
    uf = arf_get_d(arb_midref(u + 1), ARF_RND_UP);
    *dist = uf;
    *rate = -m11;
    add = (m11 < 0) ? m01 * uf / -m11 : 1e300;
    *l2x = (add > 0) ? log2(add) - log2tol : -1e300;
    _arb_vec_clear(e, N);
    _arb_vec_clear(u, 2);
    arb_mat_clear(M);
    return *l2x <= 0.0;
}

/* Estimates of the distance of Z's midpoint from the slow manifold and
   of the fast decay rate without the manifold's series (eps too large for
   it to contract): |C f_f(mid Z)|_inf, one Newton step on the fast
   equations (C = D_f f_f^{-1}: ~ the distance off the manifold, O(eps)
   on it), and -M11 of the comparison matrix at the midpoint.  s->y holds
   the midpoint as constant jets (_nh_taylor_stiff_frame_at). */
int
_nh_taylor_stiff_layer_estimate(double *dist, double *rate, nh_taylor_stiff_ws_struct *s,
                                const arb_t t, slong prec, nh_error_t err)
{
    slong Ns = s->Ns, Nf = s->Nf, len = s->w->U->len, i, j;
    arb_mat_t M;
    arb_t c;
    int rc;

    arb_mat_init(M, 2, 2);
    arb_init(c);
    *dist = 0.0;
    *rate = 0.0;
    rc = s->w->rhs(s->F, s->y, t, 0, s->w->U, s->w->data, prec, err);
    for (i = 0; i < Nf && rc == NH_OK; i++)
    {
        arb_zero(c);
        for (j = 0; j < Nf; j++)
            arb_addmul(c, arb_mat_entry(s->C, i, j), s->F + (Ns + j) * len, prec);
        *dist = FLINT_MAX(*dist, fabs(arf_get_d(arb_midref(c), ARF_RND_NEAR)));
    }
    if (rc == NH_OK)
    {
        _nh_taylor_stiff_matrix(M, s, prec);
        *rate = -arf_get_d(arb_midref(arb_mat_entry(M, 1, 1)), ARF_RND_NEAR);
    }
    arb_mat_clear(M);
    arb_clear(c);
    return rc;
}

/* X (N balls, the enclosure at the exact time mid(T)) widened to every
   time in the ball T: by the Picard-Lindelof inclusion, when
   X + [-r, r] f(T, B) lies in B (r = rad T; f over the box B and the
   time ball, constant jets), every solution from X stays in B over
   [mid T - r, mid T + r], so its value at a time in T lies in
   X + [-r, r] f(T, B).  B starts as X widened by twice the step of f(X)
   and grows (4 tries).  NH_ERR_PRECISION when it does not close. */
int
_nh_taylor_stiff_time_ball(arb_ptr X, nh_taylor_stiff_ws_struct *s, const arb_t T, slong prec,
                           nh_error_t err)
{
    slong N = s->N, len = s->w->U->len, i, try;
    arb_ptr B = _arb_vec_init(N), C = _arb_vec_init(N);
    arb_t r;
    int rc = NH_OK, ok = 0;

    arb_init(r);
    if (mag_is_zero(arb_radref(T)))
        goto done;
    arb_zero(r);
    arb_add_error_mag(r, arb_radref(T));        /* [-r, r] */
    _arb_vec_set(B, X, N);
    for (try = 0; try < 5 && !ok && rc == NH_OK; try++)
    {
        for (i = 0; i < N; i++)
        {
            jet_zero(s->y + i * len, s->w->U);
            arb_set(s->y + i * len, B + i);
        }
        rc = s->w->rhs(s->F, s->y, T, 0, s->w->U, s->w->data, prec, err);
        ok = (rc == NH_OK) && try > 0;
        for (i = 0; i < N && rc == NH_OK; i++)
        {
            arb_mul(C + i, r, s->F + i * len, prec);
            arb_add(C + i, C + i, X + i, prec);
            ok = ok && arb_is_finite(C + i) && arb_contains(B + i, C + i)
                 && !arb_equal(B + i, C + i);
        }
        if (!ok && rc == NH_OK)
            for (i = 0; i < N; i++)     /* the next B: C, its excursion doubled */
            {
                arb_sub(B + i, C + i, X + i, prec);
                arb_mul_2exp_si(B + i, B + i, 1);
                arb_add(B + i, B + i, X + i, prec);
                arb_add_error_2exp_si(B + i, -prec);
            }
    }
    if (rc == NH_OK && !ok)
        rc = nh_error_set(err, NH_ERR_PRECISION, "stiff route: no enclosure over the output "
                          "time ball");
    if (rc == NH_OK)
        _arb_vec_set(X, C, N);
done:
    _arb_vec_clear(B, N); _arb_vec_clear(C, N);
    arb_clear(r);
    return rc;
}

/* The start of the layer by the Taylor method (taylor_integrate.c, at
   the stiff order) while the transient is large: from (Z, t) to the exact
   time tT, through the output times j.. whose midpoints lie before tT
   (rows of x_out, *j advanced); Z and t advanced.  The comparison system
   of the stiff steps bounds the slow error's growth by the couplings'
   norms, |A_sf| |A_fs| / |A_ff| ~ |w - w_M| / eps in the layer, which
   loses about exp(c |w - w_M| / mu) where the transient is O(1); the
   Taylor method's Lohner update does not (doc/flow.md). */
int
_nh_taylor_stiff_taylor_chunk(arb_ptr x_out, slong *j, arb_ptr Z, arb_t t, const arb_t tT,
                              arb_srcptr times, slong nt, nh_taylor_rhs_fn rhs, void *data,
                              slong N, const nh_taylor_opts_t ol, slong *steps, slong prec,
                              nh_error_t err)
{
    slong k = 0, i, nlt = nt + 1 - *j;
    arb_ptr lt = _arb_vec_init(nlt), xo;
    nh_taylor_stats_t st;
    int rc;

    memset(st, 0, sizeof(nh_taylor_stats_struct));
    while (*j + k < nt && arf_cmp(arb_midref(times + *j + k), arb_midref(tT)) < 0)
    {
        arb_set(lt + k, times + *j + k);
        k++;
    }
    arb_set(lt + k, tT);
    xo = _arb_vec_init(N * (k + 1));
    rc = nh_taylor_integrate(xo, rhs, data, N, Z, t, lt, k + 1, ol, st, prec, err);
    if (rc == NH_OK)
    {
        for (i = 0; i < k; i++)
            _arb_vec_set(x_out + (*j + i) * N, xo + i * N, N);
        *j += k;
        _arb_vec_set(Z, xo + k * N, N);
        arb_set(t, tT);
        *steps += st->steps;
    }
    _arb_vec_clear(lt, nlt);
    _arb_vec_clear(xo, N * (k + 1));
    return rc;
}
