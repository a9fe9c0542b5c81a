"""prompt_toolkit applications (full-screen dialogs and forms, and the prompts of REPLs such as
IPython's and pgcli's) that speak through announcerd: `speak(app)` says the focused widget as a
`focus` after each render that changed it (a Button, a Checkbox, the highlighted item of a
RadioList or CheckboxList with its place, a TextArea as a text field), the completion menu's
highlighted completion with its place, what is typed as an `echo`, and the dialog's title as a
`window`.

    from prompt_toolkit.shortcuts import radiolist_dialog
    from announcer.prompt_toolkit import speak

    app = radiolist_dialog(title="Colour", values=[("red", "Red"), ("blue", "Blue")])
    speak(app, title="Colour").run()

`describe(control)` is the rule alone. Every word is announcerd's: the adapter sends traits,
values and positions, and asks for keyboard hints. With no announcerd the application runs as
before. Under `announce term` it tells the terminal door that it speaks for itself.

prompt_toolkit itself is not a dependency of this package: this module imports it when used.
"""
from __future__ import annotations

import logging
from typing import Any, Dict, Optional

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import to_plain_text
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl, UIControl
from prompt_toolkit.layout.processors import ConditionalProcessor, PasswordProcessor
from prompt_toolkit.widgets import Button, Checkbox, CheckboxList, RadioList

from .adapter import Element, Speaker, typed, with_group

__all__ = ["speak", "describe"]


def _plain(text: Any) -> str:
    return " ".join(to_plain_text(text() if callable(text) else text).split())


def _owner(control: UIControl) -> Any:
    """The widget a control draws: a Button's or a list's control draws with a method of its own."""
    text = getattr(control, "text", None)
    return getattr(text, "__self__", None)


def _secret(control: BufferControl) -> bool:
    """Whether the field hides what is typed (a TextArea with password=True)."""
    def hides(processor: Any) -> bool:
        if isinstance(processor, PasswordProcessor):
            return True
        if isinstance(processor, ConditionalProcessor):
            return bool(processor.filter()) and hides(processor.processor)
        return False
    return any(hides(processor) for processor in control.input_processors or [])


def describe(control: Optional[UIControl], labels: Optional[Dict[int, str]] = None) -> Optional[Element]:
    """The element the focused `control` is said as; `labels` names text fields by their
    control's id() (prompt_toolkit's TextArea has no label of its own)."""
    if control is None:
        return None
    labels = labels or {}
    owner = _owner(control)
    if isinstance(owner, Button):
        return {"id": f"button-{id(owner):x}", "label": _plain(owner.text), "traits": ["button"]}
    if isinstance(owner, Checkbox):
        value = "1" if owner.checked else "0"
        return {"id": f"checkbox-{id(owner):x}", "label": _plain(owner.values[0][1]), "value": value, "traits": ["button", "checkBox"]}
    if isinstance(owner, (RadioList, CheckboxList)):
        index = owner._selected_index
        key, text = owner.values[index]
        radio = isinstance(owner, RadioList)
        chosen = key == owner.current_value if radio else key in owner.current_values
        return {"id": f"list-{id(owner):x}/{index}", "label": _plain(text), "value": "1" if chosen else "0",
                "traits": ["button", "radioButton" if radio else "checkBox"],
                "context": {"kind": "series", "index": index + 1, "count": len(owner.values)}}
    if isinstance(control, BufferControl):
        buffer = control.buffer
        state = buffer.complete_state
        if state is not None and state.complete_index is not None and state.completions:
            # The completion menu's highlight: what Tab or Down chose, with its place.
            completion = state.completions[state.complete_index]
            return {"id": f"completion-{id(buffer):x}/{state.complete_index}", "label": _plain(completion.display),
                    "context": {"kind": "series", "index": state.complete_index + 1, "count": len(state.completions)}}
        element: Element = {"id": f"text-{id(buffer):x}", "traits": ["textEntry"]}
        label = labels.get(id(control))
        if label:
            element["label"] = label
        if _secret(control):
            element["traits"].append("secureTextField")
        else:
            if buffer.multiline():
                element["traits"].append("textArea")
            if buffer.text:
                element["value"] = buffer.text
        return element
    return None


class _Speech:
    """The adapter's state on one application: what was said last, each text field's text."""

    def __init__(self, app: Application, title: Optional[str], labels: Dict[int, str], socket: Optional[str]) -> None:
        self.app = app
        self.title = title
        self.labels = labels
        self.speaker = Speaker("prompt_toolkit", socket, log=logging.getLogger("announcer").warning, write=self._write)
        self.last: Optional[Element] = None
        self.texts: Dict[int, str] = {}
        self.group: Any = None
        self.started = False

    def _write(self, sequence: str) -> None:
        # Only to a terminal: announce term's, or the user's (which ignores it).
        stdout = getattr(self.app.output, "stdout", None)
        try:
            if stdout is None or not stdout.isatty():
                return
        except (ValueError, OSError):
            return
        self.app.output.write_raw(sequence)
        self.app.output.flush()

    def rendered(self, _: Any = None) -> None:
        try:
            self.sync()
        except Exception:  # noqa: BLE001 — the application is the user's: it runs on, and it is logged
            logging.getLogger("announcer").exception("announcer: the focus could not be said")

    def sync(self) -> None:
        if not self.started:
            self.started = True
            self.speaker.connect()
            if self.title:
                self.speaker.send("window", title=self.title, role="dialog")
        control = self.app.layout.current_control
        element = describe(control, self.labels)
        if isinstance(control, BufferControl):
            # Typing: the character typed or deleted is said; the field is not said again.
            key = id(control.buffer)
            before, after = self.texts.get(key), control.buffer.text
            self.texts[key] = after
            last = self.last
            if before is not None and before != after and last is not None and element is not None and last["id"] == element["id"]:
                self.last = element
                echoed = "" if _secret(control) else typed(before, after)
                if echoed:
                    self.speaker.send("echo", text=echoed)
                return
        if element is None or element == self.last:
            return
        # A radio list entered says its group first, once; one left says so.
        group = _owner(control) if isinstance(_owner(control), RadioList) else None
        said = with_group(element, entered=group is not None and group is not self.group,
                          left=group is None and self.group is not None,
                          label=self.labels.get(id(group.control)) if group is not None else None)
        self.group = group
        self.last = element
        self.speaker.send("focus", element=said)


def speak(app: Application, *, title: Optional[str] = None, labels: Optional[Dict[Any, str]] = None,
          socket: Optional[str] = None) -> Application:
    """Makes `app` speak through announcerd (`socket`: the clients' default rule when None) and
    returns it. `title` is said as its dialog's window when it starts; `labels` names its text
    fields and radio lists ({text_area: "Name", radio_list: "Size"}, by widget or control)."""
    named = {id(getattr(widget, "control", widget)): label for widget, label in (labels or {}).items()}
    speech = _Speech(app, title, named, socket)
    app.after_render += speech.rendered

    original_exit = app.exit

    def exit(*arguments: Any, **options: Any) -> None:
        # The terminal's screen is read again once the application has gone.
        speech.speaker.close()
        original_exit(*arguments, **options)

    app.exit = exit  # type: ignore[method-assign]
    return app
