import Foundation
import Testing
import PseudoTerminal

/// What a braille reader's display shows when Sayline writes to it through BrlAPI: BRLTTY with
/// its virtual braille display over a socket and no screen driver (so it runs in a container),
/// in a PID namespace of its own (no other Sayline sees this BRLTTY), with a BrlAPI socket
/// folder of its own (a tmpfs over /var/lib/BrlAPI in its own mount namespace: another run's
/// BRLTTY, or a stale socket, is never taken for this one). Sayline runs as a job of
/// an interactive bash in a pseudo-terminal, as in a terminal emulator that names its window
/// (WINDOWPATH and WINDOWID, which BrlAPI reads); keys are typed into the terminal or pressed
/// on the display.
extension EndToEndTests { @Suite struct BrlAPITests {
    static let available = BrailleTests.brlttyAvailable && getuid() == 0

    /// Prints a JSON line per step: the step, then the text and the dots the display showed.
    /// Steps: a key name typed into the terminal, `brl:COMMAND` pressed on the display,
    /// `shell:TEXT` typed with Return, `kill` or `term` (SIGKILL or SIGTERM to Sayline), `stop`
    /// or `cont` (SIGSTOP or SIGCONT to BRLTTY), `burst:N` (N keys at once, then Tab).
    static let scenario = #"""
import os, sys, socket, subprocess, time, pty, signal, select, json
signal.pthread_sigmask(signal.SIG_SETMASK, [])
sayline, work, config = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=1777", "brlapi", "/var/lib/BrlAPI"], check=True)
open(os.path.join(work, "empty.conf"), "w").close()
sock, key = os.path.join(work, "vr.sock"), os.path.join(work, "key")
with open(key, "w") as f: f.write(os.urandom(16).hex())
brl = subprocess.Popen(["brltty", "-n", "-f", os.path.join(work, "empty.conf"), "-P", os.path.join(work, "pid"), "-b", "vr",
                        "-d", "server:" + sock, "-x", "no", "-s", "no", "-A", f"host=:7,auth=keyfile:{key}", "-M", "10"] + config.get("brltty", []),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
# Waits for what BRLTTY makes, at most 30 s: a loaded machine may be slow to start it.
def made(path):
    end = time.time() + 30
    while time.time() < end and not os.path.exists(path): time.sleep(0.02)
made(sock)
s = socket.socket(socket.AF_UNIX); s.connect(sock); s.sendall(b"cells %d\n" % config["cells"]); s.settimeout(0.02)
made("/var/lib/BrlAPI/7")
# The socket's name is there before BRLTTY listens on it (and, with a contracted table to load,
# a loaded machine can be slow to): Sayline, which tries its display once at start, starts only
# once the server answers a connection with its first packet.
def answers(path):
    end = time.time() + 30
    while time.time() < end:
        probe = socket.socket(socket.AF_UNIX)
        probe.settimeout(1)
        try:
            probe.connect(path)
            if probe.recv(64): return True
        except OSError:
            pass
        finally:
            probe.close()
        time.sleep(0.02)
    return False
answers("/var/lib/BrlAPI/7")
buf = b""
def windows():
    lines = buf.decode(errors="replace").split("\n")
    v = [l for l in lines if l.startswith("Visual ")]
    b = [l for l in lines if l.startswith("Braille ")]
    return (v[-1][8:-1].rstrip() if v else ""), (b[-1][9:-1].rstrip("| ") if b else "")
def window(expected):
    # Waits (at most 10 s, for a loaded machine) until the display shows what is expected,
    # then a moment more, so a change that should not come is seen too.
    global buf
    end, settle = time.time() + 10, None
    while time.time() < (settle or end):
        try:
            d = s.recv(65536)
            if d: buf += d
        except socket.timeout:
            pass
        if settle is None and (expected is None or windows()[0] == expected): settle = time.time() + 0.15
    return windows()
env = dict(os.environ, TERM="xterm", HOME=work, PS1="SHELL$ ", BRLAPI_HOST=":7", BRLAPI_AUTH="keyfile:" + key,
           SAYLINE_DETECT_SCREEN_READER="0", **config.get("env", {}))
pid, master = pty.fork()
if pid == 0:
    os.execve("/bin/bash", ["bash", "--norc", "--noprofile", "-i"], env)
out = open(os.path.join(work, "terminal"), "wb")
def drain(wait=0.0):
    global seen
    end = time.time() + wait
    while True:
        r = select.select([master], [], [], max(0, end - time.time()))[0]
        if not r: break
        try: d = os.read(master, 65536)
        except OSError: break
        seen += d; out.write(d); out.flush()
seen = b""
def terminal_shows(text, since):
    global seen
    end = time.time() + 10
    while time.time() < end and text.encode() not in seen[since:]:
        r = select.select([master], [], [], 0.05)[0]
        if r:
            try: d = os.read(master, 65536)
            except OSError: break
            seen += d; out.write(d); out.flush()
    return text.encode() in seen[since:]
# The shell's first prompt: it reads what is typed from here on.
terminal_shows("SHELL$ ", 0)
words = [sayline] + config.get("command", []) + config.get("base", ["--display", "screen-reader", "--settle", "0"]) + config.get("flags", [])
os.write(master, (" ".join(w.replace("{work}", work) for w in words) + "\r").encode())
keys = {"Up": b"\x1b[A", "Down": b"\x1b[B", "Tab": b"\t", "CtrlZ": b"\x1a", "Enter": b"\r", "x": b"x"}
for step in [{"do": "start", "display": config["start"]}] + config["steps"]:
    do, since = step["do"], len(seen)
    if do == "start": pass
    elif do.startswith("brl:"): s.sendall(do[4:].encode() + b"\n")
    elif do.startswith("shell:"): os.write(master, do[6:].encode() + b"\r")
    elif do in ("stop", "cont"): os.kill(brl.pid, signal.SIGSTOP if do == "stop" else signal.SIGCONT)
    elif do.startswith("burst:"):
        # Up and Down in turn, as fast as they can be typed, then Tab.
        os.write(master, b"".join(b"\x1b[A" if i % 2 == 0 else b"\x1b[B" for i in range(int(do[6:]))) + b"\t")
    elif do in ("kill", "term"):
        # This shell's own Sayline alone (its child): never another run's on the same machine.
        for p in os.listdir("/proc"):
            if p.isdigit():
                try:
                    stat = open(f"/proc/{p}/stat").read()
                    parent = int(stat[stat.rindex(")") + 2:].split()[1])
                    if open(f"/proc/{p}/comm").read().strip() == "sayline" and parent == pid:
                        os.kill(int(p), signal.SIGKILL if do == "kill" else signal.SIGTERM)
                except (OSError, ValueError): pass
    else: os.write(master, keys[do])
    # Whether the terminal showed what the step waits for, within its time.
    waited = terminal_shows(step["terminal"], since) if "terminal" in step else True
    text, dots = window(step.get("display"))
    drain()
    print(json.dumps({"step": do, "text": text, "dots": dots, "waited": waited}), flush=True)
os.write(master, b"\x04"); drain(0.2)
os.kill(pid, signal.SIGKILL)
brl.kill(); brl.wait()
"""#

    struct Shown: Decodable, Equatable {
        let step: String
        let text: String
        let dots: String
        /// Whether the terminal showed what the step waited for, within 10 s.
        let waited: Bool
    }

    /// One thing done, and what the display should show after it; `terminal`, when given, is
    /// terminal output to wait for first (a job stopped, a prompt back).
    struct Step {
        let action: String
        let shows: String
        var terminal: String?

        init(_ action: String, _ shows: String, terminal: String? = nil) {
            self.action = action
            self.shows = shows
            self.terminal = terminal
        }

        var json: [String: String] {
            var object = ["do": action, "display": shows]
            if let terminal { object["terminal"] = terminal }
            return object
        }
    }

    /// Runs the scenario and returns what the display showed after each step.
    static func run(start: String, cells: Int, steps: [Step], command: [String] = [], base: [String] = ["--display", "screen-reader", "--settle", "0"],
                    flags: [String] = [], brltty: [String] = [],
                    environment: [String: String] = ["WINDOWPATH": "1", "WINDOWID": "4242"]) throws -> (shown: [Shown], terminal: String, events: String) {
        let folder = try ScratchFolder()
        let script = try folder.file("braille.py", scenario)
        let work = folder.path + "/run"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let config: [String: Any] = ["start": start, "cells": cells, "steps": steps.map(\.json), "command": command, "base": base, "flags": flags,
                                     "brltty": brltty, "env": environment]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self)
        let run = try runPiped(["--pid", "--fork", "--mount-proc", "--kill-child", "python3", script, TerminalProcess.binary, work, json],
                               input: "", executable: "/usr/bin/unshare", quietSeconds: 60)
        #expect(run.status == 0, "\(run.stderr)")
        let shown = run.stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(Shown.self, from: Data($0.utf8)) }
        // A step that waits for the terminal (a job stopped, a key answered) must see it come.
        for late in shown where !late.waited { Issue.record("step \(late.step): the terminal never showed what it waited for") }
        let terminal = (try? String(contentsOfFile: work + "/terminal", encoding: .utf8)) ?? ""
        // Read before the scratch folder goes.
        let events = (try? String(contentsOfFile: work + "/events", encoding: .utf8)) ?? ""
        return (shown, terminal, events)
    }

    /// "STEP<tab>TEXT" for what was expected, from the steps.
    static func expected(_ start: String, _ steps: [Step]) -> [String] {
        ["start\t\(start)"] + steps.map { "\($0.action)\t\($0.shows)" }
    }

    /// The text after each step, "STEP<tab>TEXT", for a readable failure.
    static func texts(_ shown: [Shown]) -> [String] { shown.map { "\($0.step)\t\($0.text)" } }

    /// Done means: the display shows the focused control, label then value, the moment a key
    /// changes it; the display's keys step the value, go to the ends, describe, pan a message
    /// and move focus at the text's ends; while Ctrl-Z has stopped Sayline the display's keys
    /// are BRLTTY's again, and `fg` takes them back; the event stream hears the display's keys.
    @Test(.enabled(if: available, "needs brltty and root")) func theDisplayShowsTheControlAndItsKeysAdjustIt() throws {
        let steps = [
            Step("Up", "Weight 62.5 kg"),
            Step("brl:LNUP", "Weight 63.0 kg"),
            Step("brl:LNDN", "Weight 62.5 kg"),
            Step("brl:TOP", "Weight 120.0 kg"),
            // Nothing moved: the boundary is a message over the control.
            Step("brl:LNUP", "maximum"),
            Step("brl:HOME", "Weight 120.0 kg"),
            // A routing key describes; the description is panned a window at a time.
            Step("brl:ROUTE 3", "Weight, 120 kilograms, 40 to 120 in"),
            Step("brl:FWINRT", "steps of 0.5"),
            Step("brl:FWINRT", "Weight 120.0 kg"),
            // Past the control's end: the next control.
            Step("brl:FWINRT", "Rating 0/10"),
            Step("brl:LNUP", "Rating 1/10"),
            Step("Tab", "Balance $12,480"),
            Step("brl:FWINLT", "Rating 1/10"),
            // Stopped, Sayline holds no display: a key pressed meanwhile is BRLTTY's, which
            // shows its own screen ("no screen" without a screen driver); after fg the control
            // is back, and that key never reached Sayline.
            Step("CtrlZ", "Rating 1/10", terminal: "Stopped"),
            Step("brl:LNUP", "no screen"),
            Step("shell:fg", "Rating 1/10", terminal: "Rating, 1 out of 10 stars"),
            Step("brl:LNUP", "Rating 2/10"),
        ]
        let (shown, terminal, events) = try Self.run(start: "Weight 62.0 kg", cells: 40, steps: steps, flags: ["--events", "{work}/events"])
        #expect(Self.texts(shown) == Self.expected("Weight 62.0 kg", steps), "\(terminal.suffix(600))")
        // Computer braille in BRLTTY's own table (North American, eight dots: capital W is 24567).
        #expect(shown.first?.dots == "24567|15|24|1245|125|2345| |235|23|46|356| |13|1245", "\(shown.first?.dots ?? "")")
        #expect(events.contains(#""value":63"#) && events.contains(#""value":2"#), "\(events)")
    }

    /// Done means: a German reader's display shows the German line: the label in German, the
    /// number in German marks ("62,5"), and BRLTTY's messages from Sayline in German.
    @Test(.enabled(if: available, "needs brltty and root")) func theDisplayShowsAGermanLine() throws {
        let steps = [
            Step("Up", "Gewicht 62,5 kg"),
            Step("brl:TOP", "Gewicht 120,0 kg"),
            Step("brl:LNUP", "Maximum"),
            Step("brl:HOME", "Gewicht 120,0 kg"),
            Step("Tab", "Bewertung 0/10"),
        ]
        let (shown, terminal, _) = try Self.run(start: "Gewicht 62,0 kg", cells: 40, steps: steps, flags: ["--language", "de"])
        #expect(Self.texts(shown) == Self.expected("Gewicht 62,0 kg", steps), "\(terminal.suffix(600))")
    }

    /// Done means: when the reader has set BRLTTY to contracted braille, Sayline writes
    /// contracted braille (liblouis, BRLTTY's own table) for each kind of control; on a short
    /// display the value comes first, and panning reaches the label; killed, Sayline's display
    /// goes back to BRLTTY.
    @Test(.enabled(if: available, "needs brltty and root")) func contractedBrailleInTheReadersTable() throws {
        let steps = [
            Step("Up", "⠼⠋⠃⠲⠑⠀⠅⠛"),
            Step("brl:FWINRT", "⠠⠺⠑⠊⠣⠞"),
            Step("Tab", "⠼⠚⠸⠌⠼⠁⠚"),
            Step("brl:LNUP", "⠼⠁⠸⠌⠼⠁⠚"),
            Step("Tab", "⠈⠎⠼⠁⠃⠂⠙⠓⠚"),
            Step("Up", "⠈⠎⠼⠁⠃⠂⠙⠊⠚"),
            // Killed, Sayline cannot let go: BRLTTY takes the display back when the connection
            // closes, and shows its own screen ("no screen", contracted).
            Step("kill", "⠝⠕⠀⠎⠉⠗⠑⠢"),
        ]
        let (shown, terminal, _) = try Self.run(start: "⠼⠋⠃⠲⠚⠀⠅⠛", cells: 12, steps: steps, brltty: ["-c", "en-ueb-g2", "-o", "text-style=contracted"])
        #expect(Self.texts(shown) == Self.expected("⠼⠋⠃⠲⠚⠀⠅⠛", steps), "\(terminal.suffix(400))")
        // "62.5 kg" in UEB grade 2: number sign, 6 2 . 5, a blank cell, k g.
        #expect(shown.count > 1 && shown[1].dots == "3456|124|12|256|15| |13|1245", "\(shown.map(\.dots))")
    }

    /// Done means: `pick` shows its one control on the display, the display's keys choose, and
    /// Enter answers with the value chosen.
    @Test(.enabled(if: available, "needs brltty and root")) func pickOnTheDisplay() throws {
        let steps = [Step("brl:LNUP", "Volume 55"), Step("brl:LNUP", "Volume 60"), Step("Enter", "Volume 60", terminal: "60\r\n")]
        let (shown, terminal, _) = try Self.run(start: "Volume 50", cells: 40, steps: steps,
                                                command: ["pick", "--label", "Volume", "--min", "0", "--max", "100", "--step", "5", "--value", "50"])
        #expect(Self.texts(shown) == Self.expected("Volume 50", steps), "\(terminal.suffix(400))")
        #expect(terminal.contains("60\r\n"), "\(terminal.suffix(400))")
    }

    /// Done means: where BRLTTY runs but the terminal names no window and is no console (a
    /// terminal emulator without WINDOWID, ssh), `--braille on` says why in one line and the
    /// session goes on; the display is never taken.
    @Test(.enabled(if: available, "needs brltty and root")) func noWindowNoConsoleSaysWhyAndTheSessionGoesOn() throws {
        let steps = [Step("Up", "no screen", terminal: "62.5 kilograms")]
        let (shown, terminal, _) = try Self.run(start: "no screen", cells: 40, steps: steps, flags: ["--braille", "on"], environment: [:])
        #expect(Self.texts(shown) == Self.expected("no screen", steps), "\(terminal.suffix(400))")
        #expect(terminal.contains("no braille: this terminal is not a Linux console and names no window (WINDOWID)"), "\(terminal.suffix(400))")
    }

    /// Done means: a braille table that is not there is said, and computer braille shown.
    @Test(.enabled(if: available, "needs brltty and root")) func aTableThatIsNotThereIsSaidAndComputerBrailleShown() throws {
        let steps = [Step("Up", "Weight 62.5 kg")]
        let (shown, terminal, _) = try Self.run(start: "Weight 62.0 kg", cells: 40, steps: steps, flags: ["--braille-code", "no-such-table.ctb"])
        #expect(Self.texts(shown) == Self.expected("Weight 62.0 kg", steps), "\(terminal.suffix(400))")
        #expect(terminal.contains("braille table no-such-table.ctb not found; showing computer braille"), "\(terminal.suffix(400))")
    }

    /// Done means: with no BRLTTY, `auto` says nothing and `on` says why in one line; piped
    /// input has no display to show; `off` never connects.
    @Test func withoutBRLTTYAutoIsSilentAndOnSaysWhy() throws {
        // A socket nobody listens on, whatever runs on this machine.
        let nowhere = ["BRLAPI_HOST": ":97"]
        let auto = try TerminalProcess(["--settle", "0"], environment: nowhere)
        #expect(auto.waitForDisplay("weight> "))
        auto.send("quit\r")
        #expect(auto.waitForExit() == 0)
        #expect(!auto.displayText.contains("braille"), "\(auto.displayText)")
        let on = try TerminalProcess(["--settle", "0", "--braille", "on"], environment: nowhere)
        #expect(on.waitForDisplay("weight> "))
        on.send(Keys.up)
        #expect(on.waitForSpeech("62.5 kilograms"))
        on.send("quit\r")
        #expect(on.waitForExit() == 0)
        #expect(on.displayText.contains("sayline: no braille: no BRLTTY answers ("), "\(on.displayText)")
        #expect(on.displayText.components(separatedBy: "no braille").count == 2, "said once: \(on.displayText)")
        let piped = try runPiped(["--braille", "on"], input: "inc\n", environment: nowhere)
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("62.5 kilograms"))
        #expect(piped.stderr == "sayline: no braille: standard input is not a terminal\n", "\(piped.stderr)")
        let off = try runPiped(["--braille", "off"], input: "inc\n", environment: nowhere)
        #expect(off.stderr.isEmpty, "\(off.stderr)")
    }

    /// Done means: `sayline describe` at a terminal shows its description on the display too,
    /// panned with the display's keys, and any other key ends it and gives the display back.
    @Test(.enabled(if: available, "needs brltty and root")) func describeIsReadOnTheDisplay() throws {
        let steps = [
            Step("brl:FWINRT", "of 0.5. Rating, 0 out of 10 stars, 0 to"),
            Step("brl:FWINRT", "10 in steps of 1. Slide to rate."),
            Step("brl:LNUP", "no screen", terminal: "SHELL$ "),
        ]
        let start = "Weight, 62 kilograms, 40 to 120 in steps"
        let (shown, terminal, _) = try Self.run(start: start, cells: 40, steps: steps, command: ["describe"], base: [])
        #expect(Self.texts(shown) == Self.expected(start, steps), "\(terminal.suffix(400))")
    }

    /// Done means: quitting and SIGTERM each let go of the display, which BRLTTY shows its own
    /// screen on again.
    @Test(.enabled(if: available, "needs brltty and root")) func quitAndSigtermLetGo() throws {
        for ending in [Step("shell:quit", "no screen", terminal: "SHELL$ "), Step("term", "no screen", terminal: "SHELL$ ")] {
            let steps = [Step("Up", "Weight 62.5 kg"), ending]
            let (shown, terminal, _) = try Self.run(start: "Weight 62.0 kg", cells: 40, steps: steps)
            #expect(Self.texts(shown) == Self.expected("Weight 62.0 kg", steps), "\(terminal.suffix(400))")
        }
    }

    /// Done means: a BRLTTY that stops reading (stopped, stuck) never holds up a key: four
    /// hundred keys typed while it is stopped are all answered (before, the loop blocked in
    /// BrlAPI's write once the socket was full, after about 140), and once it reads again the
    /// display shows the newest line, then follows the keys as before.
    @Test(.enabled(if: available, "needs brltty and root")) func aStalledBRLTTYNeverHoldsUpAKey() throws {
        let steps = [
            Step("stop", "Weight 62.0 kg"),
            Step("burst:400", "Weight 62.0 kg", terminal: "Rating, 0 out of 10 stars"),
            Step("cont", "Rating 0/10"),
            Step("brl:LNUP", "Rating 1/10"),
        ]
        let (shown, terminal, _) = try Self.run(start: "Weight 62.0 kg", cells: 40, steps: steps)
        #expect(Self.texts(shown) == Self.expected("Weight 62.0 kg", steps), "\(terminal.suffix(400))")
    }
} }
