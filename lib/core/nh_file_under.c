/* nh_file_under.c -- a path named by an input document stays inside its
   tree (lib/nh_file.h): realpath(3) of the top and of the path, "..",
   and symbolic links included.  Used by proof documents
   (lib/proof/proof_path.c) and sweep files (lib/sweep/sweep_read.c). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "nh_file.h"

/* 1 if the canonical path p is top or below it (top canonical too). */
static int
path_inside(const char *p, const char *top)
{
    size_t n = strlen(top);
    if (strcmp(top, "/") == 0)
        return p[0] == '/';
    return strncmp(p, top, n) == 0 && (p[n] == '\0' || p[n] == '/');
}

static char *
xstrdup(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (d == NULL)
        abort();
    return strcpy(d, s);
}

/* A missing path: decided by its longest existing prefix below the top
   (lt: length of the top's prefix in joined). */
static int
prefix_inside(const char *joined, size_t lt, const char *rtop)
{
    char *buf = xstrdup(joined), *cut, *pre;
    int inside = 1;

    for (;;)
    {
        cut = strrchr(buf, '/');
        if (cut == NULL || (size_t) (cut - buf) <= lt)
            break;                              /* back at the top itself */
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
    return inside;
}

int
nh_file_under(char **out, int *inside, const char *top, const char *rel, nh_error_t err)
{
    char *rtop, *joined, *real;
    size_t lt, lp;

    *out = NULL;
    *inside = 0;
    if (rel[0] == '/')
        return NH_OK;
    if (top == NULL || top[0] == '\0')
        top = ".";
    rtop = realpath(top, NULL);
    if (rtop == NULL)
        return nh_error_set(err, NH_ERR_IO, "top directory %.200s: cannot resolve: %s", top,
                            strerror(errno));
    lt = strlen(rtop);
    lp = strlen(rel);
    joined = malloc(lt + lp + 2);
    if (joined == NULL)
        abort();
    memcpy(joined, rtop, lt);
    lt = strcmp(rtop, "/") == 0 ? 0 : lt;       /* "/" + p, not "//" + p */
    joined[lt] = '/';
    memcpy(joined + lt + 1, rel, lp + 1);
    real = realpath(joined, NULL);
    *inside = real != NULL ? path_inside(real, rtop) : prefix_inside(joined, lt, rtop);
    free(rtop);
    if (*inside)
    {
        *out = real != NULL ? real : joined;
        if (real != NULL)
            free(joined);
    }
    else
    {
        free(real);
        free(joined);
    }
    return NH_OK;
}

int
nh_file_has_control(const char *s)
{
    for (; *s; s++)
        if ((unsigned char) *s < 32 || (unsigned char) *s == 127)
            return 1;
    return 0;
}
