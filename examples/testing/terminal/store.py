"""A Textual application: a sign-up form with a name, a plan and a button that says what it did."""
from textual.app import App, ComposeResult
from textual.widgets import Button, Input, Label, Select


class SignUp(App):
    def compose(self) -> ComposeResult:
        yield Label("Sign up")
        yield Input(placeholder="Your name", id="name")
        yield Select([("Free", "free"), ("Pro", "pro")], prompt="Plan", id="plan")
        yield Button("Create account", id="create")
        yield Label("", id="status")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = self.query_one("#name", Input).value or "nobody"
        self.query_one("#status", Label).update(f"Account created for {name}.")


if __name__ == "__main__":
    SignUp().run()
