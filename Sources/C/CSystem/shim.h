// System calls Swift's Glibc module does not import: extended attributes, which a save copies
// onto the file that replaces the one read.
#include <sys/types.h>
#include <sys/xattr.h>

// pipe2, which glibc declares only under _GNU_SOURCE: a pipe made non-blocking and
// close-on-exec in one call, not seven (the signal pipe is made before every first prompt).
int pipe2(int pipefd[2], int flags);

// glibc's fopencookie, for the terminal's output stream (SaylineLineEditor's TerminalStream,
// which readline writes into): it is declared only under _GNU_SOURCE, which the C library's
// module is not built with, so it is declared here by its own symbol, with a structure laid out
// as glibc's cookie_io_functions_t (four function pointers: read, write, seek, close).
#include <stdio.h>
typedef ssize_t sayline_cookie_write_function(void *cookie, const char *buffer, size_t size);
typedef struct {
    void *read;
    sayline_cookie_write_function *write;
    void *seek;
    void *close;
} sayline_cookie_functions;
FILE *sayline_fopencookie(void *cookie, const char *mode, sayline_cookie_functions functions) __asm__("fopencookie");

// GNU gettext as glibc has it: the message catalogs every reader's program uses. Glibc's module
// leaves libintl.h out.
#include <libintl.h>
#include <locale.h>
// glibc's count of catalog changes: raised when LANGUAGE changes, so that lookups already made
// in another language are not reused.
extern int _nl_msg_cat_cntr;
static inline void catalogs_changed(void) { ++_nl_msg_cat_cntr; }
