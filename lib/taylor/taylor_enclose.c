/*
 * taylor_enclose.c -- the a-priori enclosure of one step: the high-order
 * enclosure of Corliss & Rihm (1996) / Nedialkov, Jackson & Corliss
 * (1999, Sec. 3.2), as in CAPD's HighOrderEnclosure: if
 *   Z = sum_{k<=p} f^[k](X, t) [0,h]^k + f^[p+1](Y, [t, t+h]) [0,h]^{p+1}
 * is contained in Y, then every solution starting in X at t stays in Z
 * over [t, t + h] (Taylor's theorem with the Lagrange remainder, the
 * remainder's point lying in Y by the Picard-Lindelof argument).
 */
#include "impl.h"

#define NH_TAYLOR_ENCLOSE_TRIES 6

/* Z_i = sum_{k=0}^{kmax} c_k [0, hu^k] from the jets w->ux. */
static void
poly_range(arb_ptr Z, nh_taylor_ws_t w, slong k0, slong kmax, const arf_t hu, int add)
{
    slong i, k, len = w->U->len, prec = w->prec;
    arb_t I, term;

    arb_init(I);
    arb_init(term);
    for (i = 0; i < w->N; i++)
    {
        if (!add)
            arb_zero(Z + i);
        for (k = k0; k <= kmax; k++)
        {
            /* [0, hu^k] for k >= 1; exactly 1 for k = 0 (t^0 = 1 on
               [0, h]: the hull with 0 would widen every enclosure to
               contain the origin, e.g. a singular metric at q = 0) */
            arb_set_arf(I, hu);
            arb_pow_ui(I, I, k, prec);
            if (k > 0)
            {
                arb_mul_2exp_si(I, I, -1);
                arb_add_error(I, I);
            }
            arb_mul(term, w->ux + i * len + k, I, prec);
            arb_add(Z + i, Z + i, term, prec);
        }
    }
    arb_clear(I);
    arb_clear(term);
}

/* Y_i = Z_i blown up: radius 2 rad + 2^(-prec/2) (|mid| + rad) + tiny. */
static void
inflate(arb_ptr Y, arb_srcptr Z, slong N, slong prec)
{
    slong i;
    mag_t m, a;

    mag_init(m);
    mag_init(a);
    for (i = 0; i < N; i++)
    {
        arb_set(Y + i, Z + i);
        arb_get_mag(a, Z + i);
        mag_mul_2exp_si(a, a, -prec / 2);
        mag_mul_2exp_si(m, arb_radref(Z + i), 1);
        mag_add(m, m, a);
        mag_set_ui_2exp_si(a, 1, -prec);
        mag_add(m, m, a);
        mag_set(arb_radref(Y + i), m);
    }
    mag_clear(m);
    mag_clear(a);
}

static double
max_rad(arb_srcptr Y, slong N)
{
    slong i;
    double r = 0.0, a;

    for (i = 0; i < N; i++)
        if ((a = mag_get_d(arb_radref(Y + i))) > r)
            r = a;
    return r;
}

/* Add to the guess w->ug (k >= 1) twice the radii of the last a-priori
   series, scaled by the ratio of the sets' largest radii: ball arithmetic
   over a wide set overestimates the high coefficients like a majorant
   series, which the first-order term of the guess does not foresee. */
static void
last_shape(nh_taylor_ws_t w, arb_srcptr Y)
{
    slong i, nl = w->N * w->U->len;
    mag_t s, m;

    mag_init(s); mag_init(m);
    mag_set_d(s, NH_TAYLOR_SHAPE * max_rad(Y, w->N) / w->ua_rad);
    for (i = 0; i < nl; i++)
        if (i % w->U->len != 0)
        {
            mag_mul(m, arb_radref(w->ua + i), s);
            mag_add(arb_radref(w->ug + i), arb_radref(w->ug + i), m);
        }
    mag_clear(s); mag_clear(m);
}

/* The series through the a-priori set Y over the times T into w->ux:
   from the guess built on the base series w->ug (the series at X for the
   first try, the last try's after) and verified (taylor_series.c: P(g) in
   g encloses the series of every solution from Y at every time in T),
   else in full as before (p + 1 Picard passes). */
