"""An AT Driver server for Announcer (https://w3c.github.io/at-driver/): `announcer-at-driver`
(server.py, which needs the `websockets` package: `pip install announcer[at-driver]`); the
protocol itself (protocol.py) and the key vocabulary (keys.py) need only the standard library."""
