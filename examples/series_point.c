/*
 * series_point.c -- the slow-manifold series of a case at a point with
 * the installed library (doc/tutorial-c.md, step 1): what `nhoracle
 * series CASE --q Q --v V --order K --route time` prints as "vD" and "h".
 *
 *     cc series_point.c -o series_point $(pkg-config --cflags --libs nhoracle)
 *     ./series_point cases/vertical_disk.nh theta=0.3 theta=1,varphi=2 3
 *
 * Output: one line per ball, "vD i BALL" then "h K I BALL" (BALL in
 * Arb's "[mid +/- rad]" notation, 15 digits): h^(k) of paper 000 eq
 * (66), h_eps = sum_k eps^k h^(k), at (q, vD), vD = P(q) v the
 * G-orthogonal projection of v onto D (000 eq (46)).  Every ball
 * contains the exact value.  Exit status: the NH_ERR_* code of the
 * failing call (nh_error.h), with its message on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <nhoracle/nhoracle.h>

int
main(int argc, char **argv)
{
    nh_error_t err;
    nh_model_ptr M = NULL;
    arb_ptr q = NULL, v = NULL, vD = NULL, h = NULL;
    slong n = 0, K, k, i, prec = 256;
    int rc;

    if (argc != 5)
    {
        fprintf(stderr, "usage: series_point CASE.nh Q V K  (Q, V: \"name=value,...\")\n");
        return NH_ERR_USAGE;
    }
    K = atol(argv[4]);
    nh_error_init(err);
    rc = nh_model_load(&M, argv[1], err);
    if (rc == NH_OK)
    {
        n = nh_model_n(M);
        q = _arb_vec_init(n);
        v = _arb_vec_init(n);
        vD = _arb_vec_init(n);
        h = _arb_vec_init(K * n);
        rc = nh_model_parse_point(q, M, argv[2], "q", prec, err);
    }
    if (rc == NH_OK)
        rc = nh_model_parse_point(v, M, argv[3], "v", prec, err);
    if (rc == NH_OK)
        rc = nh_project_D(vD, M, q, v, prec, err);
    if (rc == NH_OK)
        rc = nh_series_time(h, NULL, M, q, vD, K, prec, err);
    if (rc == NH_OK)
    {
        for (i = 0; i < n; i++)
        {
            char *s = arb_get_str(vD + i, 15, 0);
            printf("vD %ld %s\n", (long) i, s);
            flint_free(s);
        }
        for (k = 1; k <= K; k++)
            for (i = 0; i < n; i++)
            {
                char *s = arb_get_str(h + (k - 1) * n + i, 15, 0);
                printf("h %ld %ld %s\n", (long) k, (long) i, s);
                flint_free(s);
            }
    }
    else
        fprintf(stderr, "series_point: %s\n", err->msg);
    if (M != NULL)
    {
        _arb_vec_clear(q, n);
        _arb_vec_clear(v, n);
        _arb_vec_clear(vD, n);
        _arb_vec_clear(h, K * n);
        nh_model_free(M);
    }
    flint_cleanup();
    return rc;
}
