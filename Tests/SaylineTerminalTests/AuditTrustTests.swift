import Foundation
import PseudoTerminal
import SaylineCore
import Testing

/// An audit in somebody else's repository, or in CI on a pull request: settings only from files
/// nobody else could have written, found from each scene's folder and never above the
/// repository or the home folder; baselines that key a file the same wherever the audit runs
/// and however the path is spelled, and keep apart files that only look alike; reports whose
/// markup no label or file name can open.
extension EndToEndTests { @Suite struct AuditTrustTests {
    static let unnamed = #"{ "kind": "ruler", "id": "brightness", "label": "", "min": 5, "max": 100, "step": 5 }"#
    static func scene(_ controls: [String]) -> String { "{\"controls\": [\n  " + controls.joined(separator: ",\n  ") + "\n]}\n" }

    /// The search starts at each scene's own folder: the same scenes pass from the repository's
    /// root and from inside their folder; outside a repository it stops at the home folder, and
    /// outside that it looks in the scene's folder alone.
    @Test func settingsAreFoundFromEachScenesFolderAndNeverAboveTheRepositoryOrHome() throws {
        let folder = try ScratchFolder()
        let path = folder.path
        _ = try folder.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        _ = try folder.file("repo/scenes/.sayline-audit", "name-present = off\n")
        _ = try folder.file("repo/scenes/panel.json", Self.scene([Self.unnamed]))
        for (place, scenes) in [("repo", "scenes/"), ("repo/scenes", "."), ("repo/scenes", "panel.json"), ("", "repo/scenes/panel.json")] {
            let result = try runShell("cd '\(path)/\(place)' && SAYLINE audit \(scenes)")
            #expect(result.status == 0, "from \(place): \(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("Rule settings: name-present off (\(path)/repo/scenes/.sayline-audit:1)."), "from \(place): \(result.stdout)")
        }

        // Outside a repository: up to the home folder, never past it.
        _ = try folder.file("home/projects/ui/panel.json", Self.scene([Self.unnamed]))
        _ = try folder.file(".sayline-audit", "name-present = off\n")
        let above = try runShell("cd '\(path)/home/projects/ui' && HOME='\(path)/home' SAYLINE audit panel.json")
        #expect(above.status == 1, "a file above the home folder switched a rule off: \(above.stdout)")
        #expect(!above.stdout.contains("Rule settings"))
        _ = try folder.file("home/.sayline-audit", "name-present = minor\n")
        let atHome = try runShell("cd '\(path)/home/projects/ui' && HOME='\(path)/home' SAYLINE audit panel.json")
        #expect(atHome.status == 0 && atHome.stdout.contains("name-present minor (\(path)/home/.sayline-audit:1)"), "\(atHome.stdout)")

        // Outside both (a shared folder such as /tmp): the scene's own folder alone.
        _ = try folder.file("shared/drop/panel.json", Self.scene([Self.unnamed]))
        _ = try folder.file("shared/.sayline-audit", "name-present = off\n")
        let shared = try runShell("cd '\(path)/shared/drop' && HOME='\(path)/home' SAYLINE audit panel.json")
        #expect(shared.status == 1, "a file above a folder outside home and repository was used: \(shared.stdout)")
        // A home of "/" (many CI containers) holds every folder: it is taken as no home at all.
        let rootHome = try runShell("cd '\(path)/shared/drop' && HOME=/ SAYLINE audit panel.json")
        #expect(rootHome.status == 1, "HOME=/ let the search climb: \(rootHome.stdout)")
        _ = try folder.file("shared/drop/.sayline-audit", "name-present = off\n")
        let own = try runShell("cd '\(path)/shared/drop' && HOME='\(path)/home' SAYLINE audit panel.json")
        #expect(own.status == 0, "\(own.stdout) \(own.stderr)")

        // One report, one set of settings: scenes whose settings differ are audited apart.
        let mixed = try runShell("cd '\(path)' && HOME='\(path)/home' SAYLINE audit repo/scenes/panel.json shared/drop/panel.json")
        #expect(mixed.status == 64, "\(mixed.stdout) \(mixed.stderr)")
        #expect(mixed.stderr.contains("take their rule settings from different .sayline-audit files (\(path)/repo/scenes/.sayline-audit and \(path)/shared/drop/.sayline-audit)"), "\(mixed.stderr)")
    }

