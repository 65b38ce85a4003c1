#!/usr/bin/python3
"""A GTK 3 window of 1,000 sliders ("Level 1" … "Level 1000", 0 to 100 in steps of 1), for
measuring a walk of a big window: sayline-bench's live section."""
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk

GLib.set_prgname("sayline-many-fixture")
GLib.set_application_name("sayline-many-fixture")
COUNT = 1000

window = Gtk.Window(title="Sayline 1,000 sliders")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
for index in range(COUNT):
    scale = Gtk.Scale.new_with_range(Gtk.Orientation.HORIZONTAL, 0, 100, 1)
    scale.set_value(index % 101)
    scale.get_accessible().set_name(f"Level {index + 1}")
    box.pack_start(scale, False, False, 0)
scrolled = Gtk.ScrolledWindow()
scrolled.add(box)
window.add(scrolled)
window.set_default_size(600, 400)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
