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

/* ---- nh_dataset_build (dataset_build*.c) ---- */

/* The state of one build: the dataset, the model, the options, what the
   build finds (info), the model class (timed: not linear autonomous,
   the point is (q, t, v)). */
typedef struct
{
    nh_dataset_struct *ds;
    const nh_model_struct *M;
    const nh_dataset_build_opts_struct *o;
    nh_dataset_build_info_struct *info;
    int timed;
}
_nh_dataset_build_struct;

/* x = k / NH_DATASET_GRID, k = (next splitmix64 output mod 2 GRID + 1) - GRID */
void _nh_dataset_random_coord(fmpq_t x, uint64_t *state);

/* the nearest double to x (from a 128-bit ball) */
double _nh_dataset_fmpq_to_d(const fmpq_t x);

/* the trajectory records of point pt (exact qx, tx, vx; vDb, vpb the
   certified balls of vD and v_p, whose midpoints start the estimates) */
int _nh_dataset_build_traj(_nh_dataset_build_struct *b, slong pt, const fmpq *qx,
                           const fmpq *tx, const fmpq *vx, arb_srcptr vDb, arb_srcptr vpb,
                           nh_error_t err);

/* b->ds->meta: the metadata object (doc/datasets.md); nexp explicit
   points, npoints random ones, acc the accuracy in bits */
json_object *_nh_dataset_build_meta(const _nh_dataset_build_struct *b, slong nexp,
                                    slong npoints, slong acc);

#endif
