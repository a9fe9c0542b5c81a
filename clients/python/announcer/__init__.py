"""A client for announcerd, Announcer's speech daemon, and a virtual screen reader for tests.

    from announcer import Client

    with Client() as client:
        client.say("Build finished")
        client.focus({"label": "Play", "traits": ["button"]})

`announcer.testing.ScreenReader` runs a private announcerd with no audio and records what it
says (docs/testing.md).
"""
from .client import (
    ActionEvent,
    ActivateEvent,
    AdjustEvent,
    AnnouncerError,
    BrailleEvent,
    Client,
    CommandEvent,
    Event,
    FinishedEvent,
    FocusEvent,
    Reply,
    RouteEvent,
    SpeakingEvent,
    default_socket_path,
)

__all__ = [
    "ActionEvent",
    "ActivateEvent",
    "AdjustEvent",
    "AnnouncerError",
    "BrailleEvent",
    "Client",
    "CommandEvent",
    "Event",
    "FinishedEvent",
    "FocusEvent",
    "Reply",
    "RouteEvent",
    "SpeakingEvent",
    "default_socket_path",
]
__version__ = "0.1.0"
