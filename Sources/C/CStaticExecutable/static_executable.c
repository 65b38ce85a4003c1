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

// What these functions return points into storage of their own, as glibc's do (their callers
// may not free it, and it lasts until the next call): one record holds it all. The walk of
// getpwent, setpwent and endpwent has its file, entry and line; getpwnam and getpwuid their own
// entry and line, so a lookup in the middle of a walk does not end it.
static struct {
    FILE *walk;
    struct passwd walk_entry;
    char walk_line[4096];
    struct passwd found_entry;
    char found_line[4096];
} passwd_state;

void setpwent(void) {
    if (passwd_state.walk != NULL) rewind(passwd_state.walk); else passwd_state.walk = fopen("/etc/passwd", "re");
}

void endpwent(void) {
    if (passwd_state.walk != NULL) fclose(passwd_state.walk);
    passwd_state.walk = NULL;
}

struct passwd *getpwent(void) {
    if (passwd_state.walk == NULL) setpwent();
    if (passwd_state.walk == NULL) return NULL;
    while (fgets(passwd_state.walk_line, sizeof passwd_state.walk_line, passwd_state.walk) != NULL) {
        if (parse_entry(passwd_state.walk_line, &passwd_state.walk_entry)) return &passwd_state.walk_entry;
    }
    return NULL;
}

// The first entry `matches` accepts, or NULL.
static struct passwd *find_entry(int (*matches)(const struct passwd *, const void *), const void *key) {
    FILE *file = fopen("/etc/passwd", "re");
    if (file == NULL) return NULL;
    struct passwd *result = NULL;
    while (fgets(passwd_state.found_line, sizeof passwd_state.found_line, file) != NULL) {
        if (parse_entry(passwd_state.found_line, &passwd_state.found_entry) && matches(&passwd_state.found_entry, key)) {
            result = &passwd_state.found_entry;
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

// BrlAPI, for a braille display, asks systemd's logind which virtual terminal this session is
// on when it is given no console number; Debian ships libsystemd for shared linking only. A
// static Sayline has no logind client: these answer "no such session", so BrlAPI goes on to
// its other ways (a console number, WINDOWPATH and WINDOWID, CONTROLVT), as it does on a
// machine without systemd.
#include <errno.h>

int sd_pid_get_session(pid_t pid, char **session) {
    (void)pid;
    if (session != NULL) *session = NULL;
    return -ENODATA;
}

int sd_session_get_type(const char *session, char **type) {
    (void)session;
    if (type != NULL) *type = NULL;
    return -ENXIO;
}

int sd_session_get_vt(const char *session, unsigned *vt) {
    (void)session;
    (void)vt;
    return -ENXIO;
}

int sd_uid_get_sessions(uid_t uid, int require_active, char ***sessions) {
    (void)uid;
    (void)require_active;
    if (sessions != NULL) *sessions = NULL;
    return 0;
}

// BrlAPI reaches a BRLTTY on another machine (BRLAPI_HOST=host:N) with getaddrinfo, whose
// static form loads the name service's shared libraries. Numeric addresses and localhost need
// no name service; a host name is refused with EAI_NONAME ("Name or service not known"), so
// such a host is given by its address.
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

static int numeric_port(const char *service, in_port_t *port) {
    if (service == NULL || *service == '\0') {
        *port = 0;
        return 1;
    }
    char *end;
    unsigned long value = strtoul(service, &end, 10);
    if (*end != '\0' || value > 65535) return 0;
    *port = htons((in_port_t)value);
    return 1;
}

int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **result) {
    in_port_t port;
    if (result == NULL || !numeric_port(service, &port)) return EAI_NONAME;
    int family = hints != NULL ? hints->ai_family : AF_UNSPEC;
    int passive = hints != NULL && (hints->ai_flags & AI_PASSIVE) != 0;
    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    socklen_t length;
    struct in_addr four;
    struct in6_addr six;
    int is_local = node == NULL || strcmp(node, "localhost") == 0;
    if ((family == AF_UNSPEC || family == AF_INET) && (is_local || inet_pton(AF_INET, node, &four) == 1)) {
        struct sockaddr_in *in = (struct sockaddr_in *)&address;
        in->sin_family = AF_INET;
        in->sin_port = port;
        in->sin_addr.s_addr = is_local ? htonl(passive && node == NULL ? INADDR_ANY : INADDR_LOOPBACK) : four.s_addr;
        length = sizeof *in;
    } else if ((family == AF_UNSPEC || family == AF_INET6) && (is_local || inet_pton(AF_INET6, node, &six) == 1)) {
        struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&address;
        in6->sin6_family = AF_INET6;
        in6->sin6_port = port;
        in6->sin6_addr = is_local ? (passive && node == NULL ? in6addr_any : in6addr_loopback) : six;
        length = sizeof *in6;
    } else {
        return EAI_NONAME;
    }
    struct addrinfo *info = calloc(1, sizeof *info + sizeof address);
    if (info == NULL) return EAI_MEMORY;
    info->ai_family = address.ss_family;
    info->ai_socktype = hints != NULL && hints->ai_socktype != 0 ? hints->ai_socktype : SOCK_STREAM;
    info->ai_protocol = hints != NULL ? hints->ai_protocol : 0;
    info->ai_addrlen = length;
    info->ai_addr = (struct sockaddr *)(info + 1);
    memcpy(info->ai_addr, &address, length);
    *result = info;
    return 0;
}

void freeaddrinfo(struct addrinfo *info) {
    // One block a result, never a list: each getaddrinfo above returns a single address.
    free(info);
}
