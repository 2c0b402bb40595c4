/*
 * fuzz/fuzz_dataset.c -- fuzz target of the dataset / candidate reader
 * (lib/dataset/dataset_read.c, formats in doc/datasets.md) and of validation
 * (lib/dataset/dataset_validate.c).  One input is
 *   1. parsed as a REFERENCE dataset (nh_dataset_parse with ref = NULL),
 *   2. parsed as a CANDIDATE against a fixed small reference (below) and,
 *      if it reads, validated against it (nh_dataset_validate: record
 *      matching, eps and time mapping, tolerance test with Arb balls),
 *   3. if it reads as a reference, used as the REFERENCE of a validation
 *      of the fixed dataset as candidate (the reverse direction: hostile
 *      eps/times lists and mid/rad strings in the reference role).
 * JSON Lines and CSV are told apart by the first non-blank byte, so the
 * corpus (fuzz/corpus/dataset/) holds both.  Everything is freed.  Any
 * NH_* error is fine; crashes, sanitizer reports, leaks and hangs are
 * not.
 *
 * The fixed reference: the metadata (cut down) and 15 records of point 0
 * of refs/vertical_disk.traj.jsonl (q, v, G, Gamma, h^(1), vDdot[k=0] at
 * eps = 0.01, and the trajectory estimates full_q, reduced_v[k=0] at
 * t = 0.5), parsed once, lazily, and freed at exit.
 */
#include "fuzz.h"
#include "dataset.h"

static const char *fuzz_dataset_ref_text =
    "{\"format\":\"nhoracle-dataset\",\"format_version\":2,\"case\":\"vertical_disk\",\"case_sha256\":\"7507af3ba84a2cbb80ca2d85d530336a59681bd5d2e649c547368310d2ecfe86\",\"coordinates\":[\"theta\",\"x\",\"y\",\"varphi\"],\"eps\":[\"0.01\",\"0.1\"],\"times\":[\"0.5\",\"1\"],\"digits\":30}\n"
    "{\"quantity\":\"q\",\"k\":null,\"eps\":null,\"point\":0,\"i\":0,\"j\":null,\"l\":null,\"mid\":\"0.3\",\"rad\":\"0\",\"value\":0.29999999999999999,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"q\",\"k\":null,\"eps\":null,\"point\":0,\"i\":1,\"j\":null,\"l\":null,\"mid\":\"0\",\"rad\":\"0\",\"value\":0,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"v\",\"k\":null,\"eps\":null,\"point\":0,\"i\":0,\"j\":null,\"l\":null,\"mid\":\"1.1\",\"rad\":\"0\",\"value\":1.1000000000000001,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"v\",\"k\":null,\"eps\":null,\"point\":0,\"i\":1,\"j\":null,\"l\":null,\"mid\":\"0\",\"rad\":\"0\",\"value\":0,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"G\",\"k\":null,\"eps\":null,\"point\":0,\"i\":0,\"j\":0,\"l\":null,\"mid\":\"0.0625\",\"rad\":\"0\",\"value\":0.0625,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"G\",\"k\":null,\"eps\":null,\"point\":0,\"i\":0,\"j\":1,\"l\":null,\"mid\":\"0\",\"rad\":\"0\",\"value\":0,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"Gamma\",\"k\":null,\"eps\":null,\"point\":0,\"i\":0,\"j\":0,\"l\":0,\"mid\":\"0\",\"rad\":\"0\",\"value\":0,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"h\",\"k\":1,\"eps\":null,\"point\":0,\"i\":0,\"j\":null,\"l\":null,\"mid\":\"0\",\"rad\":\"0\",\"value\":0,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"h\",\"k\":1,\"eps\":null,\"point\":0,\"i\":1,\"j\":null,\"l\":null,\"mid\":\"0.048760834099121029892377923038\",\"rad\":\"1e-31\",\"value\":0.048760834099121027,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"vDdot\",\"k\":0,\"eps\":\"0.01\",\"point\":0,\"i\":0,\"j\":null,\"l\":null,\"mid\":\"0\",\"rad\":\"0\",\"value\":0,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"vDdot\",\"k\":0,\"eps\":\"0.01\",\"point\":0,\"i\":1,\"j\":null,\"l\":null,\"mid\":\"-0.048760834099121029892377923038\",\"rad\":\"1e-31\",\"value\":-0.048760834099121027,\"status\":\"enclosure\"}\n"
    "{\"quantity\":\"full_q\",\"k\":null,\"eps\":\"0.01\",\"point\":0,\"i\":0,\"j\":null,\"l\":null,\"t\":\"0.5\",\"mid\":\"0.85\",\"rad\":\"1e-21\",\"value\":0.84999999999999998,\"status\":\"estimate\"}\n"
    "{\"quantity\":\"full_q\",\"k\":null,\"eps\":\"0.01\",\"point\":0,\"i\":1,\"j\":null,\"l\":null,\"t\":\"0.5\",\"mid\":\"0.062472618616521484509\",\"rad\":\"1e-21\",\"value\":0.062472618616521487,\"status\":\"estimate\"}\n"
    "{\"quantity\":\"reduced_v\",\"k\":0,\"eps\":\"0.01\",\"point\":0,\"i\":0,\"j\":null,\"l\":null,\"t\":\"0.5\",\"mid\":\"1.1\",\"rad\":\"1e-30\",\"value\":1.1000000000000001,\"status\":\"estimate\"}\n"
    "{\"quantity\":\"reduced_v\",\"k\":0,\"eps\":\"0.01\",\"point\":0,\"i\":1,\"j\":null,\"l\":null,\"t\":\"0.5\",\"mid\":\"0.098997471882747325559312404419\",\"rad\":\"1e-30\",\"value\":0.098997471882747323,\"status\":\"estimate\"}\n";