    /// A settings file someone else could have written is refused with one line naming it and
    /// why, as ssh and git refuse theirs: it never switches a rule off.
    @Test func settingsOthersCouldHaveWrittenAreRefused() throws {
        let (folder, settings) = try Self.repositoryWithSettings()
        #expect(chmod(settings, 0o666) == 0)
        let open = try runShell("cd '\(folder.path)/repo' && SAYLINE audit panel.json")
        #expect(open.status == 2, "\(open.stdout)")
        #expect(open.stdout.isEmpty)
        #expect(open.stderr == "sayline audit: \(settings): not used, because others can write \(settings) (mode 0666): rule settings are taken only from a file nobody else can change (chmod go-w it, or chown it to you)\n", "\(open.stderr)")
        #expect(chmod(settings, 0o644) == 0)
    }

    /// A repository with a .sayline-audit that switches a rule off, and a scene that rule flags.
    static func repositoryWithSettings() throws -> (folder: ScratchFolder, settings: String) {
        let folder = try ScratchFolder()
        _ = try folder.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        let settings = try folder.file("repo/.sayline-audit", "name-present = off\n")
        _ = try folder.file("repo/panel.json", Self.scene([Self.unnamed]))
        return (folder, settings)
    }

    /// Another user's settings file, one a group other than the owner's own can write, one
    /// shared by nogroup and a link another user planted are refused; only root can make them.
    @Test(.enabled(if: geteuid() == 0, "needs root to make another user's files"))
    func settingsOfAnotherUserOrTheirGroupAreRefused() throws {
        let (folder, settings) = try Self.repositoryWithSettings()
        // Another user's file (root can make one), and a group other than the owner's own.
        #expect(chown(settings, 65534, 65534) == 0)
        let theirs = try runShell("cd '\(folder.path)/repo' && SAYLINE audit panel.json")
        #expect(theirs.status == 2)
        #expect(theirs.stderr.contains("\(settings) belongs to another user (uid 65534"), "\(theirs.stderr)")
        #expect(chown(settings, 0, 65534) == 0 && chmod(settings, 0o664) == 0)
        let group = try runShell("cd '\(folder.path)/repo' && SAYLINE audit panel.json")
        #expect(group.status == 2)
        #expect(group.stderr.contains("can write \(settings) (mode 0664)"), "\(group.stderr)")
        // Root's own group has no other member: writable by it is root's alone.
        #expect(chown(settings, 0, 0) == 0)
        let trusted = try runShell("cd '\(folder.path)/repo' && SAYLINE audit panel.json")
        #expect(trusted.status == 0, "\(trusted.stderr)")

        // nobody's primary group, nogroup, is the primary group of other system users too
        // (sync, _apt): a file it can write is not nobody's alone.
        let shared = folder.path + "/shared"
        _ = try folder.file("shared/.sayline-audit", "name-present = off\n")
        _ = try folder.file("shared/panel.json", Self.scene([Self.unnamed]))
        #expect(chmod(folder.path, 0o755) == 0)
        let asNobody = try runShell("chown -R 65534:65534 '\(shared)' && chmod 664 '\(shared)/.sayline-audit' && cd '\(shared)' && setpriv --reuid=65534 --regid=65534 --clear-groups SAYLINE audit panel.json")
        #expect(asNobody.status == 2, "\(asNobody.stdout) \(asNobody.stderr)")
        #expect(asNobody.stderr.contains("can write \(shared)/.sayline-audit (mode 0664)"), "\(asNobody.stderr)")

        // A link another user planted in a shared (sticky) folder, leading to this user's own
        // settings, is not this user's word.
        let drop = folder.path + "/drop"
        _ = try folder.file("mine/.sayline-audit", "name-present = off\n")
        _ = try folder.file("drop/panel.json", Self.scene([Self.unnamed]))
        #expect(chmod(drop, 0o1777) == 0)
        let planted = try runShell("setpriv --reuid=65534 --regid=65534 --clear-groups ln -s '\(folder.path)/mine/.sayline-audit' '\(drop)/.sayline-audit' && cd '\(drop)' && SAYLINE audit panel.json")
        #expect(planted.status == 2, "\(planted.stdout) \(planted.stderr)")
        #expect(planted.stderr.contains("\(drop)/.sayline-audit is a symbolic link that belongs to another user (uid 65534"), "\(planted.stderr)")
    }

