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

/// forkpty(3), then in the child: default signal handling and an empty signal mask, and
/// execvp(file, argv) (exit 127 when that fails). Returns the child's pid (or -1) and sets
/// *controller to the pseudo-terminal's controlling side; rows and columns are its size.
pid_t announcer_spawn_in_pseudo_terminal(const char *file, char *const argv[], unsigned short rows, unsigned short columns, int *controller);

/// ioctl(TIOCGWINSZ) and ioctl(TIOCSWINSZ): a terminal's size (ioctl is variadic, which Swift
/// cannot call).
int announcer_window_size(int fd, unsigned short *rows, unsigned short *columns);
int announcer_set_window_size(int fd, unsigned short rows, unsigned short columns);

/// pipe2(2) with O_CLOEXEC: a pipe no child inherits, not even for an instant.
int announcer_pipe_close_on_exec(int ends[2]);

/// The self-pipe for signals: each of `signals` writes its number (one byte) to the pipe whose
/// write end is `write_end`, and does nothing else: write(2) is async-signal-safe, and a
/// handler written in Swift is not (a global's first use, a retain, an allocation may lock).
/// Returns 0, or -1 with errno set.
int announcer_write_signals_to(int write_end, const int *signals, int count);

/// mallopt(M_ARENA_MAX, 1): every thread allocates from the one heap, as a long-running program
/// with few threads wants (glibc gives each new thread's allocations an arena of its own, pages
/// held apart). Call before the first thread starts. 1 if it was set.
int announcer_use_one_heap_arena(void);

/// malloc_trim(0): gives the free pages of every malloc arena back to the kernel; 1 if any
/// were (malloc.h is not in Glibc's Swift module).
int announcer_release_free_heap(void);

#endif
