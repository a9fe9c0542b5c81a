"""A Textual application: a list of plans to pick from with Up, Down and Enter, and a line that
says what was picked."""
from textual.app import App, ComposeResult
from textual.widgets import Label, OptionList


class Plans(App):
    def compose(self) -> ComposeResult:
        yield Label("Choose a plan")
        yield OptionList("Free", "Pro", "Team", id="plans")
        yield Label("", id="status")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#status", Label).update(f"{event.option.prompt} plan chosen.")


if __name__ == "__main__":
    Plans().run()
