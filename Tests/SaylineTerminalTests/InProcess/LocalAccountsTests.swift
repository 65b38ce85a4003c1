import Testing
@testable import SaylineSystem

/// Whose group a settings file's group is, answered from the machine's own files, and refused
/// where the files are not the whole answer.
@Suite struct LocalAccountsTests {
    static let passwd = """
        root:x:0:0:root:/root:/bin/bash
        nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
        _apt:x:42:65534::/nonexistent:/usr/sbin/nologin
        alice:x:1000:1000:Alice:/home/alice:/bin/bash
        bob:x:1001:1001:Bob:/home/bob:/bin/bash
        carol:x:1002:1000:Carol:/home/carol:/bin/bash

        """
    static let group = """
        root:x:0:
        nogroup:x:65534:
        alice:x:1000:
        bob:x:1001:bob,mallory
        staff:x:50:alice

        """
    static let filesOnly = "passwd: files systemd\ngroup: files systemd [SUCCESS=merge] # a comment\nhosts: files dns\n"

    @Test func aUsersOwnGroupWithNoOtherMemberIsPrivate() {
        let accounts = LocalAccounts(passwd: Self.passwd.replacingOccurrences(of: "carol:x:1002:1000", with: "carol:x:1002:1002"), group: Self.group, nsswitch: Self.filesOnly)
        #expect(accounts.isPrivateGroup(1000, of: 1000))
        #expect(accounts.whyNotKnown == nil)
        #expect(accounts.groupName(50) == "staff")
    }

    /// Another member listed, another user's primary group, a group not the owner's primary
    /// one, a group or user the files do not list: not private.
    @Test func aSharedOrUnknownGroupIsNotPrivate() {
        let accounts = LocalAccounts(passwd: Self.passwd, group: Self.group, nsswitch: Self.filesOnly)
        #expect(!accounts.isPrivateGroup(1000, of: 1000), "carol's primary group is alice's too")
        #expect(!accounts.isPrivateGroup(1001, of: 1001), "mallory is listed in bob's group")
        #expect(!accounts.isPrivateGroup(65534, of: 65534), "nogroup is _apt's primary group too")
        #expect(!accounts.isPrivateGroup(50, of: 1000), "staff is not alice's primary group")
        #expect(!accounts.isPrivateGroup(2000, of: 2000), "a user the files do not list")
    }

    /// Users or groups from a directory service (sssd, LDAP, NIS, compat's + lines) could make
    /// any group shared: nothing is private, and the refusal says why.
    @Test func groupsFromADirectoryServiceAreNeverPrivate() {
        let own = Self.passwd.replacingOccurrences(of: "carol:x:1002:1000", with: "carol:x:1002:1002")
        for (nsswitch, source) in [("passwd: files sss\ngroup: files sss\n", "sss"), ("group:\tfiles ldap\n", "ldap")] {
            let accounts = LocalAccounts(passwd: own, group: Self.group, nsswitch: nsswitch)
            #expect(!accounts.isPrivateGroup(1000, of: 1000))
            #expect(accounts.whyNotKnown?.contains(source) == true)
        }
        let compat = LocalAccounts(passwd: own + "+::::::\n", group: Self.group, nsswitch: "passwd: compat\ngroup: compat\n")
        #expect(!compat.isPrivateGroup(1000, of: 1000))
        #expect(compat.whyNotKnown?.contains("cannot read") == true)
        // Written as glibc also reads them: no space after the colon, spaces before it, and
        // the memberships' own database.
        for nsswitch in ["group:ldap\n", "group : sss\n", "initgroups: files winbind\n"] {
            #expect(!LocalAccounts(passwd: own, group: Self.group, nsswitch: nsswitch).isPrivateGroup(1000, of: 1000), "\(nsswitch)")
        }
        // systemd's source is whole only while it keeps no user records of its own beside the files.
        #expect(LocalAccounts(passwd: own, group: Self.group, nsswitch: Self.filesOnly).isPrivateGroup(1000, of: 1000))
        #expect(!LocalAccounts(passwd: own, group: Self.group, nsswitch: Self.filesOnly, userRecords: true).isPrivateGroup(1000, of: 1000))
    }

    /// A second line with the same id gives its members the group too, as glibc does; a line
    /// glibc would read and Sayline cannot (a field too many or too few, a number with a
    /// space) leaves every group unknown.
    @Test func everyLineOfTheGroupCountsAndALineNotReadLeavesItUnknown() {
        let own = Self.passwd.replacingOccurrences(of: "carol:x:1002:1000", with: "carol:x:1002:1002")
        #expect(!LocalAccounts(passwd: own, group: Self.group + "shared:x:1000:mallory\n", nsswitch: Self.filesOnly).isPrivateGroup(1000, of: 1000))
        for odd in ["eve:x:1003:1000:Eve:/home/eve\n", "eve:x:1003:1000:Eve:/home/eve:/bin/sh:extra\n", "eve:x:1003: 1000:Eve:/home/eve:/bin/sh\n"] {
            let accounts = LocalAccounts(passwd: own + odd, group: Self.group, nsswitch: Self.filesOnly)
            #expect(!accounts.isPrivateGroup(1000, of: 1000), "\(odd)")
            #expect(accounts.whyNotKnown != nil)
        }
    }
}
