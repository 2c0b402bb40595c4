/*
 * t-check_search.c -- lib/check.h without a process: exact numbers and
 * their decimal strings, the domain, the certified comparison, and the
 * whole search (random, Nelder-Mead, shrinking) with an in-process
 * candidate computing h^(1) of the vertical disk from the closed form
 * derived by hand in examples/check_disk.py:
 *     h^(1) = m R v_theta beta (0, sin theta, -cos theta, 0),
 *     beta = (m R cos theta v_x + m R sin theta v_y + J v_phi) / (m R^2 + J),
 * m = 1, R = 1/2, J = 1/8; optionally with a bug planted in
 * 0.4 < theta < 0.8 (1e-3 added to the x component).
 */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "check.h"

static const char *disk =
    "model vertical_disk\n"
    "coordinates theta, x, y, varphi\n"
    "parameter m = 1\nparameter R = 0.5\nparameter I = 1/16\nparameter J = 1/8\n"
    "metric diagonal: I, m, m, J\n"
    "constraint: dx - R*cos(theta)*dvarphi\n"
    "constraint: dy - R*sin(theta)*dvarphi\n";

typedef struct
{
    int bug;
    slong calls;
    slong zero_x;               /* points sent with x = 0 exactly */
    double *sent_q;             /* if not NULL: the q of every point sent */
    slong nsent;
}
cand_struct;

static int
cand_h1(arb_ptr vals, const fmpq *q, const fmpq *w, slong npts, void *data, nh_error_t err)
{
    cand_struct *c = data;
    slong j, prec = 128;
    arb_t th, s, co, beta, t, k;
    (void) err;
    arb_init(th); arb_init(s); arb_init(co); arb_init(beta); arb_init(t); arb_init(k);
    c->calls++;
    for (j = 0; j < npts; j++)
    {
        const fmpq *qq = q + 4 * j, *ww = w + 4 * j;
        c->zero_x += fmpq_is_zero(qq + 1);
        if (c->sent_q != NULL)
        {
            slong i;
            for (i = 0; i < 4; i++)
                c->sent_q[4 * c->nsent + i] = fmpq_get_d(qq + i);
            c->nsent++;
        }
        arb_set_fmpq(th, qq + 0, prec);
        arb_sin_cos(s, co, th, prec);
        /* beta = (R c v_x + R s v_y + J v_phi) / (R^2 + J), m = 1, R = 1/2, J = 1/8 */
        arb_set_fmpq(t, ww + 1, prec);
        arb_mul(beta, co, t, prec);
        arb_set_fmpq(t, ww + 2, prec);
        arb_addmul(beta, s, t, prec);
        arb_mul_2exp_si(beta, beta, -1);
        arb_set_fmpq(t, ww + 3, prec);
        arb_mul_2exp_si(t, t, -3);
        arb_add(beta, beta, t, prec);
        arb_mul_ui(beta, beta, 8, prec);
        arb_div_ui(beta, beta, 3, prec);     /* / (1/4 + 1/8) */
        arb_set_fmpq(k, ww + 0, prec);
        arb_mul(k, k, beta, prec);
        arb_mul_2exp_si(k, k, -1);           /* m R v_theta beta */
        arb_zero(vals + 4 * j);
        arb_zero(vals + 4 * j + 3);
        /* the candidate's values are exact numbers: the midpoints */
        arb_mul(t, k, s, prec);
        arb_set_arf(vals + 4 * j + 1, arb_midref(t));
        arb_mul(t, k, co, prec);
        arb_neg(t, t);
        arb_set_arf(vals + 4 * j + 2, arb_midref(t));
        if (c->bug && fmpq_cmp_ui(qq + 0, 0) > 0)
        {
            double d = fmpq_get_d(qq + 0);
            if (d > 0.4 && d < 0.8)
            {
                arb_set_d(t, 1e-3);
                arb_add(vals + 4 * j + 1, vals + 4 * j + 1, t, prec);
            }
        }
    }
    arb_clear(th); arb_clear(s); arb_clear(co); arb_clear(beta); arb_clear(t); arb_clear(k);
    return NH_OK;
}

