/* nh_version.c -- nhoracle_version() (nh_version.h). */
#include "nh_version.h"

const char *
nhoracle_version(void)
{
    return NHORACLE_VERSION;
}
