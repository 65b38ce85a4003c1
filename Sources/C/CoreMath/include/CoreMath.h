#ifndef SAYLINE_CORE_MATH_H
#define SAYLINE_CORE_MATH_H
// The three libm functions the motion curves need. Importing them this way keeps the core
// free of Foundation (whose loading dominates start-up) and of the C library's I/O.
#include <math.h>

static inline double sayline_exp(double x) { return exp(x); }
static inline double sayline_sin(double x) { return sin(x); }
static inline double sayline_cos(double x) { return cos(x); }

#endif