static void
test_numbers(void)
{
    static const char *in[] = {"1/4", "-1/16", "1/3", "0", "100", "0.000001", "25/2", "-7e-3"};
    static const char *out[] = {"0.25", "-0.0625", "1/3", "0", "100", "0.000001", "12.5", "-0.007"};
    fmpq_t x;
    nh_error_t err;
    int i, ok = 1;
    char *s;
    fmpq_init(x);
    for (i = 0; i < 8; i++)
    {
        nh_error_init(err);
        ok = ok && nh_check_parse_q(x, in[i], "t", err) == NH_OK;
        s = nh_check_decimal(x);
        if (strcmp(s, out[i]) != 0)
        {
            tap_diag("%s -> %s, expected %s", in[i], s, out[i]);
            ok = 0;
        }
        free(s);
    }
    tap_ok(ok, "exact numbers and their decimal strings");
    ok = nh_check_parse_q(x, "abc", "t", err) == NH_ERR_USAGE
        && nh_check_parse_q(x, "1/0", "t", err) == NH_ERR_USAGE
        && nh_check_parse_q(x, "", "t", err) == NH_ERR_USAGE;
    tap_ok(ok, "malformed numbers are usage errors");
    fmpq_clear(x);
}

static void
test_domain(const nh_model_struct *M)
{
    nh_check_t C;
    nh_error_t err;
    fmpq_t a;
    int ok;
    fmpq_init(a);
    nh_error_init(err);
    nh_check_init(C, M, "h", 1, NULL, 1e-12, 1e-9, 128, 1024, err);
    ok = nh_check_set_domain(C, "theta=-3.2:3.2,v_varphi=0:1/3", err) == NH_OK;
    fmpq_set_si(a, -16, 5);
    ok = ok && fmpq_equal(C->lo + 0, a);
    fmpq_set_si(a, 1, 3);
    ok = ok && fmpq_equal(C->hi + 7, a) && fmpq_is_zero(C->lo + 7);
    fmpq_set_si(a, -1, 1);
    ok = ok && fmpq_equal(C->lo + 1, a);     /* the default [-1, 1] */
    tap_ok(ok, "--domain sets coordinates and velocities, others keep [-1, 1]");
    ok = nh_check_set_domain(C, "psi=0:1", err) == NH_ERR_USAGE
        && nh_check_set_domain(C, "theta=1:0", err) == NH_ERR_USAGE
        && nh_check_set_domain(C, "theta=1", err) == NH_ERR_USAGE;
    tap_ok(ok, "unknown name, LO > HI, missing ':' are usage errors");
    nh_check_clear(C);
    nh_error_init(err);
    ok = nh_check_init(C, M, "reduced", 0, NULL, 1e-12, 1e-9, 128, 1024, err) == NH_ERR_USAGE;
    nh_check_clear(C);
    ok = ok && nh_check_init(C, M, "G", 1, NULL, 1e-12, 1e-9, 128, 1024, err) == NH_ERR_USAGE;
    nh_check_clear(C);
    tap_ok(ok, "reduced without eps, a matrix quantity: usage errors");
    fmpq_clear(a);
}

static void
test_compare(const nh_model_struct *M)
{
    nh_check_t C;
    nh_check_point_struct p;
    nh_error_t err;
    slong i;
    int ok;
    nh_error_init(err);
    nh_check_init(C, M, "vD", 1, NULL, 0, 1e-9, 128, 1024, err);
    nh_check_point_init(&p, 4);
    for (i = 0; i < 4; i++)
    {
        arb_one(p.ref + i);     /* reference exactly 1 */
        arb_one(p.cand + i);
    }
    arb_set_d(p.cand + 2, 1 + 2e-9);
    nh_check_compare(&p, C);
    ok = p.fails && p.score > 1.9 && p.score < 2.1;
    arb_set_d(p.cand + 2, 1 + 0.5e-9);
    nh_check_compare(&p, C);
    ok = ok && !p.fails && p.score > 0.49 && p.score < 0.51;
    /* a wide reference ball that reaches the candidate: not certainly failing */
    arb_set_d(p.cand + 2, 1 + 2e-9);
    mag_set_d(arb_radref(p.ref + 2), 2e-9);
    nh_check_compare(&p, C);
    ok = ok && !p.fails;
    tap_ok(ok, "comparison: |c - x| > atol + rtol |x| for every x of the ball");
    nh_check_point_clear(&p, 4);
    nh_check_clear(C);
}

