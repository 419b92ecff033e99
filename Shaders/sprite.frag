// Draws a premultiplied texture tinted by a premultiplied colour (white glyph coverage times the text colour).
// Part of the Glint pipeline, not a seed port.
#version 330 core

in vec2 vUV;
uniform sampler2D image;
uniform vec4 tint;

out vec4 fragColor;

void main() {
    fragColor = texture(image, vUV) * tint;
}
