/* t-quantity_sode.c -- 002 Prop 1's SODE extension Gamma^1 = p(Gamma_L)
   at velocities OFF D (quantities sode1, sode1_coord; nh_quantity_sode1,
   lib/quantity.h), against values computed independently.

   1. cases/vertical_disk_002.nh (q = (x, y, phi, theta), G = I, V = 0,
   A = [[1, 0, 0, -c], [0, 1, 0, -s]], c = cos phi, s = sin phi).  By
   hand: S = A A^T = [[1 + c^2, cs], [cs, 1 + s^2]], det S = 2, and
   S^-1 A = 1/2 [[1 + s^2, -cs, 0, -c], [-cs, 1 + c^2, 0, -s]]; only phi
   enters, so (d(S^-1 A)[v]) v = v_phi d_phi(S^-1 A) v = mu with
     mu_1 = v_phi/2 (2 s c v_x - (c^2 - s^2) v_y + s v_th),
     mu_2 = v_phi/2 (-(c^2 - s^2) v_x - 2 c s v_y - c v_th),
   and with a_L = 0 the field keeping v^i = (S^-1 A v)_i constant with
   qddot - a_L in D^g = A^T R^2 is qddot = -A^T mu =
   (-mu_1, -mu_2, 0, c mu_1 + s mu_2).  (On D, v_x = c v_th, v_y = s v_th:
   mu = (s, -c) v_th v_phi and qddot = (-s, c, 0, 0) v_th v_phi, the
   rolling disk's xddot = d/dt(c thetadot).)  Both routes (the paper's
   frame form and the coordinate form) must contain it at random v off D.

   2. Chaplygin sleigh and Suslov body (metrics depending on q, no closed
   form here): the two routes overlap at random v off D, and at v in D
   (completed from the constraints) both contain route 1's nonholonomic
   acceleration acc_lagrange (Prop 1: Gamma^1 restricted to D is the
   nonholonomic field). */
#include "quantity.h"
#include "case_testutil.h"
#include "sode_testutil.h"

#define PREC 128
#define NPTS 6

static void
rnd(fmpq_t x, flint_rand_t st)
{
    fmpq_set_si(x, (slong) n_randint(st, 2001) - 1000, 500);
}

static int
eval(arb_ptr out, const char *name, const nh_model_struct *M, const fmpq *q, const fmpq *v)
{
    nh_quantity_params par;
    nh_error_t err;
    int r;

    nh_error_init(err);
    nh_quantity_params_init(&par);
    r = nh_quantity_eval(out, NULL, NULL, nh_quantity_find(name, NULL), M, q, v, &par, PREC,
                         err);
    if (r != NH_OK)
        tap_diag("%s: %s", name, err->msg);
    return r;
}

/* -A^T mu = (-mu_1, -mu_2, 0, c mu_1 + s mu_2), c mu_1 + s mu_2 =
   v_phi/2 (s v_x - c v_y) = d/2 (sode_testutil.h) */
static void
disk_closed_form(arb_ptr ex, const fmpq *q, const fmpq *v, slong p)
{
    arb_t d;
    arb_init(d);
    tu_disk_mu(ex + 0, ex + 1, d, q, v, p);
    arb_neg(ex + 0, ex + 0);
    arb_neg(ex + 1, ex + 1);
    arb_zero(ex + 2);
    arb_mul_2exp_si(ex + 3, d, -1);
    arb_clear(d);
}

