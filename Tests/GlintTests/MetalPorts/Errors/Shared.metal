// Shared helpers with a mistake on line 6: a name never declared.
// Test fixture written for Glint's tests.
#pragma once
#include <metal_stdlib>
using namespace metal;
inline half shade(float x) { return x * undefinedScale; }
