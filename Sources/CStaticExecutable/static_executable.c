// What a fully static `sayline` uses instead of the glibc functions that only work with
// shared libraries at run time. glibc's static getpw* functions go through the name service
// switch, which loads libnss_*.so of the very glibc version the binary was built with (the
// linker warns of this for each one); its static dlopen needs the same. Defining them here
// means the linker never takes glibc's, so the binary depends on no shared library at all.

#include <dlfcn.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

// readline asks for passwd entries for the home folder, `~user` in file names and completing
// user names. They are read from /etc/passwd: what the name service's "files" source gives,
// and all a machine without a directory service has.

static int parse_entry(char *line, struct passwd *out) {
    size_t length = strlen(line);
    if (length > 0 && line[length - 1] == '\n') line[length - 1] = '\0';
    char *fields[7];
    int count = 0;
    fields[count++] = line;
    for (char *p = line; *p != '\0' && count < 7; p++) {
        if (*p == ':') {
            *p = '\0';
            fields[count++] = p + 1;
        }
    }
    if (count != 7 || fields[0][0] == '\0') return 0;
    char *end;
    unsigned long uid = strtoul(fields[2], &end, 10);
    if (end == fields[2] || *end != '\0') return 0;
    unsigned long gid = strtoul(fields[3], &end, 10);
    if (end == fields[3] || *end != '\0') return 0;
    out->pw_name = fields[0];
    out->pw_passwd = fields[1];
    out->pw_uid = (uid_t)uid;
    out->pw_gid = (gid_t)gid;
    out->pw_gecos = fields[4];
    out->pw_dir = fields[5];
    out->pw_shell = fields[6];
    return 1;
}

// The walk of getpwent, setpwent and endpwent; getpwnam and getpwuid read with their own.
static FILE *walk;
static struct passwd walk_entry;
static char walk_line[4096];

void setpwent(void) {
    if (walk != NULL) rewind(walk); else walk = fopen("/etc/passwd", "re");
}

void endpwent(void) {
    if (walk != NULL) fclose(walk);
    walk = NULL;
}

struct passwd *getpwent(void) {
    if (walk == NULL) setpwent();
    if (walk == NULL) return NULL;
    while (fgets(walk_line, sizeof walk_line, walk) != NULL) {
        if (parse_entry(walk_line, &walk_entry)) return &walk_entry;
    }
    return NULL;
}

static struct passwd found_entry;
static char found_line[4096];

// The first entry `matches` accepts, or NULL.
static struct passwd *find_entry(int (*matches)(const struct passwd *, const void *), const void *key) {
    FILE *file = fopen("/etc/passwd", "re");
    if (file == NULL) return NULL;
    struct passwd *result = NULL;
    while (fgets(found_line, sizeof found_line, file) != NULL) {
        if (parse_entry(found_line, &found_entry) && matches(&found_entry, key)) {
            result = &found_entry;
            break;
        }
    }
    fclose(file);
    return result;
}

static int has_name(const struct passwd *entry, const void *name) { return strcmp(entry->pw_name, name) == 0; }
static int has_uid(const struct passwd *entry, const void *uid) { return entry->pw_uid == *(const uid_t *)uid; }

struct passwd *getpwnam(const char *name) { return find_entry(has_name, name); }
struct passwd *getpwuid(uid_t uid) { return find_entry(has_uid, &uid); }

// The Swift runtime looks for an optional library of prespecialised generics with dlopen;
// a static executable has nothing to load it with, so the answer is that it is not there.
void *dlopen(const char *file, int mode) {
    (void)file;
    (void)mode;
    return NULL;
}
