import Glibc

/// The machine's users and groups as its own files list them (`/etc/passwd`, `/etc/group`),
/// and whether those files are the whole answer.
///
/// A static program cannot load the name service's modules (glibc's `getgrgid` in a static
/// binary loads `libnss_*.so` of the very glibc it was built with, and the linker warns of it),
/// so Sayline reads the files itself. Where `/etc/nsswitch.conf` names another source for
/// users or groups (LDAP, sssd, NIS, winbind), a group could have members, or be a user's
/// primary group, that the files do not show: then the files are not the whole answer, and a
/// question about a group is answered "not known", which the settings check takes as "not
/// private". `systemd`'s source adds only the users of services (dynamic users, whose ids are
/// never a person's) and root and nobody, so it leaves the files whole.
package struct LocalAccounts: Sendable {
    /// A user's name, id and primary group.
    struct User: Equatable { let name: String; let uid: uid_t; let gid: gid_t }
    /// A group's name, id and listed members.
    struct Group: Equatable { let name: String; let gid: gid_t; let members: [String] }

    let users: [User]
    let groups: [Group]
    /// The sources other than the files that users or groups come from, if any.
    let otherSources: [String]

    /// Sources that add nothing a person's private group could share.
    static let sourcesThatAddNoPerson: Set<String> = ["files", "compat", "systemd"]

    /// Read from the text of the three files.
    init(passwd: String, group: String, nsswitch: String) {
        users = Self.records(passwd, fields: 7).compactMap { fields in
            guard let uid = uid_t(fields[2]), let gid = gid_t(fields[3]) else { return nil }
            return User(name: String(fields[0]), uid: uid, gid: gid)
        }
        groups = Self.records(group, fields: 4).compactMap { fields in
            guard let gid = gid_t(fields[2]) else { return nil }
            return Group(name: String(fields[0]), gid: gid, members: fields[3].split(separator: ",").map(String.init))
        }
        // A "+" or "-" line in compat files brings in NIS: those entries are not in the files.
        let nis = (passwd + "\n" + group).split(separator: "\n").contains { $0.hasPrefix("+") || $0.hasPrefix("-") }
        otherSources = Self.sources(nsswitch, of: ["passwd", "group"]).filter { !Self.sourcesThatAddNoPerson.contains($0) } + (nis ? ["nis"] : [])
    }

    /// This machine's, read now (each file bounded as every settings read is); a file that
    /// cannot be read is empty, which leaves every group unknown, never private.
    package static func read() -> LocalAccounts {
        func text(_ path: String) -> String {
            guard case .success(let bytes) = FileAccess.read(path, limit: 8 << 20) else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
        return LocalAccounts(passwd: text("/etc/passwd"), group: text("/etc/group"), nsswitch: text("/etc/nsswitch.conf"))
    }

    /// Whether `gid` is the owner `uid`'s own group: its primary group, with no member but the
    /// owner, and the primary group of no other user (Debian's `nogroup` is the primary group
    /// of several system users, any of whom could write a file writable by it). False when the
    /// files cannot say (a user or group they do not list, or another source beside them).
    package func isPrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
        guard otherSources.isEmpty, let owner = users.first(where: { $0.uid == uid }), owner.gid == gid,
              let group = groups.first(where: { $0.gid == gid }) else { return false }
        return group.members.allSatisfy { $0 == owner.name } && !users.contains { $0.gid == gid && $0.uid != uid }
    }

    /// A group's name, if the files list it.
    package func groupName(_ gid: gid_t) -> String? { groups.first { $0.gid == gid }?.name }

    /// Why a group's question cannot be answered from the files, for a refusal to say; nil
    /// when they are the whole answer.
    package var whyNotKnown: String? {
        otherSources.isEmpty ? nil : "users and groups here also come from \(otherSources.joined(separator: ", ")), which a static program cannot ask"
    }

    /// The lines of a colon-separated file with exactly `fields` fields, comments and blank
    /// lines passed over.
    private static func records(_ text: String, fields: Int) -> [[Substring]] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: ":", omittingEmptySubsequences: false)
            return parts.count == fields && !parts[0].isEmpty ? parts : nil
        }
    }

    /// The sources nsswitch.conf names for the databases, without their `[…]` actions. A
    /// database it does not name uses glibc's default, the files alone.
    private static func sources(_ text: String, of databases: [String]) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            let words = line.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first, first.hasSuffix(":"), databases.contains(String(first.dropLast())) else { continue }
            for word in words.dropFirst() where !word.hasPrefix("[") && !word.hasSuffix("]") && !found.contains(String(word)) {
                found.append(String(word))
            }
        }
        return found
    }
}
