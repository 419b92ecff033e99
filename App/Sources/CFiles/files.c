// Temporary files that never outlive glint: written with no name where Linux allows (O_TMPFILE),
// and, where a name must exist, removed by a signal handler if SIGINT, SIGTERM or SIGHUP arrives
// before the name is renamed into place. The handler may run on any thread at any moment, so
// it only reads names copied into static memory beforehand and calls async-signal-safe functions
// (unlink, kill, waitpid, sigaction, raise).
#define _GNU_SOURCE
#include "CFiles.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/// How many temporary files may be registered at once (a render writes two).
#define GLINT_CLEANUP_SLOTS 16

enum { slot_free = 0, slot_filling = 1, slot_active = 2 };

/// How many child processes may be registered at once (a recording runs one ffmpeg).
#define GLINT_CLEANUP_CHILDREN 4

static atomic_int children[GLINT_CLEANUP_CHILDREN];
static char names[GLINT_CLEANUP_SLOTS][PATH_MAX];
static atomic_int states[GLINT_CLEANUP_SLOTS];
/// Set by the handler before it removes anything, so a file created meanwhile on another
/// thread is removed by its creator.
static atomic_int dying;
static atomic_int installed;

static const int handled_signals[] = { SIGINT, SIGTERM, SIGHUP };

int glint_open_unnamed(const char *folder, mode_t mode) {
    // Naming the file later goes through /proc/self/fd; without /proc it could never be named.
    if (access("/proc/self/fd", X_OK) != 0) {
        errno = EOPNOTSUPP;
        return -1;
    }
    int fd;
    do {
        fd = open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

int glint_link_unnamed(int fd, const char *path) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

static void on_signal(int sig) {
    int saved = errno;
    atomic_store(&dying, 1);
    // A child writing a temporary file stops first, so it cannot create one after the removal.
    for (int i = 0; i < GLINT_CLEANUP_CHILDREN; i++) {
        pid_t pid = atomic_load(&children[i]);
        if (pid <= 0) continue;
        kill(pid, SIGKILL);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    for (int i = 0; i < GLINT_CLEANUP_SLOTS; i++) {
        if (atomic_load(&states[i]) == slot_active) unlink(names[i]);
    }
    // End as the signal would have ended us: the default action, delivered once this returns
    // (the signal is blocked while its handler runs).
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(sig, &standard, NULL);
    raise(sig);
    errno = saved;
}

void glint_cleanup_install(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        struct sigaction old;
        if (sigaction(handled_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        // Block the other handled signals too, so a second signal cannot interrupt the cleanup.
        for (size_t j = 0; j < sizeof handled_signals / sizeof handled_signals[0]; j++) {
            sigaddset(&action.sa_mask, handled_signals[j]);
        }
        action.sa_flags = SA_RESTART;
        sigaction(handled_signals[i], &action, NULL);
    }
}

int glint_cleanup_register(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    for (int i = 0; i < GLINT_CLEANUP_SLOTS; i++) {
        int expected = slot_free;
        if (!atomic_compare_exchange_strong(&states[i], &expected, slot_filling)) continue;
        memcpy(names[i], path, length + 1);
        atomic_store(&states[i], slot_active);
        return i;
    }
    return -1;
}

int glint_cleanup_created(int slot) {
    if (slot < 0 || slot >= GLINT_CLEANUP_SLOTS || !atomic_load(&dying)) return 0;
    unlink(names[slot]);
    return 1;
}

void glint_cleanup_unregister(int slot) {
    if (slot < 0 || slot >= GLINT_CLEANUP_SLOTS) return;
    atomic_store(&states[slot], slot_free);
}

int glint_cleanup_child(pid_t pid) {
    for (int i = 0; i < GLINT_CLEANUP_CHILDREN; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&children[i], &expected, (int)pid)) return i;
    }
    return -1;
}

void glint_cleanup_forget_child(int slot) {
    if (slot < 0 || slot >= GLINT_CLEANUP_CHILDREN) return;
    atomic_store(&children[slot], 0);
}
