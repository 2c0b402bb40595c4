/*
 * fuzz/fuzz_protocol.c -- fuzz target of the answer reader of `check`
 * (nh_check_read_answers, lib/check/check_answer.c): the first byte
 * chooses the batch size (1 to 4 answers, ids 1, 2, ...), the rest is
 * the candidate's output, any bytes (NUL bytes, no newline, huge
 * numbers, repeated keys...), for the quantity vD of a two-coordinate
 * model (components theta, x).  Any NH_CHECK_ERR_CANDIDATE is fine;
 * crashes, sanitizer reports, leaks and hangs are not.
 */
#include "fuzz.h"
#include "check.h"

static const char *fuzz_protocol_model =
    "model fuzz_protocol\n"
    "coordinates theta, x\n"
    "parameter m = 1\n"
    "metric diagonal: m, m\n"
    "constraint: dx - cos(theta)*dtheta\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static nh_model_ptr M = NULL;
    static nh_check_t C;
    nh_error_t err;
    arb_ptr vals;
    slong npts, bad;
    int r;

    if (size < 1 || size > NH_FUZZ_MAX_INPUT)
        return 0;
    nh_error_init(err);
    if (M == NULL)
    {
        /* set up once, kept for the whole run (never freed) */
        if (nh_model_parse(&M, fuzz_protocol_model, "fuzz_protocol.nh", err) != NH_OK
            || nh_check_init(C, M, "vD", 1, NULL, 1e-12, 1e-9, 64, 128, err) != NH_OK)
            abort();
    }
    npts = 1 + data[0] % 4;
    vals = _arb_vec_init(npts * C->n);
    r = nh_check_read_answers(vals, C, (const char *) data + 1, size - 1, npts, 1, &bad, err);
    if (r != NH_OK && r != NH_CHECK_ERR_CANDIDATE)
        abort();                        /* only the candidate's error */
    if ((r == NH_OK && bad != -1) || bad < -1 || bad >= npts)
        abort();                        /* bad names an answer only on error */
    _arb_vec_clear(vals, npts * C->n);
    return 0;
}
