/*
 * nh_version.h -- the version of libnhoracle (module core).
 */
#ifndef NH_VERSION_H
#define NH_VERSION_H

#include "nh_config.h"

/* The version of the library linked at run time, "MAJOR.MINOR.PATCH"
   (a static string; never NULL, never to be freed).  Compare with
   NHORACLE_VERSION (nh_config.h), the version of the headers the
   program was compiled with. */
const char *nhoracle_version(void);

#endif
