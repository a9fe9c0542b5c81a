/* libannouncer: announcerd's wire protocol from C (announcer.h). One request, one reply, in
 * order; events between replies are read as they come, and the `finished` ones kept for
 * announcer_wait_finished. Only the C library: sockets, poll, pthreads. */
#define _GNU_SOURCE
#include "announcer.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* The finished events kept: the newest this many. */
#define KEPT_FINISHED 256
/* The longest line read from announcerd. */
#define LONGEST_LINE (1 << 20)

struct finished {
    long utterance;
    char status[16];
};

struct announcer {
    int fd;
    int timeout_ms;
    long next_id;
    pthread_mutex_t lock;
    char *buffer;          /* bytes read and not yet taken as lines */
    size_t buffered, capacity;
    struct finished finished[KEPT_FINISHED];
    size_t finished_next;  /* where the next one goes (a ring) */
};

static _Thread_local char error_text[512];
static _Thread_local char error_code[64];

static int fail(int code, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error_text, sizeof error_text, format, arguments);
    va_end(arguments);
    if (code != ANNOUNCER_REFUSED) error_code[0] = 0;
    return code;
}

const char *announcer_error(void) { return error_text; }
const char *announcer_error_code(void) { return error_code; }

/* MARK: - JSON out */

typedef struct {
    char *text;
    size_t length, capacity;
    int failed;
} builder;

static void append(builder *b, const char *text, size_t length) {
    if (b->failed) return;
    if (b->length + length + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 256;
        while (b->length + length + 1 > capacity) capacity *= 2;
        char *grown = realloc(b->text, capacity);
        if (!grown) { b->failed = 1; return; }
        b->text = grown;
        b->capacity = capacity;
    }
    memcpy(b->text + b->length, text, length);
    b->length += length;
    b->text[b->length] = 0;
}

static void raw(builder *b, const char *text) { append(b, text, strlen(text)); }

static void string(builder *b, const char *text) {
    raw(b, "\"");
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        char escaped[8];
        if (*c == '"' || *c == '\\') {
            escaped[0] = '\\'; escaped[1] = (char)*c; append(b, escaped, 2);
        } else if (*c < 0x20) {
            snprintf(escaped, sizeof escaped, "\\u%04x", *c);
            raw(b, escaped);
        } else {
            append(b, (const char *)c, 1);
        }
    }
    raw(b, "\"");
}

static void field(builder *b, const char *name, const char *value, int *first) {
    if (!value) return;
    raw(b, *first ? "\"" : ",\"");
    *first = 0;
    raw(b, name);
    raw(b, "\":");
    string(b, value);
}

static void element(builder *b, const announcer_element *e) {
    int first = 1;
    raw(b, "{");
    field(b, "id", e->id, &first);
    field(b, "label", e->label, &first);
    field(b, "value", e->value, &first);
    field(b, "hint", e->hint, &first);
    field(b, "language", e->language, &first);
    if (e->traits && e->traits[0]) {
        raw(b, first ? "\"traits\":[" : ",\"traits\":[");
        first = 0;
        for (size_t i = 0; e->traits[i]; i++) {
            if (i) raw(b, ",");
            string(b, e->traits[i]);
        }
        raw(b, "]");
    }
    if (e->series_count > 0) {
        char context[96];
        snprintf(context, sizeof context, "%s\"context\":{\"kind\":\"series\",\"index\":%d,\"count\":%d}", first ? "" : ",",
                 e->series_index, e->series_count);
        raw(b, context);
    }
    raw(b, "}");
}

/* MARK: - JSON in: the top-level fields of one object, which is all a reply or event needs */

/* Finds the top-level field `name` of the object `line`: its value's text (a string unescaped,
 * else the token as written) into `out`. 1 when found. */
