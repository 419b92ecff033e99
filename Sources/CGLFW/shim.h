// GLFW without its own GL header: libepoxy is the only GL loader.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
