/* nh_prec_digits.c -- decimal digits to bits (lib/nh_prec.h). */
#include "nh_prec.h"

slong
nh_prec_digits_to_bits(slong digits)
{
    return (slong) ((double) digits * 3.3219280948873623 + 1.0);
}