static int json_field(const char *line, const char *name, char *out, size_t size) {
    const char *c = line;
    int depth = 0;
    size_t name_length = strlen(name);
    while (*c) {
        if (*c == '"') {
            const char *start = ++c;
            while (*c && *c != '"') c += (*c == '\\' && c[1]) ? 2 : 1;
            if (!*c) return 0;
            const char *end = c++;
            const char *after = c;
            while (*after == ' ') after++;
            if (depth == 1 && *after == ':' && (size_t)(end - start) == name_length && !memcmp(start, name, name_length)) {
                c = after + 1;
                while (*c == ' ') c++;
                size_t n = 0;
                if (*c == '"') {
                    for (c++; *c && *c != '"'; c++) {
                        unsigned long code = (unsigned char)*c;
                        int unicode = 0;
                        if (*c == '\\' && c[1]) {
                            c++;
                            code = *c == 'n' ? '\n' : *c == 't' ? '\t' : *c == 'r' ? '\r' : *c == 'b' ? '\b' : *c == 'f' ? '\f' : (unsigned char)*c;
                            if (*c == 'u' && strlen(c) >= 5) {
                                char hex[5] = { c[1], c[2], c[3], c[4], 0 };
                                code = strtoul(hex, NULL, 16);
                                unicode = 1;
                                c += 4;
                            }
                        }
                        /* A \u escape as UTF-8 (a surrogate half as U+FFFD); any other byte as it is. */
                        unsigned char bytes[3] = { (unsigned char)code, 0, 0 };
                        size_t count = 1;
                        if (unicode && code >= 0xD800 && code <= 0xDFFF) code = 0xFFFD;
                        if (unicode && code >= 0x800) {
                            bytes[0] = (unsigned char)(0xE0 | (code >> 12)); bytes[1] = (unsigned char)(0x80 | ((code >> 6) & 0x3F));
                            bytes[2] = (unsigned char)(0x80 | (code & 0x3F)); count = 3;
                        } else if (unicode && code >= 0x80) {
                            bytes[0] = (unsigned char)(0xC0 | (code >> 6)); bytes[1] = (unsigned char)(0x80 | (code & 0x3F)); count = 2;
                        }
                        for (size_t i = 0; i < count; i++)
                            if (n + 1 < size) out[n++] = (char)bytes[i];
                    }
                } else {
                    while (*c && *c != ',' && *c != '}' && *c != ' ' && n + 1 < size) out[n++] = *c++;
                }
                if (size) out[n] = 0;
                return 1;
            }
            continue;
        }
        if (*c == '{' || *c == '[') depth++;
        if (*c == '}' || *c == ']') depth--;
        c++;
    }
    return 0;
}

/* MARK: - the connection */

static long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

/* Writes all of `bytes` to `fd` (a socket: with send, so that a closed peer is an error rather
 * than SIGPIPE); the errno of a failure, else 0. */
