#!/usr/bin/python3
"""A private desktop for the live accessibility-bus tests.

    /usr/bin/python3 desktop.py WORKDIR [--app gtk3,gtk4,qt,chromium] [--timeout S] -- COMMAND ARGS...

Starts an X server without a screen (Xvfb), a session bus, the accessibility bus, the fixture
applications asked for, waits until each is on the accessibility bus with all its sliders, runs
COMMAND in that desktop's environment (its stdout and stderr pass through) and exits with
COMMAND's status after ending everything it started. WORKDIR/env holds the desktop's
environment as shell assignments, WORKDIR/logs each program's stderr. With no window manager:
the pointer is parked in the screen's corner so no window takes the keyboard by chance.
"""
import argparse, ctypes, json, os, shlex, signal, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
PY = "/usr/bin/python3"
APPS = {
    "gtk3": [PY, os.path.join(HERE, "gtk3_fixture.py")],
    "many": [PY, os.path.join(HERE, "many_fixture.py")],
    "gtk4": [PY, os.path.join(HERE, "gtk4_fixture.py")],
    "qt": [PY, os.path.join(HERE, "qt_fixture.py")],
    "chromium": ["/usr/bin/chromium", "--no-sandbox", "--force-renderer-accessibility", "--no-first-run",
                 "--no-default-browser-check", "--disable-gpu", "--disable-extensions", "--disable-sync",
                 "--password-store=basic", "--use-mock-keychain", "--window-position=0,0", "--window-size=900,700",
                 "USERDATA", "--app=file://" + os.path.join(HERE, "sliders.html")],
}
# The application's name on the bus and the sliders and spin buttons it must show before the
# desktop is ready (names as in the fixtures; "" is the nameless one).
NAMES = {"many": "sayline-many-fixture", "gtk3": "sayline-gtk3-fixture", "gtk4": "sayline-gtk4-fixture", "qt": "sayline-qt-fixture", "chromium": "Chromium"}

children = []


