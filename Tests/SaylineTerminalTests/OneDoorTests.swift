import Foundation
import PseudoTerminal
import Testing

/// Every file Sayline writes passes one door (DESIGN principle 8): no link followed, no folder,
/// device, FIFO or socket written into or waited on, never over the command's own inputs,
/// replaced whole with its owner and mode kept. Each test is an attack that once succeeded,
/// driven through the real binary as it was found.
extension EndToEndTests { @Suite struct OneDoorTests {
    static let scene = #"{"controls": [{"kind": "ruler", "id": "r", "label": "", "max": 10}]}"#

    static func type(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    static func mode(_ path: String) -> Int {
        var info = stat()
        return lstat(path, &info) == 0 ? Int(info.st_mode & 0o7777) : -1
    }

    /// What a folder holds, but for the scratch names a test made: a temporary file left
    /// behind shows here.
    static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// A committed `audit.baseline -> ../.bash_profile` that leads nowhere yet: before, the
    /// update made the file it named.
    @Test func aDanglingLinkCommittedAsTheBaselineIsRefusedNotCreated() throws {
        let home = try ScratchFolder()
        let repository = home.path + "/repository"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        let baseline = repository + "/audit.baseline"
        try FileManager.default.createSymbolicLink(atPath: baseline, withDestinationPath: "../.bash_profile")
        let result = try runPiped(["audit", "--demo", "--baseline", baseline, "--update-baseline"], input: "")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr == "\(baseline): is a symbolic link to ../.bash_profile, and Sayline never writes through one (anyone could have planted it): remove the link, or name the file itself\n",
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.bash_profile"))
        #expect(Self.type(baseline) == .typeSymbolicLink)
    }

    /// A committed `audit.txt -> ~/.bashrc` (one was replaced so), and the same for a
    /// transcript and a saved scene: refused, the file it leads to untouched.
    @Test func reportsTranscriptsAndSavesNeverWriteThroughALink() throws {
        let folder = try ScratchFolder()
        let bashrc = try folder.file("home/.bashrc", "export KEPT=1\n")
        let link = folder.path + "/audit.txt"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: bashrc)
        let scene = try folder.file("s.json", Self.scene)
        for arguments in [["audit", "--demo", "--output", link], ["audit", scene, "--format", "json", "--output", link],
                          ["run", "-", "--transcript", link]] {
            let result = try runPiped(arguments, input: "inc\n")
            #expect(result.status == 74, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("\(link): is a symbolic link to \(bashrc), and Sayline never writes through one"), "\(arguments): \(result.stderr)")
            #expect(folder.read("home/.bashrc") == "export KEPT=1\n", "\(arguments) wrote through the link")
            #expect(Self.type(link) == .typeSymbolicLink)
        }
        // `save FILE` in a session: the same door, the same refusal, and a run that says so.
        let saved = try runPiped(["run", "-", "--scene", scene], input: "inc\nsave \(link)\n")
        #expect(saved.status == 74, "\(saved.stdout) \(saved.stderr)")
        #expect(saved.stdout.contains("Not saved, \(link) cannot be written, it is a symbolic link"), "\(saved.stdout)")
        #expect(folder.read("home/.bashrc") == "export KEPT=1\n")
        #expect(Self.entries(folder.path) == ["audit.txt", "home", "s.json"])
    }

    /// A FIFO with no reader is answered at once, never waited on (before, `--output` waited
    /// for a reader for ever), and a baseline is never a FIFO; a device is not written into; a
    /// folder is not a file.
    @Test func foldersDevicesAndFIFOsAreRefusedWithoutBlocking() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let noReader = "cannot be written: it is a FIFO with no reader"
        for (target, words) in [(fifo, [noReader, noReader, "is a FIFO, and Sayline writes only regular files"]),
                                ("/dev/null", Array(repeating: "is a device, and Sayline writes only regular files", count: 3)),
                                (folder.path, Array(repeating: "is a folder, not a file", count: 3))] {
            for (arguments, words) in zip([["audit", "--demo", "--output", target], ["run", "-", "--transcript", target],
                                           ["audit", "--demo", "--baseline", target, "--update-baseline"]], words) {
                let result = try runPiped(arguments, input: "inc\n", quietSeconds: 5)
                #expect(result.status == 74, "\(arguments): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("\(target): \(words)"), "\(arguments): \(result.stderr)")
            }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(Self.type("/dev/null") == .typeCharacterSpecial)
        #expect(Self.entries(folder.path) == ["fifo"])
    }

    /// `audit s.json --output s.json` and `run t.say --transcript t.say` once wrote over their
    /// own input; a hard link is the same file by another name. Refused before anything is
    /// written, the input as it was.
    @Test func aCommandNeverWritesOverItsOwnInput() throws {
        let folder = try ScratchFolder()
        let scene = try folder.file("s.json", Self.scene)
        let script = try folder.file("t.say", "inc\n")
        let transcript = try folder.file("heard.txt", "> inc\n")
        let baseline = try folder.file("known.baseline", "")
        #expect(link(scene, folder.path + "/hard.json") == 0)
        let cases: [([String], String)] = [
            (["audit", scene, "--output", scene], scene), (["audit", scene, "--output", folder.path + "/hard.json"], scene),
            (["audit", folder.path, "--format", "json", "--output", scene], scene),
            (["audit", scene, "--baseline", baseline, "--output", baseline], baseline),
            (["audit", scene, "--baseline", scene, "--update-baseline"], scene),
            (["run", script, "--transcript", script], script), (["run", script, "--scene", scene, "--transcript", scene], scene),
            (["run", script, "--check-transcript", transcript, "--transcript", transcript], transcript),
        ]
        for (arguments, input) in cases {
            let before = try String(contentsOfFile: input, encoding: .utf8)
            let result = try runPiped(arguments, input: "")
            #expect(result.status == 74, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("which this command reads: it is never written over its own input"), "\(arguments): \(result.stderr)")
            #expect((try String(contentsOfFile: input, encoding: .utf8)) == before, "\(arguments) wrote over its input")
        }
        // A script that saves the scene over itself.
        let saving = try folder.file("saving.say", "inc\nsave \(folder.path)/saving.say\n")
        let saved = try runPiped(["run", saving, "--scene", scene], input: "")
        #expect(saved.status == 74, "\(saved.stdout) \(saved.stderr)")
        #expect(folder.read("saving.say") == "inc\nsave \(folder.path)/saving.say\n")
    }

    /// Root updating a user's baseline, or writing over their report, leaves the file theirs,
    /// with its mode (before, the baseline became root's). As another user, the mode is checked.
    @Test func aReplacedFileKeepsItsOwnerAndMode() throws {
        let folder = try ScratchFolder()
        let baseline = try folder.file("audit.baseline", "")
        let report = try folder.file("report.txt", "old\n")
        let root = getuid() == 0
        for path in [baseline, report] {
            if root { #expect(chown(path, 4242, 4343) == 0) }
            #expect(chmod(path, 0o640) == 0)
        }
        let result = try runPiped(["audit", "--demo", "--baseline", baseline, "--update-baseline", "--output", report], input: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.read("report.txt") != "old\n")
        for path in [baseline, report] {
            var info = stat()
            #expect(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
            #expect(info.st_mode & 0o7777 == 0o640, "\(path)")
            if root { #expect(info.st_uid == 4242 && info.st_gid == 4343, "\(path): \(info.st_uid):\(info.st_gid)") }
        }
        #expect(Self.entries(folder.path) == ["audit.baseline", "report.txt"])
    }
} }
