/*
 * The series routes keep their workspaces per thread across calls
 * (lib/series/series_ctx.c, _nh_series_ws_take / _nh_series_ws_give): a
 * call with the same (n, m, K) as the last one on this thread reuses the
 * jets, which still hold that call's values.  The identity checked here:
 * a result computed in a reused workspace is the result of a fresh one,
 * ball for ball (midpoints and radii equal), for each route --
 * nh_series_time_t (autonomous, and time-dependent affine with t0),
 * nh_reduced_field_t (its order-1 sweep has a slot of its own) and
 * nh_series_covariant -- after a call on ANOTHER model of the same
 * dimensions (so that every stale value differs), and after calls that
 * evict the workspace (another K) or rebuild the contexts under it
 * (another n).  A fresh workspace is obtained with flint_cleanup(),
 * which empties the slots and frees the contexts.
 *
 * Pairs of shipped models with equal (n, m): vertical_disk /
 * vertical_disk_002 (4, 2), chaplygin_sleigh / inclined_sleigh (3, 1),
 * affine_line (affine, time-dependent) / linear_slow (2, 1).
 */
#include "tap.h"
#include "series_testutil.h"
#include "jet_testutil.h"

#define PREC 192

typedef struct
{
    const char *file;
    const char *q, *v;      /* exact point, velocity (projected onto D) */
    int timed;              /* call with t0 = 1/3 (the time route only) */
}
pt_struct;

/* the results of one model at one point: time route h, react (K terms),
   covariant h, react (linear autonomous models), the reduced field of
   order 1 (qdot, vDdot) */
typedef struct
{
    slong n, K;
    arb_ptr ht, rt, hc, rc, qd, vd;
    int status;
}
res_struct;

static nh_model_ptr
load(const char *file)
{
    nh_model_ptr M = tu_load_case(file);
    if (M == NULL)
        tap_bail("cannot load %s", file);
    return M;
}

static void
res_init(res_struct *r, slong n, slong K)
{
    r->n = n; r->K = K;
    r->ht = _arb_vec_init(K * n); r->rt = _arb_vec_init(K * n);
    r->hc = _arb_vec_init(K * n); r->rc = _arb_vec_init(K * n);
    r->qd = _arb_vec_init(n); r->vd = _arb_vec_init(n);
    r->status = -1;
}

static void
res_clear(res_struct *r)
{
    slong n = r->n, K = r->K;
    _arb_vec_clear(r->ht, K * n); _arb_vec_clear(r->rt, K * n);
    _arb_vec_clear(r->hc, K * n); _arb_vec_clear(r->rc, K * n);
    _arb_vec_clear(r->qd, n); _arb_vec_clear(r->vd, n);
}

/* every route at the point, order K */
static void
compute(res_struct *r, const nh_model_struct *M, const pt_struct *p, slong K)
{
    slong n = nh_model_n(M);
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), vD = _arb_vec_init(n);
    arb_ptr vp = _arb_vec_init(n);
    arb_t t0, one;
    nh_error_t err;
    int st;

    arb_init(t0); arb_init(one);
    arb_one(one);
    if (p->timed)
        arb_set_si(t0, 1), arb_div_si(t0, t0, 3, PREC);
    nh_error_init(err);
    res_init(r, n, K);
    st = nh_model_parse_point(q, M, p->q, "--q", PREC, err);
    if (st == NH_OK)
        st = nh_model_parse_point(v, M, p->v, "--v", PREC, err);
    if (st == NH_OK)
        st = nh_project_D_t(vD, vp, M, q, t0, v, PREC, err);
    if (st == NH_OK)
        st = nh_series_time_t(r->ht, r->rt, NULL, M, q, p->timed ? t0 : NULL, vD, K, PREC, err);
    if (st == NH_OK)
        st = nh_reduced_field_t(r->qd, r->vd, NULL, M, q, t0, vD, r->ht, NULL, K, 1, one,
                                PREC, err);
    if (st == NH_OK && !p->timed)
        st = nh_series_covariant(r->hc, r->rc, M, q, vD, K, PREC, err);
    if (st != NH_OK)
        tap_diag("%s: %s", p->file, err->msg);
    r->status = st;
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n); _arb_vec_clear(vp, n);
    arb_clear(t0); arb_clear(one);
}