static int
cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

/* the low-discrepancy phase stratifies every coordinate: among the q
   sent, two neighbours (sorted) of any coordinate are less than 2 cells
   (2 / N of the width 2 of [-1, 1]) apart and the ends within 1 cell of
   the box's ends (a plain uniform sample of that size leaves gaps
   several times wider) */
static void
test_cover(const nh_model_struct *M)
{
    nh_check_t C;
    nh_check_result_t R;
    nh_error_t err;
    cand_struct c = {0, 0, 0, NULL, 0};
    slong i, j, budget = 512, N;
    double *col, gap, worst = 0;
    int r;
    nh_error_init(err);
    c.sent_q = flint_malloc(4 * budget * sizeof(double));
    col = flint_malloc(budget * sizeof(double));
    nh_check_init(C, M, "h", 1, NULL, 1e-12, 1e-9, 128, 1024, err);
    nh_check_result_init(R, C);
    r = nh_check_run(R, C, budget, 3, 16, cand_h1, &c, err);
    N = R->cover_n;
    for (i = 0; i < 4 && c.nsent > 0; i++)
    {
        for (j = 0; j < c.nsent; j++)
            col[j] = c.sent_q[4 * j + i];
        qsort(col, (size_t) c.nsent, sizeof(double), cmp_d);
        /* in units of one cell, 2 / N: ends <= 1 cell, neighbours < 2 */
        gap = FLINT_MAX(col[0] + 1, 1 - col[c.nsent - 1]) * (N / 2.0);
        for (j = 1; j < c.nsent; j++)
            gap = FLINT_MAX(gap, (col[j] - col[j - 1]) * (N / 2.0) / 2);
        worst = FLINT_MAX(worst, gap);
    }
    tap_ok(r == NH_OK && N >= budget / 2 && c.nsent == budget && worst <= 1 + 1e-4,
           "low-discrepancy phase of %ld points: every coordinate of q stratified (largest gap "
           "%.3g of the bound)", (long) N, worst);
    nh_check_result_clear(R, C);
    nh_check_clear(C);
    flint_free(col);
    flint_free(c.sent_q);
}

