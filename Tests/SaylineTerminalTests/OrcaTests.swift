import Foundation
import Testing
import PseudoTerminal

/// What a blind user hears through Orca, GNOME's screen reader, in gnome-terminal: the whole
/// desktop stack of a person's session, private to the test (an X server without a screen,
/// a session bus, the accessibility bus, a speech-dispatcher whose one output module logs each
/// message when it begins and ends), in a PID namespace of its own so no other Sayline sees
/// this Orca.
extension EndToEndTests { @Suite struct OrcaTests {
    static let stack = ["/usr/bin/orca", "/usr/bin/gnome-terminal", "/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/dbus-daemon",
                        "/usr/libexec/at-spi-bus-launcher", "/usr/bin/speech-dispatcher", "/usr/bin/localedef"]
    /// .ci/run installs the stack: under CI its absence is a failure, elsewhere a skip.
    static let orcaAvailable = stack.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
        || ProcessInfo.processInfo.environment["CI"] != nil

    /// Starts the stack with Orca's default preferences, runs Sayline in gnome-terminal with
    /// screen-reader detection on and no flags, gives its window focus once Sayline waits for a
    /// key and Orca is idle (as a person's terminal has focus long after it opened), presses
    /// keys with xdotool (held 80 ms: Orca ignores a key released at once), waits for speech to
    /// go quiet after each, and prints a JSON line per key: the key and each message Orca sent,
    /// with whether it was said to its end. The last line is a run of three quick keys, which
    /// Orca cuts as a person would.
    static let scenario = #"""
import os, sys, subprocess, time, signal, json
# A test runner thread may have signals blocked: what this starts must get them.
signal.pthread_sigmask(signal.SIG_SETMASK, [])
sayline, work = sys.argv[1], sys.argv[2]
# The desktop's language, and the words that show Orca, then Sayline, have spoken in it.
language = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {"locale": "en_US", "orca": "Screen reader on", "focused": "kilograms", "typed": "5 out of 10 stars"}
d = lambda *p: os.path.join(work, *p)
for sub in ["home", "run", "config/speech-dispatcher/modules", "logs", "prefs", "locale"]:
    os.makedirs(d(sub), exist_ok=True)
os.chmod(d("run"), 0o700)
said = d("said")
open(said, "w").close()
# Orca asks speech-dispatcher for its own language's symbol names: the machine may have only C.UTF-8.
subprocess.run(["localedef", "-i", language["locale"], "-f", "UTF-8", d("locale", language["locale"] + ".UTF-8")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
with open(d("config/speech-dispatcher/speechd.conf"), "w") as f:
    f.write(f'LogLevel 5\nLogDir "{d("logs")}"\nAddModule "logger" "sd_generic" "logger.conf"\nDefaultModule logger\nAudioOutputMethod "libao"\n')
# Each message: a line when it begins, 0.3 s of "speaking", a line when it ends; a message cut has no END.
with open(d("config/speech-dispatcher/modules/logger.conf"), "w") as f:
    f.write(f'GenericExecuteSynth "printf \'BEGIN %s\\\\n\' \\\'$DATA\\\' >> {said}; sleep 0.3; printf \'END\\\\n\' >> {said}"\n'
            'AddVoice "en" "male1" "logger"\nAddVoice "de" "male1" "logger"\nDefaultVoice "logger"\n'
            'GenericLanguage "en" "english" "utf-8"\nGenericLanguage "de" "german" "utf-8"\n')
env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DBUS", "SPEECHD", "SAYLINE", "LC_", "DISPLAY"))}
env.update(HOME=d("home"), XDG_RUNTIME_DIR=d("run"), XDG_CONFIG_HOME=d("config"), XDG_DATA_HOME=d("home/.local/share"),
           XDG_CACHE_HOME=d("home/.cache"), NO_AT_BRIDGE="0", GTK_A11Y="atspi", XDG_CURRENT_DESKTOP="GNOME",
           LOCPATH=d("locale"), LANG=language["locale"] + ".UTF-8", SPEECHD_ADDRESS="unix_socket:" + d("speechd.sock"),
           DBUS_SESSION_BUS_ADDRESS="unix:path=" + d("bus"), PATH="/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin")
def start(args, **kw):
    return subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL,
                            stderr=open(d("logs", os.path.basename(args[0]) + ".err"), "w"), **kw)
def wait_for(cond, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        if cond(): return True
        time.sleep(0.05)
    sys.exit(f"timed out: {cond.__doc__}; Orca said {open(said).read()!r}")
def text(): return open(said).read()
r, w = os.pipe()
start(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "+extension", "XTEST"], pass_fds=[w])
os.close(w)
env["DISPLAY"] = ":" + os.read(r, 16).decode().strip()
start(["dbus-daemon", "--session", "--nofork", "--address=unix:path=" + d("bus")])
def bus(): "the session bus"; return os.path.exists(d("bus"))
wait_for(bus)
start(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
def a11y():
    "the accessibility bus"
    names = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                            "org.freedesktop.DBus.ListNames"], env=env, capture_output=True, text=True).stdout
    return "org.a11y.Bus" in names
wait_for(a11y)
start(["speech-dispatcher", "-s", "-t", "0", "-C", d("config/speech-dispatcher"), "-l", "5", "-L", d("logs"),
       "-c", "unix_socket", "-S", d("speechd.sock")])
def speechd(): "speech-dispatcher"; return os.path.exists(d("speechd.sock"))
wait_for(speechd)
orca_process = start(["orca", "-u", d("prefs"), "--debug-file", d("logs", "orca.debug")])
def orca(): "Orca's first words"; return language["orca"] in text()
wait_for(orca)
# With no window manager, the keyboard follows the pointer: a window that maps under it takes
# focus while the terminal is still making its widgets, and Orca, working through that flood of
# events, may drop the terminal's focus and its first text (it prunes events not from what has
# focus). So the pointer is parked away, and the window is given focus once it is settled.
subprocess.run(["xdotool", "mousemove", "1279", "1023"], env=env)
start(["gnome-terminal", "--wait", "--", "env", "SAYLINE_DETECT_SCREEN_READER=1", sayline, "--settle", "0"])
windows = []
def terminal():
    "the terminal's window"
    windows[:] = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "gnome-terminal"], env=env,
                                capture_output=True, text=True).stdout.split()
    return windows
