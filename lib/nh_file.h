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

/* Resolve the relative path rel under the directory top (NULL or "":
   the current directory) and decide whether it stays inside top after
   ".." and symbolic links (realpath(3) of both).  A path that does not
   exist is decided by its longest existing prefix, so a missing file
   inside the tree is inside (its reader then reports it missing) while
   "../elsewhere/missing" or a missing file below a symbolic link that
   leaves the tree is outside, without probing what exists outside.
   On NH_OK: *inside = 1 or 0 and, when inside, *out = the canonical
   path (or top/rel joined when rel does not exist; free() it), else
   *out = NULL.  An absolute rel is outside (*inside = 0).  Errors:
   NH_ERR_IO "top directory TOP: cannot resolve: <strerror>". */
int nh_file_under(char **out, int *inside, const char *top, const char *rel, nh_error_t err);

/* 1 if the string s contains a control character (bytes 1..31 or 127:
   newline, tab, escape, ...), else 0: such names are refused for paths
   written into scripts or messages. */
int nh_file_has_control(const char *s);

#endif
