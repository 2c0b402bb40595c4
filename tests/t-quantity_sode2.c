/* t-quantity_sode2.c -- 002 Sec 3 at velocities OFF D (issue 21):
   Prop 2's Gamma^2, the spray of the nonholonomic connection (Lemma 1's
   third expression) and Prop 3's compact forms (quantities sode2,
   sode2_coord, spray_nh, spray_nh_coord, spray_nh_compact,
   spray_nh_dyncov; nh_quantity_sode2, lib/quantity.h), against values
   computed independently of the code under test.

   1. cases/vertical_disk_002.nh (q = (x, y, phi, theta), G = I, V = 0,
   A = [[1, 0, 0, -c], [0, 1, 0, -s]], c = cos phi, s = sin phi).  By
   hand: Gamma = 0 and a_L = 0, so Gamma^2 = the spray of nabla^nh has
   qddot = -(d_v Q) v with Q = A^T S^-1 A, S = A A^T (det S = 2), i.e.
   (d_v Q) v = (d_v A)^T mu~ + A^T mu, mu~ = S^-1 A v,
   mu = (d(S^-1 A)[v]) v (t-quantity_sode.c: mu_1 = v_phi/2 (2 s c v_x -
   (c^2 - s^2) v_y + s v_th), mu_2 = v_phi/2 (-(c^2 - s^2) v_x - 2 c s v_y
   - c v_th)), d_v A = v_phi [[0, 0, 0, s], [0, 0, 0, -c]] and
   s mu~_1 - c mu~_2 = s v_x - c v_y (S^-1 A = 1/2 [[1 + s^2, -cs, 0, -c],
   [-cs, 1 + c^2, 0, -s]]); with c mu_1 + s mu_2 = v_phi/2 (s v_x - c v_y):
     qddot = (-mu_1, -mu_2, 0, -v_phi/2 (s v_x - c v_y)).
   (On D, s v_x - c v_y = 0: thetaddot = 0, the rolling disk.)  The
   printed compact form of Prop 3's proof differs from it by
   R^c_aj v^a v^j X_c + R^k_ai v^a v^i X_k.  Frame X_phi = d_phi,
   X_th = d_th + c d_x + s d_y, X_1 = d_x - c d_th, X_2 = d_y - s d_th:
   [X_phi, X_1] = s d_th, [X_phi, X_2] = -c d_th, the other brackets of
   X_th, X_1, X_2 vanish, and d_th = 1/2 X_th - c/2 X_1 - s/2 X_2, so with
   u = v^phi (s v^1 - c v^2)/2 the difference is u (X_th - c X_1 - s X_2)
   = 2 u d_th, and v^1 = v_x - c v^th, v^2 = v_y - s v^th give
   s v^1 - c v^2 = s v_x - c v_y: the printed form has theta component
   +v_phi/2 (s v_x - c v_y) (difference v_phi (s v_x - c v_y), nonzero off
   D where v_phi != 0).

   2. cases/inclined_sleigh.nh (q-dependent metric, potential): Gamma^2 by
   the frame form and the coordinate form overlap at random v off D, and
   at v in D both contain route 1's nonholonomic acceleration
   acc_lagrange (Prop 2: Gamma^2 restricted to D is the nonholonomic
   field).

   3. cases/chaplygin_sleigh.nh (q-dependent metric, V = 0, purely
   kinetic): Lemma 1's printed spray, the coordinate spray, Gamma^2 (Prop
   3) and the compact form with Gamma^be_i = Gam^be_(al i) v^al overlap
   at random v off D; the printed compact form certainly differs from
   them at some of these points. */
#include "quantity.h"
#include "case_testutil.h"
#include "sode_testutil.h"

#define PREC 128
#define NPTS 4
#define NR NH_QUANTITY_SODE_NROUTES
/* route offsets in the companion vector (kind order) */
#define R_(kind) (((kind) - NH_Q_SODE_FIRST) * n)

static void
rnd(fmpq_t x, flint_rand_t st)
{
    fmpq_set_si(x, (slong) n_randint(st, 2001) - 1000, 500);
}

/* every route at (q, v) as given: the companions of sode2 (NR n balls);
   vel: v, or, with on_d, the velocity completed into D by acc_lagrange
   (al: route 1's acceleration there) */
