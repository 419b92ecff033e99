// Wraps glibc's allocator so `glint bench` can count the heap allocations a frame makes.
// Only allocations on a thread that called glint_alloc_counting_begin() are counted, so the
// driver's worker threads (llvmpipe rasterises on its own threads) do not blur the number.
// Each counted allocation is attributed by its caller's shared object: the GL driver's own
// allocations (Mesa's per-frame binning, say) are told apart from Glint's.
#define _GNU_SOURCE
#include "CAllocCounter.h"
#include <dlfcn.h>
#include <execinfo.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread int counting;
static __thread int inside;  // dladdr may allocate on first use; don't count ourselves
static __thread uint64_t count;
static __thread uint64_t driver_count;
static volatile int wrappers_called;

static int is_driver(const void *caller) {
    Dl_info info;
    if (!dladdr(caller, &info) || !info.dli_fname) return 0;
    const char *name = strrchr(info.dli_fname, '/');
    name = name ? name + 1 : info.dli_fname;
    static const char *const driver_names[] = {"dri", "LLVM", "gallium", "glapi", "libGL", "libEGL", "mesa", "libOpenGL", 0};
    for (int i = 0; driver_names[i]; i++) {
        if (strstr(name, driver_names[i])) return 1;
    }
    return 0;
}

// How many callers up the stack are looked at: the driver often allocates through libstdc++
// (LLVM compiling a shader variant), zstd or libc rather than calling malloc itself.
#define CALLER_DEPTH 12

static inline void note(const void *caller) {
    wrappers_called = 1;
    if (counting && !inside) {
        inside = 1;
        count++;
        int driver = is_driver(caller);
        if (!driver) {
            void *frames[CALLER_DEPTH];
            int n = backtrace(frames, CALLER_DEPTH);
            for (int i = 1; i < n && !driver; i++) driver = is_driver(frames[i]);
        }
        if (driver) driver_count++;
        inside = 0;
    }
}

#define CALLER __builtin_return_address(0)

void *malloc(size_t size) { note(CALLER); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { note(CALLER); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { note(CALLER); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t align, size_t size) { note(CALLER); return __libc_memalign(align, size); }
void *aligned_alloc(size_t align, size_t size) { note(CALLER); return __libc_memalign(align, size); }
int posix_memalign(void **out, size_t align, size_t size) {
    note(CALLER);
    if (align % sizeof(void *) != 0 || (align & (align - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(align, size);
    if (!p && size) return ENOMEM;
    *out = p;
    return 0;
}

void glint_alloc_counting_begin(void) { count = 0; driver_count = 0; counting = 1; }
uint64_t glint_alloc_counting_end(void) { counting = 0; return count; }
uint64_t glint_alloc_counting_driver(void) { return driver_count; }
int glint_alloc_counter_active(void) { void *p = malloc(1); free(p); return wrappers_called; }