static int
identical(const res_struct *a, const res_struct *b)
{
    slong L = a->K * a->n;
    return a->status == NH_OK && b->status == NH_OK
           && tu_vec_equal(a->ht, b->ht, L) && tu_vec_equal(a->rt, b->rt, L)
           && tu_vec_equal(a->hc, b->hc, L) && tu_vec_equal(a->rc, b->rc, L)
           && tu_vec_equal(a->qd, b->qd, a->n) && tu_vec_equal(a->vd, b->vd, a->n);
}

/* at least one h^(k) nonzero: the two models' stale values differ from
   the fresh ones, or the check would be empty */
static int
nontrivial(const res_struct *a)
{
    return a->status == NH_OK && tu_max_abs(a->ht, a->K * a->n) > 0.0;
}

int
main(void)
{
    static const pt_struct pts[6] = {
        {"vertical_disk.nh", "theta=1/3", "theta=1,varphi=1/5,x=1/7", 0},
        {"vertical_disk_002.nh", "x=0,y=0,phi=1/5,theta=0", "x=1/2,phi=1/4,theta=1/2", 0},
        {"chaplygin_sleigh.nh", "x=0,y=0,phi=1/3", "x=1/2,y=1/10,phi=1/2", 0},
        {"inclined_sleigh.nh", "x=0,y=0,phi=1/4", "x=1/2,y=0,phi=1/2", 0},
        {"affine_line.nh", "x=1/5,y=0", "x=1,y=1/2", 1},
        {"linear_slow.nh", "x=3/10,y=7/10", "x=1,y=1/3", 0},
    };
    slong K = 4, pair;

    tap_plan(3 * 4);
    for (pair = 0; pair < 3; pair++)
    {
        const pt_struct *pa = pts + 2 * pair, *pb = pts + 2 * pair + 1;
        nh_model_ptr A = load(pa->file), B = load(pb->file), C = load("diffdrive_robot.nh");
        res_struct a0, a1, b0, b1, a2, junk;
        static const pt_struct pc = {"diffdrive_robot.nh", "x=0,y=0,phi=0",
                                     "x=1/2,phi=1/4,tl=17/4,tr=23/4", 0};

        if (nh_model_n(A) != nh_model_n(B) || nh_model_m(A) != nh_model_m(B))
            tap_bail("%s and %s: dimensions differ", pa->file, pb->file);

        /* fresh A, then B in A's workspaces, then A in B's */
        flint_cleanup();
        compute(&a0, A, pa, K);
        flint_cleanup();
        compute(&b0, B, pb, K);
        compute(&a1, A, pa, K);
        tap_ok(nontrivial(&a0) && identical(&a0, &a1),
               "%s after %s (same n, m, K: reused workspaces): identical balls",
               pa->file, pb->file);
        compute(&b1, B, pb, K);
        tap_ok(nontrivial(&b0) && identical(&b0, &b1),
               "%s after %s (reused workspaces): identical balls", pb->file, pa->file);
        res_clear(&b1);

        /* another K evicts the slots; another n rebuilds the contexts
           (the slots are emptied first) */
        compute(&junk, B, pb, K - 1);
        res_clear(&junk);
        compute(&a2, A, pa, K);
        tap_ok(identical(&a0, &a2), "%s after a call of order %ld (evicted): identical balls",
               pa->file, (long) (K - 1));
        res_clear(&a2);
        compute(&junk, C, &pc, K + 1);
        res_clear(&junk);
        compute(&a2, A, pa, K);
        tap_ok(identical(&a0, &a2), "%s after diffdrive_robot at order %ld (contexts rebuilt): "
               "identical balls", pa->file, (long) (K + 1));
        res_clear(&a2);

        res_clear(&a0); res_clear(&a1); res_clear(&b0);
        nh_model_free(A); nh_model_free(B); nh_model_free(C);
    }
    flint_cleanup();
    return tap_done();
}
