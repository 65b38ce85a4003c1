"""What the GTK 3, GTK 4 and Qt fixtures share: their controls, and how each writes its values."""
import json, os

OUT = os.environ.get("SAYLINE_FIXTURE_VALUES")

# id, accessible name (None: none), lower, upper, step, page, value, defect
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


def write_values(toolkit, values, focus, active):
    """Writes $SAYLINE_FIXTURE_VALUES/TOOLKIT.json whole (a temporary file, then a rename):
    each control's value by id, the focused control's id and whether the window is active."""
    if not OUT:
        return
    state = dict(values)
    state["focus"] = focus
    state["active"] = active
    tmp = os.path.join(OUT, "." + toolkit + ".json.tmp")
    with open(tmp, "w") as f:
        json.dump(state, f)
    os.replace(tmp, os.path.join(OUT, toolkit + ".json"))
