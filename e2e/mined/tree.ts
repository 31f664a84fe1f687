/** The small Python package the mined-site test writes, mines and builds a site from. */

export const TREE: Record<string, string> = {
  "shipyard/__init__.py": '"""Shipyard: docks and ships."""\n',
  "shipyard/errors.py": `class CapacityError(RuntimeError):
    """A dock has no free berth."""


class UnknownShipError(KeyError):
    """No ship by that name."""
`,
  "shipyard/dock.py": `from .errors import CapacityError, UnknownShipError


class Dock:
    def __init__(self, name, capacity):
        self.name = name
        self.capacity = capacity
        self.ships = []

    def berth(self, ship):
        """Berths a ship at the dock. Raises when the dock is full."""
        if len(self.ships) >= self.capacity:
            raise CapacityError(
                f"Dock {self.name} is full: {len(self.ships)} of {self.capacity} berths taken"
            )
        self.ships.append(ship)

    def release(self, name):
        for ship in self.ships:
            if ship.name == name:
                self.ships.remove(ship)
                return ship
        msg = "No ship named %r at dock %s" % (name, self.name)
        raise UnknownShipError(msg)
`,
  "shipyard/tide.py": `def check_depth(draft, depth):
    if draft > depth:
        raise ValueError("Draft {} m exceeds the channel depth of {} m".format(draft, depth))
`,
  "tests/test_dock.py": 'raise AssertionError("tests are not mined")\n',
};

/** A traceback the tree's code prints when a full dock is asked to berth one more ship. */
export const FULL_DOCK_LOG = `2026-03-01 10:00:03 INFO loading manifest for 12 ships
Traceback (most recent call last):
  File "/srv/harbour/main.py", line 31, in <module>
    dock.berth(ship)
  File "/usr/lib/python3/dist-packages/shipyard/dock.py", line 13, in berth
    raise CapacityError(
shipyard.errors.CapacityError: Dock north is full: 12 of 12 berths taken
`;
