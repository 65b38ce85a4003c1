#!/usr/bin/python3
"""GTK 4 fixture: good and defective sliders for the live accessibility-bus tests.

Writes its controls' values as JSON to $SAYLINE_FIXTURE_VALUES/gtk4.json at start and whenever
one changes, with the control that has the keyboard focus ("focus") and whether the window is
active ("active").
"""
import json, os
import gi
from fixture_controls import CONTROLS, write_values
gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk

GLib.set_prgname("sayline-gtk4-fixture")
GLib.set_application_name("sayline-gtk4-fixture")

widgets = {}


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Sayline GTK 4 fixture")
    window.set_default_size(500, 600)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
    window.set_child(box)

    def dump(*_):
        focus = window.get_focus()
        write_values("gtk4", {k: w.get_value() for k, w in widgets.items()},
                     next((k for k, w in widgets.items() if focus is not None and (w is focus or focus.is_ancestor(w))), None), window.is_active())

    for key, name, lower, upper, step, page, value, defect in CONTROLS:
        adj = Gtk.Adjustment(value=value, lower=lower, upper=upper, step_increment=step, page_increment=page, page_size=0)
        if defect == "spin":
            w = Gtk.SpinButton(adjustment=adj, climb_rate=1, digits=0)
        else:
            w = Gtk.Scale(orientation=Gtk.Orientation.HORIZONTAL, adjustment=adj)
            w.set_digits(0)
            w.set_draw_value(True)
        if name is not None:
            w.update_property([Gtk.AccessibleProperty.LABEL], [name])
        if defect == "deaf":
            # Focusable, but a controller in the capture phase takes every key first.
            keys = Gtk.EventControllerKey()
            keys.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
            keys.connect("key-pressed", lambda *a: True)
            w.add_controller(keys)
        if defect == "nofocus":
            w.set_focusable(False)
        w.connect("value-changed", dump)
        widgets[key] = w
        box.append(w)
    window.connect("notify::focus-widget", lambda *a: GLib.idle_add(dump))
    window.connect("notify::is-active", dump)
    window.present()
    widgets["volume"].grab_focus()
    dump()


app = Gtk.Application(application_id="org.sayline.Gtk4Fixture")
app.connect("activate", activate)
app.run([])
