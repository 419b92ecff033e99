#ifndef GLINT_ALLOC_COUNTER_H
#define GLINT_ALLOC_COUNTER_H
#include <stdint.h>

/// Starts counting heap allocations made on the calling thread.
void glint_alloc_counting_begin(void);
/// Stops counting on the calling thread and returns how many allocations it saw.
uint64_t glint_alloc_counting_end(void);
/// Of the allocations counted since the last begin, how many were made by the GL driver: code of
/// Mesa (DRI, Gallium, LLVM, glapi), NVIDIA (libnvidia-*, libGLX_nvidia, libEGL_nvidia) or
/// libglvnd (libGL, libGLX, libGLdispatch, libEGL, libOpenGL) within a short stack of the allocation.
uint64_t glint_alloc_counting_driver(void);
/// Whether the allocator wrappers are in effect in this process (they are when this object is linked in).
int glint_alloc_counter_active(void);

#endif
