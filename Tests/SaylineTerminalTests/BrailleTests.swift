import Foundation
import Testing
import SaylineCore
import PseudoTerminal

extension EndToEndTests { @Suite struct BrailleTests {
    static let brlttyAvailable = FileManager.default.isExecutableFile(atPath: "/usr/sbin/brltty") || ProcessInfo.processInfo.environment["CI"] != nil
    /// A spare virtual console for Sayline, read by BRLTTY's Linux screen driver without being
    /// brought to the front.
    static let console = 8

    /// Runs Sayline on the console under BRLTTY with its virtual braille display (40 cells), in
    /// a PID namespace of its own (so no other Sayline sees this BRLTTY), presses keys with
    /// TIOCSTI and a routing key on the display, and prints what the braille window showed
    /// after each: "KEY<tab>window". (What was spoken is in the scratch folder's `speech`.)
    /// `--kill-child`: if the run is killed, everything in its namespace goes with it.
    static let scenario = #"""
import os, sys, socket, subprocess, time, fcntl, termios, signal
sayline, vt, display = sys.argv[1], sys.argv[2], sys.argv[3]
work, api = sys.argv[4], sys.argv[5] == "api"
tty = f"/dev/tty{vt}"
# A test runner thread may have signals blocked: what this starts must get them (BRLTTY ends on SIGTERM).
signal.pthread_sigmask(signal.SIG_SETMASK, [])
open(os.path.join(work, "empty.conf"), "w").close()
# The console first: its /dev/vcsaN exists once it has been opened, and BRLTTY reads that.
fd = os.open(tty, os.O_RDWR)
sock = os.path.join(work, "vr.sock")
key = os.path.join(work, "key")
with open(key, "w") as f: f.write(os.urandom(16).hex())
# With BrlAPI, Sayline writes the display itself; without (-N), BRLTTY reviews the screen.
brl = subprocess.Popen(["brltty", "-n", "-f", os.path.join(work, "empty.conf"), "-P", os.path.join(work, "pid"), "-b", "vr",
                        "-d", "server:" + sock, "-x", "lx", "-X", f"lx:VT={vt}", "-s", "no", "-M", "10"]
                       + (["-A", f"host=:8,auth=keyfile:{key}"] if api else ["-N"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(100):
    if os.path.exists(sock) and (not api or os.path.exists("/var/lib/BrlAPI/8")): break
    time.sleep(0.05)
s = socket.socket(socket.AF_UNIX); s.connect(sock); s.sendall(b"cells 40\n"); s.settimeout(0.05)
buf = b""
def visual():
    global buf
    end = time.time() + 0.6
    while time.time() < end:
        try:
            d = s.recv(65536)
            if not d: break
            buf += d
        except socket.timeout:
            pass
    lines = [l for l in buf.decode(errors="replace").split("\n") if l.startswith("Visual ")]
    return lines[-1][8:-1].rstrip() if lines else ""
speech = open(os.path.join(work, "speech"), "w")
# clear the console first, so the window shows only Sayline
os.write(fd, b"\x1b[H\x1b[2J")
# Detection on, as for a person: in this namespace it finds this BRLTTY alone.
env = dict(os.environ, TERM="linux", SAYLINE_DETECT_SCREEN_READER="1", HOME=work, BRLAPI_HOST=":8", BRLAPI_AUTH="keyfile:" + key)
p = subprocess.Popen(["setsid", "-c", sayline, "--display", display, "--settle", "0"], stdin=fd, stderr=fd, stdout=speech, env=env, close_fds=True)
time.sleep(1.0)
print("start\t" + visual(), flush=True)
for name, key in [("Up", b"\x1b[A"), ("Up", b"\x1b[A"), ("Tab", b"\t"), ("Up", b"\x1b[A"), ("Right", b"\x1b[C"), ("Left", b"\x1b[D"),
                  ("Type 5", b"5\r")]:
    for byte in key:
        fcntl.ioctl(fd, termios.TIOCSTI, bytes([byte]))
    print(f"{name}\t" + visual(), flush=True)
s.sendall(b"ROUTE 3\n")
time.sleep(0.5)
print("ROUTE 3\t" + visual(), flush=True)
for byte in b"quit\r":
    fcntl.ioctl(fd, termios.TIOCSTI, bytes([byte]))
p.wait(timeout=5)
# The session Sayline led has hung the console up: open it afresh to write on it.
os.close(fd)
fd = os.open(tty, os.O_RDWR)
os.write(fd, b"after exit")
print("quit\t" + visual(), flush=True)
brl.kill()
brl.wait()

"""#

    /// Runs the scenario on the console, with BRLTTY's BrlAPI server or without it (screen
    /// review alone): the run, the braille window after each step, and what was spoken.
    static func runOnConsole(brlapi: Bool) throws -> (run: (status: Int32, stdout: String, stderr: String, peakKilobytes: Int), windows: [String], spoken: String) {
        let folder = try ScratchFolder()
        let script = try folder.file("window.py", scenario)
        let work = folder.path + "/run"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let run = try runPiped(["--pid", "--fork", "--mount-proc", "--kill-child", "python3", script, TerminalProcess.binary, String(console), "screen-reader", work,
                                brlapi ? "api" : "review"], input: "", executable: "/usr/bin/unshare")
        #expect(run.status == 0, "\(run.stderr)")
        let windows = run.stdout.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 1).map(String.init) }.map { $0.count > 1 ? $0[1] : "" }
        let spoken = (try? String(contentsOfFile: work + "/speech", encoding: .utf8)) ?? ""
        return (run, windows, spoken)
    }

    /// Done means: with BRLTTY following the cursor, the braille window shows each value the
    /// moment it changes, without panning, and a routing key on the value leaves it as it is.
    /// Its routing keys send Left and Right, so while BRLTTY reviews the screen those keys do
    /// not step: the first says why, once; a typed value still sets the control.
    @Test(.enabled(if: brlttyAvailable && getuid() == 0 && FileManager.default.fileExists(atPath: "/dev/tty\(console)"),
                   "needs brltty, root and a spare virtual console"))
    func theBrailleWindowShowsEachValueAndRoutingChangesNothing() throws {
        let (run, windows, spoken) = try Self.runOnConsole(brlapi: false)
        #expect(windows.prefix(5) == ["Weight, 62 kilograms", "62.5 kilograms", "63 kilograms", "Rating, 0 out of 10 stars", "1 out of 10 stars"],
                "\(run.stdout)")
        #expect(windows.count > 7 && windows[7] == "5 out of 10 stars" && windows[8] == "5 out of 10 stars", "\(run.stdout)")
        // Right and Left said why they did not step, once; the routing key after the typed
        // value changed nothing and said nothing.
        let why = KeyTable.arrowsLeftToRouting
        #expect(spoken.hasSuffix("Rating, 0 out of 10 stars\n1 out of 10 stars\n\(why)\n5 out of 10 stars\n"), "\(spoken)")
    }

    /// Done means: on the Linux console, Sayline takes the display for its own console through
    /// BrlAPI (BRLTTY reading that console with its Linux screen driver): the control's line,
    /// not the screen's, at once and on every key; a routing key describes; at exit the display
    /// is BRLTTY's again and shows the console.
    @Test(.enabled(if: brlttyAvailable && getuid() == 0 && FileManager.default.fileExists(atPath: "/dev/tty\(console)"),
                   "needs brltty, root and a spare virtual console"))
    func onTheConsoleSaylineWritesTheDisplayItself() throws {
        let (run, windows, _) = try Self.runOnConsole(brlapi: true)
        #expect(windows == ["Weight 62.0 kg", "Weight 62.5 kg", "Weight 63.0 kg", "Rating 0/10", "Rating 1/10", "Rating 2/10", "Rating 1/10",
                            "Rating 5/10", "Rating, 5 out of 10 stars, 0 to 10 in", "after exit"], "\(run.stdout)")
    }
} }