static void
test_search(const nh_model_struct *M)
{
    nh_check_t C;
    nh_check_result_t R, R2;
    nh_error_t err;
    cand_struct c = {0, 0, 0, NULL, 0};
    fmpq_t lo, hi;
    slong i;
    int ok, r;
    nh_error_init(err);
    nh_check_init(C, M, "h", 1, NULL, 1e-12, 1e-9, 128, 1024, err);
    nh_check_result_init(R, C);
    r = nh_check_run(R, C, 80, 7, 8, cand_h1, &c, err);
    /* the split of doc/check.md: 80/8 = 10 special points (the disk's box
       [-1, 1]^8 has 19), then 80 - 10 - 10 = 60 low-discrepancy ones */
    tap_ok(r == NH_OK && !R->have_fail && R->evals == 80 && R->special_evals == 10
           && R->random_evals == 60 && R->cover_n == 60,
           "correct candidate: no failure in 80 evaluations (10 special, 60 low-discrepancy)");
    tap_ok(R->worst.score < 1e-3, "... its worst score %g is far below the tolerance",
           R->worst.score);
    nh_check_result_clear(R, C);

    c.bug = 1;
    nh_check_result_init(R, C);
    r = nh_check_run(R, C, 150, 7, 8, cand_h1, &c, err);
    ok = r == NH_OK && R->have_fail && R->shrunk.fails && R->evals <= 150;
    tap_ok(ok, "planted bug found (%ld evaluations, %ld failing)", (long) R->evals,
           (long) R->nfailed);
    fmpq_init(lo);
    fmpq_init(hi);
    fmpq_set_si(lo, 2, 5);
    fmpq_set_si(hi, 4, 5);
    ok = fmpq_cmp(R->shrunk.x, lo) > 0 && fmpq_cmp(R->shrunk.x, hi) < 0
        && fmpz_cmp_ui(fmpq_denref(R->shrunk.x), 100) <= 0;
    for (i = 1; i < 8; i++)
        ok = ok && fmpq_is_zero(R->shrunk.x + i);
    for (i = 0; i < 4; i++)
        ok = ok && fmpq_is_zero(R->shrunk.w + i);
    tap_ok(ok, "shrunk: theta in (0.4, 0.8) with <= 2 decimals, everything else 0");

    nh_check_result_init(R2, C);
    r = nh_check_run(R2, C, 150, 7, 8, cand_h1, &c, err);
    ok = r == NH_OK && R2->evals == R->evals && R2->nfailed == R->nfailed
        && fmpq_equal(R2->shrunk.x, R->shrunk.x) && fmpq_equal(R2->first_fail.x, R->first_fail.x);
    tap_ok(ok, "deterministic for a seed");
    nh_check_result_clear(R2, C);

    /* the regression dataset reads back as a reference with the records */
    {
        const nh_check_point_struct *pts[2] = {&R->first_fail, &R->shrunk};
        nh_dataset_t ds, back;
        size_t len;
        char *text;
        nh_dataset_init(ds);
        nh_dataset_init(back);
        r = nh_check_regression(ds, C, pts, 2, disk, strlen(disk), "disk.nh", "test", 20, 1, 100,
                                err);
        text = r == NH_OK ? nh_dataset_jsonl(ds, &len) : NULL;
        ok = text != NULL && nh_dataset_parse(back, text, len, "reg.jsonl", NULL, err) == NH_OK
            && back->len == 2 * (4 + 4 + 4) && back->meta != NULL;
        /* the shrunk point's h^(1) is 0: the records say so exactly */
        for (i = 0; ok && i < back->len; i++)
            if (strcmp(back->rec[i].quantity, "h") == 0 && back->rec[i].point == 1)
                ok = strcmp(back->rec[i].mid, "0") == 0 && back->rec[i].k == 1;
        tap_ok(ok, "regression dataset: 2 points x (q, v, h^(1)), h^(1) = 0 at the shrunk point");
        free(text);
        nh_dataset_clear(ds);
        nh_dataset_clear(back);
    }
    nh_check_result_clear(R, C);
    fmpq_clear(lo);
    fmpq_clear(hi);
    nh_check_clear(C);
}

/* The disk with G_xx = m x^2 / x^2: the same dynamics, but the metric
   cannot be evaluated at x = 0 exactly (a divisor exactly 0: NH_ERR_MODEL
   there).  On x in {-10^-6, 0, 10^-6} (the grid of the thin domain) the
   points with x = 0 are skipped and never sent; on x = 0 alone no point
   can be checked. */
static const char *disk_sing =
    "model vertical_disk_singular_x\n"
    "coordinates theta, x, y, varphi\n"
    "parameter m = 1\nparameter R = 0.5\nparameter I = 1/16\nparameter J = 1/8\n"
    "metric diagonal: I, m*x^2/x^2, m, J\n"
    "constraint: dx - R*cos(theta)*dvarphi\n"
    "constraint: dy - R*sin(theta)*dvarphi\n";

