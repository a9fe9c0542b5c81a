#define _GNU_SOURCE
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <pthread.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stddef.h>
#include <sys/socket.h>
#include "CAnnouncerSystem.h"

int announcer_accept_nonblocking(int listener) {
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int announcer_peer_credentials(int fd, uid_t *uid, pid_t *pid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    int result = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length);
    if (result == 0) {
        *uid = credentials.uid;
        *pid = credentials.pid;
    }
    return result;
}

short announcer_poll_read_hang_up(void) {
    return POLLRDHUP;
}

int announcer_name_this_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

pid_t announcer_spawn_in_pseudo_terminal(const char *file, char *const argv[], unsigned short rows, unsigned short columns, int *controller) {
    struct winsize size = { .ws_row = rows, .ws_col = columns };
    pid_t pid = forkpty(controller, NULL, NULL, &size);
    if (pid != 0) return pid;
    // The child: only async-signal-safe calls until exec.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int number = 1; number < NSIG; number++) {
        if (number != SIGKILL && number != SIGSTOP) signal(number, SIG_DFL);
    }
    execvp(file, argv);
    static const char message[] = "announce term: cannot run the program\n";
    (void)!write(2, message, sizeof message - 1);
    _exit(127);
}

int announcer_window_size(int fd, unsigned short *rows, unsigned short *columns) {
    struct winsize size;
    int result = ioctl(fd, TIOCGWINSZ, &size);
    if (result == 0) {
        *rows = size.ws_row;
        *columns = size.ws_col;
    }
    return result;
}

int announcer_set_window_size(int fd, unsigned short rows, unsigned short columns) {
    struct winsize size = { .ws_row = rows, .ws_col = columns };
    return ioctl(fd, TIOCSWINSZ, &size);
}

int announcer_pipe_close_on_exec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

static volatile sig_atomic_t signal_pipe = -1;

static void write_signal_number(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    (void)write(signal_pipe, &byte, 1);  // a full pipe already says that a signal came
    errno = saved;
}

int announcer_write_signals_to(int write_end, const int *signals, int count) {
    signal_pipe = write_end;
    struct sigaction action = { 0 };
    action.sa_handler = write_signal_number;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < count; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    return 0;
}

int announcer_use_one_heap_arena(void) {
    return mallopt(M_ARENA_MAX, 1);
}

int announcer_release_free_heap(void) {
    return malloc_trim(0);
}