static int write_all(int fd, int socket, const char *bytes, size_t length) {
    while (length) {
        ssize_t written = socket ? send(fd, bytes, length, MSG_NOSIGNAL) : write(fd, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}

static int send_all(announcer *a, const char *bytes, size_t length) {
    int error = write_all(a->fd, 1, bytes, length);
    return error ? fail(ANNOUNCER_CLOSED, "announcerd's connection ended: %s", strerror(error)) : ANNOUNCER_OK;
}

/* The next line from announcerd (without its newline) into a malloc'ed string, waiting until
 * `deadline` (a now_ms() time). */
static int read_line(announcer *a, long deadline, char **line) {
    for (;;) {
        char *newline = a->buffered ? memchr(a->buffer, '\n', a->buffered) : NULL;
        if (newline) {
            size_t length = (size_t)(newline - a->buffer);
            *line = malloc(length + 1);
            if (!*line) return fail(ANNOUNCER_NO_MEMORY, "out of memory");
            memcpy(*line, a->buffer, length);
            (*line)[length] = 0;
            a->buffered -= length + 1;
            memmove(a->buffer, newline + 1, a->buffered);
            return ANNOUNCER_OK;
        }
        if (a->buffered >= LONGEST_LINE) return fail(ANNOUNCER_CLOSED, "announcerd sent a line longer than %d bytes", LONGEST_LINE);
        long left = deadline - now_ms();
        if (left <= 0) return fail(ANNOUNCER_TIMEOUT, "announcerd did not answer within %d ms", a->timeout_ms);
        struct pollfd poll_fd = { .fd = a->fd, .events = POLLIN };
        int ready = poll(&poll_fd, 1, (int)left);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        if (a->capacity - a->buffered < 4096) {
            size_t capacity = a->capacity ? a->capacity * 2 : 8192;
            char *grown = realloc(a->buffer, capacity);
            if (!grown) return fail(ANNOUNCER_NO_MEMORY, "out of memory");
            a->buffer = grown;
            a->capacity = capacity;
        }
        ssize_t got = recv(a->fd, a->buffer + a->buffered, a->capacity - a->buffered, 0);
        if (got == 0) return fail(ANNOUNCER_CLOSED, "announcerd closed the connection");
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return fail(ANNOUNCER_CLOSED, "announcerd's connection ended: %s", strerror(errno));
        }
        a->buffered += (size_t)got;
    }
}

/* An event line: a `finished` one is kept. */
static void take_event(announcer *a, const char *line) {
    char event[32], utterance[32], status[16];
    if (!json_field(line, "event", event, sizeof event) || strcmp(event, "finished")) return;
    if (!json_field(line, "utterance", utterance, sizeof utterance) || !json_field(line, "status", status, sizeof status)) return;
    struct finished *slot = &a->finished[a->finished_next++ % KEPT_FINISHED];
    slot->utterance = strtol(utterance, NULL, 10);
    snprintf(slot->status, sizeof slot->status, "%s", status);
}

/* Sends the request in `b` (an object not yet closed: its id and `}` are added) and reads
 * until its reply; the reply's utterance into `utterance`. Called with the lock held. */
static int request(announcer *a, builder *b, long *utterance) {
    char id[48];
    snprintf(id, sizeof id, ",\"id\":%ld}\n", ++a->next_id);
    raw(b, id);
    if (b->failed) return fail(ANNOUNCER_NO_MEMORY, "out of memory");
    int result = send_all(a, b->text, b->length);
    if (result) return result;
    long deadline = now_ms() + a->timeout_ms;
    for (;;) {
        char *line = NULL;
        result = read_line(a, deadline, &line);
        if (result) return result;
        char type[32] = "";
        json_field(line, "type", type, sizeof type);
        if (!strcmp(type, "event")) {
            take_event(a, line);
            free(line);
            continue;
        }
        if (!strcmp(type, "error")) {
            char message[400] = "";
            json_field(line, "code", error_code, sizeof error_code);
            json_field(line, "message", message, sizeof message);
            free(line);
            return fail(ANNOUNCER_REFUSED, "announcerd refused it: %s: %s", error_code, message);
        }
        if (utterance) {
            char number[32];
            *utterance = json_field(line, "utterance", number, sizeof number) ? strtol(number, NULL, 10) : 0;
        }
        free(line);
        return ANNOUNCER_OK;
    }
}

/* Runs one request made by `make` under the connection's lock. */
#define CALL(a, utterance, make)                                           \
    do {                                                                   \
        if (!(a)) return fail(ANNOUNCER_INVALID, "no connection");       \
        builder b = { 0 };                                                 \
        make;                                                              \
        pthread_mutex_lock(&(a)->lock);                                    \
        int result = request((a), &b, (utterance));                        \
        pthread_mutex_unlock(&(a)->lock);                                  \
        free(b.text);                                                      \
        if (result == ANNOUNCER_OK) error_text[0] = 0, error_code[0] = 0;  \
        return result;                                                     \
    } while (0)

static int socket_path(const char *given, char *path, size_t size) {
    const char *explicit = given && *given ? given : getenv("ANNOUNCER_SOCKET");
    const char *runtime = getenv("XDG_RUNTIME_DIR"), *home = getenv("HOME");
    int written;
    if (explicit && *explicit) written = snprintf(path, size, "%s", explicit);
    else if (runtime && *runtime) written = snprintf(path, size, "%s/announcer/socket", runtime);
    else if (home && *home) written = snprintf(path, size, "%s/.cache/announcer/socket", home);
    else return fail(ANNOUNCER_UNAVAILABLE, "neither XDG_RUNTIME_DIR nor HOME is set, so there is no default socket; give the socket's path or set ANNOUNCER_SOCKET=PATH");
    if (written < 0 || (size_t)written >= size) return fail(ANNOUNCER_INVALID, "the socket's path is longer than %zu bytes", size - 1);
    return ANNOUNCER_OK;
}

int announcer_connect(const char *socket_given, const char *client, announcer **connection) {
    if (!connection) return fail(ANNOUNCER_INVALID, "no place for the connection");
    *connection = NULL;
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    int result = socket_path(socket_given, address.sun_path, sizeof address.sun_path);
    if (result) return result;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return fail(ANNOUNCER_UNAVAILABLE, "cannot make a socket: %s", strerror(errno));
    if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) {
        int error = errno;
        close(fd);
        return fail(ANNOUNCER_UNAVAILABLE, "cannot connect to announcerd at %s: %s (is announcerd running?)", address.sun_path, strerror(error));
    }
    announcer *a = calloc(1, sizeof *a);
    if (!a) {
        close(fd);
        return fail(ANNOUNCER_NO_MEMORY, "out of memory");
    }
    a->fd = fd;
    a->timeout_ms = 10000;
    pthread_mutex_init(&a->lock, NULL);
    builder b = { 0 };
    raw(&b, "{\"type\":\"hello\",\"protocol\":1,\"hints\":\"keyboard\",\"client\":");
    string(&b, client && *client ? client : "libannouncer");
    result = request(a, &b, NULL);
    free(b.text);
    if (!result) {
        b = (builder){ 0 };
        raw(&b, "{\"type\":\"subscribe\",\"events\":[\"finished\"]");
        result = request(a, &b, NULL);
        free(b.text);
    }
    if (result) {
        announcer_close(a);
        return result;
    }
    *connection = a;
    error_text[0] = 0;
    return ANNOUNCER_OK;
}

