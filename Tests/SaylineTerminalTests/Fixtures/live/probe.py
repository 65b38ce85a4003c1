#!/usr/bin/python3
"""Presses keys on a fixture's control over the accessibility bus alone, as Sayline does, and
reports what happened: the raw D-Bus calls Sayline makes, no X client of its own.

    probe.py APP NAME [--index N] [--keys Up,Page_Up,...] [--set VALUE] [--no-grab] [--events]

For the control named NAME (the N-th of that name) under application APP (gtk3, gtk4, qt,
chromium or an accessible name): Component.GrabFocus, then for each key the registry's
DeviceEventController.GenerateKeyboardEvent(keysym, "", KEY_SYM), then optionally
Value.CurrentValue set through org.freedesktop.DBus.Properties.Set. Prints one JSON line per step
with the value, Value.Text, the focused state, the X input focus window's name (xdotool) and the
Object:PropertyChange:accessible-value signals seen on the bus since the step before.
"""
import argparse, json, subprocess, sys, time
import pyatspi
from gi.repository import Gio, GLib

KEYSYMS = {"Up": 0xff52, "Down": 0xff54, "Left": 0xff51, "Right": 0xff53, "Page_Up": 0xff55,
           "Page_Down": 0xff56, "Home": 0xff50, "End": 0xff57}
KEY_SYM = 3
APPS = {"gtk3": "sayline-gtk3-fixture", "gtk4": "sayline-gtk4-fixture", "qt": "sayline-qt-fixture", "chromium": "Chromium"}

p = argparse.ArgumentParser()
p.add_argument("app")
p.add_argument("name")
p.add_argument("--index", type=int, default=0)
p.add_argument("--keys", default="Up,Up,Page_Up,Down,Home,End")
p.add_argument("--set", type=float)
p.add_argument("--no-grab", action="store_true")
p.add_argument("--pointer", action="store_true", help="first move the pointer onto the control (GenerateMouseEvent abs)")
p.add_argument("--events", action="store_true", help="call Registry.RegisterEvent first")
p.add_argument("--settle", type=float, default=0.3)
a = p.parse_args()

session = Gio.bus_get_sync(Gio.BusType.SESSION)
address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                            GLib.VariantType("(s)"), 0, -1).unpack()[0]
bus = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
signals = []
bus.signal_subscribe(None, None, None, None, None, Gio.DBusSignalFlags.NONE,
                     lambda c, sender, path, iface, member, params: signals.append(
                         {"sender": sender, "path": path, "iface": iface, "member": member, "args": str(params)[:160]}))
if a.events:
    bus.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry", "RegisterEvent",
                  GLib.Variant("(sass)", ("object:property-change:accessible-value", [], "")), None, 0, -1)


def find():
    desktop = pyatspi.Registry.getDesktop(0)
    app = next(x for x in desktop if x is not None and x.name == APPS.get(a.app, a.app))
    hits = pyatspi.findAllDescendants(app, lambda x: x.name == a.name and x.getRole() in (pyatspi.ROLE_SLIDER, pyatspi.ROLE_SPIN_BUTTON))
    return hits[a.index]


acc = find()
dest, path = acc.app.bus_name, acc.path


def call(iface, method, args=None, reply=None):
    try:
        return bus.call_sync(dest, path, iface, method, args, GLib.VariantType(reply) if reply else None, 0, 3000).unpack()
    except GLib.Error as e:
        return "error: " + e.message


def prop(iface, name):
    r = call("org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (iface, name)), "(v)")
    return r[0] if isinstance(r, tuple) else r


def pump(seconds):
    ctx = GLib.MainContext.default()
    end = time.time() + seconds
    while time.time() < end:
        while ctx.pending():
            ctx.iteration(False)
        time.sleep(0.02)


def xfocus():
    r = subprocess.run(["xdotool", "getwindowfocus", "getwindowname"], capture_output=True, text=True)
    return (r.stdout.strip() or r.stderr.strip())[:60]


def observe(step, result=None):
    pump(a.settle)
    state = call("org.a11y.atspi.Accessible", "GetState", None, "(au)")
    focused = bool(state[0][0] & (1 << pyatspi.STATE_FOCUSED)) if isinstance(state, tuple) else state
    line = {"step": step, "result": result, "value": prop("org.a11y.atspi.Value", "CurrentValue"),
            "text": prop("org.a11y.atspi.Value", "Text"), "focused": focused, "xfocus": xfocus(),
            "events": [s for s in signals if s["member"] == "PropertyChange" and s["args"].startswith("('accessible-value'")]}
    other = sorted({s["iface"] + "." + s["member"] + ("" if s["member"] != "PropertyChange" else ":" + s["args"].split("'")[1])
                    for s in signals if s not in line["events"]})
    if other:
        line["other_events"] = other
    signals.clear()
    print(json.dumps(line), flush=True)


observe("start", {"dest": dest, "path": path})
if a.pointer:
    x, y, w, h = call("org.a11y.atspi.Component", "GetExtents", GLib.Variant("(u)", (0,)), "((iiii))")[0]
    bus.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/registry/deviceeventcontroller",
                  "org.a11y.atspi.DeviceEventController", "GenerateMouseEvent",
                  GLib.Variant("(iis)", (x + w // 2, y + h // 2, "abs")), None, 0, 3000)
    observe(f"pointer to {x + w // 2},{y + h // 2}")
if not a.no_grab:
    observe("GrabFocus", call("org.a11y.atspi.Component", "GrabFocus", None, "(b)"))
for key in [k for k in a.keys.split(",") if k]:
    try:
        bus.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/registry/deviceeventcontroller",
                      "org.a11y.atspi.DeviceEventController", "GenerateKeyboardEvent",
                      GLib.Variant("(isu)", (KEYSYMS[key], "", KEY_SYM)), None, 0, 3000)
        result = "ok"
    except GLib.Error as e:
        result = "error: " + e.message
    observe("key " + key, result)
if a.set is not None:
    observe(f"set {a.set}", call("org.freedesktop.DBus.Properties", "Set",
                                 GLib.Variant("(ssv)", ("org.a11y.atspi.Value", "CurrentValue", GLib.Variant("d", a.set)))))