    /// Settings and baselines saved with CRLF line ends and a byte-order mark read as the same
    /// lines.
    @Test func settingsAndBaselinesWithCRLFOrAByteOrderMarkReadAlike() throws {
        let folder = try ScratchFolder()
        _ = try folder.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        _ = try folder.file("repo/.sayline-audit", "\u{FEFF}# from another editor\r\nname-no-role-words = off\r\n\r\nname-present = minor\r\n")
        _ = try folder.file("repo/panel.json", Self.scene([Self.unnamed]))
        let settings = try runShell("cd '\(folder.path)/repo' && SAYLINE audit panel.json")
        #expect(settings.status == 0, "\(settings.stdout) \(settings.stderr)")
        #expect(settings.stdout.contains("name-no-role-words off (\(folder.path)/repo/.sayline-audit:2); name-present minor (\(folder.path)/repo/.sayline-audit:4)"), "\(settings.stdout)")
        _ = try folder.file("repo/.sayline-audit", "")
        _ = try folder.file("repo/audit.baseline", "\u{FEFF}{\"file\":\"panel.json\",\"control\":\"brightness\",\"rule\":\"name-present\"}\r\n")
        let baseline = try runShell("cd '\(folder.path)/repo' && SAYLINE audit panel.json --baseline audit.baseline")
        #expect(baseline.status == 0, "\(baseline.stdout) \(baseline.stderr)")
        #expect(baseline.stdout.contains("1 known, 0 fixed"), "\(baseline.stdout)")
    }

    /// A baseline keys each file by its path from the repository's root: written from the root,
    /// it holds from inside the scenes' folder, with `./`, with an absolute path and from the
    /// folder above the repository. A finding with the same control and rule in another scene
    /// stays new.
    @Test func aBaselineKeysEachFileTheSameWhereverTheAuditRuns() throws {
        let folder = try ScratchFolder()
        let repo = folder.path + "/repo"
        _ = try folder.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        _ = try folder.file("repo/scenes/a.json", Self.scene([Self.unnamed]))
        let written = try runShell("cd '\(repo)' && SAYLINE audit scenes/a.json --baseline audit.baseline --update-baseline")
        #expect(written.status == 0, "\(written.stderr)")
        #expect(folder.read("repo/audit.baseline") == "{\"file\":\"scenes/a.json\",\"control\":\"brightness\",\"rule\":\"name-present\"}\n")
        for (place, scene, baseline) in [("repo/scenes", "./a.json", "../audit.baseline"), ("repo/scenes", "\(repo)/scenes/a.json", "\(repo)/audit.baseline"),
                                         ("", "repo/scenes/a.json", "repo/audit.baseline"), ("repo", "./scenes//a.json", "./audit.baseline")] {
            let result = try runShell("cd '\(folder.path)/\(place)' && SAYLINE audit '\(scene)' --baseline '\(baseline)'")
            #expect(result.status == 0, "\(scene) from \(place): \(result.stdout)")
            #expect(result.stdout.contains("0 new violations") && result.stdout.contains("1 known, 0 fixed"), "\(scene) from \(place): \(result.stdout)")
        }
        // The same control id and rule in another scene is another finding.
        _ = try folder.file("repo/scenes/b.json", Self.scene([Self.unnamed]))
        let other = try runShell("cd '\(repo)' && SAYLINE audit scenes/ --baseline audit.baseline")
        #expect(other.status == 1, "\(other.stdout)")
        #expect(other.stdout.contains("1 new violation") && other.stdout.contains("name-present on brightness (no name), scenes/b.json"), "\(other.stdout)")
        // SARIF locates the file from the same root, however the audit named it.
        for (place, scene) in [("repo", "scenes/a.json"), ("repo/scenes", "./a.json")] {
            _ = try runShell("cd '\(folder.path)/\(place)' && SAYLINE audit '\(scene)' --format sarif --output '\(folder.path)/out.sarif'")
            let log = try #require(JSONSerialization.jsonObject(with: Data((folder.read("out.sarif") ?? "").utf8)) as? [String: Any])
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            #expect(((run["originalUriBaseIds"] as? [String: Any])?["SRCROOT"] as? [String: Any])?["uri"] as? String == "file://\(repo)/")
            let artifact = try #require(((run["artifacts"] as? [[String: Any]])?.first)?["location"] as? [String: String])
            #expect(artifact == ["uri": "scenes/a.json", "uriBaseId": "SRCROOT"], "from \(place)")
        }
    }

