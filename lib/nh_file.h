/*
 * nh_file.h -- reading a whole input file (model files, proof documents,
 * datasets and candidate files, field files) into memory, with a size
 * limit.  One implementation for every reader, so that all of them
 * report unreadable, oversized and directory arguments the same way.
 */
#ifndef NH_FILE_H
#define NH_FILE_H

#include <stddef.h>
#include "nh_error.h"

/* Read the file at path.  On success *text is a malloc'd buffer (free()
   it) of *len bytes plus a terminating NUL (the file may itself contain
   NUL bytes: *len counts them).  At most max_bytes are accepted; `what`
   names the kind of file in messages ("model file", "document").
   Errors (nothing allocated, *text = NULL):
     NH_ERR_IO        "PATH: cannot open: <strerror>" /
                      "PATH: cannot read: <strerror>" (e.g. a directory);
     NH_ERR_RESOURCE  "PATH: WHAT larger than the limit of N bytes"
                      (reading stops at max_bytes + 1 bytes: bounded
                      memory whatever the file). */
int nh_file_read(char **text, size_t *len, const char *path, size_t max_bytes,
                 const char *what, nh_error_t err);

#endif