wait_for(terminal)
def sayline_waiting():
    "Sayline waiting for its first key"
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if open(f"/proc/{pid}/comm").read().strip() != "sayline": continue
            # Blocked in poll: by the kernel's name for where it sleeps, or by its system call
            # (7, poll, or 271, ppoll, on x86-64) where that name is hidden.
            if "poll" in open(f"/proc/{pid}/wchan").read(): return True
            if open(f"/proc/{pid}/syscall").read().split()[0] in ("7", "271"): return True
        except OSError:
            pass
    return False
wait_for(sayline_waiting)
def orca_state():
    # Its scheduling state and the CPU time its threads have had.
    fields = open(f"/proc/{orca_process.pid}/stat").read().rsplit(")", 1)[1].split()
    return fields[0], int(fields[11]) + int(fields[12])
def orca_idle():
    "Orca idle after the terminal's start"
    # Asleep at both looks and no CPU time between: a CPU time that stood still because a
    # loaded machine gave Orca none would show it runnable (R), not asleep.
    before = orca_state()
    time.sleep(0.5)
    after = orca_state()
    return before[0] == "S" and after == before
wait_for(orca_idle)
def quiet():
    "quiet after speech"
    last, still = None, time.time()
    def settled():
        nonlocal last, still
        now = text()
        if now != last: last, still = now, time.time()
        return time.time() - still > 0.8 and now.endswith("END\n")
    settled.__doc__ = quiet.__doc__
    wait_for(settled, 15)
def messages(since):
    out = []
    for line in text()[since:].split("\n"):
        if line.startswith("BEGIN "): out.append({"text": " ".join(line[6:].split()), "ended": False})
        elif line == "END" and out: out[-1]["ended"] = True
    return out
def sayline_focused(): "Sayline's cursor line"; return language["focused"] in text()
def focus():
    # No window manager: the window is given the keyboard and the pointer by hand.
    subprocess.run(["xdotool", "windowfocus", "--sync", windows[-1]], env=env)
    subprocess.run(["xdotool", "mousemove", "--window", windows[-1], "100", "100"], env=env)
focus()
wait_for(sayline_focused)
quiet()
print(json.dumps({"key": "start", "said": messages(0)}), flush=True)
for key in ["Up", "Up", "Tab", "Right", "Left"]:
    before = len(text())
    subprocess.run(["xdotool", "keydown", key, "sleep", "0.08", "keyup", key], env=env)
    def heard(): "speech after a key"; return len(text()) > before
    wait_for(heard, 10)
    quiet()
    print(json.dumps({"key": key, "said": messages(before)}), flush=True)
before = len(text())
for key in ["Up", "Up", "Up"]:
    subprocess.run(["xdotool", "keydown", key, "sleep", "0.05", "keyup", key, "sleep", "0.1"], env=env)
quiet()
print(json.dumps({"key": "Up Up Up", "said": messages(before)}), flush=True)
# A value typed as a person says it, then Enter.
before = len(text())
for key in ["5", "Return"]:
    subprocess.run(["xdotool", "keydown", key, "sleep", "0.08", "keyup", key, "sleep", "0.1"], env=env)
