// Where a static `sayline` keeps its command line for Swift's `CommandLine`.
//
// The Swift runtime of a static executable finds argc and argv from a constructor that reads
// /proc/self/maps line by line with sscanf to find the stack, then walks back from environ:
// the first file this process opens in /proc and a parse of every mapping, at every start,
// `--version` included (about 50 µs here, 3 % of a start; Docs/performance.md). glibc hands
// argc and argv to each function of .init_array, in a static executable as in a shared one,
// so they are kept from there instead. Defining the runtime's two functions here means the
// linker never takes the runtime's CommandLine.cpp.o, whose constructor goes with it. Should a
// later runtime read the arguments some other way, these go unused and nothing changes; should
// that object define more than these two, the link fails loudly with a duplicate definition.

#include <stddef.h>

// The command line as glibc handed it over, and any put in its place later: one record,
// written at start (and by an override), read by the runtime.
static struct {
    int kept_count;
    char **kept_arguments;
    // A test harness (or the runtime's own callers) may put other arguments in place.
    int override_count;
    char **override_arguments;
} command_line;

static void keep_command_line(int count, char **arguments, char **environment) {
    (void)environment;
    command_line.kept_count = count;
    command_line.kept_arguments = arguments;
}

__attribute__((section(".init_array"), used))
static void (*const keep_command_line_at_start)(int, char **, char **) = keep_command_line;

char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    static char *none[] = { NULL };
    if (command_line.override_arguments != NULL) {
        *count = command_line.override_count;
        return command_line.override_arguments;
    }
    if (command_line.kept_arguments != NULL) {
        *count = command_line.kept_count;
        return command_line.kept_arguments;
    }
    *count = 0;
    return none;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **arguments, int count) {
    command_line.override_arguments = arguments;
    command_line.override_count = count;
}