def main():
    # A test runner's thread may have signals blocked: what this starts must get them.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    # Orphans of what this starts (an activated registry daemon, Chromium's helpers) become its
    # children, so it can find and end them.
    ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    p = argparse.ArgumentParser()
    p.add_argument("workdir")
    p.add_argument("--app", default="")
    p.add_argument("--timeout", type=float, default=40)
    argv = sys.argv[1:]
    if "--" not in argv:
        p.error("no -- COMMAND")
    split = argv.index("--")
    a = p.parse_args(argv[:split])
    command = argv[split + 1:]
    if not command:
        p.error("no COMMAND after --")
    apps = [x for x in a.app.split(",") if x]
    for x in apps:
        if x not in APPS:
            p.error(f"unknown app {x}: one of {', '.join(APPS)}")
    work = os.path.abspath(a.workdir)
    d = lambda *q: os.path.join(work, *q)
    for sub in ["home", "run", "config", "cache", "data", "logs"]:
        os.makedirs(d(sub), exist_ok=True)
    os.chmod(d("run"), 0o700)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "DBUS", "AT_SPI", "DISPLAY", "WAYLAND", "QT_", "GTK_", "GDK_", "NO_AT_BRIDGE", "SESSION_MANAGER"))}
    env.update(HOME=d("home"), XDG_RUNTIME_DIR=d("run"), XDG_CONFIG_HOME=d("config"), XDG_CACHE_HOME=d("cache"),
               XDG_DATA_HOME=d("data"), NO_AT_BRIDGE="0", GTK_A11Y="atspi", GDK_BACKEND="x11", QT_QPA_PLATFORM="xcb",
               QT_ACCESSIBILITY="1", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
               DBUS_SESSION_BUS_ADDRESS="unix:path=" + d("bus"), SAYLINE_FIXTURE_VALUES=d("values"))
    os.makedirs(d("values"), exist_ok=True)

    def start(args, name, **kw):
        proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=open(d("logs", name + ".err"), "w"), **kw)
        children.append(proc)
        return proc

    def wait_for(what, cond, timeout, interval=0.1):
        end = time.time() + timeout
        while time.time() < end:
            if cond():
                return
            time.sleep(interval)
        sys.exit(f"desktop.py: timed out waiting for {what} (logs in {d('logs')})")

    r, w = os.pipe()
    # -noreset: by default the server resets when its last client leaves, which drops the root
    # window's properties (AT_SPI_BUS below) and refuses a client connecting meanwhile.
    start(["/usr/bin/Xvfb", "-displayfd", str(w), "-screen", "0", "1280x1024x24", "-nolisten", "tcp",
           "+extension", "XTEST", "-noreset"], "Xvfb", pass_fds=[w])
    os.close(w)
    # Xvfb writes the number and its newline apart: the pipe stays open until the newline.
    display = b""
    while not display.endswith(b"\n"):
        chunk = os.read(r, 16)
        if not chunk:
            break
        display += chunk
    os.close(r)
    display = display.decode().strip()
    if not display:
        sys.exit("desktop.py: Xvfb did not start")
    env["DISPLAY"] = ":" + display
    start(["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=unix:path=" + d("bus")], "dbus-daemon")
    wait_for("the session bus", lambda: os.path.exists(d("bus")), 10)
    start(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], "at-spi-bus-launcher")

    def session(*args):
        return subprocess.run(["dbus-send", "--session", "--print-reply"] + list(args), env=env,
                              capture_output=True, text=True)
    wait_for("org.a11y.Bus", lambda: "org.a11y.Bus" in session("--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                              "org.freedesktop.DBus.ListNames").stdout, 10)
    wait_for("the accessibility bus's address",
             lambda: "unix:" in session("--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress").stdout, 10)
    address = session("--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress").stdout.split('"')[1]
    # Qt 5.15 reads the accessibility bus's address from the root window's AT_SPI_BUS property
    # at once, or else asks org.a11y.Bus for it asynchronously and (with accessibility forced on)
    # sets its bridge up before the answer, on a connection never made: it then never appears
    # on the bus ("Not connected to D-Bus server"). This launcher does not set the property.
    set_root_property(env["DISPLAY"], "AT_SPI_BUS", address)
    for prop in ["IsEnabled", "ScreenReaderEnabled"]:
        session("--dest=org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties.Set",
                "string:org.a11y.Status", "string:" + prop, "variant:boolean:true")
    # No window manager: the keyboard follows the pointer, so it is parked away from the windows.
    subprocess.run(["/usr/bin/xdotool", "mousemove", "1279", "1023"], env=env)
    with open(d("env"), "w") as f:
        for k in ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "HOME", "XDG_CONFIG_HOME",
                  "XDG_CACHE_HOME", "XDG_DATA_HOME", "SAYLINE_FIXTURE_VALUES"]:
            f.write(f"export {k}={shlex.quote(env[k])}\n")
    procs = {}
    for x in apps:
        args = [q.replace("USERDATA", "--user-data-dir=" + d("chromium")) for q in APPS[x]]
        procs[x] = start(args, x)
    for x in apps:
        def ready(x=x):
            if procs[x].poll() is not None:
                sys.exit(f"desktop.py: {x} exited with status {procs[x].returncode}: see {d('logs', x + '.err')}")
            r = subprocess.run([PY, os.path.join(HERE, "values.py"), "--check", x], env=env, capture_output=True, text=True)
            return r.returncode == 0
        wait_for(f"{NAMES[x]} and its sliders on the accessibility bus", ready, a.timeout, 0.5)
    proc = subprocess.Popen(command, env=env)
    children.append(proc)
    return proc.wait()


def set_root_property(display, name, value):
    """Sets a STRING property on the X root window, as `xprop -root -set` would."""
    x = ctypes.CDLL("libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int,
                                  ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    dpy = x.XOpenDisplay(display.encode())
    if not dpy:
        sys.exit(f"desktop.py: cannot open display {display}")
    data = value.encode()
    x.XChangeProperty(dpy, x.XDefaultRootWindow(dpy), x.XInternAtom(dpy, name.encode(), 0), 31,  # XA_STRING
                      8, 0, data, len(data))  # PropModeReplace
    x.XCloseDisplay(dpy)  # flushes


def descendants():
    """Every live process below this one (by parent), deepest last."""
    parents = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            if stat[0] != "Z":
                parents[int(pid)] = int(stat[1])
        except OSError:
            pass
    found, frontier = [], [os.getpid()]
    while frontier:
        kids = [p for p, pp in parents.items() if pp in frontier]
        found += kids
        frontier = kids
    return found


def cleanup():
    for sig in (signal.SIGTERM, signal.SIGKILL):
        pids = descendants()
        for pid in reversed(pids):
            try:
                os.kill(pid, sig)
            except OSError:
                pass
        end = time.time() + 3
        while time.time() < end and descendants():
            try:
                while os.waitpid(-1, os.WNOHANG)[0] > 0:
                    pass
            except ChildProcessError:
                pass
            time.sleep(0.05)
    try:
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass
    except ChildProcessError:
        pass


def on_signal(signum, frame):
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    status = 1
    try:
        status = main()
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else (print(e.code, file=sys.stderr) or 1)
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        cleanup()
    sys.exit(status)
