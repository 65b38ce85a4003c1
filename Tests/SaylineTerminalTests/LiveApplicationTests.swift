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

    /// `command` run in a desktop of its own (in `work`) with `apps` (gtk3, gtk4, qt,
    /// chromium), in a PID namespace of its own so that nothing it started outlives it.
    static func inDesktop(_ work: String, _ apps: [String], _ command: [String], quietSeconds: Int32 = 120) throws
        -> (status: Int32, stdout: String, stderr: String, peakKilobytes: Int) {
        try runPiped(["--pid", "--fork", "--mount-proc", "--kill-child", "/usr/bin/python3", live + "/desktop.py", work,
                      "--app", apps.joined(separator: ","), "--"] + command, input: "", executable: "/usr/bin/unshare", quietSeconds: quietSeconds)
    }

    /// The desktop with `apps` (gtk3, gtk4, chromium), the driver run in it.
    static func outcomes(_ apps: [String]) throws -> [String: Outcome] {
        let folder = try ScratchFolder()
        let driverFile = try folder.file("driver.py", driver)
        let work = folder.path + "/desktop"
        let names = apps.map { ["gtk3": "sayline-gtk3-fixture", "gtk4": "sayline-gtk4-fixture", "qt": "sayline-qt-fixture", "chromium": "Chromium"][$0] ?? $0 }
        let run = try inDesktop(work, apps, ["/usr/bin/python3", driverFile, TerminalProcess.binary, live] + names, quietSeconds: 240)
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

    /// Qt reports no value text and never says a control has focus (no window manager
    /// activates its window): the defects it can show are found, its good controls pass, its
    /// keyboard-deaf slider is left to a person, and every value is put back.
    @Test(.enabled(if: available && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt5") && getuid() == 0,
                   "needs Xvfb, at-spi2-core, PyQt5 and root"))
    func qtSlidersAreDescribedAndAudited() throws {
        let qt = try #require(try Self.outcomes(["qt"])["sayline-qt-fixture"])
        #expect(qt.describe.contains("Volume, slider, 40, 0 to 100 in steps of 1\n    filler \"Sayline Qt fixture\" › slider \"Volume\"\n"), "\(qt.describe)")
        #expect(qt.failures("fixture\" › slider").contains("name-present"), "\(qt.findings)")
        #expect(qt.failures("\"Bass\"").contains("range-valid") && qt.failures("\"Pan\"").contains("keyboard-reachable"), "\(qt.findings)")
        #expect(qt.failures("\"Volume\"").isEmpty && qt.failures("\"Copies\"").isEmpty, "\(qt.findings)")
        #expect(qt.findings.contains { $0.rule == "keyboard-reachable" && $0.kind == "review" && $0.path.hasSuffix("\"Treble\"") }, "\(qt.findings)")
        #expect(!qt.before.isEmpty && qt.after == qt.before, "before \(qt.before), after \(qt.after)")
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
steps = {"start": read_until(r"(?s)Volume, 40.*> ")}
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
        let run = try Self.inDesktop(folder.path + "/desktop", ["gtk3"], ["/usr/bin/python3", driverFile, TerminalProcess.binary, Self.live])
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

    /// In the desktop: a script run against the GTK 3 window, then a baseline written from an
    /// audit and read back by the next.
    static let scriptDriver = #"""
set -u
cd "$2"
printf 'focus Volume\ninc\nexpect "41"\nexpect value Volume 41\nset 60\nexpect "60"\n' > good.say
printf 'focus Volume\ninc\nexpect "99"\n' > bad.say
"$1" run --app sayline-gtk3-fixture good.say > good.out 2>&1; echo "good $?"
"$1" run --app sayline-gtk3-fixture bad.say > bad.out 2>&1; echo "bad $?"
"$1" audit --app sayline-gtk3-fixture --no-keys --baseline base.jsonl --update-baseline > /dev/null 2>&1; echo "update $?"
"$1" audit --app sayline-gtk3-fixture --no-keys --baseline base.jsonl > again.out 2>&1; echo "again $?"
"$1" run --app no-such-application good.say > missing.out 2>&1; echo "missing $?"
env -u DBUS_SESSION_BUS_ADDRESS -u XDG_RUNTIME_DIR "$1" apps > xroot.out 2>&1; echo "xroot $?"
env -u DBUS_SESSION_BUS_ADDRESS -u XDG_RUNTIME_DIR -u DISPLAY "$1" apps > nobus.out 2>&1; echo "nobus $?"
"""#

    /// Done means: `sayline run --app NAME SCRIPT` runs a script's expectations against the
    /// live application, and a baseline written from an application's audit holds its findings.
    @Test(.enabled(if: available && getuid() == 0, "needs Xvfb, at-spi2-core, GTK 3 for Python and root"))
    func scriptsAndBaselinesWorkOnARunningApplication() throws {
        let folder = try ScratchFolder()
        let driverFile = try folder.file("script.sh", Self.scriptDriver)
        let run = try Self.inDesktop(folder.path + "/desktop", ["gtk3"], ["/bin/bash", driverFile, TerminalProcess.binary, folder.path])
        let read = { (name: String) in (try? String(contentsOfFile: folder.path + "/" + name, encoding: .utf8)) ?? "" }
        #expect(run.stdout.contains("good 0\n"), "\(run.stdout) \(read("good.out"))")
        #expect(read("good.out").contains("41\n60\n"), "\(read("good.out"))")
        #expect(run.stdout.contains("bad 1\n") && read("bad.out").contains("expected \"99\", heard \"61\""), "\(read("bad.out"))")
        #expect(run.stdout.contains("update 0\n") && read("base.jsonl").contains("\"rule\":\"name-present\""), "\(read("base.jsonl"))")
        #expect(run.stdout.contains("again 0\n") && read("again.out").contains("in the baseline"), "\(read("again.out"))")
        // With the display alone (ssh -X, sudo), the X root window's AT_SPI_BUS finds the bus.
        #expect(run.stdout.contains("xroot 0\n") && read("xroot.out").contains("\tsayline-gtk3-fixture\n"), "\(read("xroot.out"))")
        #expect(run.stdout.contains("nobus 2\n") && read("nobus.out").hasPrefix("sayline: no accessibility bus to reach"), "\(read("nobus.out"))")
        #expect(run.stdout.contains("missing 2\n") && read("missing.out").hasPrefix("sayline: no application named \"no-such-application\""), "\(read("missing.out"))")
    }

    /// Orca, in the same desktop, focused on a slider and given Up; what it says, and what
    /// Sayline's describe says of the same slider before and after.
    static let orcaDriver = #"""
import os, sys, subprocess, time, json, signal
signal.pthread_sigmask(signal.SIG_SETMASK, [])
sayline, work, targets = sys.argv[1], sys.argv[2], [t.split(":", 1) for t in sys.argv[3:]]
d = lambda *p: os.path.join(work, *p)
for sub in ["home", "run", "config/speech-dispatcher/modules", "logs", "prefs"]:
    os.makedirs(d(sub), exist_ok=True)
os.chmod(d("run"), 0o700)
said = d("said"); open(said, "w").close()
with open(d("config/speech-dispatcher/speechd.conf"), "w") as f:
    f.write(f'LogLevel 3\nLogDir "{d("logs")}"\nAddModule "logger" "sd_generic" "logger.conf"\nDefaultModule logger\nAudioOutputMethod "libao"\n')
with open(d("config/speech-dispatcher/modules/logger.conf"), "w") as f:
    f.write(f'GenericExecuteSynth "printf \'BEGIN %s\\\\n\' \\\'$DATA\\\' >> {said}; sleep 0.2; printf \'END\\\\n\' >> {said}"\n'
            'AddVoice "en" "male1" "logger"\nDefaultVoice "logger"\nGenericLanguage "en" "english" "utf-8"\n')
env = dict(os.environ, HOME=d("home"), XDG_RUNTIME_DIR=d("run"), XDG_CONFIG_HOME=d("config"), XDG_DATA_HOME=d("home/.local/share"),
           XDG_CACHE_HOME=d("home/.cache"), SPEECHD_ADDRESS="unix_socket:" + d("speechd.sock"), LANG="C.UTF-8")
def start(args):
    return subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=open(d("logs", os.path.basename(args[0]) + ".err"), "w"))
def wait_for(cond, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        if cond(): return True
        time.sleep(0.05)
    sys.exit(f"timed out: {cond.__doc__}; Orca said {open(said).read()!r}")
def text(): return open(said).read()
start(["speech-dispatcher", "-s", "-t", "0", "-C", d("config/speech-dispatcher"), "-c", "unix_socket", "-S", d("speechd.sock")])
def speechd(): "speech-dispatcher"; return os.path.exists(d("speechd.sock"))
wait_for(speechd)
start(["orca", "-u", d("prefs")])
def orca(): "Orca's first words"; return "Screen reader on" in text()
wait_for(orca)
def describe(app):
    out = subprocess.run([sayline, "describe", "--app", app, "--format", "json"], capture_output=True, text=True, env=env).stdout
    return {c["name"]: c for c in json.loads(out)["controls"]}
def quiet():
    last, still = None, time.time()
    while time.time() - still < 1.0:
        now = text()
        if now != last: last, still = now, time.time()
        time.sleep(0.05)
results = []
for app, name in targets:
    start_focus = len(text())
    # Focus the slider as a keyboard user's Tab would land on it: through the bus.
    subprocess.run(["/usr/bin/python3", "-c", f"""
import pyatspi
for app in pyatspi.Registry.getDesktop(0):
    if app and app.name == {app!r}:
        for s in pyatspi.findAllDescendants(app, lambda x: x.getRoleName() == 'slider' and x.name == {name!r}):
            s.queryComponent().grabFocus()
"""], env=env)
    def focused(): "Orca saying the focused slider"; return name in text()[start_focus:]
    wait_for(focused, 15)
    quiet()
    result = {"app": app, "focus": text()[start_focus:], "predictedBefore": describe(app)[name]["valueText"]}
    before = len(text())
    subprocess.run(["xdotool", "keydown", "Up", "sleep", "0.08", "keyup", "Up"], env=env)
    def heard(): "speech after Up"; return len(text()) > before
    wait_for(heard, 10)
    quiet()
    result["heard"] = [l[6:] for l in text()[before:].split("\n") if l.startswith("BEGIN ")]
    result["predicted"] = describe(app)[name]["valueText"]
    results.append(result)
print(json.dumps(results))
"""#

    /// Done means: Orca agrees with what Sayline predicted: after the same key on the same
    /// slider, Orca says the value text that describe then gives (Chromium's valuetext, and
    /// GTK 3's number, which Up lowers on a horizontal scale).
    @Test(.enabled(if: available && OrcaTests.orcaAvailable && getuid() == 0, "needs Orca, speech-dispatcher, xdotool, Xvfb, at-spi2-core, GTK 3, Chromium and root"))
    func orcaSaysTheValueTextDescribePredicted() throws {
        let folder = try ScratchFolder()
        let driverFile = try folder.file("orca.py", Self.orcaDriver)
        let run = try Self.inDesktop(folder.path + "/desktop", ["gtk3", "chromium"], ["/usr/bin/python3", driverFile, TerminalProcess.binary,
                                                                                    folder.path + "/orca", "Chromium:Volume", "sayline-gtk3-fixture:Volume"])
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        let results = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(results.count == 2, "\(run.stdout)")
        for result in results {
            let heard = result["heard"] as? [String] ?? []
            let predicted = result["predicted"] as? String ?? "-"
            // Orca ends its sentences with a full stop of its own.
            #expect(heard.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 } == [predicted], "\(result)")
            #expect(predicted != result["predictedBefore"] as? String, "the key moved the value: \(result)")
        }
        #expect(results.first?["predicted"] as? String == "41 percent")
    }
} }

