"""A Textual application of every other widget the adapter says: Tabs, a Switch, a DataTable
with column headers, a Tree, a ListView, an OptionList, a TextArea, and a modal dialog."""
from textual.app import App, ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Label, ListItem, ListView, OptionList, Switch, Tabs, TextArea, Tree

from announcer.textual import AnnouncerApp


class Confirm(ModalScreen):
    TITLE = "Delete the book?"

    def compose(self) -> ComposeResult:
        yield Label("Delete the book?")
        yield Button("Delete", id="delete")
        yield Button("Keep", id="keep")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)


class Library(AnnouncerApp, App):
    TITLE = "Library"

    def compose(self) -> ComposeResult:
        yield Tabs("Books", "Authors", id="tabs")
        yield Label("Dark mode")
        yield Switch(id="dark")
        yield DataTable(id="books")
        tree: Tree = Tree("Shelves", id="shelves")
        tree.root.expand()
        fiction = tree.root.add("Fiction", expand=False)
        fiction.add_leaf("Dune")
        tree.root.add_leaf("Poetry")
        yield tree
        yield ListView(ListItem(Label("Recently read")), ListItem(Label("Wish list")), id="lists")
        yield OptionList("Title", "Author", "Year", id="sort")
        yield TextArea("first line\nsecond line", id="notes")
        yield Button("Delete book", id="remove")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Title", "Author", "Year")
        table.add_row("Dune", "Frank Herbert", "1965")
        table.add_row("Emma", "Jane Austen", "1815")
        super().on_mount()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "remove":
            self.push_screen(Confirm(), lambda answer: self.notify("Deleted" if answer == "delete" else "Kept"))
