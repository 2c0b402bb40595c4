/*
 * taylor_remainder.c -- the remainder of one step by a Picard check on
 * a polynomial in time with one interval coefficient (the "type-II"
 * power-series check of Kashiwagi's kv library, written with the
 * Lagrange form in place of kv's folded products):
 *
 *   S = { x : x(tau) - sum_{k<=p} c_k(x0) tau^k  in  R tau^{p+1},
 *             tau in [0, h] },
 *
 * c_k(x0) the point series through x0 in the hull X (w->uX), R a box.
 * For x in S write x(s) = poly(s) + r(s) s^{p+1}, r(s) in R, and split
 *   f(t + s, x(s)) = f(t + s, poly(s)) + M(s) r(s) s^{p+1},
 * M(s) = int_0^1 D_x f(t + s, poly(s) + theta r(s) s^{p+1}) dtheta in
 * D = D_x f over (Z, [t, t + h]), Z a box holding poly(s) and x(s) for s
 * in [0, h] (the range of poly + (R u 0) tau^{p+1}).  The smooth part
 * g(s) = f(t + s, poly(s)) has g_k = (k + 1) c_{k+1}(x0) for k < p (the
 * point series' recursion), so by Taylor's theorem with the Lagrange
 * remainder, componentwise, g(s) = sum_{k<p} g_k s^k + g^(p)(xi)/p! s^p,
 * xi in (0, s), and g^(p)(xi)/p! lies in G = coefficient p of
 * f(t + xi + s, poly(xi + s)) evaluated on the ball xi = [0, h] (the
 * Taylor shift of c_0..c_p to xi).  Integrating,
 *   P(x)(tau) - poly(tau) in (G/(p+1) + D R [0, h]/(p+2)) tau^{p+1},
 * so if that box R' lies in R the Picard operator maps S into itself; S
 * is convex, closed and bounded and the operator compact, so (Schauder,
 * and uniqueness) the solution from every x0 in X lies in S, with
 * remainder coefficient in R'.  The factor h/(p+2) on D (not h: the
 * Lagrange form with R inside the composition loses the 1/(p+2)) keeps
 * the check contracting on stiff fields (|D| h ~ p).
 *
 * The difference from the high-order enclosure (taylor_enclose.c): no
 * series is computed through a box of states -- ball arithmetic on the
 * coefficient recursion over a box follows a majorant system whose
 * coefficients decay only geometrically (doc/bench.md, "What limits the
 * step") -- but f is composed once with a polynomial whose coefficients
 * are those of the true motion.
 */
#include "impl.h"

#define NH_TAYLOR_REMAINDER_TRIES 4

/* y = the Taylor shift to xi of the series c (N jets in U, coefficients
   0..p) with coefficient p + 1 set to the hull of R and 0 (R NULL: 0);
   coefficient 0 of y is then the range Z of the polynomials over xi. */
static void
shift_series(arb_ptr y, arb_srcptr c, arb_srcptr R, const arb_t xi, nh_taylor_ws_t w)
{
    slong i, len = w->U->len, p = w->p;

    for (i = 0; i < w->N; i++)
    {
        _arb_vec_set(y + i * len, c + i * len, p + 1);
        arb_zero(y + i * len + p + 1);
        if (R != NULL)
            arb_union(y + i * len + p + 1, y + i * len + p + 1, R + i, w->prec);
        _arb_poly_taylor_shift(y + i * len, xi, p + 2, w->prec);
    }
}

int
_nh_taylor_jacobian_over(arb_mat_t D, nh_taylor_ws_t w, arb_srcptr y, const arb_t T, nh_error_t err)
{
    slong N = w->N, i, j, vlen = w->V->len, len = w->U->len;
    int rc;

    for (i = 0; i < N; i++)
    {
        arb_ptr xi = w->vx + i * vlen;
        jet_zero(xi, w->V);
        arb_set(xi + w->sidx[0], y + i * len);
        arb_one(xi + w->vidx[i]);
    }
    rc = w->rhs(w->vw, w->vx, T, 1, w->V, w->data, w->prec, err);
    if (rc == NH_OK)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                arb_set(arb_mat_entry(D, i, j), w->vw + i * vlen + w->vidx[j]);
    return rc;
}

int
_nh_taylor_remainder(nh_taylor_ws_t w, const arb_t t, const arf_t hu, nh_error_t err)
{
    slong N = w->N, p = w->p, i, try, len = w->U->len, prec = w->prec;
    arb_ptr R = _arb_vec_init(N), R1 = _arb_vec_init(N), G = _arb_vec_init(N);
    arb_ptr y = w->uw, F = w->uw + N * len;
    arb_t xi, T, ch;
    arb_mat_t D;
    int rc, ok = 0;

    arb_init(xi); arb_init(T); arb_init(ch);
    arb_mat_init(D, N, N);
    rc = _nh_taylor_hull_series(w, t, err);
    if (rc != NH_OK)
        goto done;
    /* xi = [0, hu], T = t + xi, ch = [0, hu] / (p + 2) */
    arb_set_arf(xi, hu);
    arb_mul_2exp_si(xi, xi, -1);
    arb_add_error(xi, xi);
    arb_add(T, t, xi, prec);
    arb_div_ui(ch, xi, p + 2, prec);
    /* G / (p + 1): coefficient p of f along the polynomial, shifted */
    shift_series(y, w->uX, NULL, xi, w);
    if ((rc = w->rhs(F, y, T, p, w->U, w->data, prec, err)) != NH_OK)
        goto done;
    for (i = 0; i < N; i++)
        arb_div_ui(G + i, F + i * len + p, p + 1, prec);
    /* first guess: G / (p + 1) with its magnitude added to the radius */
    for (i = 0; i < N; i++)
    {
        mag_t m;
        mag_init(m);
        arb_set(R + i, G + i);
        arb_get_mag(m, G + i);
        mag_add(arb_radref(R + i), arb_radref(R + i), m);
        mag_clear(m);
    }
    for (try = 0; try < NH_TAYLOR_REMAINDER_TRIES && !ok; try++)
    {
        shift_series(y, w->uX, R, xi, w);
        if ((rc = _nh_taylor_jacobian_over(D, w, y, T, err)) != NH_OK)
            goto done;
        ok = 1;
        for (i = 0; i < N; i++)
        {
            arb_dot(R1 + i, NULL, 0, arb_mat_entry(D, i, 0), 1, R, 1, N, prec);
            arb_mul(R1 + i, R1 + i, ch, prec);
            arb_add(R1 + i, R1 + i, G + i, prec);
            if (!arb_is_finite(R1 + i))
                ok = 0;
            else if (!arb_contains(R + i, R1 + i))
            {
                ok = 0;
                arb_union(R + i, R + i, R1 + i, prec);
                mag_mul_2exp_si(arb_radref(R + i), arb_radref(R + i), 1);
            }
        }
        if (ok)
            _arb_vec_set(w->rem, R1, N);
    }
done:
    if (ok)
        w->rem_ok++;
    else
        w->rem_failed++;
    _arb_vec_clear(R, N); _arb_vec_clear(R1, N); _arb_vec_clear(G, N);
    arb_clear(xi); arb_clear(T); arb_clear(ch);
    arb_mat_clear(D);
    if (rc == NH_ERR_DOMAIN)
    {
        if (err != NULL)
            err->code = NH_OK;
        return 0;
    }
    if (rc != NH_OK)
        return -rc;
    return ok;
}
