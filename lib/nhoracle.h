/*
 * nhoracle.h -- the whole public API of libnhoracle in one include:
 *
 *     #include <nhoracle/nhoracle.h>
 *
 * compiled with `pkg-config --cflags nhoracle` (-I$includedir) and
 * linked with `pkg-config --libs nhoracle` (doc/tutorial-c.md).  Each
 * module's header may also be included alone, <nhoracle/MODULE.h>.
 * The modules, lowest first (doc/hacking.md, "Layout"): core (errors,
 * files, strings, precision loop, Arb include shim, configuration and
 * version), jet, expr, model, geom, gmap, series, nhdyn, ode, taylor,
 * flow, quantity, conv, dataset, proof, check, sweep.
 * tests/t-api-docs.sh checks that every installed header is included here.
 */
#ifndef NHORACLE_H
#define NHORACLE_H

#include "nh_config.h"
#include "nh_version.h"
#include "nh_error.h"
#include "nh_arb.h"
#include "nh_file.h"
#include "nh_sbuf.h"
#include "nh_prec.h"
#include "jet.h"
#include "jet_mat.h"
#include "expr.h"
#include "model.h"
#include "geom.h"
#include "bundle.h"
#include "gmap.h"
#include "series.h"
#include "nhdyn.h"
#include "ode.h"
#include "taylor.h"
#include "flow.h"
#include "quantity.h"
#include "conv.h"
#include "dataset.h"
#include "proof.h"
#include "check.h"
#include "sweep.h"

#endif
