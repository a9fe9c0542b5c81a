"""A sign-up form in Textual that speaks through announcerd: one mixin (`AnnouncerApp`) and it
says each field as Tab reaches it, what is typed, the choices, and the thanks at the end.

    python3 examples/textual/form.py        (announcerd running; pip install announcer[textual])
"""
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Select

from announcer.textual import AnnouncerApp


class SignUp(AnnouncerApp, App):
    TITLE = "Sign up"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Name")
            yield Input(id="name")
            yield Label("Email")
            yield Input(placeholder="you@example.com", id="email")
            yield Checkbox("Send me the newsletter", id="newsletter")
            yield Label("Plan")
            with RadioSet(id="plan"):
                yield RadioButton("Free", value=True)
                yield RadioButton("Pro")
                yield RadioButton("Team")
            yield Label("Country")
            yield Select([("France", "fr"), ("Germany", "de"), ("Japan", "jp")], value="de", id="country")
            yield Button("Sign up", id="submit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = self.query_one("#name", Input).value or "friend"
        self.notify(f"Welcome, {name}")


if __name__ == "__main__":
    SignUp().run()
