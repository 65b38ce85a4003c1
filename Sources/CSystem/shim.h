// System calls Swift's Glibc module does not import: extended attributes, which a save copies
// onto the file that replaces the one read.
#include <sys/types.h>
#include <sys/xattr.h>