static int
apriori_series(nh_taylor_ws_t w, arb_srcptr Y, const arb_t T, const arf_t hu, nh_error_t err)
{
    slong i, passes = NH_TAYLOR_GUESS_PASSES, nl = w->N * w->U->len;
    int ok = 0, rc, tried = w->have_var && _nh_taylor_guess_due(w, 1);

    if (tried)
    {
        mag_t dt;
        mag_init(dt);
        arf_get_mag(dt, hu);
        _nh_taylor_series_guess(w->ug, w, Y, w->ug, dt);
        mag_clear(dt);
        if (w->ua_rad > 0.0)
            last_shape(w, Y);
        if (w->guess_shrink)
        {
            /* test hook: an absurdly small guess, one pass */
            for (i = 0; i < nl; i++)
                if (i % w->U->len != 0)
                    mag_zero(arb_radref(w->ug + i));
            passes = 1;
        }
        ok = _nh_taylor_series_verify(w, w->ug, T, passes, err);
        if (ok < 0)
            return -ok;
        if (ok == 1)
        {
            /* the next guess's shape: P(g) before it is sharpened (a
               guess built on the sharpened series tends to fail) */
            _arb_vec_set(w->ua, w->ux, nl);
            w->ua_rad = max_rad(Y, w->N);
            rc = _nh_taylor_series_sharpen(w, NH_TAYLOR_APRIORI_SHARPEN, T, err);
            if (rc != NH_OK && rc != NH_ERR_DOMAIN)
                return rc;
            if (rc == NH_ERR_DOMAIN && err != NULL)
                err->code = NH_OK;
            ok = (rc == NH_OK);
        }
    }
    _nh_taylor_guess_record(w, 1, tried, ok == 1);
    if (ok == 1)
        return NH_OK;
    if ((rc = _nh_taylor_point_series(w, Y, T, err)) != NH_OK)
        return rc;
    _arb_vec_set(w->ua, w->ux, nl);
    w->ua_rad = max_rad(Y, w->N);
    return NH_OK;
}

int
_nh_taylor_enclose(nh_taylor_ws_t w, const arb_t t, const arf_t hu, nh_error_t err)
{
    slong N = w->N, p = w->p, i, try, len = w->U->len;
    arb_ptr P, Y, Z;
    arb_t T;
    int rc, ok = 0;

    P = _arb_vec_init(N);
    Y = _arb_vec_init(N);
    Z = _arb_vec_init(N);
    arb_init(T);
    rc = _nh_taylor_hull_series(w, t, err);
    if (rc != NH_OK)
        goto done;
    _arb_vec_set(w->ug, w->uX, N * len);
    poly_range(P, w, 0, p, hu, 0);
    /* first guess: the polynomial part plus its next term, blown up */
    _arb_vec_set(Z, P, N);
    poly_range(Z, w, p + 1, p + 1, hu, 1);
    inflate(Y, Z, N, w->prec);
    /* T = [t, t + hu] */
    arb_set_arf(T, hu);
    arb_mul_2exp_si(T, T, -1);
    arb_add_error(T, T);
    arb_add(T, T, t, w->prec);
    for (try = 0; try < NH_TAYLOR_ENCLOSE_TRIES && !ok; try++)
    {
        rc = apriori_series(w, Y, T, hu, err);
        if (rc != NH_OK)
            goto done;
        _arb_vec_set(w->ug, w->ux, N * len);  /* the next try's base */
        _arb_vec_set(Z, P, N);
        poly_range(Z, w, p + 1, p + 1, hu, 1);
        ok = 1;
        for (i = 0; i < N && ok; i++)
            ok = arb_is_finite(Z + i) && arb_contains(Y + i, Z + i);
        if (ok)
            for (i = 0; i < N; i++)
                arb_set(w->rem + i, w->ux + i * len + p + 1);
        else
            inflate(Y, Z, N, w->prec);
    }
done:
    _arb_vec_clear(P, N);
    _arb_vec_clear(Y, N);
    _arb_vec_clear(Z, N);
    arb_clear(T);
    if (rc == NH_ERR_DOMAIN)
        return 0;
    if (rc != NH_OK)
        return -rc;
    return ok;
}
