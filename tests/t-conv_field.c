/*
 * t-conv_field.c -- user vector fields for the convergence study
 * (nh_conv_field_load / _eval / _integrate, and nh_conv_study with a
 * field; conv.h).
 *
 * 1. Evaluation: on the plane (coordinates x, y, parameter g = 2) the
 *    field qdot = [v_x, v_y], vdot = [-c*x, g*eps*y + v_y^2] with
 *    let c = g + 1 (= 3) at q = (1/2, 1/4), vD = (3, -1), eps = 1/10
 *    is, by hand: qdot = (3, -1), vdot = (-3/2, 2/10/4 + 1 = 21/20).
 * 2. Integration: the harmonic oscillator qdot = v, vdot = -q from
 *    (x, y) = (1, 0), v = (0, 1) has the closed form x = cos t,
 *    y = sin t, v = (-sin t, cos t); at t = 1/2 and 1 the RK4 result
 *    (error estimate target 1e-13) is within 1e-11 of it, and the
 *    estimated error is below 1e-12.
 * 3. Bad files: unknown key, wrong list length, missing vdot, bad
 *    'start:', syntax error -> NH_ERR_PARSE naming file:line.
 * 4. The study with a user field equal to the nonholonomic (order-0)
 *    field of the linear plane of t-conv_study.c (G = I, V = g y,
 *    constraint dy: X_0 is qdot = vD = (v_x, 0), vDdot = 0): the row
 *    k = 0 then has the closed-form errors of that test, |q_full(T) -
 *    q_0(T)| = g eps T, |v_full - v_0| = g eps (full solution x = t,
 *    y = 1 - g eps t, v = (1, -g eps); field solution x = t, y = 1), and
 *    the defect g eps.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "conv.h"
#include "tap.h"
#include "conv_testutil.h"

static char path[256];

static void
write_file(const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        tap_bail("cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static int
load_err(const nh_model_struct *M, const char *text, const char *want, nh_error_t err)
{
    nh_conv_field_struct F;
    int rc, ok;
    char where[300];
    write_file(text);
    nh_conv_field_init(&F);
    rc = nh_conv_field_load(&F, M, path, err);
    snprintf(where, sizeof where, "%s:%s", path, want);
    ok = rc == NH_ERR_PARSE && strstr(err->msg, where) != NULL;
    if (!ok)
        tap_diag("rc %d, message: %s", rc, rc ? err->msg : "");
    nh_conv_field_clear(&F);
    return ok;
}

int
main(void)
{
    nh_error_t err;
    nh_model_ptr M = NULL;
    nh_conv_field_struct F;
    arb_ptr q, v, qd, vd;
    arb_t eps;
    int rc;
    slong prec = 128;

    tap_plan(10);
    nh_error_init(err);
    snprintf(path, sizeof path, "t-conv_field-%ld.field", (long) getpid());
    rc = nh_model_parse(&M, conv_test_plane_model, "<linear_plane>", err);
    if (rc != NH_OK)
        tap_bail("model: %s", err->msg);
    q = _arb_vec_init(2);
    v = _arb_vec_init(2);
    qd = _arb_vec_init(2);
    vd = _arb_vec_init(2);
    arb_init(eps);

    /* 1. evaluation */
    write_file("# test field\nstart: vD\nlet: c = g + 1\nqdot: [v_x,\n  v_y]\n"
               "vdot: [-c*x, g*eps*y + v_y^2]\n");
    nh_conv_field_init(&F);
    rc = nh_conv_field_load(&F, M, path, err);
    tap_ok(rc == NH_OK && F.start_v == 0, "load a field file (%s)", rc ? err->msg : "ok");
    if (rc == NH_OK)
    {
        arb_t a;
        int good;
        arb_init(a);
        arb_set_si(q + 0, 1); arb_mul_2exp_si(q + 0, q + 0, -1);
        arb_set_si(q + 1, 1); arb_mul_2exp_si(q + 1, q + 1, -2);
        arb_set_si(v + 0, 3);
        arb_set_si(v + 1, -1);
        arb_set_si(eps, 1);
        arb_div_ui(eps, eps, 10, prec);
        rc = nh_conv_field_eval(qd, vd, &F, q, v, eps, prec, err);
        good = rc == NH_OK && arb_contains_si(qd + 0, 3) && arb_contains_si(qd + 1, -1);
        arb_set_si(a, -3);
        arb_mul_2exp_si(a, a, -1);
        good = good && arb_overlaps(vd + 0, a) && arb_rel_accuracy_bits(vd + 0) > 100;
        arb_set_si(a, 21);
        arb_div_ui(a, a, 20, prec);
        good = good && arb_overlaps(vd + 1, a) && arb_rel_accuracy_bits(vd + 1) > 100;
        tap_ok(good, "evaluation: qdot = (3, -1), vdot = (-3/2, 21/20)");
        arb_clear(a);
    }
    else
        tap_skip(1, "no field");
    nh_conv_field_clear(&F);

    /* 2. integration: harmonic oscillator */
    write_file("start: v\nqdot: [v_x, v_y]\nvdot: [-x, -y]\n");
    nh_conv_field_init(&F);
    rc = nh_conv_field_load(&F, M, path, err);
    tap_ok(rc == NH_OK && F.start_v == 1, "load the oscillator (start: v)");
    if (rc == NH_OK)
    {
        arb_ptr times = _arb_vec_init(2), qo = _arb_vec_init(4), vo = _arb_vec_init(4);
        double ge[2], maxerr = 0;
        slong steps, j;
        arb_t c, s, d;
        arb_init(c); arb_init(s); arb_init(d);
        arb_set_si(times + 0, 1);
        arb_mul_2exp_si(times + 0, times + 0, -1);
        arb_set_si(times + 1, 1);
        _arb_vec_zero(q, 2);
        _arb_vec_zero(v, 2);
        arb_set_si(q + 0, 1);
        arb_set_si(v + 1, 1);
        arb_zero(eps);
        rc = nh_conv_field_integrate(qo, vo, ge, &steps, &F, eps, q, v, times, 2, 1e-13,
                                     prec, err);
        for (j = 0; rc == NH_OK && j < 2; j++)
        {
            double e;
            arb_sin_cos(s, c, times + j, prec);
            arb_sub(d, qo + 2 * j, c, prec);
            e = fabs(arf_get_d(arb_midref(d), ARF_RND_NEAR));
            arb_sub(d, qo + 2 * j + 1, s, prec);
            e = FLINT_MAX(e, fabs(arf_get_d(arb_midref(d), ARF_RND_NEAR)));
            arb_add(d, vo + 2 * j, s, prec);
            e = FLINT_MAX(e, fabs(arf_get_d(arb_midref(d), ARF_RND_NEAR)));
            arb_sub(d, vo + 2 * j + 1, c, prec);
            e = FLINT_MAX(e, fabs(arf_get_d(arb_midref(d), ARF_RND_NEAR)));
            maxerr = FLINT_MAX(maxerr, e);
            tap_diag("t = %g: error %.3e, estimated %.3e, %ld steps", j ? 1.0 : 0.5, e, ge[j],
                     (long) steps);
        }
        tap_ok(rc == NH_OK && maxerr < 1e-11, "RK4: (cos t, sin t, -sin t, cos t) within 1e-11");
        tap_ok(rc == NH_OK && ge[0] < 1e-12 && ge[1] < 1e-12, "RK4: estimated error < 1e-12");
        arb_clear(c); arb_clear(s); arb_clear(d);
        _arb_vec_clear(times, 2);
        _arb_vec_clear(qo, 4);
        _arb_vec_clear(vo, 4);
    }
    else
        tap_skip(2, "no field");
    nh_conv_field_clear(&F);

    /* 3. bad files */
    tap_ok(load_err(M, "qdot: [v_x, v_y]\nvdot: [0, 0]\nfoo: 1\n", "3:", err),
           "unknown key: parse error at its line");
    tap_ok(load_err(M, "# c\nqdot: [v_x]\nvdot: [0, 0]\n", "2:", err)
           && load_err(M, "qdot: [v_x, v_y]\n", " the field needs", err)
           && strstr(err->msg, "needs both") != NULL,
           "list of the wrong length names its line; missing vdot is reported");
    tap_ok(load_err(M, "start: w\nqdot: [v_x, v_y]\nvdot: [0, 0]\n", "1:", err)
           && load_err(M, "qdot: [v_x, v_y]\nvdot: [0, 0 +* x]\n", "2:", err),
           "bad 'start:' and a syntax error name file:line");

    /* 4. the study with the order-0 field of the linear plane */
    write_file("qdot: [v_x, v_y]\nvdot: [0, 0]\n");
    nh_conv_field_init(&F);
    rc = nh_conv_field_load(&F, M, path, err);
    if (rc == NH_OK)
    {
        nh_conv_opts_t o;
        nh_conv_result_t r;
        slong i;
        int good = 1;
        conv_test_plane_opts(o);
        o->field = &F;
        rc = nh_conv_study(r, M, o, err);
        tap_ok(rc == NH_OK, "study with a user field runs (%s)", rc ? err->msg : "ok");
        for (i = 0; rc == NH_OK && i < 3; i++)
        {
            const double *e = r->err + i * NH_CONV_NQ, ge = 2 * r->eps[i];
            good = good && fabs(e[NH_CONV_Q_T] - ge) <= 1e-10 * ge
                && fabs(e[NH_CONV_V_T] - ge) <= 1e-10 * ge
                && fabs(e[NH_CONV_DEFECT] - ge) <= 1e-10 * ge;
        }
        tap_ok(rc == NH_OK && good && fabs(r->fit[NH_CONV_Q_T].slope - 1) < 1e-9,
               "user field = X_0 of the plane: errors g eps T, g eps, defect g eps; slope 1");
        if (rc == NH_OK)
            nh_conv_result_clear(r);
        nh_conv_opts_clear(o);
    }
    else
        tap_skip(2, "no field: %s", err->msg);
    nh_conv_field_clear(&F);

    unlink(path);
    _arb_vec_clear(q, 2);
    _arb_vec_clear(v, 2);
    _arb_vec_clear(qd, 2);
    _arb_vec_clear(vd, 2);
    arb_clear(eps);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
