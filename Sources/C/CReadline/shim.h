#ifndef SAYLINE_CREADLINE_SHIM_H
#define SAYLINE_CREADLINE_SHIM_H
// readline's header uses FILE without including stdio.h.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

#endif
