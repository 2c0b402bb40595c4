/*
 * nh_project_D_t -- the split of a velocity for time-dependent models
 * with affine constraints A(q,t) v + b(q,t) = 0 (issue 19,
 * proofs/020-affine-friction.md eqs (A2)-(A3)):
 *
 *     S   = A G^{-1} A^T                    (m x m, SPD when rank A = m)
 *     vD  = P v = v - G^{-1} A^T S^{-1} A v  (in D(q0,t0) = ker A)
 *     v_p = -G^{-1} A^T S^{-1} b             (G-orthogonal to D, A v_p = -b)
 *
 * all at the point (q0, t0), as values (arb_mat_solve), after the
 * certified checks of nh_geom_check_point_time.
 */
#include "impl.h"

int
nh_project_D_t(arb_ptr vD, arb_ptr vp, const nh_model_struct *M, arb_srcptr q0,
               const arb_t t0, arb_srcptr v, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i;
    arb_mat_t G, A, AT, GiAT, S, rhs, x, y;
    int r = nh_geom_check_point_time(M, q0, t0, prec, err);

    if (r != NH_OK)
        return r;
    arb_mat_init(G, n, n); arb_mat_init(A, m, n); arb_mat_init(AT, n, m);
    arb_mat_init(GiAT, n, m); arb_mat_init(S, m, m);
    arb_mat_init(rhs, m, 2); arb_mat_init(x, m, 2); arb_mat_init(y, n, 2);
    {
        arb_mat_t bcol;
        arb_mat_init(bcol, m, 1);
        r = nh_geom_values_at(G, A, bcol, NULL, M, q0, t0, prec, err);
        for (i = 0; i < m; i++)
            arb_set(arb_mat_entry(rhs, i, 1), arb_mat_entry(bcol, i, 0));
        arb_mat_clear(bcol);
    }
    if (r == NH_OK)
    {
        arb_mat_transpose(AT, A);
        if (!arb_mat_solve(GiAT, G, AT, prec))
            r = nh_error_set(err, NH_ERR_DOMAIN, "metric G not certified invertible at the point");
    }
    if (r == NH_OK)
    {
        arb_mat_mul(S, A, GiAT, prec);
        /* rhs = [A v | b] */
        for (i = 0; i < m; i++)
        {
            slong j;
            arb_zero(arb_mat_entry(rhs, i, 0));
            for (j = 0; j < n; j++)
                arb_addmul(arb_mat_entry(rhs, i, 0), arb_mat_entry(A, i, j), v + j, prec);
        }
        if (!arb_mat_solve(x, S, rhs, prec))
            r = nh_error_set(err, NH_ERR_DOMAIN,
                             "A G^{-1} A^T not certified invertible at the point");
    }
    if (r == NH_OK)
    {
        arb_mat_mul(y, GiAT, x, prec);
        for (i = 0; i < n; i++)
        {
            arb_sub(vD + i, v + i, arb_mat_entry(y, i, 0), prec);
            if (vp != NULL)
                arb_neg(vp + i, arb_mat_entry(y, i, 1));
        }
    }
    arb_mat_clear(G); arb_mat_clear(A); arb_mat_clear(AT);
    arb_mat_clear(GiAT); arb_mat_clear(S);
    arb_mat_clear(rhs); arb_mat_clear(x); arb_mat_clear(y);
    return r;
}
