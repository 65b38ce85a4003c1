#ifndef SAYLINE_CREADLINE_SHIM_H
#define SAYLINE_CREADLINE_SHIM_H
// readline's header uses FILE without including stdio.h.
#include <stdio.h>
#include <sys/types.h>
#include <readline/readline.h>
#include <readline/history.h>

// glibc's fopencookie, for readline's output stream (SaylineLineEditor's TerminalStream): it
// is declared only under _GNU_SOURCE, which the C library's module is not built with, so it is
// declared here by its own symbol, with a structure laid out as glibc's cookie_io_functions_t
// (four function pointers: read, write, seek, close).
typedef ssize_t sayline_cookie_write_function(void *cookie, const char *buffer, size_t size);
typedef struct {
    void *read;
    sayline_cookie_write_function *write;
    void *seek;
    void *close;
} sayline_cookie_functions;
FILE *sayline_fopencookie(void *cookie, const char *mode, sayline_cookie_functions functions) __asm__("fopencookie");
#endif
