#!/usr/bin/python3
"""A hostile desktop without a GUI: a private bus with a fake AT-SPI registry and one fake
application ("hostile") built to break a client, or a raw socket peer that breaks the wire
protocol itself. Runs COMMAND against it and prints one JSON line of what happened.

    fakebus.py WORKDIR SCENARIO [--input TEXT] -- COMMAND ARGS...

COMMAND runs with `AT_SPI_BUS_ADDRESS` naming the bus or the raw peer (nothing of the caller's
DBUS_/AT_SPI_/XDG_ environment), stdin TEXT, and a 90 s limit. The JSON line has its `status`,
`stdout`, `stderr`, `seconds`, and what the application saw: `values` (each control's value
after the command, by name), `sets` (Value sets it accepted), `keys` (keys it was sent).

Scenarios: see SCENARIOS below (dbus-python on a private dbus-daemon) and RAW (a socket
server speaking just enough of D-Bus, byte by byte). dbus-daemon checks every message an
application sends, so malformed bytes can only come from the raw peer.
"""
import json, os, signal, socket, struct, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = "/org/a11y/atspi/accessible/root"
BASE = "/org/a11y/atspi/accessible"
SLIDER, SPIN, FRAME, PANEL, APP = 51, 52, 23, 39, 75
FOCUSABLE, FOCUSED, SENSITIVE, ENABLED, SHOWING = 11, 12, 24, 8, 25


def slider(name, value=40.0, low=0.0, high=100.0, step=1.0, text="", role=SLIDER, **extra):
    value, low, high, step = [float(v) if isinstance(v, int) else v for v in (value, low, high, step)]
    node = {"role": role, "name": name, "value": value, "min": low, "max": high, "step": step, "text": text}
    node.update(extra)
    return node


def tree(children, **root):
    """A frame under the application root holding `children` (node dicts, given paths here)."""
    nodes = {ROOT: {"role": APP, "name": "hostile", "children": [BASE + "/frame"]},
             BASE + "/frame": {"role": FRAME, "name": "Hostile window", "children": []}}
    for index, child in enumerate(children):
        path = child.pop("path", BASE + "/c%d" % index)
        nodes[BASE + "/frame"]["children"].append(path)
        nodes[path] = child
    nodes[ROOT].update(root)
    return nodes


def scenario(name):
    if name in ("good", "vanish"):
        return tree([slider("Volume"), slider("Copies", 3, 1, 20, role=SPIN)])
    if name == "hang-root":
        return tree([slider("Volume")], hang="GetChildren")
    if name == "hang-panel":
        nodes = tree([{"role": PANEL, "name": "stuck", "children": [], "hang": "GetChildren"}, slider("Volume")])
        return nodes
    if name == "hang-value":
        return tree([slider("Volume", hang="CurrentValue"), slider("Treble", 5)])
    if name == "leave":
        return tree([{"role": PANEL, "name": "door", "children": [], "leave": "GetChildren"}, slider("Volume")])
    if name == "cycle":
        nodes = tree([{"role": PANEL, "name": "loop", "path": BASE + "/loop", "children": [ROOT, BASE + "/frame", BASE + "/loop"]},
                      slider("Volume")])
        return nodes
    if name == "wide":
        nodes = tree([{"role": PANEL, "name": "crowd", "path": BASE + "/crowd", "children": "wide"}, slider("Volume")])
        return nodes
    if name == "deep":
        nodes = tree([slider("Volume")])
        parent = BASE + "/frame"
        for level in range(70):
            path = BASE + "/d%d" % level
            nodes[parent]["children"].append(path)
            nodes[path] = {"role": PANEL, "name": "level %d" % level, "children": []}
            parent = path
        nodes[parent]["children"].append(BASE + "/bottom")
        nodes[BASE + "/bottom"] = slider("Bottom")
        return nodes
    if name == "bigname":
        return tree([slider("V" * (1 << 20), text="T" * (1 << 20)), slider("Volume")])
    if name == "escapes":
        return tree([slider("Vol\x1b[2J\x1b]0;pwned\x07ume\nnext\u202eevil\u200f", text="4\x1b[31m0\r\x08 %\x9b"),
                     slider("Bell\x07\x00?".replace("\x00", ""), attrs={"valuetext": "loud\x1bc\u2066x"})], name="host\x1b[5mile\x07")
    if name == "numbers":
        return tree([slider("NotANumber", float("nan")), slider("Infinite", float("inf"), float("-inf"), float("inf")),
                     slider("Huge", 1e308, -1e308, 1e308, 1e306), slider("Negative", 5, 0, 10, -1.0),
                     slider("NaNStep", 5, 0, 10, float("nan")), slider("Backwards", 5, 10, 0),
                     slider("Wrong", "forty", "zero", [1.0], {"a": "b"}, text=7.5)])
    if name == "stuck":
        # Values set over the bus are accepted and ignored; every key raises the value.
        return tree([slider("Volume", ignore_set=True, keys_only_up=True)])
    if name == "flood":
        return tree([slider("Volume"), slider("Treble", 5)], flood=True)
    if name == "wrongtypes":
        return tree([slider("Volume"), slider("Treble", 5, wrong_role=True), slider("Bass", 5, wrong_state=True)],
                    wrong_children=False)
    raise SystemExit("no scenario " + name)


