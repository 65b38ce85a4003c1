// Nothing to import: this target only supplies definitions the static executable links
// instead of glibc's (see static_executable.c) and the Swift runtime's (command_line.c,
// crash_backtracer.c).
