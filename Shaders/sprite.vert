// Textured quads in pixels from the target's top-left: the foreground's text and images, the window's HUD and controls.
// Part of the Glint pipeline, not a seed port.
#version 330 core

layout(location = 0) in vec2 position;  // pixels, origin top-left, y down
layout(location = 1) in vec2 uv;        // texture coordinates, v = 0 at the image's top row
layout(location = 2) in vec4 color;     // premultiplied, multiplies the texture (white for images)

uniform vec2 targetSize;                // pixels

out vec2 vUV;
out vec4 vColor;

void main() {
    vUV = uv;
    vColor = color;
    gl_Position = vec4(position.x / targetSize.x * 2.0 - 1.0, 1.0 - position.y / targetSize.y * 2.0, 0.0, 1.0);
}
