/* lib/sweep/impl.h -- private helpers of the sweep module (lib/sweep/ only). */
#ifndef NH_SWEEP_IMPL_H
#define NH_SWEEP_IMPL_H

#include <sqlite3.h>
#include "sweep.h"

struct nh_sweep_db_struct
{
    sqlite3 *db;
    char *path;
};

/* sqlite3_exec of sql; NH_ERR_IO naming what on failure. */
int _nh_sweep_exec(nh_sweep_db_ptr db, const char *sql, const char *what, nh_error_t err);
/* NH_ERR_IO "DB: WHAT: sqlite message". */
int _nh_sweep_dberr(nh_sweep_db_ptr db, const char *what, nh_error_t err);
/* BEGIN IMMEDIATE, retried while the database is busy (other sweeps). */
int _nh_sweep_begin(nh_sweep_db_ptr db, nh_error_t err);

/* Write text to path atomically (temporary file + rename). */
int _nh_sweep_write_file(const char *path, const char *text, size_t len, nh_error_t err);
/* mkdir -p of one level (EEXIST is fine). */
int _nh_sweep_mkdir(const char *path, nh_error_t err);
/* mkdir dir, then dir/sub for each of the NULL-terminated subs. */
int _nh_sweep_mkdirs(const char *dir, const char *const *subs, nh_error_t err);
/* Seconds on the realtime (monotonic = 0) or monotonic (1) clock. */
double _nh_sweep_clock(int monotonic);
/* Read a whole file (NULL when absent; limit 64 MB). */
char *_nh_sweep_slurp(const char *path, size_t *len);

/* HTML/XML escaping of s appended to the growing buffer *buf. */
void _nh_sweep_esc(char **buf, size_t *len, size_t *cap, const char *s);
/* Append s to buf as one POSIX shell word that no shell interprets:
   single-quoted, each ' written as '\'' (any byte but NUL is literal
   inside single quotes; the printf %q of bash gives an equivalent word). */
void _nh_sweep_shquote(char **buf, size_t *len, size_t *cap, const char *s);
void _nh_sweep_cat(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* 1 if s is one of the strings of the NULL-terminated list, else 0. */
int _nh_sweep_in_list(const char *s, const char *const *list);

/* Store every ball of a job's output text (all JSON values of it) in
   table balls (sweep_balls.c); an SQLite code, SQLITE_DONE on success. */
int _nh_sweep_ins_balls(nh_sweep_db_ptr db, long run_id, const char *job, const char *text);
/* The balls of job in run_id that do not overlap those of run prev
   (arb_overlaps): their number; at most max message lines appended. */
long _nh_sweep_cmp_balls(sqlite3 *db, const char *job, long run_id, long prev, int max,
                         char **msgs, size_t *len, size_t *cap);

#endif
