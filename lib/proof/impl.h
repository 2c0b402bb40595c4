/*
 * proof/impl.h -- INTERNAL to lib/proof/: paths named by documents.
 */
#ifndef NH_PROOF_INTERNAL_H
#define NH_PROOF_INTERNAL_H

#include "proof.h"
#include "expr.h"

/* Resolve the file named by the value v of key `key` ("case", "ghat",
   "formula") of claim claim_id in document file, relative to the top
   directory top (NULL or "": the current directory).  The rule
   (doc/proofs.md "Paths in documents"): the path is relative; joined to
   realpath(top), its realpath (every '..' and symbolic link resolved)
   is top itself or below it.  A path that does not exist is judged by
   its longest existing prefix, so that a missing file inside the tree
   is still reported by the reader as missing (NH_ERR_IO "cannot open")
   and nothing outside the tree can be probed.  Leading blanks of the
   value are skipped.  Nothing is opened here; the caller reads *out
   with a reader built on nh_file_read, which refuses anything but a
   regular file.
   On success *out is a malloc'd path (free() it): the canonical path of
   the file, or realpath(top)/path when it does not exist.
   Errors (*out = NULL); messages name the document position and the
   claim, never the contents of any file:
     NH_ERR_PARSE "file:line:col: claim 'ID': KEY: absolute path 'P'
                  refused: ...", "... KEY: path 'P' leads outside the top
                  directory TOP (...): refused ...", "... KEY: empty path",
                  "... KEY: a path is one line ...";
     NH_ERR_IO    "file:line:col: claim 'ID': KEY: top directory T:
                  cannot resolve: <strerror>". */
int _nh_proof_path(char **out, const char *top, const nh_proof_val *v, const char *key,
                   const char *file, const char *claim_id, nh_error_t err);

#endif
