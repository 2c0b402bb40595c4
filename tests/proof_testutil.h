/* Shared helper of the C tests that prepare proof documents (header-only,
   test code only): parse a document from memory and prepare every claim,
   as `nhoracle prove` does before evaluating any. */
#ifndef NH_PROOF_TESTUTIL_H
#define NH_PROOF_TESTUTIL_H

#include <stdio.h>
#include <string.h>
#include "proof.h"

/* Parse text (document name "d.md") and prepare its claims in order with
   top directory top, stopping at the first failure: returns NH_OK or the
   first failing code, with its message in msg (NH_ERROR_MSG_LEN bytes;
   empty on success). */
static inline int
tu_proof_prepare_all(const char *text, const char *top, char *msg)
{
    nh_proof_doc_t doc;
    nh_error_t err;
    slong i;
    int r;
    nh_error_init(err);
    msg[0] = '\0';
    r = nh_proof_parse_n(doc, text, strlen(text), "d.md", err);
    if (r != NH_OK)
    {
        snprintf(msg, NH_ERROR_MSG_LEN, "%s", err->msg);
        return r;
    }
    for (i = 0; i < doc->nclaims && r == NH_OK; i++)
        r = nh_proof_prepare(doc, i, top, err);
    if (r != NH_OK)
        snprintf(msg, NH_ERROR_MSG_LEN, "%s", err->msg);
    nh_proof_doc_clear(doc);
    return r;
}

/* Write text to the file dir/name (test fixtures); silently nothing if
   it cannot be created (the test reading it then fails). */
static inline void
tu_write_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (f != NULL)
    {
        fputs(text, f);
        fclose(f);
    }
}

#endif