static void
disk(flint_rand_t st)
{
    nh_model_ptr M = load_case("vertical_disk_002.nh");
    fmpq *q = _fmpq_vec_init(4), *v = _fmpq_vec_init(4);
    arb_ptr a0 = _arb_vec_init(4), a1 = _arb_vec_init(4), ex = _arb_vec_init(4);
    slong k, i;
    int ok0 = 1, ok1 = 1;

    for (k = 0; k < NPTS; k++)
    {
        for (i = 0; i < 4; i++)
        {
            rnd(q + i, st);
            rnd(v + i, st);
        }
        disk_closed_form(ex, q, v, 4 * PREC);
        if (eval(a0, "sode1", M, q, v) != NH_OK || !tu_contains_all(a0, ex, 4))
            ok0 = 0;
        if (eval(a1, "sode1_coord", M, q, v) != NH_OK || !tu_contains_all(a1, ex, 4))
            ok1 = 0;
    }
    tap_ok(ok0, "vertical disk, %d random v off D: sode1 (002 Prop 1's frame form) contains "
           "the hand closed form -A^T (d(S^-1 A)[v]) v", NPTS);
    tap_ok(ok1, "vertical disk: sode1_coord (coordinate form) contains the hand closed form");
    _fmpq_vec_clear(q, 4); _fmpq_vec_clear(v, 4);
    _arb_vec_clear(a0, 4); _arb_vec_clear(a1, 4); _arb_vec_clear(ex, 4);
    nh_model_free(M);
}

static void
two_routes(const char *file, flint_rand_t st)
{
    nh_model_ptr M = load_case(file);
    slong n = nh_model_n(M), k, i;
    fmpq *q = _fmpq_vec_init(n), *v = _fmpq_vec_init(n);
    arb_ptr a0 = _arb_vec_init(n), a1 = _arb_vec_init(n), al = _arb_vec_init(n),
        vel = _arb_vec_init(n);
    int ok_off = 1, ok_on = 1, r;

    for (k = 0; k < NPTS; k++)
    {
        for (i = 0; i < n; i++)
        {
            rnd(q + i, st);
            rnd(v + i, st);
        }
        r = eval(a0, "sode1", M, q, v);
        if (r == NH_OK)
            r = eval(a1, "sode1_coord", M, q, v);
        for (i = 0; i < n && r == NH_OK; i++)
            if (!arb_overlaps(a0 + i, a1 + i) || arb_rel_accuracy_bits(a0 + i) < 60)
                ok_off = 0;
        if (r != NH_OK)
            ok_off = 0;
        /* on D: the velocity completed by acc_lagrange (balls), then both routes there */
        {
            nh_quantity_params par;
            nh_error_t err;
            arb_ptr qb = _arb_vec_init(n);
            nh_error_init(err);
            nh_quantity_params_init(&par);
            for (i = 0; i < n; i++)
                arb_set_fmpq(qb + i, q + i, PREC);
            r = nh_quantity_eval(al, NULL, vel, nh_quantity_find("acc_lagrange", NULL), M, q, v,
                                 &par, PREC, err);
            if (r == NH_OK)
                r = nh_quantity_sode1(a0, M, qb, vel, 0, PREC, err);
            if (r == NH_OK)
                r = nh_quantity_sode1(a1, M, qb, vel, 1, PREC, err);
            if (r != NH_OK)
            {
                ok_on = 0;
                tap_diag("%s: %s", file, err->msg);
            }
            for (i = 0; i < n && r == NH_OK; i++)
                if (!arb_overlaps(a0 + i, al + i) || !arb_overlaps(a1 + i, al + i))
                    ok_on = 0;
            _arb_vec_clear(qb, n);
        }
    }
    tap_ok(ok_off, "%s, %d random v off D: sode1 (frame form) and sode1_coord overlap, 60+ bits",
           file, NPTS);
    tap_ok(ok_on, "%s: at v in D both routes contain acc_lagrange (Gamma^1|_D = Gamma_(L,D))",
           file);
    _fmpq_vec_clear(q, n); _fmpq_vec_clear(v, n);
    _arb_vec_clear(a0, n); _arb_vec_clear(a1, n); _arb_vec_clear(al, n);
    _arb_vec_clear(vel, n);
    nh_model_free(M);
}

int
main(void)
{
    flint_rand_t st;

    tap_plan(4);
    flint_rand_init(st);
    disk(st);
    two_routes("chaplygin_sleigh.nh", st);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
