import Glibc
import SaylineText

/// The machine's users and groups as its own files list them (`/etc/passwd`, `/etc/group`),
/// and whether those files are the whole answer.
///
/// A static program cannot load the name service's modules (glibc's `getgrgid` in a static
/// binary loads `libnss_*.so` of the very glibc it was built with, and the linker warns of it),
/// so Sayline reads the files itself. They are not the whole answer, and a question about a
/// group is answered "not known" (which the settings check takes as "not private"), when:
/// - `/etc/nsswitch.conf` names another source for users, groups or their memberships
///   (`initgroups`): LDAP, sssd, NIS, winbind;
/// - it names `systemd` and user records beside the files exist (`userdb` drop-ins, which can
///   make anyone a member of any group, or systemd-homed's people): without them, systemd's
///   source adds only services' dynamic users, whose ids are never a person's, and root and
///   nobody;
/// - a line of the files is one glibc would read and Sayline cannot (a field too many or too
///   few, a number with a space), or a compat file's `+` and `-` lines bring NIS in.
package struct LocalAccounts: Sendable {
    /// A user's name, id and primary group.
    struct User: Equatable { let name: String; let uid: uid_t; let gid: gid_t }
    /// A group's name, id and listed members.
    struct Group: Equatable { let name: String; let gid: gid_t; let members: [String] }

    let users: [User]
    let groups: [Group]
    /// Why the files are not the whole answer, if they are not.
    let notWhole: [String]

    /// Sources that add nothing a person's private group could share.
    static let sourcesThatAddNoPerson: Set<String> = ["files", "compat", "systemd"]
    /// Where systemd's user records beside the files are kept, and its home service.
    static let userRecordPlaces = ["/etc/userdb", "/run/userdb", "/run/host/userdb", "/usr/lib/userdb"]
    static let homeService = "/run/systemd/userdb/io.systemd.Home"

    /// Read from the text of the three files; `userRecords`: whether systemd's user records
    /// beside the files exist.
    init(passwd: String, group: String, nsswitch: String, userRecords: Bool = false) {
        let passwdLines = Self.records(passwd, fields: 7)
        let groupLines = Self.records(group, fields: 4)
        users = passwdLines.read.compactMap { fields in
            guard let uid = Self.id(fields[2]), let gid = Self.id(fields[3]) else { return nil }
            return User(name: String(fields[0]), uid: uid, gid: gid)
        }
        groups = groupLines.read.compactMap { fields in
            guard let gid = Self.id(fields[2]) else { return nil }
            return Group(name: String(fields[0]), gid: gid, members: fields[3].split(separator: ",").map(String.init))
        }
        var why: [String] = []
        let sources = Self.sources(nsswitch, of: ["passwd", "group", "initgroups"])
        let others = sources.filter { !Self.sourcesThatAddNoPerson.contains($0) }
        // Translators: %s lists the name service's sources as nsswitch.conf names them ("ldap, sss").
        if !others.isEmpty { why.append(translated("users and groups here also come from %s", others.joined(separator: ", "))) }
        if sources.contains("systemd") && userRecords { why.append(translated("systemd keeps user records beside /etc/passwd and /etc/group")) }
        // Lines of the wrong shape, and lines whose ids are not numbers as glibc reads them.
        let unread = passwdLines.unread + groupLines.unread
            + (passwdLines.read.count - users.count) + (groupLines.read.count - groups.count)
        if unread > 0 { why.append(translated("/etc/passwd or /etc/group has lines Sayline cannot read")) }
        notWhole = why
    }

    /// This machine's, read now (each file bounded as every settings read is); a file that
    /// cannot be read is empty, which leaves every group unknown, never private.
    package static func read() -> LocalAccounts {
        func text(_ path: String) -> String {
            guard case .success(let bytes) = FileAccess.read(path, limit: 8 << 20) else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
        // glibc reads a missing nsswitch.conf as the files alone; one it cannot read is not known.
        var nsswitch = text("/etc/nsswitch.conf")
        if nsswitch.isEmpty, access("/etc/nsswitch.conf", F_OK) == 0, case .failure = FileAccess.read("/etc/nsswitch.conf", limit: 8 << 20) {
            nsswitch = "passwd: unreadable\n"
        }
        let records = userRecordPlaces.contains { folder in
            guard let entries = opendir(folder) else { return false }
            defer { closedir(entries) }
            while let entry = readdir(entries) {
                if entry.pointee.d_name.0 != 0x2E { return true }   // anything but "." and ".."
            }
            return false
        } || access(homeService, F_OK) == 0
        return LocalAccounts(passwd: text("/etc/passwd"), group: text("/etc/group"), nsswitch: nsswitch, userRecords: records)
    }

    /// Whether `gid` is the owner `uid`'s own group: its primary group, with no member but the
    /// owner, and the primary group of no other user (Debian's `nogroup` is the primary group
    /// of several system users, any of whom could write a file writable by it). False when the
    /// files cannot say (a user or group they do not list, or another source beside them).
    package func isPrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
        guard notWhole.isEmpty, let owner = users.first(where: { $0.uid == uid }), owner.gid == gid else { return false }
        // Every line with the id counts: glibc gives a user the memberships of all of them.
        let lines = groups.filter { $0.gid == gid }
        return !lines.isEmpty && lines.allSatisfy { $0.members.allSatisfy { $0 == owner.name } }
            && !users.contains { $0.gid == gid && $0.uid != uid }
    }

    /// A group's name, if the files list it.
    package func groupName(_ gid: gid_t) -> String? { groups.first { $0.gid == gid }?.name }

    /// Why a group's question cannot be answered from the files, for a refusal to say; nil
    /// when they are the whole answer.
    package var whyNotKnown: String? {
        // Translators: %s is one or more reasons, joined by "; ".
        notWhole.isEmpty ? nil : translated("%s, which a static program cannot ask", notWhole.joined(separator: "; "))
    }

    /// The lines of a colon-separated file with exactly `fields` fields, and how many other
    /// lines there were: comments and blank lines pass; anything else is a line Sayline
    /// cannot read, or a compat file's NIS line (`+`, `-`).
    private static func records(_ text: String, fields: Int) -> (read: [[Substring]], unread: Int) {
        var read: [[Substring]] = []
        var unread = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            let parts = line.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == fields, !parts[0].isEmpty, !line.hasPrefix("+"), !line.hasPrefix("-") { read.append(parts) } else { unread += 1 }
        }
        return (read, unread)
    }

    /// A user or group id as glibc reads one the files give: digits alone.
    private static func id(_ field: Substring) -> UInt32? {
        guard !field.isEmpty, field.count <= 10, field.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return UInt32(field)
    }

    /// The sources nsswitch.conf names for the databases, without their `[…]` actions, read as
    /// glibc reads a line (`group:ldap`, `group : files`). A database it does not name uses
    /// glibc's default, the files alone.
    private static func sources(_ text: String, of databases: [String]) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            let content = line.prefix { $0 != "#" }
            guard let colon = content.firstIndex(of: ":") else { continue }
            let database = String(content[..<colon].filter { $0 != " " && $0 != "\t" })
            guard databases.contains(database) else { continue }
            var rest = String(content[content.index(after: colon)...])
            while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") { rest.removeSubrange(open...close) }
            for word in rest.split(whereSeparator: { $0 == " " || $0 == "\t" }) where !found.contains(String(word)) {
                found.append(String(word))
            }
        }
        return found
    }
}
