// System calls Swift's Glibc module does not import: extended attributes, which a save copies
// onto the file that replaces the one read.
#include <sys/types.h>
#include <sys/xattr.h>

// pipe2, which glibc declares only under _GNU_SOURCE: a pipe made non-blocking and
// close-on-exec in one call, not seven (the signal pipe is made before every first prompt).
int pipe2(int pipefd[2], int flags);

// GNU gettext as glibc has it: the message catalogs every reader's program uses. Glibc's module
// leaves libintl.h out.
#include <libintl.h>
#include <locale.h>
// glibc's count of catalog changes: raised when LANGUAGE changes, so that lookups already made
// in another language are not reused.
extern int _nl_msg_cat_cntr;
static inline void catalogs_changed(void) { ++_nl_msg_cat_cntr; }
