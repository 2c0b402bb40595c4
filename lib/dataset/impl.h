/*
 * dataset/impl.h -- INTERNAL to lib/dataset/: the helpers shared by the
 * writer, the readers and the validator (defined in dataset_record.c).
 */
#ifndef NH_DATASET_INTERNAL_H
#define NH_DATASET_INTERNAL_H

#include <stdarg.h>
#include "dataset.h"

/* Append a message formatted from fmt, ap (truncated to bufsize - 1
   characters, bufsize <= 1024) to the growing list (*list)[0..*n) of
   malloc'ed strings with capacity *alloc (first allocation first_alloc
   entries); silently dropped once *n reaches max.  Aborts when out of
   memory.  (The reading issues of a dataset, the messages of a
   validation.) */
void _nh_dataset_msg_vappend(char ***list, slong *n, slong *alloc, slong max,
                             slong first_alloc, size_t bufsize, const char *fmt, va_list ap);

/* A new zeroed record appended to ds (index fields -1); aborts when out
   of memory. */
nh_record_struct *_nh_dataset_new_record(nh_dataset_t ds);

#endif