static void
test_skip(void)
{
    nh_model_ptr M;
    nh_check_t C;
    nh_check_result_t R;
    nh_error_t err;
    cand_struct c = {0, 0, 0, NULL, 0};
    int r;
    nh_error_init(err);
    if (nh_model_parse(&M, disk_sing, "disk_sing.nh", err) != NH_OK)
        tap_bail("model: %s", err->msg);
    nh_check_init(C, M, "h", 1, NULL, 1e-12, 1e-9, 128, 1024, err);
    nh_check_set_domain(C, "x=-1/1000000:1/1000000", err);
    nh_check_result_init(R, C);
    r = nh_check_run(R, C, 60, 3, 8, cand_h1, &c, err);
    tap_ok(r == NH_OK && !R->have_fail && R->skipped > 0 && R->evals > 0
           && R->evals + R->skipped == 60 && c.zero_x == 0 && R->skip_rc == NH_ERR_MODEL,
           "singular points (x = 0) skipped and counted: %ld checked, %ld skipped, %ld sent "
           "with x = 0 (%s)", (long) R->evals, (long) R->skipped, (long) c.zero_x, R->skip_msg);
    nh_check_result_clear(R, C);
    nh_check_set_domain(C, "x=0:0", err);
    nh_check_result_init(R, C);
    nh_error_init(err);
    r = nh_check_run(R, C, 60, 3, 8, cand_h1, &c, err);
    tap_ok(r == NH_ERR_MODEL && R->evals == 0 && R->skipped == 60 && c.zero_x == 0
           && strstr(err->msg, "no point could be checked") != NULL,
           "every point singular: NH_ERR_MODEL (%s)", err->msg);
    nh_check_result_clear(R, C);
    nh_check_clear(C);
    nh_model_free(M);
}

/* nh_check_shrink_pred with a predicate known by hand: "theta > 1/4
   and x <= -1/2" from theta = 0.5371, x = -0.8264, the rest nonzero:
   theta -> 0 (fails), 0 (fails), 0.5 (holds); x -> 0, 0 (fail), -0.8
   (holds); every other coordinate -> 0; a second pass keeps nothing.
   Stopping: a predicate returning -1 at its fourth call leaves p as the
   three calls before made it (theta = 1/2, the rest unchanged). */
typedef struct { slong calls, stop_at; } pred_count;

static int
pred_theta_x(const nh_check_point_struct *p, void *data)
{
    pred_count *c = data;
    fmpq_t a, b;
    int r;
    if (++c->calls == c->stop_at)
        return -1;
    fmpq_init(a); fmpq_init(b);
    fmpq_set_si(a, 1, 4);
    fmpq_set_si(b, -1, 2);
    r = fmpq_cmp(p->x + 0, a) > 0 && fmpq_cmp(p->x + 1, b) <= 0;
    fmpq_clear(a); fmpq_clear(b);
    return r;
}

static void
test_shrink_pred(const nh_model_struct *M)
{
    nh_check_t C;
    nh_check_point_struct p;
    nh_error_t err;
    pred_count cnt = {0, 0};
    slong i, steps, trials, n;
    fmpq_t e;
    int ok;
    const char *x0[8] = {"5371/10000", "-2066/2500", "3/7", "1/3", "1/2", "2/5", "1/5", "7/10"};

    nh_error_init(err);
    fmpq_init(e);
    nh_check_init(C, M, "h", 1, NULL, 1e-12, 1e-9, 128, 1024, err);
    n = C->n;
    nh_check_point_init(&p, n);
    for (i = 0; i < 2 * n; i++)
        fmpq_set_str(p.x + i, x0[i], 10);
    ok = nh_check_sent_point(&p, C, err) == NH_OK;
    steps = nh_check_shrink_pred(&p, C, pred_theta_x, &cnt, 1000, &trials);
    fmpq_set_si(e, 1, 2);
    ok = ok && fmpq_equal(p.x + 0, e);
    fmpq_set_si(e, -4, 5);
    ok = ok && fmpq_equal(p.x + 1, e);
    for (i = 2; i < 2 * n; i++)
        ok = ok && fmpq_is_zero(p.x + i);
    /* kept: theta, x and the 6 others; trials: 3 + 3 + 6 in the first pass,
       then theta (0, 0) and x (0, 0) again in the second */
    tap_ok(ok && steps == 8 && trials == cnt.calls && trials == 16,
           "shrink_pred: theta 0.5371 -> 1/2, x -0.8264 -> -4/5, the rest 0 (%ld steps, %ld trials)",
           (long) steps, (long) trials);
    for (i = 0; i < 2 * n; i++)
        fmpq_set_str(p.x + i, x0[i], 10);
    nh_check_sent_point(&p, C, err);
    cnt.calls = 0;
    cnt.stop_at = 4;
    steps = nh_check_shrink_pred(&p, C, pred_theta_x, &cnt, 1000, &trials);
    fmpq_set_si(e, 1, 2);
    tap_ok(steps == 1 && trials == 4 && fmpq_equal(p.x + 0, e) && !fmpq_is_zero(p.x + 2),
           "shrink_pred: -1 from the predicate stops at once (%ld steps, %ld trials)",
           (long) steps, (long) trials);
    nh_check_point_clear(&p, n);
    nh_check_clear(C);
    fmpq_clear(e);
}

