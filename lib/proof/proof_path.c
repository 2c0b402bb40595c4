/* proof_path.c -- paths named by proof documents stay inside the top
   directory (see proof/impl.h, doc/proofs.md "Paths in documents"). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "impl.h"

/* 1 if the canonical path p is top or below it (top canonical too). */
static int
path_inside(const char *p, const char *top)
{
    size_t n = strlen(top);
    if (strcmp(top, "/") == 0)
        return p[0] == '/';
    return strncmp(p, top, n) == 0 && (p[n] == '\0' || p[n] == '/');
}

int
_nh_proof_path(char **out, const char *top, const nh_proof_val *v, const char *key,
               const char *file, const char *claim_id, nh_error_t err)
{
    const char *p = v->text;
    char *rtop, *joined, *real;
    size_t lt, lp;
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
    if (top == NULL || top[0] == '\0')
        top = ".";
    rtop = realpath(top, NULL);
    if (rtop == NULL)
        return nh_error_set(err, NH_ERR_IO, "%s:%d:%d: claim '%s': %s: top directory %.200s: cannot resolve: %s",
                            file, v->line, col, claim_id, key, top, strerror(errno));
    lt = strlen(rtop);
    lp = strlen(p);
    joined = malloc(lt + lp + 2);
    if (joined == NULL)
        abort();
    memcpy(joined, rtop, lt);
    lt = strcmp(rtop, "/") == 0 ? 0 : lt;       /* "/" + p, not "//" + p */
    joined[lt] = '/';
    memcpy(joined + lt + 1, p, lp + 1);

    real = realpath(joined, NULL);
    if (real != NULL)
        inside = path_inside(real, rtop);
    else
    {
        /* The file does not exist (or cannot be reached): decide by its
           longest existing prefix, so that a missing file inside the tree
           is reported as missing (NH_ERR_IO by the reader) while
           "../../elsewhere/missing" is refused like an existing file
           outside (no probing of what exists outside the tree). */
        char *buf = malloc(strlen(joined) + 1), *cut, *pre;
        if (buf == NULL)
            abort();
        strcpy(buf, joined);
        inside = 1;
        for (;;)
        {
            cut = strrchr(buf, '/');
            if (cut == NULL || (size_t) (cut - buf) <= lt)
                break;                          /* back at the top itself */
            *cut = '\0';
            pre = realpath(buf, NULL);
            if (pre != NULL)
            {
                inside = path_inside(pre, rtop);
                free(pre);
                break;
            }
        }
        free(buf);
    }
    if (!inside)
    {
        int r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': %s: path '%.200s' leads outside the "
                             "top directory %.200s (after '..' and symbolic links): refused; paths in a "
                             "document stay inside --top", file, v->line, col, claim_id, key, p, rtop);
        free(real);
        free(joined);
        free(rtop);
        return r;
    }
    free(rtop);
    if (real != NULL)
    {
        free(joined);
        *out = real;
    }
    else
        *out = joined;      /* missing: the reader reports "cannot open" */
    return NH_OK;
}
