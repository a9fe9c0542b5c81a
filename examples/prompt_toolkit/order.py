"""A pizza order dialog in prompt_toolkit that speaks through announcerd with one call,
`speak(app)`: each field as Tab reaches it, the size's choice with its place, what is typed, and
the dialog's title.

    python3 examples/prompt_toolkit/order.py   (announcerd running; pip install announcer[prompt_toolkit])
"""
from prompt_toolkit.application import Application
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.bindings.focus import focus_next, focus_previous
from prompt_toolkit.layout import HSplit, Layout
from prompt_toolkit.widgets import Button, Checkbox, Dialog, Label, RadioList, TextArea

from announcer.prompt_toolkit import speak


def order_app(**options) -> Application:
    name = TextArea(multiline=False)
    size = RadioList([("small", "Small"), ("medium", "Medium"), ("large", "Large")], default="medium")
    cheese = Checkbox("Extra cheese")

    def ok() -> None:
        application.exit(result=(name.text, size.current_value, cheese.checked))

    dialog = Dialog(
        title="Order",
        body=HSplit([Label("Name"), name, Label("Size"), size, cheese]),
        buttons=[Button("OK", handler=ok), Button("Cancel", handler=lambda: application.exit(result=None))],
        with_background=False,
    )
    keys = KeyBindings()
    keys.add("tab")(focus_next)
    keys.add("s-tab")(focus_previous)
    application = Application(layout=Layout(dialog, focused_element=name), key_bindings=keys, full_screen=True, **options)
    return speak(application, title="Order", labels={name: "Name", size: "Size"})


if __name__ == "__main__":
    print(order_app().run())
