#!/usr/bin/python3
"""GTK 3 fixture: good and defective sliders for the live accessibility-bus tests.

Writes its controls' values as JSON to $SAYLINE_FIXTURE_VALUES/gtk3.json at start and whenever
one changes, with the control that has the keyboard focus ("focus") and whether the window is
active ("active").
"""
import json, os, sys
import gi
from fixture_controls import CONTROLS, write_values
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk, Gdk

GLib.set_prgname("sayline-gtk3-fixture")
GLib.set_application_name("sayline-gtk3-fixture")


window = Gtk.Window(title="Sayline GTK 3 fixture")
window.set_default_size(500, 600)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
window.add(box)
widgets = {}


def dump(*_):
    focus = window.get_focus()
    write_values("gtk3", {k: w.get_value() for k, w in widgets.items()},
                 next((k for k, w in widgets.items() if w is focus), None), window.is_active())


for key, name, lower, upper, step, page, value, defect in CONTROLS:
    adj = Gtk.Adjustment(value=value, lower=lower, upper=upper, step_increment=step, page_increment=page, page_size=0)
    if defect == "spin":
        w = Gtk.SpinButton(adjustment=adj, climb_rate=1, digits=0)
    else:
        w = Gtk.Scale(orientation=Gtk.Orientation.HORIZONTAL, adjustment=adj)
        w.set_digits(0)
    if name is not None:
        w.get_accessible().set_name(name)
    if defect == "deaf":
        # Focusable, but its keys go nowhere.
        w.connect("key-press-event", lambda *a: True)
    if defect == "nofocus":
        w.set_can_focus(False)
    w.connect("value-changed", dump)
    widgets[key] = w
    box.pack_start(w, False, False, 0)

window.connect("set-focus", lambda *a: GLib.idle_add(dump))
window.connect("notify::is-active", dump)
window.connect("destroy", Gtk.main_quit)
window.show_all()
widgets["volume"].grab_focus()
dump()
Gtk.main()
