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
   Only a regular file is read: path (symbolic links followed) is
   checked with stat() before it is opened, opened with O_RDONLY |
   O_NONBLOCK | O_CLOEXEC (so that a FIFO without a writer cannot block)
   and checked again with fstat() on the descriptor; a FIFO, a device,
   a socket or a directory is refused without reading a byte of it.
   Messages name the path and the reason, never the contents.
   Errors (nothing allocated, *text = NULL):
     NH_ERR_IO        "PATH: cannot open: <strerror>" (missing,
                      permission), "PATH: cannot read: a directory, not a
                      regular file (the WHAT must be one)" (likewise "a
                      FIFO (named pipe)", "a character device", "a block
                      device", "a socket"), "PATH: cannot read:
                      <strerror>";
     NH_ERR_RESOURCE  "PATH: WHAT larger than the limit of N bytes"
                      (reading stops at max_bytes + 1 bytes: bounded
                      memory whatever the file). */
int nh_file_read(char **text, size_t *len, const char *path, size_t max_bytes,
                 const char *what, nh_error_t err);

/* The kind of file of a st_mode value (struct stat), for messages:
   "a regular file", "a directory", "a FIFO (named pipe)", "a character
   device", "a block device", "a socket", else "not a regular file".
   A static string. */
const char *nh_file_type_name(unsigned int mode);

#endif