def serve(name, address, facts_path):
    import dbus, dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
    loop = DBusGMainLoop()
    nodes = scenario(name)
    facts = {"sets": [], "keys": []}
    held = []  # invocations never answered
    focus = [None]

    def node(path):
        if path in nodes:
            return nodes[path]
        if path.startswith(BASE + "/w"):
            return {"role": PANEL, "name": "", "children": []}
        return None

    registry_conn = dbus.bus.BusConnection(address, mainloop=loop)
    app_conn = dbus.bus.BusConnection(address, mainloop=loop)
    registry_conn.request_name("org.a11y.atspi.Registry")
    app_name = app_conn.get_unique_name()

    def children_of(path, item):
        kids = item.get("children", [])
        if kids == "wide":
            kids = [BASE + "/w%d" % i for i in range(100_000)]
        return dbus.Array([dbus.Struct((app_name, dbus.ObjectPath(k))) for k in kids], signature="(so)")

    def number(value):
        if isinstance(value, (int, float)):
            return dbus.Double(value, variant_level=1)
        if isinstance(value, str):
            return dbus.String(value, variant_level=1)
        if isinstance(value, list):
            return dbus.Array(value, signature="d", variant_level=1)
        return dbus.Dictionary(value, signature="ss", variant_level=1)

    def save():
        values = {n["name"][:40]: n["value"] for n in nodes.values() if n.get("role") in (SLIDER, SPIN)
                  and isinstance(n.get("value"), float) and n["value"] == n["value"] and abs(n["value"]) != float("inf")}
        with open(facts_path, "w") as out:
            json.dump(dict(facts, values=values), out)

    def leave_if(item, member):
        if item.get("leave") == member:
            GLib.idle_add(lambda: (app_conn.close(), False)[1])

    class Accessible(dbus.service.FallbackObject):
        @dbus.service.method("org.a11y.atspi.Accessible", in_signature="", out_signature=None, path_keyword="path",
                             async_callbacks=("ok", "fail"))
        def GetChildren(self, path, ok, fail):
            item = node(path)
            if item is None:
                return fail(dbus.exceptions.DBusException("no such object", name="org.freedesktop.DBus.Error.UnknownObject"))
            if item.get("hang") == "GetChildren":
                return held.append(ok)
            leave_if(item, "GetChildren")
            if item.get("leave") == "GetChildren":
                return held.append(ok)
            ok(children_of(path, item))

        @dbus.service.method("org.a11y.atspi.Accessible", in_signature="", out_signature=None, path_keyword="path")
        def GetRole(self, path):
            item = node(path) or {}
            return dbus.String("slider") if item.get("wrong_role") else dbus.UInt32(item.get("role", 0))

        @dbus.service.method("org.a11y.atspi.Accessible", in_signature="", out_signature=None, path_keyword="path")
        def GetState(self, path):
            item = node(path) or {}
            if item.get("wrong_state"):
                return dbus.UInt32(7)
            bits = [FOCUSABLE, SENSITIVE, ENABLED, SHOWING] + ([FOCUSED] if focus[0] == path else [])
            words = [0, 0]
            for bit in bits:
                words[bit // 32] |= 1 << (bit % 32)
            return dbus.Array([dbus.UInt32(w) for w in words], signature="u")

        @dbus.service.method("org.a11y.atspi.Accessible", in_signature="", out_signature=None, path_keyword="path")
        def GetAttributes(self, path):
            return dbus.Dictionary((node(path) or {}).get("attrs", {}), signature="ss")

        @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v", path_keyword="path",
                             async_callbacks=("ok", "fail"))
        def Get(self, interface, prop, path, ok, fail):
            item = node(path) or {}
            if item.get("hang") == prop:
                return held.append(ok)
            if interface == "org.a11y.atspi.Accessible" and prop == "Name":
                return ok(dbus.String(item.get("name", ""), variant_level=1))
            if interface == "org.a11y.atspi.Value" and "value" in item:
                key = {"CurrentValue": "value", "MinimumValue": "min", "MaximumValue": "max", "MinimumIncrement": "step", "Text": "text"}.get(prop)
                if key:
                    return ok(number(item[key]))
            fail(dbus.exceptions.DBusException("no property", name="org.freedesktop.DBus.Error.InvalidArgs"))

        @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ssv", out_signature="", path_keyword="path")
        def Set(self, interface, prop, value, path):
            item = node(path) or {}
            facts["sets"].append([item.get("name", "")[:40], float(value)])
            if not item.get("ignore_set"):
                item["value"] = float(value)
            save()

        @dbus.service.method("org.a11y.atspi.Component", in_signature="", out_signature="b", path_keyword="path")
        def GrabFocus(self, path):
            focus[0] = path
            return True

        @dbus.service.method("org.a11y.atspi.Component", in_signature="u", out_signature="(iiii)", path_keyword="path")
        def GetExtents(self, kind, path):
            return (0, 0, 10, 10)

    class Registry(dbus.service.Object):
        @dbus.service.method("org.a11y.atspi.DeviceEventController", in_signature="isu", out_signature="b")
        def GenerateKeyboardEvent(self, keysym, text, kind):
            facts["keys"].append(int(keysym))
            item = nodes.get(focus[0])
            if item and isinstance(item.get("value"), float):
                up = keysym in (0xff52, 0xff53, 0xff55, 0xff57) or item.get("keys_only_up")
                item["value"] = item["value"] + (1.0 if up else -1.0)
                Events.PropertyChange(app, "accessible-value", 0, 0, dbus.Int32(0, variant_level=1), {}, rel=focus[0])
            save()
            return True

        @dbus.service.method("org.a11y.atspi.DeviceEventController", in_signature="iis", out_signature="b")
        def GenerateMouseEvent(self, x, y, kind):
            return True

    class RegistryRoot(dbus.service.Object):
        @dbus.service.method("org.a11y.atspi.Accessible", in_signature="", out_signature="a(so)")
        def GetChildren(self):
            return [(app_name, dbus.ObjectPath(ROOT))]

        @dbus.service.method("org.a11y.atspi.Registry", in_signature="sass", out_signature="")
        def RegisterEvent(self, event, properties, app_bus):
            pass

    class Events(dbus.service.FallbackObject):
        @dbus.service.signal("org.a11y.atspi.Event.Object", signature="siiva{sv}", rel_path_keyword="rel")
        def PropertyChange(self, kind, detail1, detail2, value, extra, rel=None):
            pass

    Accessible(app_conn, BASE)
    app = Events(app_conn, "/")
    RegistryRoot(registry_conn, ROOT)
    Registry(registry_conn, "/org/a11y/atspi/registry/deviceeventcontroller")
    Registry(registry_conn, "/org/a11y/atspi/registry")

    if nodes[ROOT].get("flood"):
        target = BASE + "/c0"

        def flood():
            for _ in range(500):
                Events.PropertyChange(app, "accessible-value", 0, 0, dbus.Int32(0, variant_level=1), {}, rel=target)
            return True
        GLib.timeout_add(10, flood)
    save()
    print("ready", flush=True)
    GLib.MainLoop().run()


