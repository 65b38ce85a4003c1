#!/usr/bin/python3
"""Qt 5 fixture: good and defective sliders for the live accessibility-bus tests.

Writes its controls' values as JSON to $SAYLINE_FIXTURE_VALUES/qt.json at start and whenever
one changes, with the control that has the keyboard focus ("focus") and whether the window is
active ("active").
"""
import json, os, sys
from fixture_controls import CONTROLS, write_values
from PyQt5.QtCore import Qt, QObject, QEvent, QTimer
from PyQt5.QtWidgets import QApplication, QWidget, QVBoxLayout, QSlider, QSpinBox

app = QApplication(["sayline-qt-fixture"])
app.setApplicationName("sayline-qt-fixture")



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
    focus = app.focusWidget()
    write_values("qt", {k: w.value() for k, w in widgets.items()},
                 next((k for k, w in widgets.items() if w is focus), None), window.isActiveWindow())


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