    /// Names that differ only in bytes that are not UTF-8 are two files: each has a key and a
    /// name of its own, so a baseline entry for one never hides a new finding in the other.
    @Test func namesThatLookAlikeAreNeverOneFile() throws {
        let folder = try ScratchFolder()
        _ = try folder.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        _ = try folder.file("repo/scenes/keep", "")
        let scene = Self.scene([Self.unnamed])
        let first = try runShell("cd '\(folder.path)/repo' && printf '%s' '\(scene)' > \"scenes/$(printf 'caf\\351.json')\" && SAYLINE audit scenes/ --baseline audit.baseline --update-baseline")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(folder.read("repo/audit.baseline") == "{\"file\":\"scenes/caf%E9.json\",\"control\":\"brightness\",\"rule\":\"name-present\"}\n")
        let second = try runShell("cd '\(folder.path)/repo' && printf '%s' '\(scene)' > \"scenes/$(printf 'caf\\303.json')\" && SAYLINE audit scenes/ --baseline audit.baseline")
        #expect(second.status == 1, "a new critical finding passed as known: \(second.stdout)")
        #expect(second.stdout.contains("1 new violation"), "\(second.stdout)")
        #expect(second.stdout.contains("scenes/caf\\xC3.json"), "each name is shown apart: \(second.stdout)")
        // Composed and decomposed "é" are two names (Swift's strings call them equal).
        let composed = try runShell("cd '\(folder.path)/repo' && rm scenes/*.json && printf '%s' '\(scene)' > \"scenes/$(printf 'caf\\303\\251.json')\" && SAYLINE audit scenes/ --baseline nfc.baseline --update-baseline")
        #expect(composed.status == 0, "\(composed.stderr)")
        let decomposed = try runShell("cd '\(folder.path)/repo' && printf '%s' '\(scene)' > \"scenes/$(printf 'cafe\\314\\201.json')\" && SAYLINE audit scenes/ --baseline nfc.baseline")
        #expect(decomposed.status == 1, "a new finding passed as known: \(decomposed.stdout)")
        // The new finding is the decomposed file's (shown as it is: it sorts first); the
        // composed one, equal to it as a Swift string, is shown byte by byte.
        let bytes = Array(decomposed.stdout.utf8)
        #expect(decomposed.stdout.contains("1 new violation"), "\(decomposed.stdout)")
        #expect(bytes.firstRange(of: Array("on brightness (no name), scenes/cafe\u{301}.json".utf8)) != nil, "\(decomposed.stdout)")
        #expect(decomposed.stdout.contains("Known, in the baseline (reported, not failing):\n- critical: name-present on brightness (no name), \"scenes/caf\\xC3\\xA9.json\""), "\(decomposed.stdout)")
        // A baseline is printed in reports: what it names must be what a scene could hold.
        _ = try folder.file("repo/hostile.baseline", "{\"file\":\"scenes/caf\u{E9}.json\",\"control\":\"\\u001b]0;owned\\u0007\",\"rule\":\"name-present\"}\n")
        let hostile = try runShell("cd '\(folder.path)/repo' && SAYLINE audit scenes/ --baseline hostile.baseline")
        #expect(hostile.status == 2)
        #expect(hostile.stderr == "hostile.baseline:1: control must be a control's id (one word of visible characters) or a running application's control's path\n", "\(hostile.stderr)")
        // A key given twice in an entry is refused, as in scenes: readers disagree on which counts.
        _ = try folder.file("repo/audit.baseline", "{\"file\":\"elsewhere.json\",\"file\":\"scenes/caf%C3.json\",\"control\":\"brightness\",\"rule\":\"name-present\"}\n")
        let twice = try runShell("cd '\(folder.path)/repo' && SAYLINE audit scenes/ --baseline audit.baseline")
        #expect(twice.status == 2)
        #expect(twice.stderr == "audit.baseline:1: \"file\" appears twice: give each key once\n", "\(twice.stderr)")
    }

