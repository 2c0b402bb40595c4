/*
 * nh_arb.h -- include Arb whether it is a separate library (Debian
 * libflint-arb, FLINT 2.x, header <arb.h>) or part of FLINT 3 (header
 * <flint/arb.h>).  configure defines NH_ARB_IN_FLINT for the latter.
 */
#ifndef NH_ARB_H
#define NH_ARB_H

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#ifdef NH_ARB_IN_FLINT
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