static int
eval_all(arb_ptr all, const nh_model_struct *M, const fmpq *q, const fmpq *v, slong n)
{
    nh_quantity_params par;
    nh_error_t err;
    arb_ptr out = _arb_vec_init(n);
    slong i;
    int r;

    nh_error_init(err);
    nh_quantity_params_init(&par);
    r = nh_quantity_eval(out, all, NULL, nh_quantity_find("sode2", NULL), M, q, v, &par, PREC,
                         err);
    if (r != NH_OK)
        tap_diag("sode2: %s", err->msg);
    for (i = 0; r == NH_OK && i < n; i++)
        if (!arb_equal(out + i, all + R_(NH_Q_SODE2) + i))
            r = NH_ERR_MODEL;   /* the quantity is its own companion */
    _arb_vec_clear(out, n);
    return r;
}

static int
overlap_all(arb_srcptr a, arb_srcptr b, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_overlaps(a + i, b + i) || arb_rel_accuracy_bits(a + i) < 60)
            return 0;
    return 1;
}

/* the hand closed form of Gamma^2 = the spray of nabla^nh on the disk,
   (-mu_1, -mu_2, 0, -d/2), and the hand R term d = v_phi (s v_x - c v_y)
   of the printed compact form */
static void
disk_closed_form(arb_ptr ex, arb_t d, const fmpq *q, const fmpq *v, slong p)
{
    tu_disk_mu(ex + 0, ex + 1, d, q, v, p);
    arb_neg(ex + 0, ex + 0);
    arb_neg(ex + 1, ex + 1);
    arb_zero(ex + 2);
    arb_mul_2exp_si(ex + 3, d, -1);
    arb_neg(ex + 3, ex + 3);
}

static void
disk(flint_rand_t st)
{
    const slong n = 4;
    nh_model_ptr M = load_case("vertical_disk_002.nh");
    fmpq *q = _fmpq_vec_init(n), *v = _fmpq_vec_init(n);
    arb_ptr all = _arb_vec_init(NR * n), ex = _arb_vec_init(n);
    arb_t d;
    slong k, i;
    int okf = 1, okc = 1, okp = 1, differs = 0;

    arb_init(d);
    for (k = 0; k < NPTS; k++)
    {
        for (i = 0; i < n; i++)
        {
            rnd(q + i, st);
            rnd(v + i, st);
        }
        disk_closed_form(ex, d, q, v, 4 * PREC);
        if (eval_all(all, M, q, v, n) != NH_OK)
        {
            okf = okc = okp = 0;
            continue;
        }
        okf = okf && tu_contains_all(all + R_(NH_Q_SODE2), ex, n)
            && tu_contains_all(all + R_(NH_Q_SPRAY_NH), ex, n)
            && tu_contains_all(all + R_(NH_Q_SPRAY_NH_DYNCOV), ex, n);
        okc = okc && tu_contains_all(all + R_(NH_Q_SODE2_COORD), ex, n)
            && tu_contains_all(all + R_(NH_Q_SPRAY_NH_COORD), ex, n);
        /* printed compact form = closed form + (0, 0, 0, d) */
        arb_add(ex + 3, ex + 3, d, 4 * PREC);
        okp = okp && tu_contains_all(all + R_(NH_Q_SPRAY_NH_COMPACT), ex, n);
        if (!arb_contains_zero(d))
            differs++;
    }
    tap_ok(okf, "vertical disk, %d random v off D: the frame forms sode2 (Prop 2), spray_nh "
           "(Lemma 1), spray_nh_dyncov (Prop 3 with Gam^be_(al i) v^al) contain the hand closed "
           "form", NPTS);
    tap_ok(okc, "vertical disk: the coordinate forms sode2_coord, spray_nh_coord contain it");
    tap_ok(okp && differs > 0, "vertical disk: the printed compact form of Prop 3 (Gamma^be_i = "
           "Gam^be_(i al) v^al) = closed form + the hand R term v_phi (s v_x - c v_y) d_theta, "
           "certainly nonzero at %d of %d points", (int) differs, NPTS);
    arb_clear(d);
    _fmpq_vec_clear(q, n); _fmpq_vec_clear(v, n);
    _arb_vec_clear(all, NR * n); _arb_vec_clear(ex, n);
    nh_model_free(M);
}

