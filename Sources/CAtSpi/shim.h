// libatspi for Swift: the library's header, and the few GLib macros Swift cannot call, as
// functions. Only AnnouncerATSPI imports this (the one door to AT-SPI).
#include <atspi/atspi.h>
#include <atspi/atspi-device.h>
#include <glib-unix.h>
#include <X11/Xlib.h>
#include <X11/XKBlib.h>
#include <stdlib.h>
#include <string.h>

static inline const char *announcer_atspi_value_string(const GValue *value) {
    return (value && G_VALUE_HOLDS_STRING(value)) ? g_value_get_string(value) : NULL;
}

static inline AtspiAccessible *announcer_atspi_value_accessible(const GValue *value) {
    if (!value || !G_VALUE_HOLDS_OBJECT(value)) return NULL;
    GObject *object = g_value_get_object(value);
    return (object && ATSPI_IS_ACCESSIBLE(object)) ? ATSPI_ACCESSIBLE(object) : NULL;
}

static inline const char *announcer_atspi_path(AtspiAccessible *accessible) {
    return ATSPI_OBJECT(accessible)->path;
}

static inline const char *announcer_atspi_bus_name(AtspiAccessible *accessible) {
    AtspiObject *object = ATSPI_OBJECT(accessible);
    return object->app ? object->app->bus_name : NULL;
}

static inline void announcer_atspi_unref(void *object) {
    if (object) g_object_unref(object);
}

static inline const char *announcer_atspi_attribute(GHashTable *attributes, const char *name) {
    return attributes ? (const char *)g_hash_table_lookup(attributes, name) : NULL;
}

/// The first object `accessible` has the relation `type` to (a new reference), or NULL: a field's
/// error message (ATSPI_RELATION_ERROR_MESSAGE, a web page's aria-errormessage).
static inline AtspiAccessible *announcer_atspi_relation_target(AtspiAccessible *accessible, AtspiRelationType type) {
    GArray *relations = atspi_accessible_get_relation_set(accessible, NULL);
    if (!relations) return NULL;
    AtspiAccessible *found = NULL;
    for (guint i = 0; i < relations->len; i++) {
        AtspiRelation *relation = g_array_index(relations, AtspiRelation *, i);
        if (!found && atspi_relation_get_relation_type(relation) == type && atspi_relation_get_n_targets(relation) > 0) {
            found = atspi_relation_get_target(relation, 0);
        }
        g_object_unref(relation);
    }
    g_array_free(relations, TRUE);
    return found;
}

/// The object with the focus in `window` (a new reference), or NULL: the application's own
/// search (its Collection), the first object in the focused state.
static inline AtspiAccessible *announcer_atspi_focused_in(AtspiAccessible *window) {
    AtspiCollection *collection = atspi_accessible_get_collection_iface(window);
    if (!collection) return NULL;
    AtspiStateSet *states = atspi_state_set_new(NULL);
    atspi_state_set_add(states, ATSPI_STATE_FOCUSED);
    AtspiMatchRule *rule = atspi_match_rule_new(states, ATSPI_Collection_MATCH_ALL, NULL, ATSPI_Collection_MATCH_NONE,
                                                NULL, ATSPI_Collection_MATCH_NONE, NULL, ATSPI_Collection_MATCH_NONE, FALSE);
    GArray *matches = atspi_collection_get_matches(collection, rule, ATSPI_Collection_SORT_ORDER_CANONICAL, 1, TRUE, NULL);
    AtspiAccessible *found = NULL;
    if (matches) {
        if (matches->len > 0 && g_array_index(matches, AtspiAccessible *, 0)) found = g_object_ref(g_array_index(matches, AtspiAccessible *, 0));
        for (guint i = 0; i < matches->len; i++) {
            AtspiAccessible *match = g_array_index(matches, AtspiAccessible *, i);
            if (match) g_object_unref(match);
        }
        g_array_free(matches, TRUE);
    }
    g_object_unref(rule);
    g_object_unref(states);
    g_object_unref(collection);
    return found;
}

/// Calls `gone` when the accessibility bus connection libatspi holds is lost (the bus daemon
/// stopped or restarted): libatspi does not reconnect its listeners by itself.
typedef void (*announcer_atspi_bus_gone)(void);

