import Foundation
import Testing
import PseudoTerminal

/// Running applications' sliders, reached over the accessibility bus as a screen reader reaches
/// them: a private desktop (Xvfb, a session bus, at-spi2's bus and registry) in a PID namespace
/// of its own, with real GTK 3, GTK 4 and Chromium windows of good and defective sliders
/// (Fixtures/live), and Sayline's describe and audit run against them.
extension EndToEndTests { @Suite struct LiveApplicationTests {
    static let stack = ["/usr/bin/Xvfb", "/usr/bin/dbus-daemon", "/usr/libexec/at-spi-bus-launcher", "/usr/libexec/at-spi2-registryd",
                        "/usr/bin/chromium", "/usr/bin/python3"]
    static let gtk4 = "/usr/lib/x86_64-linux-gnu/girepository-1.0/Gtk-4.0.typelib"
    /// .ci/run installs the stack: under CI its absence is a failure, elsewhere a skip.
    static let available = (stack.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } && FileManager.default.fileExists(atPath: gtk4))
        || ProcessInfo.processInfo.environment["CI"] != nil
    static let live = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/live").path

    /// Runs in the desktop: for each application, its values as the bus shows them, describe's
    /// text, the audit's SARIF log and exit status, and its values after the audit.
    static let driver = #"""
import json, subprocess, sys
sayline, live, apps = sys.argv[1], sys.argv[2], sys.argv[3:]
def values(app):
    return json.loads(subprocess.run(["/usr/bin/python3", live + "/values.py", app], capture_output=True, text=True).stdout or "{}")
out = {}
for app in apps:
    before = values(app)
    describe = subprocess.run([sayline, "describe", "--app", app], capture_output=True, text=True, timeout=60)
    audit = subprocess.run([sayline, "audit", "--app", app, "--format", "sarif"], capture_output=True, text=True, timeout=300)
    out[app] = {"before": before, "describe": describe.stdout, "describeStatus": describe.returncode,
                "sarif": audit.stdout, "auditStatus": audit.returncode, "auditErrors": audit.stderr, "after": values(app)}
print(json.dumps(out))
"""#

    struct Outcome: Decodable {
        let before: [String: Double]
        let describe: String
        let describeStatus: Int32
        let sarif: String
        let auditStatus: Int32
        let auditErrors: String
        let after: [String: Double]

        /// (rule, kind, control path) of each result that is not a pass.
        var findings: [(rule: String, kind: String, path: String)] {
            guard let log = try? JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any],
                  let run = (log["runs"] as? [[String: Any]])?.first, let results = run["results"] as? [[String: Any]] else { return [] }
            return results.compactMap { result in
                guard let kind = result["kind"] as? String, kind != "pass", let rule = result["ruleId"] as? String,
                      let location = (result["locations"] as? [[String: Any]])?.first,
                      let name = ((location["logicalLocations"] as? [[String: Any]])?.first?["name"]) as? String else { return nil }
                return (rule, kind, name)
            }
        }

        /// The rules that failed on the control whose path ends with `tail`.
        func failures(_ tail: String) -> Set<String> {
            Set(findings.filter { $0.kind == "fail" && $0.path.hasSuffix(tail) }.map(\.rule))
        }
    }

    /// The desktop with `apps` (gtk3, gtk4, chromium), the driver run in it.
    static func outcomes(_ apps: [String]) throws -> [String: Outcome] {
        let folder = try ScratchFolder()
        let driverFile = try folder.file("driver.py", driver)
        let work = folder.path + "/desktop"
        let names = apps.map { ["gtk3": "sayline-gtk3-fixture", "gtk4": "sayline-gtk4-fixture", "chromium": "Chromium"][$0] ?? $0 }
        let run = try runPiped(["--pid", "--fork", "--mount-proc", "--kill-child", "/usr/bin/python3", live + "/desktop.py", work,
                                "--app", apps.joined(separator: ","), "--", "/usr/bin/python3", driverFile, TerminalProcess.binary, live] + names,
                               input: "", executable: "/usr/bin/unshare", quietSeconds: 240)
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        let decoded = try JSONDecoder().decode([String: Outcome].self, from: Data(run.stdout.utf8))
        return decoded
    }

    /// Done means: describe lists a real GTK or Chromium window's sliders with what a reader
    /// would say, in Orca's order of value texts; the audit finds the nameless, the silent and
    /// the keyboard-deaf sliders and nothing on the good ones, and leaves every value as it
    /// found it.
    @Test(.enabled(if: available && getuid() == 0, "needs Xvfb, at-spi2-core, GTK 3 and 4 for Python, Chromium and root"))
    func describeAndAuditRealGTKAndChromiumWindows() throws {
        let found = try Self.outcomes(["gtk3", "chromium"])
        let gtk = try #require(found["sayline-gtk3-fixture"]), web = try #require(found["Chromium"])

        // What a reader says: GTK 3 gives no text (the number, formatted), Chromium its valuetext.
        #expect(gtk.describeStatus == 0)
        #expect(gtk.describe.contains("Volume, slider, 40, 0 to 100 in steps of 1\n    frame \"Sayline GTK 3 fixture\" › filler › slider \"Volume\"\n"), "\(gtk.describe)")
        #expect(gtk.describe.contains("Copies, spin button, 3, 1 to 20 in steps of 1\n"), "\(gtk.describe)")
        #expect(gtk.describe.contains("Pan, slider, 5, 0 to 10 in steps of 1, not focusable\n"), "\(gtk.describe)")
        #expect(web.describe.contains("Volume, slider, 40 percent, 0 to 100 with no step given\n"), "\(web.describe)")
        #expect(web.describe.contains("Loudness, slider, loud, 0 to 10 with no step given\n"), "\(web.describe)")
        #expect(web.describe.contains("no name, slider, 5, 0 to 10 with no step given\n"), "\(web.describe)")

        for (name, outcome, tail) in [("GTK 3", gtk, "fixture\" › filler › slider"), ("Chromium", web, "fixture\" › slider")] {
            // Every defect found, on the control that has it.
            #expect(outcome.auditStatus == 1, "\(name): \(outcome.auditErrors)")
            #expect(outcome.failures(tail).contains("name-present"), "\(name): \(outcome.findings)")
            #expect(outcome.failures("\"Brightness slider\"").contains("name-no-role-words"), "\(name)")
            #expect(outcome.failures("\"Balance\" 1").contains("name-unique") && outcome.failures("\"Balance\" 2").contains("name-unique"), "\(name)")
            #expect(outcome.failures("\"Bass\"").contains("range-valid"), "\(name)")
            #expect(outcome.failures("\"Treble\"").contains("keyboard-reachable"), "\(name): the keyboard-deaf slider")
            #expect(outcome.failures("\"Pan\"").contains("keyboard-reachable"), "\(name): the slider that cannot take focus")
            // Nothing fails on the good ones.
            #expect(outcome.failures("\"Volume\"").isEmpty, "\(name): \(outcome.failures("\"Volume\""))")
            #expect(outcome.failures("\"Copies\"").isEmpty, "\(name): \(outcome.failures("\"Copies\""))")
            // Every value as it was found.
            #expect(!outcome.before.isEmpty && outcome.after == outcome.before, "\(name): before \(outcome.before), after \(outcome.after)")
            #expect(!outcome.auditErrors.contains("could not be put back"), "\(name): \(outcome.auditErrors)")
        }
        #expect(web.failures("\"Loudness\"") == ["no-silent-steps"], "the silent slider: \(web.findings)")
        #expect(web.failures("\"Speed\"").isEmpty, "\(web.failures("\"Speed\""))")
        // GTK 3's horizontal scale lowers its value on Up: for a person to look at, never a failure.
        #expect(gtk.findings.contains { $0.rule == "keyboard-reachable" && $0.kind == "review" && $0.path.hasSuffix("\"Volume\"") })
    }

    /// GTK 4 reports no step and cannot be asked to move focus: what Sayline cannot try is a
    /// finding for a person, never a failure on a good slider.
    @Test(.enabled(if: available && getuid() == 0, "needs Xvfb, at-spi2-core, GTK 4 for Python and root"))
    func gtk4SlidersAreDescribedAndWhatCannotBeTriedIsLeftToAPerson() throws {
        let gtk4 = try #require(try Self.outcomes(["gtk4"])["sayline-gtk4-fixture"])
        #expect(gtk4.describe.contains("Volume, slider, 40, 0 to 100 with no step given\n"), "\(gtk4.describe)")
        #expect(gtk4.failures("\"Volume\"").isEmpty && gtk4.failures("\"Copies\"").isEmpty, "\(gtk4.findings)")
        #expect(gtk4.findings.contains { $0.rule == "range-valid" && $0.kind == "review" && $0.path.hasSuffix("\"Volume\"") })
        #expect(gtk4.failures("\"Bass\"").contains("range-valid") && gtk4.failures("\"Pan\"").contains("keyboard-reachable"))
        #expect(gtk4.after == gtk4.before)
    }

    /// In the desktop: Sayline's REPL on the GTK 3 window in a pseudo-terminal; Up, a change
    /// made by another client (as the mouse would), then a typed value; what the terminal
    /// showed after each, without escape sequences, and the application's values after each.
    static let replDriver = #"""
import os, pty, re, sys, time, json, subprocess, select
sayline, live = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.execve(sayline, [sayline, "--app", "sayline-gtk3-fixture"], dict(os.environ, TERM="xterm", SAYLINE_DETECT_SCREEN_READER="0", LANG="C.UTF-8"))
out = b""
def read_until(pattern, secs=10):
    global out
    start, end = len(out), time.time() + secs
    while time.time() < end:
        text = re.sub(r"\x1b(\[[0-9;?]*[A-Za-z]|[78DM])", "", out[start:].decode(errors="replace"))
        if re.search(pattern, text): break
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try: out += os.read(fd, 65536)
            except OSError: break
    return re.sub(r"\x1b(\[[0-9;?]*[A-Za-z]|[78DM])", "", out[start:].decode(errors="replace"))
def volume():
    values = json.loads(subprocess.run(["/usr/bin/python3", live + "/values.py", "gtk3"], capture_output=True, text=True).stdout)
    return next(v for k, v in values.items() if k.endswith(":Volume"))
steps = {"start": read_until(r"Volume\] ?> ?$|Volume\"> $")}
os.write(fd, b"\x1b[A")
steps["up"] = read_until(r"\r41\b")
steps["upValue"] = volume()
subprocess.run(["/usr/bin/python3", "-c", """
import pyatspi
for app in pyatspi.Registry.getDesktop(0):
    if app and app.name == 'sayline-gtk3-fixture':
        for slider in pyatspi.findAllDescendants(app, lambda x: x.getRoleName() == 'slider' and x.name == 'Volume'):
            slider.queryValue().currentValue = 77
"""])
steps["outside"] = read_until(r"\r77\b")
os.write(fd, b"70\r")
steps["typed"] = read_until(r"\r70\b")
steps["typedValue"] = volume()
os.write(fd, b"\x04")
steps["end"] = read_until(r"$", 2)
print(json.dumps(steps))
"""#

    /// Done means: `sayline --app NAME` moves a real slider from the keyboard and says its new
    /// value, and says a change made elsewhere.
    @Test(.enabled(if: available && getuid() == 0, "needs Xvfb, at-spi2-core, GTK 3 for Python and root"))
    func theREPLMovesARealSliderAndSaysWhatTheApplicationThenExposes() throws {
        let folder = try ScratchFolder()
        let driverFile = try folder.file("repl.py", Self.replDriver)
        let run = try runPiped(["--pid", "--fork", "--mount-proc", "--kill-child", "/usr/bin/python3", Self.live + "/desktop.py", folder.path + "/desktop",
                                "--app", "gtk3", "--", "/usr/bin/python3", driverFile, TerminalProcess.binary, Self.live],
                               input: "", executable: "/usr/bin/unshare", quietSeconds: 120)
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        let steps = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        let text = { (key: String) in steps[key] as? String ?? "" }
        #expect(text("start").contains("Volume, 40"), "\(text("start"))")
        // Up sets the next value, and what the application then exposes is said.
        #expect(text("up").contains("\r41"), "\(text("up"))")
        #expect(steps["upValue"] as? Double == 41)
        // A change made by another client is said as the application says it.
        #expect(text("outside").contains("\r77"), "\(text("outside"))")
        // A typed value moves the application's slider.
        #expect(text("typed").contains("\r70"), "\(text("typed"))")
        #expect(steps["typedValue"] as? Double == 70)
    }
} }

