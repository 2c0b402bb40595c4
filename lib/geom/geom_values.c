/* geom_values.c -- nh_geom_values_at: the model's G, A, b, mu_bar at one
   point (q0, t0) as ball matrices (geom.h). */
#include "geom.h"

int
nh_geom_values_at(arb_mat_t G, arb_mat_t A, arb_mat_t b, arb_mat_t mu,
                  const nh_model_struct *M, arb_srcptr q0, const arb_struct *t0,
                  slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i;
    jet_ctx_t c;
    jet_mat_t X[4];
    arb_mat_struct *out[4];
    slong rows[4], cols[4], k;
    arb_ptr q;
    int r = NH_OK;

    out[0] = G; out[1] = A; out[2] = b; out[3] = mu;
    rows[0] = n; cols[0] = n; rows[1] = m; cols[1] = n;
    rows[2] = m; cols[2] = 1; rows[3] = m; cols[3] = m;
    jet_ctx_init(c, 1, 0);                 /* jets of length 1: values */
    q = jet_vec_init(n + 1, c);
    for (i = 0; i < n; i++)
        arb_set(JET_ENTRY(q, i, c), q0 + i);
    if (t0 != NULL)
        arb_set(JET_ENTRY(q, n, c), t0);
    for (k = 0; k < 4; k++)
        jet_mat_init(X[k], rows[k], cols[k], c);
    {
        /* one call: lets and shared subexpressions evaluated once (model.h) */
        nh_model_values_struct o = {out[0] ? X[0] : NULL, out[1] ? X[1] : NULL,
                                    out[2] ? X[2] : NULL, out[3] ? X[3] : NULL,
                                    NULL, NULL, NULL, NULL, NULL};
        r = nh_model_eval(&o, M, q, 0, c, prec, err);
    }
    for (k = 0; k < 4 && r == NH_OK; k++)
        if (out[k] != NULL)
            jet_mat_get_const(out[k], X[k], c);
    for (k = 0; k < 4; k++)
        jet_mat_clear(X[k], c);
    jet_vec_clear(q, n + 1, c);
    jet_ctx_clear(c);
    return r;
}
