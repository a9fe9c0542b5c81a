/* libannouncer: a program in C (or any language that calls C) speaks through announcerd.
 *
 * One connection is one client of announcerd's wire protocol, version 1 (docs/protocol.md):
 * JSON lines on a Unix socket. Every call sends one request and waits for its reply; a call
 * that fails returns a negative ANNOUNCER_* code, and announcer_error() says why in words
 * (the calling thread's last failure). A connection may be shared between threads: calls on it
 * take turns. Nothing beyond the C library is needed (link with -lannouncer; pkg-config
 * announcer).
 *
 *     announcer *speech;
 *     if (announcer_connect(NULL, "my-program", &speech) == ANNOUNCER_OK) {
 *         announcer_element play = { .id = "play", .label = "Play", .traits = (const char *[]){ "button", NULL } };
 *         announcer_focus(speech, &play, NULL);      // "Play. Button."
 *         announcer_close(speech);
 *     }
 */
#ifndef ANNOUNCER_H
#define ANNOUNCER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ANNOUNCER_PROTOCOL 1

/* What a call returns. */
enum {
    ANNOUNCER_OK = 0,
    ANNOUNCER_UNAVAILABLE = -1, /* announcerd could not be reached (not running, no socket) */
    ANNOUNCER_REFUSED = -2,     /* announcerd refused the request: announcer_error_code() is its code */
    ANNOUNCER_CLOSED = -3,      /* the connection ended (announcerd stopped) */
    ANNOUNCER_TIMEOUT = -4,     /* no answer in time */
    ANNOUNCER_INVALID = -5,     /* a bad argument (NULL, an empty text), nothing sent */
    ANNOUNCER_NO_MEMORY = -6
};

/* An announcement's priority (announce's `priority`). */
typedef enum {
    ANNOUNCER_DEFAULT = 0,
    ANNOUNCER_HIGH = 1,    /* at once, cutting off what is being said */
    ANNOUNCER_LOW = 2
} announcer_priority;

/* An element, as the protocol's (docs/protocol.md, Elements). Every field may be NULL or 0. */
typedef struct announcer_element {
    const char *id;
    const char *label;
    const char *value;
    const char *hint;
    const char *language;          /* a BCP-47 tag: the words and the voice */
    const char *const *traits;     /* trait names, NULL-terminated: "button", "checkBox", … */
    int series_index;              /* "2 of 5": its place (from 1) among series_count … */
    int series_count;              /* … when series_count > 0 */
} announcer_element;

typedef struct announcer announcer;

/* Connects to announcerd at `socket` (NULL: $ANNOUNCER_SOCKET, else
 * $XDG_RUNTIME_DIR/announcer/socket, else $HOME/.cache/announcer/socket, every client's rule) and
 * introduces the program as `client` (hello; keyboard hints). */
int announcer_connect(const char *socket, const char *client, announcer **connection);
/* Ends the connection and frees it; NULL is nothing. */
void announcer_close(announcer *connection);
/* How long a call waits for its reply (default 10 000 ms). */
void announcer_set_timeout(announcer *connection, int milliseconds);

/* Each of these queues speech; `utterance` (may be NULL) receives the number of what was queued,
 * for announcer_wait_finished (0 when nothing was queued: a window said already). */
int announcer_say(announcer *connection, const char *text, announcer_priority priority, long *utterance);
int announcer_focus(announcer *connection, const announcer_element *element, long *utterance);
/* Registers the program's elements as its tree (screenChanged) and speaks `focus` (an id; NULL:
 * the first). */
int announcer_screen(announcer *connection, const announcer_element *elements, size_t count, const char *focus,
                     long *utterance);
/* What the user just typed or deleted, said at once. */
int announcer_echo(announcer *connection, const char *text, long *utterance);
/* A window became active: its title. */
int announcer_window(announcer *connection, const char *title, long *utterance);
/* Silence now: what is being said is cut off, everything waiting cancelled. */
int announcer_stop(announcer *connection);
/* Waits at most `milliseconds` for `utterance` to finish; `status` (may be NULL, `size` bytes)
 * receives how: "spoken", "interrupted", "superseded", "dropped", "cancelled" or "failed". */
int announcer_wait_finished(announcer *connection, long utterance, int milliseconds, char *status, size_t size);

/* Tells `announce term`, when the program runs under it, that the program speaks for itself
 * (`yes`) so that its screen is not read as well, or that its screen is to be read again (0):
 * an escape sequence written to `terminal_fd` (a terminal ignores it). */
int announcer_hand_off(int terminal_fd, int yes);

/* Why the calling thread's last failed call failed, in words; "" after none. */
const char *announcer_error(void);
/* announcerd's error code of the calling thread's last ANNOUNCER_REFUSED ("invalid_field",
 * "queue_full", …); "" otherwise. */
const char *announcer_error_code(void);

#ifdef __cplusplus
}
#endif

#endif
