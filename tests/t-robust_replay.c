/*
 * tests/t-robust_replay.c -- replays the committed fuzz corpus of one
 * reader through its fuzz target (fuzz/fuzz_<reader>.c, linked into this
 * program; see fuzz/fuzz.h).  The reader's name comes from the macro
 * NH_FUZZ_READER (set per test program in fuzz/fuzz.am); the files are
 * every regular file of $NH_TOP_SRCDIR/fuzz/corpus/<reader>/ and
 * $NH_TOP_SRCDIR/fuzz/regress/<reader>/ (crash reproducers: each file
 * there once crashed or hung the reader, and the fix is listed in
 * doc/robustness.md).  One TAP point per directory: "all N inputs
 * processed"; an input that crashes the reader kills the program (the
 * test then fails as ERROR, with the file name as the last diagnostic
 * line in the log) and under ASan/valgrind any memory error fails it.
 * There is no expected value to assert except "returns 0": the fuzz
 * target contract is that every input is handled.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "nh_arb.h"
#include "tap.h"
#include "../fuzz/fuzz.h"

#ifndef NH_FUZZ_READER
#error "NH_FUZZ_READER must name the reader (e.g. -DNH_FUZZ_READER=\"model\")"
#endif

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

/* Feed every file of dir to the target; returns the count or -1. */
static long
replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t nn = 0, an = 0, i;
    long count = 0;

    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL)
    {
        if (e->d_name[0] == '.')
            continue;
        if (nn == an)
        {
            an = an ? 2 * an : 64;
            names = realloc(names, an * sizeof(char *));
            if (names == NULL)
                abort();
        }
        names[nn++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, nn, sizeof(char *), cmp_str);  /* deterministic order */
    for (i = 0; i < nn; i++)
    {
        char path[4096];
        struct stat st;
        FILE *f;
        unsigned char *buf;
        size_t len;

        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        free(names[i]);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        f = fopen(path, "rb");
        if (f == NULL)
            continue;
        len = (size_t) st.st_size;
        buf = malloc(len + 1);
        if (buf == NULL)
            abort();
        len = fread(buf, 1, len, f);
        fclose(f);
        /* name it first, so a crash log ends with the culprit */
        printf("# input %s (%lu bytes)\n", path, (unsigned long) len);
        fflush(stdout);
        if (LLVMFuzzerTestOneInput(buf, len) != 0)
            count = -1000000;
        free(buf);
        count++;
    }
    free(names);
    return count;
}

int
main(void)
{
    const char *top = getenv("NH_TOP_SRCDIR");
    char dir[4096];
    long c1, c2;

    tap_plan(2);
    if (top == NULL)
        top = ".";
    snprintf(dir, sizeof dir, "%s/fuzz/corpus/%s", top, NH_FUZZ_READER);
    c1 = replay_dir(dir);
    tap_ok(c1 > 0, "%s: corpus %s: all %ld inputs handled", NH_FUZZ_READER, dir, c1);
    snprintf(dir, sizeof dir, "%s/fuzz/regress/%s", top, NH_FUZZ_READER);
    c2 = replay_dir(dir);
    tap_ok(c2 >= 0 || c2 == -1, "%s: crash reproducers %s: all %ld inputs handled",
           NH_FUZZ_READER, dir, c2 < 0 ? 0 : c2);
    flint_cleanup();
    return tap_done();
}
