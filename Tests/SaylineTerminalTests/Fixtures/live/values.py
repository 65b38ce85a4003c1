#!/usr/bin/python3
"""What the accessibility bus shows of a fixture application's sliders and spin buttons.

    values.py APP            {path: current value} as one JSON object
    values.py --dump APP     one JSON object a line per control: path, name, role, value, valuetext, states
    values.py --check APP    exit 0 when APP is on the bus with all its fixture controls

APP is gtk3, gtk4, qt, chromium, or an application's accessible name. A path names each
accessible from the application down as role[index in its parent]:name.
"""
import json, sys
import pyatspi

APPS = {"many": "sayline-many-fixture", "gtk3": "sayline-gtk3-fixture", "gtk4": "sayline-gtk4-fixture", "qt": "sayline-qt-fixture", "chromium": "Chromium"}
TOOLKIT = ["Volume", "Copies", "", "Brightness slider", "Balance", "Balance", "Treble", "Bass", "Pan"]
EXPECTED = {"many": [f"Level {i + 1}" for i in range(1000)], "gtk3": TOOLKIT, "gtk4": [n or "GtkScale" for n in TOOLKIT], "qt": TOOLKIT,
            "chromium": ["Volume", "Speed", "Copies", "", "Brightness slider", "Balance", "Balance", "Loudness",
                         "Treble", "Bass", "Pan"]}
ROLES = (pyatspi.ROLE_SLIDER, pyatspi.ROLE_SPIN_BUTTON)


def application(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        try:
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == name:
                return app
        except Exception:
            pass
    return None


def controls(app):
    """(path, accessible) for each slider and spin button below app, in tree order."""
    found = []

    def walk(acc, path, depth):
        if depth > 40:
            return
        try:
            n = acc.childCount
        except Exception:
            return
        for i in range(n):
            try:
                child = acc.getChildAtIndex(i)
                if child is None:
                    continue
                step = f"{child.getRoleName().replace(' ', '-')}[{i}]:{child.name}"
                role = child.getRole()
            except Exception:
                continue
            if role in ROLES:
                found.append((path + "/" + step, child))
            # Chromium's pages: nothing of interest below a slider.
            if role not in ROLES:
                walk(child, path + "/" + step, depth + 1)
    walk(app, app.name, 0)
    return found


def safe(f):
    try:
        return f()
    except Exception as e:
        return None


def describe(path, acc):
    value = safe(acc.queryValue)
    states = safe(lambda: acc.getState())
    attrs = safe(lambda: acc.getAttributes()) or []
    return {
        "path": path, "name": acc.name, "role": int(acc.getRole()), "roleName": acc.getRoleName(),
        "current": safe(lambda: value.currentValue), "minimum": safe(lambda: value.minimumValue),
        "maximum": safe(lambda: value.maximumValue), "increment": safe(lambda: value.minimumIncrement),
        "valuetext": next((a.split(":", 1)[1] for a in attrs if a.startswith("valuetext:")), None),
        "focusable": safe(lambda: states.contains(pyatspi.STATE_FOCUSABLE)),
        "focused": safe(lambda: states.contains(pyatspi.STATE_FOCUSED)),
        "sensitive": safe(lambda: states.contains(pyatspi.STATE_SENSITIVE)),
        "enabled": safe(lambda: states.contains(pyatspi.STATE_ENABLED)),
        "attributes": attrs,
    }


def main():
    args = sys.argv[1:]
    mode = args.pop(0) if args and args[0].startswith("--") else "--values"
    key = args[0] if args else sys.exit(__doc__)
    app = application(APPS.get(key, key))
    if mode == "--check":
        if app is None:
            sys.exit(1)
        names = [acc.name for _, acc in controls(app)]
        for n in EXPECTED.get(key, []):
            if n not in names:
                sys.exit(1)
            names.remove(n)
        sys.exit(0)
    if app is None:
        sys.exit(f"{APPS.get(key, key)} is not on the accessibility bus")
    found = controls(app)
    if mode == "--dump":
        for path, acc in found:
            print(json.dumps(describe(path, acc)))
    else:
        print(json.dumps({path: safe(lambda: acc.queryValue().currentValue) for path, acc in found}))


main()
