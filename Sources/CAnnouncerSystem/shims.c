#define _GNU_SOURCE
#include <poll.h>
#include <pthread.h>
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
