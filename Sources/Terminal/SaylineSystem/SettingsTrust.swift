import Glibc
import SaylineText

/// Whether a file read as settings (the preferences file, `.sayline-audit`) can be believed:
/// settings switch rules off and run commands, so they are taken only from a file nobody but
/// this user (or root) can change, as ssh and git check theirs.
package enum SettingsTrust {
    /// Why someone other than this user (or root) could have written the file at `path`, or
    /// nil when nobody else can. The file must be owned by this user or root, and writable by
    /// nobody else; with `foldersUpTo`, so must each folder above it up to that one (or the
    /// root). A folder with the sticky bit (/tmp) lets nobody replace another's file, so it
    /// passes. Writable by its group is allowed when the group is its owner's own (a user
    /// private group with no other member, Debian's default, where files are made 0664), as
    /// Debian's ssh allows it; where the machine's groups come from a directory service as
    /// well as its files, that cannot be known, and the file is refused (`LocalAccounts`).
    ///
    /// A symbolic link counts as what it is and what it leads to: the link must be this
    /// user's or root's (one planted in a shared folder is not the person's word, wherever it
    /// points), and when the path leads elsewhere, the file it resolves to and every folder
    /// above that, up to the root, are checked too.
    package static func doubt(_ path: String, foldersUpTo stop: String?) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFLNK, info.st_uid != geteuid(), info.st_uid != 0 {
            // Translators: a file's name, then its owner ("uid 1001, alice").
            return translated("%s is a symbolic link that belongs to another user (%s)", FileAccess.shown(path), owner(info.st_uid))
        }
        guard stat(path, &info) == 0 else { return nil }
        let accounts = AccountsOnce()
        if let why = doubt(info, name: FileAccess.shown(path), isFolder: false, accounts) { return why }
        if let stop, let why = doubtFolders(above: path, upTo: stop, accounts) { return why }
        // Led elsewhere by a link in the path: where it leads is checked to the root.
        if let resolved = ProjectFolder.real(Array(path.utf8)).map({ String(decoding: $0, as: UTF8.self) }), resolved != path {
            if let why = doubtFolders(above: resolved, upTo: "/", accounts) { return why }
        }
        return nil
    }

    /// The folders above `path`, up to `stop` (or the root), each checked as `doubt` does.
    private static func doubtFolders(above path: String, upTo stop: String, _ accounts: AccountsOnce) -> String? {
        var info = stat()
        let last = stop.hasSuffix("/") && stop.count > 1 ? String(stop.dropLast()) : stop
        var folder = FileAccess.folder(of: path)
        for _ in 0..<4_096 {
            guard stat(folder, &info) == 0 else { return nil }
            if let why = doubt(info, name: FileAccess.shown(folder), isFolder: true, accounts) { return why }
            if folder == last || folder == "/" || folder == "." { return nil }
            folder = FileAccess.folder(of: folder)
        }
        return nil
    }

    /// Why a file, or a folder above it, could have been written by someone else: whole
    /// sentences for each, so a language can say "its folder" as it needs.
    /// - Parameter name: made only for a doubt: the path shown safely is a scan of it by
    ///   Unicode category, a twentieth of a start in another language than English.
    private static func doubt(_ info: stat, name makeName: @autoclosure () -> String, isFolder: Bool, _ accounts: AccountsOnce) -> String? {
        var name: String { makeName() }
        let me = geteuid()
        if info.st_uid != me && info.st_uid != 0 {
            // Translators: a file's name, then its owner ("uid 1001, alice").
            return isFolder ? translated("its folder %s belongs to another user (%s)", name, owner(info.st_uid))
                // Translators: a file's name, then its owner ("uid 1001, alice").
                : translated("%s belongs to another user (%s)", name, owner(info.st_uid))
        }
        let mode = FileAccess.octal(info.st_mode & 0o7777)
        // A sticky folder lets nobody replace a file that is not theirs.
        if isFolder && info.st_mode & 0o1000 != 0 { return nil }
        if info.st_mode & 0o002 != 0 {
            // Translators: a folder's name, then its mode in octal ("0777").
            return isFolder ? translated("others can write its folder %s (mode %s)", name, mode)
                // Translators: a file's name, then its mode in octal ("0666").
                : translated("others can write %s (mode %s)", name, mode)
        }
        if info.st_mode & 0o020 != 0 {
            // Asked only of a file or folder its group can write: the accounts are read once a check.
            if !accounts.value.isPrivateGroup(info.st_gid, of: info.st_uid) {
                let group = group(info.st_gid, accounts.value)
                let said = isFolder
                    // Translators: a group's name, a folder's name, then its mode in octal ("0775").
                    ? translated("the group %s can write its folder %s (mode %s)", group, name, mode)
                    // Translators: a group's name, a file's name, then its mode in octal ("0664").
                    : translated("the group %s can write %s (mode %s)", group, name, mode)
                // Translators: why a group may hold others (the sentence above), then why Sayline cannot tell.
                return accounts.value.whyNotKnown.map { translated("%s; %s", said, $0) } ?? said
            }
        }
        return nil
    }

    /// "uid 1001, alice", or "uid 1001" for a number with no name.
    private static func owner(_ uid: uid_t) -> String {
        // Translators: a user's id, a number as the system gives it.
        guard let user = getpwuid(uid) else { return translated("uid %s", String(uid)) }
        // Translators: a user's id, a number as the system gives it, then the user's name.
        return translated("uid %s, %s", String(uid), TextSanitiser.echo(String(cString: user.pointee.pw_name)))
    }

    private static func group(_ gid: gid_t, _ accounts: LocalAccounts) -> String {
        accounts.groupName(gid).map { TextSanitiser.echo($0) } ?? "\(gid)"
    }

    /// The machine's accounts, read the first time a check needs them and kept for the rest
    /// of that check: the file and each folder above it may ask (an 8 MB /etc/group read
    /// for each had made one start take twenty seconds).
    private final class AccountsOnce {
        lazy var value = LocalAccounts.read()
    }
}
