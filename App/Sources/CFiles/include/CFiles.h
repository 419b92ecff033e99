#ifndef GLINT_FILES_H
#define GLINT_FILES_H
#include <sys/types.h>

/// Opens a new regular file in `folder` for writing that has no name (Linux's O_TMPFILE): it
/// vanishes with the process unless `glint_link_unnamed` names it. Returns the descriptor, or -1
/// with errno when the kernel or the file system cannot (EOPNOTSUPP, EISDIR, EINVAL, …) or when
/// /proc is not mounted (EOPNOTSUPP), so that the caller falls back to a named temporary file.
int glint_open_unnamed(const char *folder, mode_t mode);

/// Gives the unnamed file `fd` the name `path`, which must not exist yet (link(2) never
/// replaces): through /proc/self/fd/N with AT_SYMLINK_FOLLOW. 0, or -1 with errno.
int glint_link_unnamed(int fd, const char *path);

/// Installs handlers for SIGINT, SIGTERM and SIGHUP (once; a signal the process was started
/// ignoring stays ignored) that remove every registered temporary file and then let the signal
/// end the process as it would have.
void glint_cleanup_install(void);

/// Registers `path` for removal should a signal end the process, before the file is created.
/// Returns a slot for `glint_cleanup_unregister`, or -1 when the path is longer than PATH_MAX
/// or too many are registered at once (GLINT_CLEANUP_SLOTS).
int glint_cleanup_register(const char *path);

/// Call once the registered file exists: if a signal is already ending the process (on another
/// thread, which may have looked before the file was there), removes it. Returns 1 if it did.
int glint_cleanup_created(int slot);

/// Forgets a slot: its file was renamed into place or removed.
void glint_cleanup_unregister(int slot);

/// Registers a child process that writes a registered temporary file (ffmpeg, for `glint record`):
/// should a signal end glint, the handler kills it (SIGKILL) and waits for it before removing the
/// files, so that it cannot create or finish one afterwards. Returns a slot for
/// `glint_cleanup_forget_child`, or -1 when too many are registered (GLINT_CLEANUP_CHILDREN).
int glint_cleanup_child(pid_t pid);

/// Forgets a child: it has been waited for.
void glint_cleanup_forget_child(int slot);

#endif
