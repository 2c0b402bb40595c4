/*
 * fuzz/fuzz_model.c -- fuzz target of the model-file reader and
 * evaluator: parse the input as a model file (nh_model_parse), and if it
 * parses, compute its whole geometry (nh_geom_compute: G, Gamma, A,
 * mu_bar, P, P_perp, FR_sharp, Q, grad V) at two points as jets of
 * order 1 at 64 bits; for time-dependent or affine models also the checks
 * of their friction realization at t = 1/2 (nh_geom_check_point_time:
 * friction block given, G and mu_bar SPD, A of rank m).  Any NH_* error is fine; crashes, sanitizer
 * reports, leaks and hangs are not.
 */
#include "fuzz.h"
#include "geom.h"

static void
eval_at(const nh_model_struct *M, const char *spec)
{
    slong n = nh_model_n(M);
    arb_ptr q = _arb_vec_init(n);
    nh_error_t err;
    jet_ctx_t ctx;
    nh_geom_t g;

    nh_error_init(err);
    if (nh_model_parse_point(q, M, spec, "--q", 64, err) == NH_OK)
    {
        jet_ctx_init(ctx, n, 1);
        nh_geom_init(g, M, ctx);
        (void) nh_geom_compute(g, M, q, 1, ctx, 64, err);
        if (!nh_model_is_linear_autonomous(M))
        {
            /* time-dependent / affine models: the checks of their friction
               realization at (q, t = 1/2) (issue 19) */
            arb_t t;
            arb_init(t);
            arb_set_d(t, 0.5);
            (void) nh_geom_check_point_time(M, q, t, 64, err);
            arb_clear(t);
        }
        nh_geom_clear(g, ctx);
        jet_ctx_clear(ctx);
    }
    _arb_vec_clear(q, n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    char *text;

    if (size > NH_FUZZ_MAX_INPUT)
        return 0;
    text = nh_fuzz_cstr(data, size);
    nh_error_init(err);
    if (nh_model_parse(&M, text, "fuzz.nh", err) == NH_OK)
    {
        /* only small models: the jet tables grow like n^3 */
        if (nh_model_n(M) <= 6)
        {
            eval_at(M, "");                  /* q = 0 */
            {
                /* a generic point: every coordinate 3/10 */
                char spec[6 * (64 + 8) + 1];
                slong i, off = 0;
                spec[0] = '\0';
                for (i = 0; i < nh_model_n(M); i++)
                    off += snprintf(spec + off, sizeof spec - (size_t) off, "%s%s=0.3",
                                    i ? "," : "", nh_model_coord_name(M, i));
                eval_at(M, spec);
            }
        }
        nh_model_free(M);
    }
    free(text);
    return 0;
}