# MARK: the raw peer

RAW = ["raw-silent", "raw-garbage", "raw-huge", "raw-100mb", "raw-bigendian", "raw-nested", "raw-close", "raw-badutf8", "raw-auth-flood"]


def pad(data, n):
    return data + b"\0" * (-len(data) % n)


class Writer:
    def __init__(self, order):
        self.o, self.b = order, b""

    def align(self, n):
        self.b = pad(self.b, n)

    def u32(self, v):
        self.align(4)
        self.b += struct.pack(self.o + "I", v)

    def string(self, text, raw=None):
        data = raw if raw is not None else text.encode()
        self.u32(len(data))
        self.b += data + b"\0"

    def sig(self, text):
        self.b += bytes([len(text)]) + text.encode() + b"\0"


def message(order, kind, serial, reply_serial, signature, body, sender="org.a11y.atspi.Registry"):
    fields = Writer(order)
    for code, sig, value in [(5, "u", reply_serial), (7, "s", sender), (8, "g", signature)]:
        if value is None or (code == 8 and not signature):
            continue
        fields.align(8)
        fields.b += bytes([code])
        fields.sig(sig)
        if sig == "u":
            fields.u32(value)
        elif sig == "s":
            fields.string(value)
        else:
            fields.sig(value)
    endian = b"l" if order == "<" else b"B"
    start = endian + bytes([kind, 1, 1]) + struct.pack(order + "III", len(body), serial, len(fields.b))
    # Fields start at offset 16, which is 8-aligned, so their own alignment holds.
    return pad(start + fields.b, 8) + body