/* the writers of a result (nh_check_result_json / _tap / _text), on a
   run with the planted bug (1e-3 on x when 0.4 < theta < 0.8) and on a
   passing run: what each must say follows from the run's outcome and
   the settings given, not from the writers */
static char *
capture_tap_text(const nh_check_struct *C, const nh_check_result_struct *R, int text)
{
    char *buf = NULL;
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    if (text)
        nh_check_result_text(f, C, R, 5, 200, " (note)");
    else
        nh_check_result_tap(f, C, R, 5, 200);
    fclose(f);
    return buf;
}

static void
test_writers(const nh_model_struct *M)
{
    nh_check_t C;
    nh_check_result_t R;
    nh_error_t err;
    cand_struct c = {1, 0, 0, NULL, 0};
    json_object *j, *x, *y;
    char *tap, *text;
    double th;
    int ok, pass;

    nh_error_init(err);
    for (pass = 0; pass < 2; pass++)
    {
        c.bug = !pass;
        nh_check_init(C, M, "h", 1, NULL, 1e-12, 1e-9, 128, 1024, err);
        nh_check_result_init(R, C);
        ok = nh_check_run(R, C, pass ? 50 : 200, 5, 16, cand_h1, &c, err) == NH_OK
            && R->have_fail == !pass;
        j = nh_check_result_json(C, R, 5, 200);
        tap = capture_tap_text(C, R, 0);
        text = capture_tap_text(C, R, 1);
        ok = ok && json_object_object_get_ex(j, "pass", &x) && json_object_get_boolean(x) == pass
            && json_object_object_get_ex(j, "seed", &x) && json_object_get_int64(x) == 5
            && json_object_object_get_ex(j, "budget", &x) && json_object_get_int64(x) == 200
            && json_object_object_get_ex(j, "evaluations", &x)
            && json_object_get_int64(x) == R->evals
            && json_object_object_get_ex(j, "shrunk", &x) == !pass;
        if (!pass)
        {
            /* the shrunk point lies where the bug is, and fails */
            ok = ok && json_object_object_get_ex(x, "q", &y) && json_object_object_get_ex(y, "theta", &y);
            th = ok ? atof(json_object_get_string(y)) : 0;
            ok = ok && th > 0.4 && th < 0.8 && json_object_object_get_ex(x, "fails", &y)
                && json_object_get_boolean(y)
                && strstr(tap, "1..1\nnot ok 1 - check h of vertical_disk: ") == tap
                && strstr(text, "shrunk failing point:") != NULL
                && strcmp(text + strlen(text) - 5, "FAIL\n") == 0;
        }
        else
            ok = ok && strstr(tap, "1..1\nok 1 - check h of vertical_disk: ") == tap
                && strstr(text, "PASS: no failing point within the budget (note)\n") != NULL;
        ok = ok && strstr(tap, "# seed 5, tolerance atol 1e-12 + rtol 1e-09 |x|, budget 200\n")
            && strstr(text, "seed 5, budget 200\n") != NULL;
        tap_ok(ok, "writers: JSON, TAP and text of a %s run say so, with seed and budget",
               pass ? "passing" : "failing");
        json_object_put(j);
        free(tap);
        free(text);
        nh_check_result_clear(R, C);
        nh_check_clear(C);
    }
}

int
main(void)
{
    nh_model_ptr M;
    nh_error_t err;
    tap_plan(19);
    nh_error_init(err);
    if (nh_model_parse(&M, disk, "disk.nh", err) != NH_OK)
        tap_bail("model: %s", err->msg);
    test_numbers();
    test_domain(M);
    test_compare(M);
    test_search(M);
    test_cover(M);
    test_skip();
    test_shrink_pred(M);
    test_writers(M);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
