/* proof_path.c -- paths named by proof documents stay inside the top
   directory (see proof/impl.h, doc/proofs.md "Paths in documents"). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nh_file.h"
#include "impl.h"

int
_nh_proof_path(char **out, const char *top, const nh_proof_val *v, const char *key,
               const char *file, const char *claim_id, nh_error_t err)
{
    const char *p = v->text;
    char *real;
    int col = v->col, inside;

    *out = NULL;
    while (*p == ' ' || *p == '\t')
    {
        p++;
        col++;
    }
    if (*p == '\0')
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': %s: empty path",
                            file, v->line, col, claim_id, key);
    if (strchr(p, '\n') != NULL)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': %s: a path is one line "
                            "(continuation lines are not part of it)", file, v->line, col, claim_id, key);
    if (p[0] == '/')
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': %s: absolute path '%.200s' refused: "
                            "paths in a document are relative to the top directory (--top) and stay inside it",
                            file, v->line, col, claim_id, key, p);
    if (nh_file_under(&real, &inside, top, p, err))
    {
        char why[512];
        snprintf(why, sizeof(why), "%.500s", err->msg);
        return nh_error_set(err, NH_ERR_IO, "%s:%d:%d: claim '%s': %s: %s", file, v->line, col,
                            claim_id, key, why);
    }
    if (!inside)
    {
        char *rtop = realpath(top && top[0] ? top : ".", NULL);
        int r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': %s: path '%.200s' leads outside the "
                             "top directory %.200s (after '..' and symbolic links): refused; paths in a "
                             "document stay inside --top", file, v->line, col, claim_id, key, p,
                             rtop ? rtop : top);
        free(rtop);
        return r;
    }
    *out = real;        /* missing: the reader reports "cannot open" */
    return NH_OK;
}
