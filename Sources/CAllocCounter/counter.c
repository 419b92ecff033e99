// Wraps glibc's allocator so `glint bench` can count the heap allocations a frame makes.
// Only allocations on a thread that called glint_alloc_counting_begin() are counted, so the
// driver's worker threads (llvmpipe rasterises on its own threads) do not blur the number.
#define _GNU_SOURCE
#include "CAllocCounter.h"
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread int counting;
static __thread uint64_t count;
static volatile int wrappers_called;

static inline void note(void) {
    wrappers_called = 1;
    if (counting) count++;
}

void *malloc(size_t size) { note(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { note(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { note(); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t align, size_t size) { note(); return __libc_memalign(align, size); }
void *aligned_alloc(size_t align, size_t size) { note(); return __libc_memalign(align, size); }
int posix_memalign(void **out, size_t align, size_t size) {
    note();
    if (align % sizeof(void *) != 0 || (align & (align - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(align, size);
    if (!p && size) return ENOMEM;
    *out = p;
    return 0;
}

void glint_alloc_counting_begin(void) { count = 0; counting = 1; }
uint64_t glint_alloc_counting_end(void) { counting = 0; return count; }
int glint_alloc_counter_active(void) { void *p = malloc(1); free(p); return wrappers_called; }
