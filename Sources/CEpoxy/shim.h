// libepoxy: OpenGL and EGL entry points, reached from Swift as epoxy_glX / epoxy_eglX.
#include <epoxy/gl.h>
#include <epoxy/egl.h>
