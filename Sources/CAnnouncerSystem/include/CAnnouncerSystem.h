#ifndef C_ANNOUNCER_SYSTEM_H
#define C_ANNOUNCER_SYSTEM_H

#include <sys/types.h>

/// The Linux calls that Glibc's Swift module hides behind _GNU_SOURCE, with plain signatures.
/// Each returns what the call returns (-1 with errno set on failure).

/// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC.
int announcer_accept_nonblocking(int listener);

/// getsockopt(SO_PEERCRED): the uid and pid at the other end of a Unix socket.
int announcer_peer_credentials(int fd, uid_t *uid, pid_t *pid);

/// POLLRDHUP: the peer closed its end or shut down writing.
short announcer_poll_read_hang_up(void);

/// Names the calling thread (15 bytes at most), as `top -H` and debuggers show it.
int announcer_name_this_thread(const char *name);

#endif