    /// HTML is escaped scalar by scalar: a prepended mark (U+0D4E) before `<` in a label or a
    /// file name makes one grapheme cluster with it, and an escaper that compared clusters let
    /// live elements through.
    @Test func noLabelOrFileNameOpensMarkupInTheHTMLReport() throws {
        let (folder, mark) = try Self.markedReport()
        let html = try #require(folder.read("audit.html"))
        // Searched as bytes: a search by characters would not find "<img" after the mark either.
        #expect(Array(html.utf8).firstRange(of: Array("\(mark)&lt;img".utf8)) != nil, "the label and the name are on the page, escaped")
        for opening in ["<img", "<script"] {
            #expect(Array(html.utf8).firstRange(of: Array(opening.utf8)) == nil, "\(opening) reached the page")
        }
    }

    /// A scene whose label and file name hold markup after U+0D4E, audited into audit.html.
    static func markedReport() throws -> (folder: ScratchFolder, mark: String) {
        let folder = try ScratchFolder()
        let mark = "\u{0D4E}"
        // "slider" is a role word: the control is a finding, so its label is on the page.
        let label = "\(mark)<img src=x onerror=\\\"document.title='label'\\\">\(mark)<script>document.title='script'</script> slider"
        _ = try folder.file("scenes/\(mark)<img src=x onerror=document.title=1>.json", Self.scene([
            #"{ "kind": "ruler", "id": "volume", "label": "\#(label)", "min": 0, "max": 10 }"#, Self.unnamed,
        ]))
        let audit = try runShell("cd '\(folder.path)' && SAYLINE audit scenes/ --format html --output audit.html")
        #expect(audit.status == 1, "\(audit.stderr)")
        return (folder, mark)
    }

    /// The same page in a real browser counts no live element: the title is the report's own,
    /// and what was escaped is read as text.
    @Test(.enabled(if: Consumers.installed("/usr/bin/chromium", "/usr/bin/chromedriver") && Consumers.python("selenium"),
                   "chromium, chromium-driver or selenium is not installed"))
    func noLabelOrFileNameOpensMarkupInABrowser() throws {
        let (folder, mark) = try Self.markedReport()
        let program = """
        import json, sys, pathlib
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            driver.get(pathlib.Path(sys.argv[1]).as_uri())
            print(json.dumps(driver.execute_script("return {live: document.querySelectorAll('img, script, [onerror]').length, title: document.title, text: document.body.innerText}")))
        finally:
            driver.quit()
        """
        let result = try EndToEndTests.ReportTests.python(program, folder.path + "/audit.html")
        #expect(result.status == 0, "\(result.stderr.suffix(1500))")
        let page = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(page["live"] as? Int == 0, "\(result.stdout)")
        #expect((page["title"] as? String)?.hasPrefix("Failed: accessibility audit") == true, "\(result.stdout)")
        // What was escaped is read as text.
        let text = Array(((page["text"] as? String) ?? "").utf8)
        #expect(text.firstRange(of: Array("\(mark)<script>document.title='script'</script>".utf8)) != nil, "\(result.stdout.prefix(2000))")
    }
} }
