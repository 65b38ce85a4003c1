#!/usr/bin/python3
"""The peer of `sayline describe --app`: pyatspi (the library Orca and dogtail use) walking an
application's tree and reading, for each slider and spin button, what Sayline reads: its name,
states, attributes, and value, minimum, maximum and increment. Prints how many it read and the
walk's own time in milliseconds, as JSON."""
import json, sys, time
import pyatspi

start = time.monotonic()
app = next(a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.name == sys.argv[1])
ROLES = (pyatspi.ROLE_SLIDER, pyatspi.ROLE_SPIN_BUTTON)
read = []

def walk(acc, depth):
    for child in acc:
        if child is None:
            continue
        role = child.getRole()
        name = child.name
        if role in ROLES:
            value = child.queryValue()
            read.append((name, child.getState().getStates(), child.getAttributes(), value.currentValue,
                         value.minimumValue, value.maximumValue, value.minimumIncrement))
        elif depth < 64:
            walk(child, depth + 1)

walk(app, 0)
print(json.dumps({"controls": len(read), "walkMilliseconds": (time.monotonic() - start) * 1000}))
