"""Textual applications that speak through announcerd: `AnnouncerApp`, mixed into an app's class,
says the focused widget as a `focus` (its label, value and traits, in announcerd's words), each
screen's title as a `window` and its widgets as the client's tree (`screen`), `notify()` as an
announcement, and what is typed into an Input as an `echo`.

    from textual.app import App
    from announcer.textual import AnnouncerApp

    class Form(AnnouncerApp, App):
        ...

`describe(widget)` is the rule alone: the element a widget is said as, or None for one that is
not said. Every word is announcerd's (its locale tables): the adapter sends traits, values and
positions, never words of its own, and asks for keyboard hints. With no announcerd to reach the
app runs as before, silent. Under `announce term` the adapter tells the terminal door that this
program speaks for itself (`HAND_OFF`), so its screen is not read as well.

Textual itself is not a dependency of this package: this module imports it when it is used.
"""
from __future__ import annotations

import sys
from typing import Any, Dict, List, Optional

from textual import events
from textual.app import App
from textual.screen import ModalScreen
from textual.widget import Widget

from .adapter import HAND_BACK, HAND_OFF, Element, Speaker, typed, with_group

__all__ = ["AnnouncerApp", "describe", "HAND_OFF", "HAND_BACK"]


def _text(value: Any) -> str:
    """A widget's label or prompt (a str, Rich Text or Textual Content) as plain text."""
    plain = getattr(value, "plain", None)
    return " ".join((plain if isinstance(plain, str) else str(value or "")).split())


def _identifier(widget: Widget) -> str:
    return widget.id or f"{type(widget).__name__.lower()}-{id(widget):x}"


def _label_before(widget: Widget) -> str:
    """The label a form gives a widget: its border title, else the text of the Label or Static
    just before it among its siblings."""
    title = _text(getattr(widget, "border_title", None))
    if title:
        return title
    parent = widget.parent
    if parent is None:
        return ""
    siblings = list(parent.children)
    index = siblings.index(widget) if widget in siblings else -1
    from textual.widgets import Label, Static
    if index > 0 and isinstance(siblings[index - 1], (Label, Static)) and not siblings[index - 1].can_focus:
        return _text(siblings[index - 1].render())
    return ""


def _element(widget: Widget, **fields: Any) -> Element:
    element: Element = {"id": _identifier(widget)}
    element.update({key: value for key, value in fields.items() if value not in (None, "", [])})
    if getattr(widget, "disabled", False):
        element.setdefault("traits", []).append("notEnabled")
    return element


