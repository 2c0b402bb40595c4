/*
 * fuzz/fuzz_point.c -- fuzz target of the point-spec reader (--q, --v:
 * "theta=0.3,x=-1/2", nh_model_parse_point and nh_model_parse_point_fmpq)
 * and of the driver's rational parser (nh_parse_fmpq-like values of
 * --param NAME=VALUE via nh_model_set_param), against a fixed model with
 * three coordinates.  Any NH_* error is fine; crashes, sanitizer reports,
 * leaks and hangs are not.
 */
#include "fuzz.h"
#include <flint/fmpq_vec.h>
#include "model.h"

static const char *fuzz_point_model =
    "model fuzz_point\n"
    "coordinates theta, x, y_2\n"
    "parameter m = 1\n"
    "parameter R = 1/2\n"
    "metric diagonal: m, m, 1 + R^2\n"
    "constraint: dx - R*cos(theta)*dy_2\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    char *spec;
    arb_ptr q;
    fmpq *v;

    if (size > NH_FUZZ_MAX_INPUT)
        return 0;
    nh_error_init(err);
    if (nh_model_parse(&M, fuzz_point_model, "fuzz_point.nh", err) != NH_OK)
        abort();                        /* the fixed model must parse */
    spec = nh_fuzz_cstr(data, size);
    q = _arb_vec_init(3);
    v = _fmpq_vec_init(3);
    (void) nh_model_parse_point(q, M, spec, "--q", 64, err);
    (void) nh_model_parse_point_fmpq(v, M, spec, "--v", err);
    _fmpq_vec_clear(v, 3);
    _arb_vec_clear(q, 3);
    free(spec);
    nh_model_free(M);
    return 0;
}
