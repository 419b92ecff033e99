// Wraps glibc's allocator so `glint bench` can count the heap allocations a frame makes.
// Only allocations on a thread that called glint_alloc_counting_begin() are counted, so the
// driver's worker threads (llvmpipe rasterises on its own threads) do not blur the number.
// Each counted allocation is attributed by the shared objects on its short call stack: the GL
// driver's own allocations (Mesa's per-frame binning, NVIDIA's command buffers) are told apart
// from Glint's.
//
// Attribution must stay cheap: a driver compiling its shaders allocates a hundred thousand times
// in the first frame. So no `dladdr` per frame (it searches symbol tables): the executable ranges of
// the loaded objects are read once with dl_iterate_phdr into a sorted table, each marked driver or
// not by its file name, and re-read only when an object was loaded since. An allocation whose
// immediate caller is in the driver needs no stack walk at all.
#define _GNU_SOURCE
#include "CAllocCounter.h"
#include <elf.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread int counting;
static __thread int inside;  // backtrace and dl_iterate_phdr may allocate; don't count ourselves
static __thread uint64_t count;
static __thread uint64_t driver_count;
static volatile int wrappers_called;

// Names (substrings of a shared object's file name) of GL driver code, on every driver this runs on:
// Mesa (swrast_dri.so, libgallium-*.so, libLLVM, libglapi, libGLX_mesa, libEGL_mesa, libgbm),
// NVIDIA (libnvidia-glcore, libnvidia-eglcore, libnvidia-glsi, libnvidia-tls, libGLX_nvidia,
// libEGL_nvidia) and libglvnd's dispatch (libGL, libGLX, libGLdispatch, libEGL, libOpenGL).
static const char *const driver_names[] = {
    "dri", "gallium", "LLVM", "glapi", "mesa", "libgbm", "nvidia",
    "libGL", "libGLX", "libGLdispatch", "libEGL", "libOpenGL", 0,
};

static int is_driver_name(const char *path) {
    if (!path || !*path) return 0;  // the executable itself
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    for (int i = 0; driver_names[i]; i++) {
        if (strstr(name, driver_names[i])) return 1;
    }
    return 0;
}

// The executable segments of every loaded object, sorted by start. Fixed storage: no allocation.
#define MAX_RANGES 2048
struct range { uintptr_t start, end; int driver; };
static struct range ranges[MAX_RANGES];
static int range_count;
static unsigned long long ranges_adds = ~0ULL;  // dlpi_adds when the table was read
static pthread_mutex_t ranges_lock = PTHREAD_MUTEX_INITIALIZER;

static int add_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size; (void)data;
    int driver = is_driver_name(info->dlpi_name);
    for (int i = 0; i < info->dlpi_phnum && range_count < MAX_RANGES; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X)) continue;
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        struct range r = {start, start + ph->p_memsz, driver};
        int j = range_count++;
        while (j > 0 && ranges[j - 1].start > r.start) { ranges[j] = ranges[j - 1]; j--; }
        ranges[j] = r;
    }
    return 0;
}

static int read_adds(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    *(unsigned long long *)data = info->dlpi_adds;
    return 1;  // the counter is the same in every entry: stop after the first
}

/// 1 driver, 0 not, -1 in no loaded object (JIT code, or an object loaded since the table was read).
static int lookup(uintptr_t address) {
    int lo = 0, hi = range_count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (ranges[mid].start <= address) lo = mid + 1; else hi = mid;
    }
    if (lo > 0 && address < ranges[lo - 1].end) return ranges[lo - 1].driver;
    return -1;
}

static int is_driver(const void *caller) {
    uintptr_t address = (uintptr_t)caller;
    int found = lookup(address);
    if (found < 0) {
        unsigned long long adds = 0;
        dl_iterate_phdr(read_adds, &adds);
        if (adds != ranges_adds) {
            range_count = 0;
            dl_iterate_phdr(add_object, 0);
            ranges_adds = adds;
            found = lookup(address);
        }
    }
    return found > 0;
}

// How many callers up the stack are looked at: the driver often allocates through libstdc++
// (LLVM compiling a shader variant), zstd or libc rather than calling malloc itself.
#define CALLER_DEPTH 12

static inline void note(const void *caller) {
    wrappers_called = 1;
    if (counting && !inside) {
        inside = 1;
        count++;
        pthread_mutex_lock(&ranges_lock);
        int driver = is_driver(caller);
        if (!driver) {
            void *frames[CALLER_DEPTH];
            pthread_mutex_unlock(&ranges_lock);
            int n = backtrace(frames, CALLER_DEPTH);
            pthread_mutex_lock(&ranges_lock);
            for (int i = 1; i < n && !driver; i++) driver = is_driver(frames[i]);
        }
        pthread_mutex_unlock(&ranges_lock);
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