def describe(widget: Optional[Widget]) -> Optional[Element]:
    """The element `widget` is said as when it has the focus: for a widget that holds items (an
    option list, a radio set, a table, a tree, tabs) the item it has highlighted, with its place
    among the others. None for no widget."""
    if widget is None:
        return None
    from textual import widgets as w
    on = lambda flag: "1" if flag else "0"  # noqa: E731
    if isinstance(widget, w.Button):
        return _element(widget, label=_text(widget.label), traits=["button"])
    if isinstance(widget, w.Checkbox) or isinstance(widget, w.RadioButton):
        trait = "checkBox" if isinstance(widget, w.Checkbox) else "radioButton"
        return _element(widget, label=_text(widget.label), value=on(widget.value), traits=["button", trait])
    if isinstance(widget, w.Switch):
        return _element(widget, label=_label_before(widget), value=on(widget.value), traits=["button", "switchButton"])
    if isinstance(widget, w.RadioSet):
        buttons = list(widget.query(w.RadioButton))
        index = getattr(widget, "_selected", None)
        if index is None:
            index = max(widget.pressed_index, 0)
        if not buttons:
            return _element(widget, label=_label_before(widget))
        button = buttons[min(index, len(buttons) - 1)]
        element = _element(button, label=_text(button.label), value=on(button.value), traits=["button", "radioButton"])
        element["id"] = _identifier(widget) + f"/{index}"
        element["context"] = {"kind": "series", "index": index + 1, "count": len(buttons)}
        return element
    if isinstance(widget, w.TextArea):
        return _element(widget, label=_label_before(widget), value=widget.text, traits=["textEntry", "textArea"])
    if isinstance(widget, w.Input):
        if widget.password:
            return _element(widget, label=_label_before(widget) or _text(widget.placeholder), traits=["textEntry", "secureTextField"])
        return _element(widget, label=_label_before(widget), value=widget.value or _text(widget.placeholder), traits=["textEntry"])
    if isinstance(widget, w.Select):
        chosen = widget.selection
        value = next((_text(prompt) for prompt, option in getattr(widget, "_options", []) if chosen is not None and option == chosen), "")
        value = value or _text(widget.prompt)
        traits = ["button", "popUpButton", "expanded" if widget.expanded else "collapsed"]
        return _element(widget, label=_label_before(widget), value=value, traits=traits)
    if isinstance(widget, w.OptionList):
        index = widget.highlighted
        if index is None or not widget.option_count:
            return _element(widget, label=_label_before(widget))
        option = widget.get_option_at_index(index)
        element = _element(widget, label=_text(option.prompt), traits=["notEnabled"] if option.disabled else None)
        element["id"] = _identifier(widget) + f"/{index}"
        element["context"] = {"kind": "series", "index": index + 1, "count": widget.option_count}
        return element
    if isinstance(widget, w.ListView):
        items = list(widget.children)
        index = widget.index
        if index is None or not items:
            return _element(widget, label=_label_before(widget))
        item = items[index]
        label = " ".join(_text(child.render()) for child in item.query(w.Static)) or _text(getattr(item, "name", ""))
        element = _element(item, label=label)
        element["id"] = _identifier(widget) + f"/{index}"
        element["context"] = {"kind": "series", "index": index + 1, "count": len(items)}
        return element
    if isinstance(widget, w.DataTable):
        if not widget.row_count or not widget.columns:
            return _element(widget, label=_label_before(widget))
        row, column = widget.cursor_coordinate
        columns = list(widget.columns.values())
        header = _text(columns[column].label) if column < len(columns) else ""
        cell = _text(widget.get_cell_at(widget.cursor_coordinate))
        element = _element(widget, label=header, value=cell)
        element["id"] = _identifier(widget) + f"/{row}/{column}"
        element["context"] = {"kind": "series", "index": row + 1, "count": widget.row_count}
        return element
    if isinstance(widget, w.Tree):
        node = widget.cursor_node
        if node is None:
            return _element(widget, label=_label_before(widget))
        siblings = list(node.parent.children) if node.parent is not None else [node]
        traits: List[str] = []
        if node.allow_expand:
            traits.append("expanded" if node.is_expanded else "collapsed")
        element = _element(widget, label=_text(node.label), traits=traits)
        element["id"] = _identifier(widget) + f"/{node.id}"
        element["context"] = {"kind": "series", "index": siblings.index(node) + 1, "count": len(siblings)}
        return element
    if isinstance(widget, w.Tabs):
        tabs = list(widget.query(w.Tab))
        active = widget.active_tab
        if active is None or active not in tabs:
            return _element(widget, label=_label_before(widget), traits=["tabBar"])
        element = _element(active, label=_text(active.label), traits=["button", "tabBarItem", "selected"])
        element["context"] = {"kind": "tab", "index": tabs.index(active) + 1, "count": len(tabs)}
        return element
    # Any other widget that takes the focus: its tooltip or label before it, as a button when it
    # has a press action.
    return _element(widget, label=_text(getattr(widget, "tooltip", None)) or _label_before(widget))


def _tree(screen: Any) -> List[Element]:
    """The screen's widgets that take the focus, each as said, in focus order: the client's
    tree for `screen` (review and `announce keys` work over it)."""
    elements: List[Element] = []
    seen = set()
    for widget in screen.focus_chain:
        element = describe(widget)
        if element is None or element["id"] in seen:
            continue
        seen.add(element["id"])
        elements.append(element)
    return elements


