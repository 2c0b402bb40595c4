/*
 * gmap/impl.h -- INTERNAL to lib/gmap/ (time-dependent point maps,
 * lib/gmap.h).
 */
#ifndef NH_GMAP_INTERNAL_H
#define NH_GMAP_INTERNAL_H

#include "gmap.h"
#include "expr.h"
#include "jet.h"

#endif
