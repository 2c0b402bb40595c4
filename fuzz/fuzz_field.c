/*
 * fuzz/fuzz_field.c -- fuzz target of the user-field reader of
 * `nhoracle converge --field FILE` (lib/conv/conv_field.c, format in
 * doc/convergence.md, "Field file format"): parse the input with
 * nh_conv_field_parse against a fixed model (the Chaplygin sleigh of
 * cases/chaplygin_sleigh.nh: coordinates x, y, phi; parameters m, I, a),
 * and if it parses,
 *   - evaluate it once (nh_conv_field_eval) at a fixed point q, vD, eps
 *     at 64 bits, and
 *   - if that succeeds and the field is small (at most 256 expression
 *     nodes), integrate it with RK4 to one output time T = 1/1024 with a
 *     loose tolerance (nh_conv_field_integrate): the step doubling stops
 *     after two runs (4 and 8 steps) unless the error estimate is
 *     infinite, and even then at NH_CONV_FIELD_MAX_STEPS, so the work per
 *     input is bounded.
 * Any NH_* error is fine; crashes, sanitizer reports, leaks and hangs
 * are not.
 */
#include <float.h>
#include "fuzz.h"
#include "conv.h"

static const char *fuzz_field_model =
    "model chaplygin_sleigh\n"
    "coordinates x, y, phi\n"
    "parameter m = 1\n"
    "parameter I = 1\n"
    "parameter a = 0.2\n"
    "metric:  m,               0,              -m*a*sin(phi)\n"
    "metric:  0,               m,               m*a*cos(phi)\n"
    "metric: -m*a*sin(phi),    m*a*cos(phi),    I + m*a^2\n"
    "constraint: -sin(phi)*dx + cos(phi)*dy\n"
    "friction: 1\n";

#define FUZZ_FIELD_MAX_NODES_INTEGRATE 256

static void
eval_and_integrate(const nh_conv_field_struct *F)
{
    slong n = F->n, i;
    arb_ptr q = _arb_vec_init(n), vD = _arb_vec_init(n), qd = _arb_vec_init(n),
        vd = _arb_vec_init(n);
    arb_t eps, T;
    nh_error_t err;
    int r;

    nh_error_init(err);
    arb_init(eps);
    arb_init(T);
    for (i = 0; i < n; i++)
    {
        /* q_i = (3 - i)/10, vD_i = (2i + 1)/10: generic, inside every
           domain of the printed fields */
        arb_set_si(q + i, 3 - i);
        arb_div_ui(q + i, q + i, 10, 64);
        arb_set_si(vD + i, 2 * i + 1);
        arb_div_ui(vD + i, vD + i, 10, 64);
    }
    arb_set_ui(eps, 1);
    arb_div_ui(eps, eps, 10, 64);
    r = nh_conv_field_eval(qd, vd, F, q, vD, eps, 64, err);
    if (r == NH_OK && F->A->len <= FUZZ_FIELD_MAX_NODES_INTEGRATE)
    {
        arb_ptr qo = _arb_vec_init(n), vo = _arb_vec_init(n);
        double gerr[1];
        slong steps;
        arb_one(T);
        arb_mul_2exp_si(T, T, -10);
        (void) nh_conv_field_integrate(qo, vo, gerr, &steps, F, eps, q, vD, T, 1, DBL_MAX, 64,
                                       err);
        _arb_vec_clear(qo, n);
        _arb_vec_clear(vo, n);
    }
    arb_clear(eps);
    arb_clear(T);
    _arb_vec_clear(q, n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(qd, n);
    _arb_vec_clear(vd, n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nh_model_ptr M = NULL;
    nh_conv_field_struct F;
    nh_error_t err;
    char *text;

    if (size > NH_FUZZ_MAX_INPUT)
        return 0;
    nh_error_init(err);
    if (nh_model_parse(&M, fuzz_field_model, "fuzz_field_model.nh", err) != NH_OK)
        abort();                        /* the fixed model must parse */
    text = nh_fuzz_cstr(data, size);    /* a NUL byte ends the text */
    nh_conv_field_init(&F);
    if (nh_conv_field_parse(&F, M, text, "fuzz.field", err) == NH_OK)
        eval_and_integrate(&F);
    nh_conv_field_clear(&F);
    free(text);
    nh_model_free(M);
    return 0;
}