class AnnouncerApp(App):
    """A mixin for a Textual `App` (put it first: `class Form(AnnouncerApp, App)`), or an App of
    its own to subclass. `announcer_socket` is the daemon's socket (the clients' default rule
    when None)."""

    announcer_socket: Optional[str] = None
    #: The client name announcerd is told (`hello`).
    announcer_client_name = "textual"

    def __init__(self, *arguments: Any, **options: Any) -> None:
        super().__init__(*arguments, **options)
        self._announcer: Optional[Speaker] = None
        self._announcer_screen: Any = None
        self._announcer_last: Optional[Element] = None
        self._announcer_values: Dict[str, str] = {}
        self._announcer_group: Optional[str] = None

    # MARK: - the connection

    def _announcer_speaker(self) -> Speaker:
        if self._announcer is None:
            terminal = sys.__stdout__ is not None and sys.__stdout__.isatty()
            self._announcer = Speaker(self.announcer_client_name, self.announcer_socket, log=self.log.warning,
                                      write=self._announcer_write if terminal else None)
        return self._announcer

    def _announcer_write(self, sequence: str) -> None:
        driver = getattr(self, "_driver", None)
        if driver is not None:
            driver.write(sequence)
            driver.flush()

    def _announcer_send(self, kind: str, **fields: Any) -> None:
        self._announcer_speaker().send(kind, **fields)

    # MARK: - what the app does

    def announcer_sync(self) -> None:
        """Says the focus when it changed since it was said last: another widget, another item
        highlighted in it, or its value. A screen not yet said says its title and its tree."""
        screen = self.screen
        focused = screen.focused
        element = describe(focused)
        if screen is not self._announcer_screen:
            self._announcer_screen = screen
            self._announcer_group = None
            title = _text(getattr(screen, "title", None)) or _text(self.title)
            if title:
                self._announcer_send("window", title=title, role="dialog" if isinstance(screen, ModalScreen) else "window")
            tree = _tree(screen)
            if tree:
                # The tree's focus, when the focused widget is in it, is said by the `screen`.
                registered = element is not None and any(item["id"] == element["id"] for item in tree)
                self._announcer_send("screen", elements=tree, **({"focus": element["id"]} if registered else {}))
                if registered:
                    self._announcer_last = element
                    return
        if element is None or element == self._announcer_last:
            return
        # What is typed into a text field is its echo: its new value alone is not said again.
        last = self._announcer_last
        if last is not None and last.get("id") == element["id"] and "textEntry" in element.get("traits", []) \
                and {k: v for k, v in last.items() if k != "value"} == {k: v for k, v in element.items() if k != "value"}:
            self._announcer_last = element
            return
        # A radio set entered says its group first, once.
        from textual.widgets import RadioSet
        group = _identifier(focused) if isinstance(focused, RadioSet) else None
        said = with_group(element, entered=group is not None and group != self._announcer_group,
                          left=group is None and self._announcer_group is not None,
                          label=_label_before(focused) if group is not None else None)
        self._announcer_group = group
        self._announcer_last = element
        self._announcer_send("focus", element=said)

    def _announcer_sync_safely(self) -> None:
        # The app is the user's: whatever goes wrong here, it runs on, and it is logged.
        try:
            self.announcer_sync()
        except Exception as error:  # noqa: BLE001
            self.log.error(f"announcer: {type(error).__name__}: {error}")

    def on_mount(self) -> None:
        # Connected before the first screen is drawn: under `announce term`, the hand-off comes
        # before anything on the screen could be read.
        self._announcer_speaker().connect()
        # A screen shown or gone back to (a modal dismissed) is said once it has been drawn with
        # its focus: the key that closed the dialog may have been handled, and its sync run, while
        # the dialog was still the screen (CI, on a loaded machine, never heard the screen gone
        # back to).
        self.screen_change_signal.subscribe(self, lambda _: self.call_after_refresh(self._announcer_sync_safely))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # An input's text as the focus came: what is typed next is measured from it.
        if hasattr(event.widget, "value") and isinstance(getattr(event.widget, "value"), str):
            self._announcer_values[_identifier(event.widget)] = event.widget.value
        self._announcer_sync_safely()

    async def on_event(self, event: events.Event) -> None:
        await super().on_event(event)
        # A key may move a highlight, toggle a box or show another screen: said once the app
        # has handled it.
        if isinstance(event, (events.Key, events.MouseUp)):
            self.call_after_refresh(self._announcer_sync_safely)

    def on_input_changed(self, event: Any) -> None:
        """Typing echo: the character typed or deleted."""
        key = _identifier(event.input)
        before, after = self._announcer_values.get(key, ""), event.value
        self._announcer_values[key] = after
        echoed = "" if getattr(event.input, "password", False) else typed(before, after)
        if echoed:
            self._announcer_send("echo", text=echoed)
        if self._announcer_last is not None and self._announcer_last.get("id") == key:
            self._announcer_last = describe(event.input)

    def notify(self, message: str, *, title: str = "", severity: Any = "information", timeout: Optional[float] = None,
               markup: bool = True) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        text = " ".join(part for part in (_text(title), _text(message)) if part)
        if text:
            self._announcer_send("announce", text=text, priority="high" if severity == "error" else "default")

    async def _on_exit_app(self) -> None:
        # The terminal's screen is read again once this program has gone.
        if self._announcer is not None:
            self._announcer.close()
        await super()._on_exit_app()
