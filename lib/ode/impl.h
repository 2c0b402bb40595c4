/* ode/impl.h -- private header of the ode module (not installed): the
   shared helpers are declared in ode.h (the flow module runs on them). */
#ifndef NH_ODE_INTERNAL_H
#define NH_ODE_INTERNAL_H

#include "ode.h"

#endif
