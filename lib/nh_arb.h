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

#ifdef NHORACLE_ARB_IN_FLINT
#include <flint/flint.h>
#include <flint/fmpq.h>
#include <flint/arb.h>
#include <flint/arb_poly.h>
#include <flint/arb_mat.h>
#else
#include <flint/flint.h>
#include <flint/fmpq.h>
#include <arb.h>
#include <arb_poly.h>
#include <arb_mat.h>
#endif

#endif