void announcer_close(announcer *a) {
    if (!a) return;
    close(a->fd);
    pthread_mutex_destroy(&a->lock);
    free(a->buffer);
    free(a);
}

void announcer_set_timeout(announcer *a, int milliseconds) {
    if (a && milliseconds > 0) a->timeout_ms = milliseconds;
}

int announcer_say(announcer *a, const char *text, announcer_priority priority, long *utterance) {
    if (!text || !*text) return fail(ANNOUNCER_INVALID, "nothing to say: the text is empty");
    static const char *const priorities[] = { "default", "high", "low" };
    if ((unsigned)priority > ANNOUNCER_LOW) return fail(ANNOUNCER_INVALID, "no such priority: %d", (int)priority);
    CALL(a, utterance, {
        raw(&b, "{\"type\":\"announce\",\"text\":");
        string(&b, text);
        raw(&b, ",\"priority\":");
        string(&b, priorities[priority]);
    });
}

int announcer_focus(announcer *a, const announcer_element *e, long *utterance) {
    if (!e) return fail(ANNOUNCER_INVALID, "no element");
    CALL(a, utterance, {
        raw(&b, "{\"type\":\"focus\",\"element\":");
        element(&b, e);
    });
}

int announcer_screen(announcer *a, const announcer_element *elements, size_t count, const char *focus, long *utterance) {
    if (!elements || !count) return fail(ANNOUNCER_INVALID, "no elements");
    for (size_t i = 0; i < count; i++)
        if (!elements[i].id || !*elements[i].id) return fail(ANNOUNCER_INVALID, "elements[%zu] has no id: a tree's elements need one", i);
    CALL(a, utterance, {
        raw(&b, "{\"type\":\"screen\",\"elements\":[");
        for (size_t i = 0; i < count; i++) {
            if (i) raw(&b, ",");
            element(&b, &elements[i]);
        }
        raw(&b, "]");
        if (focus) {
            raw(&b, ",\"focus\":");
            string(&b, focus);
        }
    });
}

int announcer_echo(announcer *a, const char *text, long *utterance) {
    if (!text || !*text) return fail(ANNOUNCER_INVALID, "nothing to echo: the text is empty");
    CALL(a, utterance, {
        raw(&b, "{\"type\":\"echo\",\"text\":");
        string(&b, text);
    });
}

int announcer_window(announcer *a, const char *title, long *utterance) {
    if (!title || !*title) return fail(ANNOUNCER_INVALID, "no title");
    CALL(a, utterance, {
        raw(&b, "{\"type\":\"window\",\"title\":");
        string(&b, title);
    });
}

int announcer_stop(announcer *a) {
    CALL(a, NULL, raw(&b, "{\"type\":\"stop\""));
}

int announcer_wait_finished(announcer *a, long utterance, int milliseconds, char *status, size_t size) {
    if (!a) return fail(ANNOUNCER_INVALID, "no connection");
    if (utterance <= 0) return fail(ANNOUNCER_INVALID, "no such utterance: %ld", utterance);
    long deadline = now_ms() + (milliseconds > 0 ? milliseconds : 0);
    pthread_mutex_lock(&a->lock);
    int result = ANNOUNCER_OK;
    for (;;) {
        const struct finished *found = NULL;
        for (size_t i = 0; i < KEPT_FINISHED; i++)
            if (a->finished[i].utterance == utterance) found = &a->finished[i];
        if (found) {
            if (status && size) snprintf(status, size, "%s", found->status);
            break;
        }
        char *line = NULL;
        result = read_line(a, deadline, &line);
        if (result) break;
        take_event(a, line);
        free(line);
    }
    pthread_mutex_unlock(&a->lock);
    if (result == ANNOUNCER_TIMEOUT) fail(ANNOUNCER_TIMEOUT, "utterance %ld did not finish within %d ms", utterance, milliseconds);
    if (result == ANNOUNCER_OK) error_text[0] = 0;
    return result;
}

int announcer_hand_off(int terminal_fd, int yes) {
    const char *sequence = yes ? "\033]7771;announcer;self\007" : "\033]7771;announcer;screen\007";
    int error = write_all(terminal_fd, 0, sequence, strlen(sequence));
    return error ? fail(ANNOUNCER_INVALID, "cannot write to the terminal: %s", strerror(error)) : ANNOUNCER_OK;
}
