/*
 * dataset_build.c -- a reference dataset from C: what `nhoracle emit
 * CASE.nh --q Q --v V --points 1 --order 1 --eps 1/10 --reduced-orders 0`
 * writes, by one library call (nh_dataset_build, lib/dataset.h).
 *
 *     dataset_build CASE.nh Q_SPEC V_SPEC > out.jsonl
 *
 * Every record is a certified ball (or, for trajectories, a labelled
 * estimate); the output is byte for byte that of the command above.
 */
#include <stdio.h>
#include <stdlib.h>
#include "dataset.h"
#include "nh_file.h"

int
main(int argc, char **argv)
{
    nh_model_ptr M = NULL;
    nh_dataset_build_opts_t o;
    nh_dataset_t ds;
    nh_error_t err;
    char *text = NULL, *out = NULL;
    size_t textlen = 0, outlen = 0;
    int rc;

    if (argc != 4)
    {
        fprintf(stderr, "usage: %s CASE.nh Q_SPEC V_SPEC\n", argv[0]);
        return 1;
    }
    nh_error_init(err);
    rc = nh_model_load(&M, argv[1], err);
    if (rc == NH_OK)    /* the model text goes into the metadata (hashes) */
        rc = nh_file_read(&text, &textlen, argv[1], (size_t) 1 << 20, "model file", err);
    nh_dataset_build_opts_init(o);
    o->q_spec = argv[2];
    o->v_spec = argv[3];
    o->points = 1;              /* one random point after the explicit one */
    o->order = 1;
    o->neps = 1;
    fmpq_set_si(o->eps + 0, 1, 10);
    o->nrorders = 1;            /* reduction order 0 only */
    o->case_file = argv[1];
    o->text = text;
    o->textlen = textlen;
    nh_dataset_init(ds);
    if (rc == NH_OK)
        rc = nh_dataset_build(ds, M, o, NULL, err);
    if (rc == NH_OK)            /* nothing is written unless the whole build succeeded */
    {
        out = nh_dataset_jsonl(ds, &outlen);
        fwrite(out, 1, outlen, stdout);
    }
    else
        fprintf(stderr, "dataset_build: %s\n", err->msg);
    free(out);
    free(text);
    nh_dataset_clear(ds);
    nh_dataset_build_opts_clear(o);
    if (M != NULL)
        nh_model_free(M);
    flint_cleanup();
    return rc;
}