def typed(): "the typed value"; return language["typed"] in text()[before:]
wait_for(typed, 10)
quiet()
print(json.dumps({"key": "5 Return", "said": messages(before)}), flush=True)
"""#

    struct Heard: Decodable {
        struct Message: Decodable { let text: String; let ended: Bool }
        let key: String
        let said: [Message]
    }

    /// Done means: under Orca with its default settings, detection chooses the screen-reader
    /// display, focus reads the control and its value, and each key is heard as its value alone,
    /// once and whole: no prompt word, no symbol named ("greater", "slash"), nothing read twice;
    /// a quick run of keys ends with its last value said whole.
    /// The scenario under Orca in gnome-terminal, in a desktop of `language` (its locale, Orca's
    /// first words in it, a word of Sayline's focus line, the typed value's words).
    static func heardUnderOrca(_ language: [String: String]? = nil) throws -> (heard: [Heard], stdout: String) {
        let folder = try ScratchFolder()
        let script = try folder.file("orca.py", Self.scenario)
        let work = folder.path + "/run"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let languageArgument = try language.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let run = try runPiped(["--pid", "--fork", "--mount-proc", "--kill-child", "python3", script, TerminalProcess.binary, work] + [languageArgument].compactMap { $0 },
                               input: "", executable: "/usr/bin/unshare", quietSeconds: 60)
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        return (run.stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(Heard.self, from: Data($0.utf8)) }, run.stdout)
    }

    @Test(.enabled(if: orcaAvailable && getuid() == 0, "needs Orca, gnome-terminal, Xvfb, xdotool and root"))
    func underOrcaEachKeyIsHeardAsItsValueOnceAndWhole() throws {
        let (heard, stdout) = try Self.heardUnderOrca()
        func said(_ index: Int) -> [String] {
            guard heard.indices.contains(index) else { return [] }
            // Orca echoes action keys such as Tab by name: that is the reader's, not Sayline's.
            return heard[index].said.map(\.text).filter { $0.lowercased() != heard[index].key.lowercased() }
        }
        #expect(heard.count == 8, "\(stdout)")
        // Orca's own start-up words, then the cursor line as the terminal gets focus.
        #expect(said(0).last == "Weight, 62 kilograms", "\(said(0))")
        let expected = ["62.5 kilograms", "63 kilograms", "Rating, 0 out of 10 stars", "1 out of 10 stars", "0 out of 10 stars min"]
        for (index, value) in expected.enumerated() {
            #expect(said(index + 1) == [value], "\(heard.indices.contains(index + 1) ? heard[index + 1].key : "?"): \(said(index + 1))")
            #expect(heard.indices.contains(index + 1) && heard[index + 1].said.allSatisfy(\.ended), "cut short: \(said(index + 1))")
        }
        // Three quick keys: each value begun, the earlier ones cut, the last said to its end.
        let run3 = heard.indices.contains(6) ? heard[6].said : []
        #expect(run3.last?.text == "3 out of 10 stars" && run3.last?.ended == true, "\(run3)")
        #expect(Set(run3.map(\.text)).isSubset(of: ["1 out of 10 stars", "2 out of 10 stars", "3 out of 10 stars"]), "\(run3)")
        // A typed value: the value said whole, after whatever Orca echoes of the keys typed.
        let typed = heard.indices.contains(7) ? heard[7].said : []
        #expect(typed.last?.text == "5 out of 10 stars" && typed.last?.ended == true, "\(typed)")
    }

    /// Done means: in a German desktop, Orca (speaking German itself) hears Sayline's German
    /// words, and every value whole, with its decimal comma: "62,5 Kilogramm", never "62.5".
    @Test(.enabled(if: orcaAvailable && getuid() == 0, "needs Orca, gnome-terminal, Xvfb, xdotool and root"))
    func underOrcaInGermanTheValuesAreGermanAndWhole() throws {
        let (heard, stdout) = try Self.heardUnderOrca(["locale": "de_DE", "orca": "Bildschirmleser an", "focused": "Kilogramm", "typed": "5 von 10 Sternen"])
        func said(_ index: Int) -> [String] {
            guard heard.indices.contains(index) else { return [] }
            return heard[index].said.map(\.text).filter { $0.lowercased() != heard[index].key.lowercased() }
        }
        #expect(heard.count == 8, "\(stdout)")
        #expect(said(0).last == "Gewicht, 62 Kilogramm", "\(said(0))")
        let expected = ["62,5 Kilogramm", "63 Kilogramm", "Bewertung, 0 von 10 Sternen", "1 von 10 Sternen"]
        for (index, value) in expected.enumerated() {
            #expect(said(index + 1) == [value], "\(heard.indices.contains(index + 1) ? heard[index + 1].key : "?"): \(said(index + 1))")
        }
        let typed = heard.indices.contains(7) ? heard[7].said : []
        #expect(typed.last?.text == "5 von 10 Sternen" && typed.last?.ended == true, "\(typed)")
    }
} }