static nh_dataset_t fuzz_ref;
static int fuzz_ref_ready = 0;

static void
fuzz_ref_free(void)
{
    nh_dataset_clear(fuzz_ref);
}

static const nh_dataset_struct *
get_ref(void)
{
    if (!fuzz_ref_ready)
    {
        nh_error_t err;
        nh_error_init(err);
        nh_dataset_init(fuzz_ref);
        if (nh_dataset_parse(fuzz_ref, fuzz_dataset_ref_text, strlen(fuzz_dataset_ref_text),
                             "fuzz_ref.jsonl", NULL, err) != NH_OK
            || fuzz_ref->nissue != 0 || fuzz_ref->len != 15)
            abort();                    /* the fixed reference must read cleanly */
        fuzz_ref_ready = 1;
        atexit(fuzz_ref_free);
    }
    return fuzz_ref;
}

static void
validate(const nh_dataset_struct *ref, const nh_dataset_struct *cand, int require_all)
{
    nh_validation_t res;
    nh_validation_init(res, 1e-12, 1e-10, require_all);
    nh_dataset_validate(res, ref, cand);
    /* a candidate with reading issues must never pass (dataset.h) */
    if (cand->nissue > 0 && res->pass)
        abort();
    nh_validation_clear(res);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const nh_dataset_struct *ref;
    nh_dataset_t ds;
    nh_error_t err;
    char *text;

    if (size > NH_FUZZ_MAX_INPUT)
        return 0;
    ref = get_ref();
    /* NUL-terminated like the buffer of nh_dataset_load; the reader is
       given the length and must not look past it */
    text = nh_fuzz_cstr(data, size);
    nh_error_init(err);

    /* 1 and 3: as a reference */
    nh_dataset_init(ds);
    if (nh_dataset_parse(ds, text, size, "fuzz.jsonl", NULL, err) == NH_OK)
    {
        nh_dataset_t cand;
        validate(ds, ds, 0);            /* a reference against itself */
        nh_dataset_init(cand);
        if (nh_dataset_parse(cand, fuzz_dataset_ref_text, strlen(fuzz_dataset_ref_text),
                             "fuzz_cand.jsonl", ds, err) == NH_OK)
            validate(ds, cand, 1);
        nh_dataset_clear(cand);
    }
    nh_dataset_clear(ds);

    /* 2: as a candidate against the fixed reference */
    nh_dataset_init(ds);
    if (nh_dataset_parse(ds, text, size, "fuzz.csv", ref, err) == NH_OK)
    {
        validate(ref, ds, 0);
        validate(ref, ds, 1);
    }
    nh_dataset_clear(ds);

    free(text);
    return 0;
}
