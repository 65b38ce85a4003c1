#!/usr/bin/python3
"""Qt 5 fixture: good and defective sliders for the live accessibility-bus tests.

Writes its controls' values as JSON to $SAYLINE_FIXTURE_VALUES/qt.json at start and whenever
one changes, with the control that has the keyboard focus ("focus") and whether the window is
active ("active").
"""
import json, os, sys
from PyQt5.QtCore import Qt, QObject, QEvent, QTimer
from PyQt5.QtWidgets import QApplication, QWidget, QVBoxLayout, QSlider, QSpinBox

OUT = os.environ.get("SAYLINE_FIXTURE_VALUES")
app = QApplication(["sayline-qt-fixture"])
app.setApplicationName("sayline-qt-fixture")

CONTROLS = [
    ("volume", "Volume", 0, 100, 1, 10, 40, None),
    ("copies", "Copies", 1, 20, 1, 5, 3, "spin"),
    ("nameless", None, 0, 10, 1, 2, 5, None),
    ("role-word", "Brightness slider", 0, 100, 1, 10, 50, None),
    ("same-name-1", "Balance", -10, 10, 1, 5, 0, None),
    ("same-name-2", "Balance", -10, 10, 1, 5, 0, None),
    ("keyboard-deaf", "Treble", 0, 10, 1, 2, 5, "deaf"),
    ("range-invalid", "Bass", 10, 10, 1, 2, 10, None),
    ("unfocusable", "Pan", 0, 10, 1, 2, 5, "nofocus"),
]


class SwallowKeys(QObject):
    def eventFilter(self, obj, event):
        return event.type() in (QEvent.KeyPress, QEvent.KeyRelease, QEvent.ShortcutOverride)


window = QWidget()
window.setWindowTitle("Sayline Qt fixture")
window.resize(500, 600)
layout = QVBoxLayout(window)
widgets = {}
swallow = SwallowKeys()


def dump(*_):
    if not OUT:
        return
    focus = app.focusWidget()
    state = {k: w.value() for k, w in widgets.items()}
    state["focus"] = next((k for k, w in widgets.items() if w is focus), None)
    state["active"] = window.isActiveWindow()
    tmp = os.path.join(OUT, ".qt.json.tmp")
    with open(tmp, "w") as f:
        json.dump(state, f)
    os.replace(tmp, os.path.join(OUT, "qt.json"))


for key, name, lower, upper, step, page, value, defect in CONTROLS:
    if defect == "spin":
        w = QSpinBox()
    else:
        w = QSlider(Qt.Horizontal)
        w.setPageStep(page)
    w.setRange(lower, upper)
    w.setSingleStep(step)
    w.setValue(value)
    if name is not None:
        w.setAccessibleName(name)
    if defect == "deaf":
        w.installEventFilter(swallow)
    if defect == "nofocus":
        w.setFocusPolicy(Qt.NoFocus)
    else:
        w.setFocusPolicy(Qt.StrongFocus)
    w.valueChanged.connect(dump)
    widgets[key] = w
    layout.addWidget(w)

app.focusChanged.connect(lambda *a: QTimer.singleShot(0, dump))
window.show()
widgets["volume"].setFocus()
dump()
sys.exit(app.exec_())
