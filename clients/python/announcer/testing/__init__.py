"""Testing what a screen reader says, with no audio:

- `ScreenReader`: a private announcerd and the keyboard focus model, for programs that speak
  Announcer's protocol.
- `Terminal`: any terminal program under `announce term`, in a pseudo-terminal of its own.
- `Heard`: what announcerd speaks, as a test hears it, for a program that speaks for itself.
- `Desktop`: a GTK or Qt application or a browser in a private headless session (Xvfb, the
  AT-SPI bus, announcer-atspi).
- A pytest plugin (`announcer.testing.pytest_plugin`, loaded by pytest on its own): the fixtures
  `screen_reader`, `terminal`, `desktop` and `assert_spoken`, and `pytest --announcer-update`.

See docs/testing.md.
"""
from .braille_display import VirtualBrailleDisplay
from .desktop import Desktop
from .heard import Heard
from .screen_reader import ScreenReader
from .terminal import Terminal

__all__ = ["Desktop", "Heard", "ScreenReader", "Terminal", "VirtualBrailleDisplay"]
