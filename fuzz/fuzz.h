/*
 * fuzz/fuzz.h -- shared by the fuzz targets fuzz/fuzz_*.c (issue 6).
 *
 * Every target defines the libFuzzer entry point
 *     int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
 * which must return 0 and must never crash, hang, leak or trigger a
 * sanitizer report, whatever the bytes.  The same source is linked
 *   - with clang -fsanitize=fuzzer,address,undefined by `make fuzz`
 *     (fuzz/fuzz.am), and
 *   - with tests/t-robust_replay.c (a main() that feeds every file of
 *     fuzz/corpus/<reader>/ and fuzz/regress/<reader>/ to the entry
 *     point) into the test programs tests/t-robust_fuzz_<reader>, so
 *     that the committed corpus and every crash ever found are replayed
 *     by `make check` (and under ASan / valgrind by scripts/run-tests).
 */
#ifndef NH_FUZZ_H
#define NH_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Inputs larger than this are ignored: the readers themselves accept up
   to 64 MB, but evaluation time grows with size and libFuzzer reports
   slow units as hangs.  The size limits of the readers are exercised by
   tests/e2e-robust.sh instead. */
#define NH_FUZZ_MAX_INPUT 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* NUL-terminated copy of data (free with free()). */
static inline char *
nh_fuzz_cstr(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s == NULL)
        abort();
    if (size > 0)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
