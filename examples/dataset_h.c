/*
 * dataset_h.c -- a dataset with the installed library (doc/tutorial-c.md,
 * step 2): read the sample points of a reference dataset (written by
 * `nhoracle emit`, e.g. refs/vertical_disk.jsonl), compute vD and the
 * series h^(1..K) (paper 000 eqs (46), (66)) at each point, and write
 * them as a dataset in JSON Lines (lib/dataset.h) on standard output:
 *
 *     cc dataset_h.c -o dataset_h $(pkg-config --cflags --libs nhoracle) -lm
 *     ./dataset_h cases/vertical_disk.nh refs/vertical_disk.jsonl 3 > mine.jsonl
 *     nhoracle validate --subset refs/vertical_disk.jsonl mine.jsonl
 *
 * Every record is a ball on the decimal grid 10^u of its vector, u =
 * ceil(log10 max|entry|) - 20 - 3 (20 digits, as `emit --digits 20`),
 * certified to within 10^u / 2 (nh_dataset_add_ball).  The point q, v of
 * the reference is read from its decimal midpoints (exact inputs).  Exit
 * status: the NH_ERR_* code of the failing call (message on stderr).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <nhoracle/nhoracle.h>

#define DIGITS 20

/* Append the n balls x as records (quantity, k, point, i) on the grid of
   the vector (the rule of `emit`); NH_ERR_PRECISION if one is too wide. */
static int
add_vector(nh_dataset_t ds, const char *quantity, slong k, slong point, arb_srcptr x,
           slong n, slong prec, nh_error_t err)
{
    double mx = 0.0;
    slong i, u;

    for (i = 0; i < n; i++)
        mx = fmax(mx, fabs(arf_get_d(arb_midref(x + i), ARF_RND_NEAR)));
    u = (mx > 0.0 ? (slong) ceil(log10(mx)) : 0) - DIGITS - 3;
    for (i = 0; i < n; i++)
        if (nh_dataset_add_ball(ds, quantity, k, -1, point, i, -1, -1, x + i, u, prec) != 0)
            return nh_error_set(err, NH_ERR_PRECISION, "%s[%ld] at point %ld: ball too wide",
                                quantity, (long) i, (long) point);
    return NH_OK;
}

/* The point `point` of the reference: q and v from its records. */
static void
ref_point(arb_ptr q, arb_ptr v, const nh_dataset_t ref, slong point, slong n, slong prec)
{
    slong r;

    for (r = 0; r < ref->len; r++)
    {
        const nh_record_struct *x = ref->rec + r;
        arb_ptr dst = strcmp(x->quantity, "q") == 0 ? q : strcmp(x->quantity, "v") == 0 ? v : NULL;
        if (dst != NULL && x->point == point && x->i >= 0 && x->i < n)
            arb_set_str(dst + x->i, x->mid, prec);
    }
}

static int
fill(nh_dataset_t out, const nh_model_struct *M, const nh_dataset_t ref, slong K,
     nh_error_t err)
{
    slong n = nh_model_n(M), npts = 0, p, k, r, prec = 256;
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), vD = _arb_vec_init(n);
    arb_ptr h = _arb_vec_init(K * n);
    int rc = NH_OK;

    for (r = 0; r < ref->len; r++)
        npts = FLINT_MAX(npts, ref->rec[r].point + 1);
    for (p = 0; p < npts && rc == NH_OK; p++)
    {
        ref_point(q, v, ref, p, n, prec);
        rc = nh_project_D(vD, M, q, v, prec, err);
        if (rc == NH_OK)
            rc = nh_series_time(h, NULL, M, q, vD, K, prec, err);
        if (rc == NH_OK)
            rc = add_vector(out, "vD", -1, p, vD, n, prec, err);
        for (k = 1; k <= K && rc == NH_OK; k++)
            rc = add_vector(out, "h", k, p, h + (k - 1) * n, n, prec, err);
    }
    _arb_vec_clear(q, n);
    _arb_vec_clear(v, n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(h, K * n);
    return rc;
}

int
main(int argc, char **argv)
{
    nh_error_t err;
    nh_model_ptr M = NULL;
    nh_dataset_t ref, out;
    char *text = NULL;
    size_t len = 0;
    int rc;

    if (argc != 4)
    {
        fprintf(stderr, "usage: dataset_h CASE.nh REFERENCE.jsonl K\n");
        return NH_ERR_USAGE;
    }
    nh_error_init(err);
    nh_dataset_init(ref);
    nh_dataset_init(out);
    rc = nh_file_read(&text, &len, argv[1], (size_t) 1 << 26, "model file", err);
    if (rc == NH_OK)
        rc = nh_model_parse(&M, text, argv[1], err);
    if (rc == NH_OK)
        rc = nh_dataset_load(ref, argv[2], NULL, err);
    if (rc == NH_OK)
    {
        /* metadata: format, version, the case and its SHA-256 */
        out->meta = nh_dataset_meta_new(NH_DATASET_FORMAT_VERSION, nhoracle_version(),
                                        nh_model_name(M), argv[1], text, len);
        rc = fill(out, M, ref, atol(argv[3]), err);
    }
    if (rc == NH_OK)
    {
        size_t n;
        char *s = nh_dataset_jsonl(out, &n);
        fwrite(s, 1, n, stdout);
        free(s);
    }
    else
        fprintf(stderr, "dataset_h: %s\n", err->msg);
    nh_dataset_clear(ref);
    nh_dataset_clear(out);
    nh_model_free(M);
    free(text);
    flint_cleanup();
    return rc;
}
