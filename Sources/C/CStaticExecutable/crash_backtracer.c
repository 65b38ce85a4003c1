// Why a static `sayline` carries no Swift crash backtracer.
//
// The Swift runtime sets its backtracer up from a constructor at every start, `--version`
// included: it reads SWIFT_BACKTRACE, resolves /proc/self/exe, looks for its helper program,
// swift-backtrace, in eight folders beside the executable (eight failed `stat` calls), and asks
// whether the standard streams are terminals. The helper ships with the toolchain, never beside
// an installed program or in a build folder, so for Sayline the backtracer always found itself
// unavailable and installed nothing: those calls were all it ever did (about 1 % of a start;
// Docs/performance.md).
//
// Outside that object, two things name it. The runtime's report of a fatal error reads one
// field of the backtracer's settings, whether the backtracer is on, to leave the backtrace to
// it; and every executable's image registration (swiftrt.o) refers to its thunk test only so
// that the object is linked, for the symbolicating library, which Sayline does not use.
// Defining both here, the settings all zero (not on, as they always ended up) and the test
// answering no, means the linker never takes the runtime's Backtrace.cpp.o, whose constructor
// goes with it, nor its crash handler, which only that object installs. A fatal error still
// prints its message. Should a later runtime's object define more than these and be taken for
// it, the link fails loudly with a duplicate definition; should the settings grow, 256 bytes
// leave room (they are 88 in the runtime this was written against).

#include <stdbool.h>

__attribute__((visibility("hidden"), aligned(16)))
unsigned char _swift_backtraceSettings[256];

bool _swift_backtrace_isThunkFunction(const char *mangled_name) {
    (void)mangled_name;
    return false;
}