/* at v completed into D (by acc_lagrange), both routes of Gamma^2 contain
   route 1's nonholonomic acceleration */
static int
on_d(const nh_model_struct *M, const fmpq *q, const fmpq *v, slong n)
{
    nh_quantity_params par;
    nh_error_t err;
    arb_ptr qb = _arb_vec_init(n), vel = _arb_vec_init(n), al = _arb_vec_init(n),
        a = _arb_vec_init(6 * n);
    slong i;
    int r, ok = 1;

    nh_error_init(err);
    nh_quantity_params_init(&par);
    for (i = 0; i < n; i++)
        arb_set_fmpq(qb + i, q + i, PREC);
    r = nh_quantity_eval(al, NULL, vel, nh_quantity_find("acc_lagrange", NULL), M, q, v, &par,
                         PREC, err);
    if (r == NH_OK)
        r = nh_quantity_sode2(a, M, qb, vel, NULL, PREC, err);
    if (r != NH_OK)
        tap_diag("on D: %s", err->msg);
    ok = r == NH_OK && overlap_all(a, al, n) && overlap_all(a + n, al, n);
    _arb_vec_clear(qb, n); _arb_vec_clear(vel, n); _arb_vec_clear(al, n);
    _arb_vec_clear(a, 6 * n);
    return ok;
}

static void
sleighs(flint_rand_t st)
{
    nh_model_ptr M = load_case("inclined_sleigh.nh"), K = load_case("chaplygin_sleigh.nh");
    const slong n = 3;
    fmpq *q = _fmpq_vec_init(n), *v = _fmpq_vec_init(n);
    arb_ptr all = _arb_vec_init(NR * n);
    slong k, i;
    int ok_off = 1, ok_on = 1, ok3 = 1, differs = 0;

    for (k = 0; k < NPTS; k++)
    {
        for (i = 0; i < n; i++)
        {
            rnd(q + i, st);
            rnd(v + i, st);
        }
        if (eval_all(all, M, q, v, n) != NH_OK
            || !overlap_all(all + R_(NH_Q_SODE2), all + R_(NH_Q_SODE2_COORD), n))
            ok_off = 0;
        ok_on = ok_on && on_d(M, q, v, n);
        if (eval_all(all, K, q, v, n) != NH_OK)
        {
            ok3 = 0;
            continue;
        }
        ok3 = ok3 && overlap_all(all + R_(NH_Q_SPRAY_NH), all + R_(NH_Q_SPRAY_NH_COORD), n)
            && overlap_all(all + R_(NH_Q_SODE2), all + R_(NH_Q_SPRAY_NH), n)
            && overlap_all(all + R_(NH_Q_SPRAY_NH_DYNCOV), all + R_(NH_Q_SPRAY_NH), n);
        for (i = 0; i < n; i++)
        {
            arb_t t;
            arb_init(t);
            arb_sub(t, all + R_(NH_Q_SPRAY_NH_COMPACT) + i, all + R_(NH_Q_SPRAY_NH) + i, PREC);
            if (!arb_contains_zero(t))
            {
                differs++;
                i = n;
            }
            arb_clear(t);
        }
    }
    tap_ok(ok_off, "inclined sleigh (V != 0), %d random v off D: sode2 (frame form) and "
           "sode2_coord overlap, 60+ bits", NPTS);
    tap_ok(ok_on, "inclined sleigh: at v in D both routes of Gamma^2 contain acc_lagrange "
           "(Gamma^2|_D = Gamma_(L,D))");
    tap_ok(ok3, "Chaplygin sleigh (V = 0), %d random v off D: spray_nh (Lemma 1) = "
           "spray_nh_coord = sode2 (Prop 3) = spray_nh_dyncov", NPTS);
    tap_ok(differs > 0, "Chaplygin sleigh: the printed compact form certainly differs from "
           "the spray at %d of %d points", differs, NPTS);
    _fmpq_vec_clear(q, n); _fmpq_vec_clear(v, n);
    _arb_vec_clear(all, NR * n);
    nh_model_free(M);
    nh_model_free(K);
}

int
main(void)
{
    flint_rand_t st;

    tap_plan(7);
    flint_rand_init(st);
    tap_diag("seed: flint_rand_init default");
    disk(st);
    sleighs(st);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
