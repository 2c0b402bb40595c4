/*
 * nh_arb.h -- include Arb whether it is a separate library (Debian
 * libflint-arb, FLINT 2.x, header <arb.h>) or part of FLINT 3 (header
 * <flint/arb.h>).  The layout found by configure is recorded in the
 * installed nh_config.h (NHORACLE_ARB_IN_FLINT), so that this header
 * works the same in nhoracle's build and in a program using the
 * installed library; it never includes the user's <config.h>.
 */
#ifndef NH_ARB_H
#define NH_ARB_H

#include "nh_config.h"

/* _fmpz_vec_* and _fmpq_vec_* are used with the Arb types throughout;
   FLINT 2's Arb headers pulled these headers in, FLINT 3's do not. */
#include <flint/flint.h>
#include <flint/fmpz_vec.h>
#include <flint/fmpq.h>
#include <flint/fmpq_vec.h>
#ifdef NHORACLE_ARB_IN_FLINT
#include <flint/arb.h>
#include <flint/arb_poly.h>
#include <flint/arb_mat.h>
#else
#include <arb.h>
#include <arb_poly.h>
#include <arb_mat.h>
#endif

/*
 * FLINT 3.2 renamed flint_randinit / flint_randclear / flint_randseed to
 * flint_rand_init / flint_rand_clear / flint_rand_set_seed (the old names
 * are deprecated there and warn).  nhoracle uses the new names; with an
 * older FLINT (2.x, 3.0, 3.1) they are these aliases of the old ones, the
 * same functions: same state, same seeding, same random sequence.
 */
#if __FLINT_RELEASE < 30200
/** flint_rand_init(state): FLINT < 3.2 name flint_randinit. */
#define flint_rand_init(state) flint_randinit(state)
/** flint_rand_clear(state): FLINT < 3.2 name flint_randclear. */
#define flint_rand_clear(state) flint_randclear(state)
/** flint_rand_set_seed(state, s1, s2): FLINT < 3.2 name flint_randseed (s1, s2 ulong). */
#define flint_rand_set_seed(state, s1, s2) flint_randseed(state, s1, s2)
#endif

#endif
