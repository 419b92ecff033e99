// A comet drawn the glslViewer way: DOUBLE_BUFFER_0 keeps the last frame's heat, cooled a little,
// under a new head that swings around the middle; a smaller head follows the cursor (u_mouse).
// The main pass colours the heat with the palette from palette.glsl.
//   glint render --effect Examples/shaders/glslviewer/comet.frag --time 3 -o comet.png
//   glslViewer Examples/shaders/glslviewer/comet.frag
#ifdef GL_ES
precision mediump float;
#endif

uniform sampler2D u_doubleBuffer0;
uniform vec2 u_resolution;
uniform vec2 u_mouse;
uniform float u_time;

varying vec2 v_texcoord;

#include "palette.glsl"

// How much of its heat the trail keeps each frame.
const float cooling = 0.965;

float head(vec2 pixel, vec2 center, float radius) {
    return smoothstep(radius, 0.0, distance(pixel, center));
}

void main() {
    vec2 pixel = gl_FragCoord.xy;
#if defined(DOUBLE_BUFFER_0)
    float last = texture2D(u_doubleBuffer0, v_texcoord).r;
    float swing = u_resolution.y * 0.32;
    vec2 center = u_resolution * 0.5 + vec2(sin(u_time * 1.3) * 1.4, sin(u_time * 2.6)) * swing;
    float heat = max(last * cooling, head(pixel, center, 0.05 * u_resolution.y));
    heat = max(heat, 0.6 * head(pixel, u_mouse, 0.025 * u_resolution.y));
    gl_FragColor = vec4(heat, 0.0, 0.0, 1.0);
#else
    float heat = texture2D(u_doubleBuffer0, v_texcoord).r;
    gl_FragColor = vec4(palette(heat), 1.0);
#endif
}