static inline DBusHandlerResult announcer_atspi_disconnect_filter(DBusConnection *connection, DBusMessage *message, void *gone) {
    (void)connection;
    if (dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected")) ((announcer_atspi_bus_gone)gone)();
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static inline int announcer_atspi_watch_bus(announcer_atspi_bus_gone gone) {
    DBusConnection *bus = atspi_get_a11y_bus();
    return bus ? (int)dbus_connection_add_filter(bus, announcer_atspi_disconnect_filter, (void *)gone, NULL) : 0;
}

/// The accessibility bus's events that libdbus has read and not yet dispatched, and the bus's
/// descriptor (or -1), for the bridge to see whether more events are still to be read.
static inline int announcer_atspi_events_queued(void) {
    DBusConnection *bus = atspi_get_a11y_bus();
    return bus && dbus_connection_get_dispatch_status(bus) == DBUS_DISPATCH_DATA_REMAINS;
}

static inline int announcer_atspi_bus_descriptor(void) {
    DBusConnection *bus = atspi_get_a11y_bus();
    int fd = -1;
    if (!bus || !dbus_connection_get_unix_fd(bus, &fd)) return -1;
    return fd;
}

/// Asks an application whether it answers (its root's role), without waiting: `done` is called
/// on the main loop with its bus name and 0 (it answered), 1 (no answer within `timeout_ms`) or
/// 2 (it has left the bus). False when the question could not be sent.
typedef void (*announcer_atspi_probe_done)(const char *bus_name, int result);

struct announcer_atspi_probe_call {
    announcer_atspi_probe_done done;
    char *bus_name;
};

static inline void announcer_atspi_probe_free(void *data) {
    struct announcer_atspi_probe_call *call = data;
    free(call->bus_name);
    free(call);
}

static inline void announcer_atspi_probe_answered(DBusPendingCall *pending, void *data) {
    struct announcer_atspi_probe_call *call = data;
    DBusMessage *reply = dbus_pending_call_steal_reply(pending);
    int result = reply ? 0 : 1;
    if (reply && dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
        const char *name = dbus_message_get_error_name(reply);
        if (name && strcmp(name, DBUS_ERROR_NO_REPLY) == 0) result = 1;
        if (name && (strcmp(name, DBUS_ERROR_SERVICE_UNKNOWN) == 0 || strcmp(name, DBUS_ERROR_NAME_HAS_NO_OWNER) == 0)) result = 2;
    }
    if (reply) dbus_message_unref(reply);
    call->done(call->bus_name, result);
}

static inline int announcer_atspi_probe(const char *bus_name, int timeout_ms, announcer_atspi_probe_done done) {
    DBusConnection *bus = atspi_get_a11y_bus();
    if (!bus) return 0;
    DBusMessage *message = dbus_message_new_method_call(bus_name, "/org/a11y/atspi/accessible/root", "org.a11y.atspi.Accessible", "GetRole");
    if (!message) return 0;
    DBusPendingCall *pending = NULL;
    int sent = dbus_connection_send_with_reply(bus, message, &pending, timeout_ms) && pending;
    dbus_message_unref(message);
    if (!sent) return 0;
    struct announcer_atspi_probe_call *call = malloc(sizeof *call);
    if (call) {
        call->done = done;
        call->bus_name = strdup(bus_name);
    }
    if (!call || !call->bus_name || !dbus_pending_call_set_notify(pending, announcer_atspi_probe_answered, call, announcer_atspi_probe_free)) {
        if (call) { free(call->bus_name); free(call); }
        dbus_pending_call_cancel(pending);
        dbus_pending_call_unref(pending);
        return 0;
    }
    dbus_pending_call_unref(pending);
    return 1;
}

/// The key code of an X keysym name ("Right", "h", "KP_Enter") on the display's keyboard, or 0
/// (no display, or no such key): libatspi's key grabs take key codes.
static inline Display *announcer_atspi_display(void) {
    static Display *display = NULL;
    if (!display) display = XOpenDisplay(NULL);
    return display;
}

static inline int announcer_atspi_keycode(const char *name) {
    Display *display = announcer_atspi_display();
    if (!display) return 0;
    KeySym keysym = XStringToKeysym(name);
    return keysym == NoSymbol ? 0 : (int)XKeysymToKeycode(display, keysym);
}

/// Calls `readable` on GLib's main loop whenever `descriptor` has something to read, until it
/// returns G_SOURCE_REMOVE; the source's id.
static inline guint announcer_atspi_watch_descriptor(int descriptor, GUnixFDSourceFunc readable) {
    return g_unix_fd_add(descriptor, G_IO_IN | G_IO_HUP | G_IO_ERR, readable, NULL);
}

/// Whether capitals are locked (CapsLock's lock), and locking or unlocking them: CapsLock as
/// the review's modifier toggles them only when pressed twice.
static inline int announcer_atspi_caps_locked(void) {
    Display *display = announcer_atspi_display();
    XkbStateRec state;
    if (!display || XkbGetState(display, XkbUseCoreKbd, &state) != Success) return 0;
    return (state.locked_mods & LockMask) != 0;
}

static inline void announcer_atspi_lock_caps(int locked) {
    Display *display = announcer_atspi_display();
    if (!display) return;
    XkbLockModifiers(display, XkbUseCoreKbd, LockMask, locked ? LockMask : 0);
    XFlush(display);
}

/// Says on the session bus that assistive technology is in use (org.a11y.Status.IsEnabled, as a
/// screen reader does): applications that read it at start (Firefox) expose their accessible
/// trees only then. True when the bus launcher took it.
static inline int announcer_atspi_enable_accessibility(void) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get(DBUS_BUS_SESSION, &error);
    if (!bus) { dbus_error_free(&error); return 0; }
    DBusMessage *call = dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set");
    if (!call) { dbus_connection_unref(bus); return 0; }
    const char *interface = "org.a11y.Status", *property = "IsEnabled";
    dbus_bool_t enabled = TRUE;
    DBusMessageIter arguments, variant;
    dbus_message_iter_init_append(call, &arguments);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &interface);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &property);
    dbus_message_iter_open_container(&arguments, DBUS_TYPE_VARIANT, "b", &variant);
    dbus_message_iter_append_basic(&variant, DBUS_TYPE_BOOLEAN, &enabled);
    dbus_message_iter_close_container(&arguments, &variant);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, call, 2000, &error);
    dbus_message_unref(call);
    int taken = reply != NULL;
    if (reply) dbus_message_unref(reply);
    dbus_error_free(&error);
    dbus_connection_unref(bus);
    return taken;
}

/// Frees the copy of a key event libatspi hands a keystroke listener's callback.
static inline void announcer_atspi_device_event_free(AtspiDeviceEvent *event) {
    g_boxed_free(ATSPI_TYPE_DEVICE_EVENT, event);
}