def read_calls(conn, buffer):
    """Complete little-endian messages from Sayline: (serial, member, destination)."""
    calls = []
    while len(buffer) >= 16:
        body, serial, fields = struct.unpack("<III", bytes(buffer[4:16]))
        total = ((16 + fields + 7) // 8) * 8 + body
        if len(buffer) < total:
            break
        data = bytes(buffer[:total])
        del buffer[:total]
        member = b""
        at = 16
        while at < 16 + fields:
            at = (at + 7) // 8 * 8
            code, siglen = data[at], data[at + 1]
            sig = data[at + 2:at + 2 + siglen]
            at += 3 + siglen
            if sig in (b"s", b"o"):
                at = (at + 3) // 4 * 4
                n = struct.unpack("<I", data[at:at + 4])[0]
                value = data[at + 4:at + 4 + n]
                at += 5 + n
                if code == 3:
                    member = value
            elif sig == b"u":
                at = (at + 3) // 4 * 4 + 4
            elif sig == b"g":
                at += 2 + data[at]
        calls.append((serial, member.decode()))
    return calls


def raw_peer(name, path):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(8)

    def one(conn):
        if name == "raw-silent":
            time.sleep(120)
            return
        buffer = bytearray()
        while b"\n" not in buffer:
            chunk = conn.recv(4096)
            if not chunk:
                return
            buffer += chunk
        if name == "raw-auth-flood":
            conn.sendall(b"DATA " + b"x" * 100_000)
            time.sleep(120)
            return
        conn.sendall(b"OK 0123456789abcdef0123456789abcdef\r\n")
        buffer = bytearray()
        while b"BEGIN\r\n" not in buffer:
            buffer += conn.recv(4096)
        buffer = buffer[buffer.index(b"BEGIN\r\n") + 7:]
        order = ">" if name == "raw-bigendian" else "<"
        serial = 100
        while True:
            for call, member in read_calls(conn, buffer):
                serial += 1
                w = Writer(order)
                if member == "Hello":
                    w.string(":1.7")
                    conn.sendall(message(order, 2, serial, call, "s", w.b, "org.freedesktop.DBus"))
                    continue
                if name == "raw-garbage":
                    conn.sendall(b"\xde\xad\xbe\xef" * 64)
                elif name == "raw-huge":
                    conn.sendall(b"l\x02\x01\x01" + struct.pack("<III", 0xFFFFFFF0, serial, 0xFFFFFFF0))
                elif name == "raw-100mb":
                    conn.sendall(b"l\x02\x01\x01" + struct.pack("<III", 100 << 20, serial, 8) + b"\0" * 64)
                elif name == "raw-close":
                    conn.close()
                    return
                elif name == "raw-nested":
                    # 200 variants, each holding the next: more than the 64 levels allowed.
                    body = b"".join(b"\x01v\x00" for _ in range(200)) + b"\x01u\x00" + b"\0" * 4
                    conn.sendall(message(order, 2, serial, call, "v", body))
                elif member == "GetChildren":
                    w.u32(0)
                    w.align(8)
                    start = len(w.b)
                    w.align(8)
                    w.string(":1.9")
                    w.string("/org/a11y/atspi/accessible/root")
                    length = len(w.b) - start
                    body = bytearray(w.b)
                    body[0:4] = struct.pack(order + "I", length)
                    conn.sendall(message(order, 2, serial, call, "a(so)", bytes(body)))
                elif member == "Get":
                    w.sig("s")
                    if name == "raw-badutf8":
                        w.string("", raw=b"bad\xff\xfe\xc0\x80name\x1b[2J")
                    else:
                        w.string("big-endian app")
                    conn.sendall(message(order, 2, serial, call, "v", w.b))
                else:
                    w.u32(4242)
                    conn.sendall(message(order, 2, serial, call, "u", w.b))
            chunk = conn.recv(65536)
            if not chunk:
                return
            buffer += chunk

    def accept():
        while True:
            conn, _ = listener.accept()
            threading.Thread(target=lambda: (one(conn), None), daemon=True).start()
    threading.Thread(target=accept, daemon=True).start()


CPU = [None]


def in_pty(command, env, text):
    """Runs COMMAND in a pseudo-terminal, typing each line of TEXT half a second apart; the
    terminal's output is its stdout (stderr goes there too), "hung" when it is still running
    after 60 s."""
    import pty, select
    pid, master = pty.fork()
    if pid == 0:
        os.execve(command[0], command, env)
    out, lines, deadline, next_line = b"", text.split("\n"), time.monotonic() + 60, time.monotonic() + 1
    status = "hung"
    while time.monotonic() < deadline:
        if lines and time.monotonic() >= next_line:
            line = lines.pop(0)
            os.write(master, (line + ("\r" if lines else "")).encode())
            next_line = time.monotonic() + 0.5
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            out += chunk
        done, code, usage = os.wait4(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
            CPU[0] = usage.ru_utime + usage.ru_stime
            break
    if status == "hung":
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return status, out, b""


def main():
    if sys.argv[1] == "--serve":
        return serve(sys.argv[2], sys.argv[3], sys.argv[4])
    work, name = sys.argv[1], sys.argv[2]
    rest = sys.argv[3:]
    stdin_text, in_terminal = "", False
    if rest[0] == "--terminal":
        in_terminal, rest = True, rest[1:]
    if rest[0] == "--input":
        stdin_text, rest = rest[1], rest[2:]
    command = rest[rest.index("--") + 1:]
    os.makedirs(work, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "AT_SPI", "XDG_"))}
    children = []
    facts_path = os.path.join(work, "facts.json")
    if name == "no-bus":
        pass
    elif name == "dead-socket":
        env["AT_SPI_BUS_ADDRESS"] = "unix:path=" + os.path.join(work, "nothing-here")
    elif name in RAW:
        path = os.path.join(work, "raw")
        raw_peer(name, path)
        env["AT_SPI_BUS_ADDRESS"] = "unix:path=" + path
    else:
        bus = os.path.join(work, "bus")
        address = "unix:path=" + bus
        children.append(subprocess.Popen(["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=" + address],
                                         stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "dbus.err"), "w")))
        for _ in range(200):
            if os.path.exists(bus):
                break
            time.sleep(0.05)
        server = subprocess.Popen([sys.executable, __file__, "--serve", name, address, facts_path], stdout=subprocess.PIPE,
                                  stderr=open(os.path.join(work, "server.err"), "w"), text=True)
        children.append(server)
        if server.stdout.readline().strip() != "ready":
            raise SystemExit("the fake application did not start: " + open(os.path.join(work, "server.err")).read())
        env["AT_SPI_BUS_ADDRESS"] = address
    start = time.monotonic()
    if name == "vanish":
        # The bus itself goes away 3 s in: every connection to it ends.
        threading.Timer(3, lambda: (children[0].kill(), children[1].kill())).start()
    if in_terminal:
        status, out, err = in_pty(command, env, stdin_text)
    else:
      try:
        run = subprocess.run(command, input=stdin_text.encode(), capture_output=True, env=env, timeout=90)
        status, out, err = run.returncode, run.stdout, run.stderr
      except subprocess.TimeoutExpired as expired:
        status, out, err = "hung", expired.stdout or b"", expired.stderr or b""
    seconds = time.monotonic() - start
    time.sleep(0.2)
    facts = json.load(open(facts_path)) if os.path.exists(facts_path) else {}
    for child in children:
        child.kill()
        child.wait()
    print(json.dumps({"status": status, "stdout": out.decode("utf-8", "replace"), "stderr": err.decode("utf-8", "replace"),
                      "seconds": round(seconds, 2), "cpu": CPU[0], "values": facts.get("values", {}), "sets": facts.get("sets", []),
                      "keys": facts.get("keys", [])}))


if __name__ == "__main__":
    main()
