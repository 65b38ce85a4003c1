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
    /// a PID namespace of its own (so no other Sayline sees this BRLTTY) with a BrlAPI socket
    /// folder of its own (a tmpfs over /var/lib/BrlAPI in its own mount namespace: no other
    /// BRLTTY's socket, and no stale one, is taken for this one's), presses keys with TIOCSTI
    /// and a routing key on the display, and prints what the braille window showed after each:
    /// "KEY<tab>window". Each step waits for the window the test expects (a JSON list, one per
    /// step; null: nothing to wait for), at most 10 s, then prints what the window shows, so a
    /// failure shows the real window. (What was spoken is in the scratch folder's `speech`.) The console is the
    /// machine's: a lock on it keeps another run of this scenario off it meanwhile.
    /// `--kill-child`: if the run is killed, everything in its namespace goes with it.
    static let scenario = #"""
import os, sys, socket, subprocess, time, fcntl, termios, signal, json
sayline, vt, display = sys.argv[1], sys.argv[2], sys.argv[3]
work, api, expected = sys.argv[4], sys.argv[5] == "api", json.loads(sys.argv[6])
tty = f"/dev/tty{vt}"
# A test runner thread may have signals blocked: what this starts must get them (BRLTTY ends on SIGTERM).
signal.pthread_sigmask(signal.SIG_SETMASK, [])
lock = open(f"/run/lock/sayline-tty{vt}.lock" if os.path.isdir("/run/lock") else f"/tmp/sayline-tty{vt}.lock", "w")
fcntl.flock(lock, fcntl.LOCK_EX)
subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=1777", "brlapi", "/var/lib/BrlAPI"], check=True)
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
end = time.time() + 30
while time.time() < end and not (os.path.exists(sock) and (not api or os.path.exists("/var/lib/BrlAPI/8"))):
    time.sleep(0.05)
s = socket.socket(socket.AF_UNIX); s.connect(sock); s.sendall(b"cells 40\n"); s.settimeout(0.05)
buf = b""
steps = iter(expected)
def window():
    lines = [l for l in buf.decode(errors="replace").split("\n") if l.startswith("Visual ")]
    return lines[-1][8:-1].rstrip() if lines else ""
def visual(hold=0.0):
    # Reads the display until it shows this step's expected window (at most 10 s, for a loaded
    # machine), then `hold` seconds more where a change that should not come must be given time.
    global buf
    want, end, settle = next(steps, None), time.time() + 10, None
    while time.time() < (settle or end):
        try:
            d = s.recv(65536)
            if not d: break
            buf += d
        except socket.timeout:
            pass
        if settle is None and (want is None or window() == want): settle = time.time() + hold
    return window()
speech = open(os.path.join(work, "speech"), "w")
# clear the console first, so the window shows only Sayline
os.write(fd, b"\x1b[H\x1b[2J")
# Detection on, as for a person: in this namespace it finds this BRLTTY alone.
env = dict(os.environ, TERM="linux", SAYLINE_DETECT_SCREEN_READER="1", HOME=work, BRLAPI_HOST=":8", BRLAPI_AUTH="keyfile:" + key)
p = subprocess.Popen(["setsid", "-c", sayline, "--display", display, "--settle", "0"], stdin=fd, stderr=fd, stdout=speech, env=env, close_fds=True)
print("start\t" + visual(), flush=True)
for name, key in [("Up", b"\x1b[A"), ("Up", b"\x1b[A"), ("Tab", b"\t"), ("Up", b"\x1b[A"), ("Right", b"\x1b[C"), ("Left", b"\x1b[D"),
                  ("Type 5", b"5\r")]:
    for byte in key:
        fcntl.ioctl(fd, termios.TIOCSTI, bytes([byte]))
    print(f"{name}\t" + visual(), flush=True)
s.sendall(b"ROUTE 3\n")
# Where the routing key should change nothing, only time can show that nothing came.
print("ROUTE 3\t" + visual(hold=0.5), flush=True)
for byte in b"quit\r":
    fcntl.ioctl(fd, termios.TIOCSTI, bytes([byte]))
p.wait(timeout=30)
# The session Sayline led has hung the console up: open it afresh to write on it.
os.close(fd)
fd = os.open(tty, os.O_RDWR)
os.write(fd, b"after exit")
print("quit\t" + visual(), flush=True)
brl.kill()
brl.wait()

"""#

    /// Runs the scenario on the console, with BRLTTY's BrlAPI server or without it (screen
    /// review alone), waiting at each step for the window `expected` gives for it: the run, the
    /// braille window after each step, and what was spoken.
    static func runOnConsole(brlapi: Bool, expected: [String?]) throws -> (run: (status: Int32, stdout: String, stderr: String, peakKilobytes: Int), windows: [String], spoken: String) {
        let folder = try ScratchFolder()
        let script = try folder.file("window.py", scenario)
        let work = folder.path + "/run"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: expected.map { $0 ?? NSNull() as Any }), as: UTF8.self)
        // A step may wait 10 s for its window, saying nothing meanwhile.
        let run = try runPiped(["--pid", "--fork", "--mount-proc", "--kill-child", "python3", script, TerminalProcess.binary, String(console), "screen-reader", work,
                                brlapi ? "api" : "review", json], input: "", executable: "/usr/bin/unshare", quietSeconds: 60)
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
        // What Right and Left show (the end of the line saying why) and the console after the
        // run are not this test's: nothing is waited for there.
        let expected = ["Weight, 62 kilograms", "62.5 kilograms", "63 kilograms", "Rating, 0 out of 10 stars", "1 out of 10 stars", nil, nil,
                        "5 out of 10 stars", "5 out of 10 stars", nil]
        let (run, windows, spoken) = try Self.runOnConsole(brlapi: false, expected: expected)
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
        let expected = ["Weight 62.0 kg", "Weight 62.5 kg", "Weight 63.0 kg", "Rating 0/10", "Rating 1/10", "Rating 2/10", "Rating 1/10",
                        "Rating 5/10", "Rating, 5 out of 10 stars, 0 to 10 in", "after exit"]
        let (run, windows, _) = try Self.runOnConsole(brlapi: true, expected: expected)
        #expect(windows == expected, "\(run.stdout)")
    }
} }
