/*
 * fuzz/fuzz_expr.c -- fuzz target of the expression parser and jet
 * evaluator: the input is one expression, put into a fixed model as its
 * potential ("potential: <input>", first line of the input only) and as
 * a metric entry, then evaluated as a jet of order 2 at two points
 * (nh_model_eval_potential, nh_model_eval_metric).  The same input is
 * also used with the statements of issue 16: as a let, its d() in a
 * constraint and a term of a Lagrangian, and as a whole 'kinetic:'
 * energy (G, Delta, V, A then evaluated the same way).  Any NH_* error
 * is fine; crashes, sanitizer reports, leaks and hangs are not.
 */
#include "fuzz.h"
#include <stdio.h>
#include "model.h"

/* Constraints and one-form of a model of the issue-16 statements. */
static void
eval_forms(const nh_model_struct *M, arb_srcptr qj, const jet_ctx_t ctx)
{
    nh_error_t err;
    jet_mat_t A, De;
    nh_error_init(err);
    jet_mat_init(A, nh_model_m(M), 2, ctx);
    jet_mat_init(De, 2, 1, ctx);
    (void) nh_model_eval_constraints(A, M, qj, 2, ctx, 64, err);
    (void) nh_model_eval_oneform(De, M, qj, 2, ctx, 64, err);
    jet_mat_clear(A, ctx);
    jet_mat_clear(De, ctx);
}

static void
eval_at(const nh_model_struct *M, const char *spec)
{
    arb_ptr q = _arb_vec_init(2), V;
    nh_error_t err;
    jet_ctx_t ctx;
    jet_mat_t G;
    slong i;

    nh_error_init(err);
    if (nh_model_parse_point(q, M, spec, "--q", 64, err) == NH_OK)
    {
        arb_ptr qj;
        jet_ctx_init(ctx, 2, 2);
        /* q_i = q0_i + dq_i as jets */
        qj = _arb_vec_init(2 * ctx->len);
        for (i = 0; i < 2; i++)
        {
            arb_set(qj + i * ctx->len, q + i);
            arb_one(qj + i * ctx->len + 1 + i);
        }
        V = _arb_vec_init(ctx->len);
        (void) nh_model_eval_potential(V, M, qj, 2, ctx, 64, err);
        jet_mat_init(G, 2, 2, ctx);
        (void) nh_model_eval_metric(G, M, qj, 2, ctx, 64, err);
        jet_mat_clear(G, ctx);
        eval_forms(M, qj, ctx);
        _arb_vec_clear(V, ctx->len);
        _arb_vec_clear(qj, 2 * ctx->len);
        jet_ctx_clear(ctx);
    }
    _arb_vec_clear(q, 2);
}

static void
try_model(const char *text)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_error_init(err);
    if (nh_model_parse(&M, text, "fuzz_expr.nh", err) == NH_OK)
    {
        eval_at(M, "x=0.3,y=-0.7");
        nh_model_free(M);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    char *e, *text;
    size_t k, len;

    if (size > NH_FUZZ_MAX_INPUT)
        return 0;
    e = nh_fuzz_cstr(data, size);
    for (k = 0; k < size; k++)          /* one line: the expression */
        if (e[k] == '\n' || e[k] == '\r')
        {
            e[k] = '\0';
            break;
        }
    len = strlen(e) + 256;
    text = malloc(len);
    if (text == NULL)
        abort();
    snprintf(text, len,
             "model fuzz_expr\n"
             "coordinates x, y\n"
             "parameter a = 1/3\n"
             "parameter b = -2\n"
             "metric diagonal: 1, 1 + (%s)^2\n"
             "potential: %s\n", e, e);
    nh_error_init(err);
    if (nh_model_parse(&M, text, "fuzz_expr.nh", err) == NH_OK)
    {
        eval_at(M, "x=0.3,y=-0.7");
        eval_at(M, "");
        nh_model_free(M);
    }
    /* issue 16: let, d(), lagrangian: and kinetic: */
    snprintf(text, len,
             "model fuzz_let\ncoordinates x, y\nparameter a = 1/3\n"
             "let u = %s\n"
             "lagrangian: (dx^2 + dy^2)/2 + u\n"
             "constraint: d(u) + dy\n", e);
    try_model(text);
    snprintf(text, len,
             "model fuzz_kin\ncoordinates x, y\nparameter a = 1/3\n"
             "kinetic: %s\n"
             "constraint: dx\n", e);
    try_model(text);
    free(text);
    free(e);
    return 0;
}
