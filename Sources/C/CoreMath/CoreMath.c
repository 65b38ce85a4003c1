// SwiftPM needs one source file in a C target; the functions are inline in the header.
#include "CoreMath.h"
