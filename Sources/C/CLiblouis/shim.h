#ifndef SAYLINE_CLIBLOUIS_SHIM_H
#define SAYLINE_CLIBLOUIS_SHIM_H
// liblouis, for contracted braille: text in, Unicode braille patterns (U+2800…) out.
#include <liblouis/liblouis.h>
#endif
