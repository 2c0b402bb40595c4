/*
 * t-dataset_build.c -- nh_dataset_build (lib/dataset.h), the library call
 * behind `nhoracle emit`, checked against closed forms of the vertical
 * disk (cases/vertical_disk.nh, paper 000 Sec 5) derived by hand below,
 * against the documented sampling plan (splitmix64, k/1000), and on its
 * error returns.
 *
 * Vertical disk: coordinates (theta, x, y, varphi), G = diag(I, m, m, J)
 * with m = 1, R = 1/2, I = 1/16, J = 1/8; constraints dx = R cos(theta)
 * dvarphi, dy = R sin(theta) dvarphi.  D(q) is spanned by e_theta and
 * w = (0, R cos th, R sin th, 1), which are G-orthogonal, so the
 * G-orthogonal projection is
 *     P v = v_theta e_theta + c w,  c = G(v, w) / G(w, w)
 *         = (m R (cos th v_x + sin th v_y) + J v_varphi) / (m R^2 + J).
 * At theta = 0 and v = (1/2, 1, 1/3, 2): c = (1/2 + 1/4) / (3/8) = 2,
 * so vD = (1/2, 1, 0, 2) exactly.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "dataset.h"
#include "case_testutil.h"
#include "tap.h"

/* the record (quantity, point, i, j) or NULL */
static const nh_record_struct *
find(const nh_dataset_t ds, const char *q, slong pt, slong i, slong j)
{
    slong r;
    for (r = 0; r < ds->len; r++)
        if (strcmp(ds->rec[r].quantity, q) == 0 && ds->rec[r].point == pt
            && ds->rec[r].i == i && ds->rec[r].j == j)
            return ds->rec + r;
    return NULL;
}

/* the ball [mid +/- rad] of the record contains p/q, and rad <= maxrad */
static int
encloses(const nh_record_struct *r, slong p, ulong q, double maxrad)
{
    arb_t m, rad;
    fmpq_t x;
    int ok;
    if (r == NULL || r->rad == NULL)
        return 0;
    arb_init(m);
    arb_init(rad);
    fmpq_init(x);
    fmpq_set_si(x, p, q);
    ok = arb_set_str(m, r->mid, 256) == 0 && arb_set_str(rad, r->rad, 256) == 0;
    if (ok)
    {
        ok = arf_cmpabs_d(arb_midref(rad), maxrad) <= 0;
        arb_add_error(m, rad);
        ok = ok && arb_contains_fmpq(m, x);
    }
    arb_clear(m);
    arb_clear(rad);
    fmpq_clear(x);
    return ok;
}

int
main(void)
{
    nh_model_ptr M = load_case("vertical_disk.nh");
    nh_dataset_build_opts_t o;
    nh_dataset_build_info_struct info;
    nh_dataset_t ds;
    nh_error_t err;
    const nh_record_struct *r;
    static const slong vD[4][2] = {{1, 2}, {1, 1}, {0, 1}, {2, 1}};
    static const slong Gd[4][2] = {{1, 16}, {1, 1}, {1, 1}, {1, 8}};
    uint64_t st = 5;
    slong i, k, ok;
    int rc;

    tap_plan(9);
    nh_error_init(err);

    /* the explicit point and one random point (seed 5), one eps, order 1 */
    nh_dataset_build_opts_init(o);
    o->q_spec = "theta=0";
    o->v_spec = "theta=1/2,x=1,y=1/3,varphi=2";
    o->points = 1;
    o->seed = 5;
    o->order = 1;
    o->neps = 1;
    o->nrorders = 1;
    nh_dataset_init(ds);
    rc = nh_dataset_build(ds, M, o, &info, err);
    tap_ok(rc == NH_OK, "build: rc %d (%s)", rc, err->msg);

    for (i = 0, ok = 1; i < 4; i++)
        ok &= encloses(find(ds, "vD", 0, i, -1), vD[i][0], (ulong) vD[i][1], 1e-28);
    tap_ok(ok, "vD = P(q) v = (1/2, 1, 0, 2) enclosed, radius <= 1e-28 (digits 30)");

    for (i = 0, ok = 1; i < 4; i++)
        for (k = 0; k < 4; k++)
            ok &= encloses(find(ds, "G", 1, i, k), i == k ? Gd[i][0] : 0,
                           i == k ? (ulong) Gd[i][1] : 1, 1e-28);
    tap_ok(ok, "G = diag(1/16, 1, 1, 1/8) at the random point");

    /* the random point: q_0..q_3 then v_0..v_3, each (splitmix64 mod 2001 -
       1000)/1000, the generator written out from its definition (Steele,
       Lea, Flood 2014) */
    for (i = 0, ok = 1; i < 8; i++)
    {
        uint64_t z = (st += UINT64_C(0x9E3779B97F4A7C15));
        z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
        z ^= z >> 31;
        r = find(ds, i < 4 ? "q" : "v", 1, i % 4, -1);
        ok &= r != NULL && fabs(r->value - ((double) (slong) (z % 2001) - 1000) / 1000) < 1e-15;
    }
    tap_ok(ok, "random point 1 follows the documented splitmix64 plan");

    tap_ok(ds->neps == 1 && strcmp(ds->eps[0], "0.01") == 0, "eps list: the default 1/100");
    tap_ok(ds->meta != NULL && info.max_working_prec > 0 && info.full_cert == -1,
           "metadata written, working precision reported, no trajectories");
    nh_dataset_clear(ds);

    /* errors */
    o->q_spec = o->v_spec = NULL;
    o->points = 0;
    nh_dataset_init(ds);
    rc = nh_dataset_build(ds, M, o, NULL, err);
    tap_ok(rc == NH_ERR_USAGE && strstr(err->msg, "no points") != NULL,
           "no points: NH_ERR_USAGE (%s)", err->msg);
    nh_dataset_clear(ds);
    nh_error_init(err);
    o->points = 1;
    o->t0_spec = "1/2";
    nh_dataset_init(ds);
    rc = nh_dataset_build(ds, M, o, NULL, err);
    tap_ok(rc == NH_ERR_USAGE && ds->len == 0, "a model time for a linear autonomous model: "
           "NH_ERR_USAGE, no records (%s)", err->msg);
    nh_dataset_clear(ds);
    nh_error_init(err);
    o->t0_spec = NULL;
    o->q_spec = "nosuch=1";
    nh_dataset_init(ds);
    rc = nh_dataset_build(ds, M, o, NULL, err);
    tap_ok(rc != NH_OK && strstr(err->msg, "nosuch") != NULL, "bad explicit point: rc %d (%s)",
           rc, err->msg);
    nh_dataset_clear(ds);

    nh_dataset_build_opts_clear(o);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
