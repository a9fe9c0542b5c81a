"""A small GTK 4 application for the desktop example: a window with one button that opens a
dialog, a message and two buttons, the focus starting on Cancel."""
import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gtk

app = Gtk.Application(application_id="org.announcer.DeleteDialogExample")


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Downloads")
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
    window.set_child(box)
    status = Gtk.Label(label="3 files selected")
    box.append(status)
    delete = Gtk.Button(label="Delete files")
    box.append(delete)

    def confirm(_button):
        # A dialog of our own: Debian 12's GTK 4.8 has no Gtk.AlertDialog.
        dialog = Gtk.Window(transient_for=window, modal=True, title="Delete 3 files?")
        content = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
        dialog.set_child(content)
        content.append(Gtk.Label(label="They will be deleted for good."))
        buttons = Gtk.Box(spacing=6)
        content.append(buttons)
        cancel = Gtk.Button(label="Cancel")
        remove = Gtk.Button(label="Delete")
        buttons.append(cancel)
        buttons.append(remove)
        cancel.connect("clicked", lambda _b: dialog.destroy())

        def deleted(_b):
            status.set_label("No files selected")
            dialog.destroy()

        remove.connect("clicked", deleted)
        dialog.present()
        cancel.grab_focus()

    delete.connect("clicked", confirm)
    window.present()


app.connect("activate", activate)
app.run([])
