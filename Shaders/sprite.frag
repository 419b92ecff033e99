// Draws a premultiplied texture tinted by premultiplied colours: the draw's tint times the vertex's (white glyph coverage times the text colour).
// Part of the Glint pipeline, not a seed port.
#version 330 core

in vec2 vUV;
in vec4 vColor;
uniform sampler2D image;
uniform vec4 tint;

out vec4 fragColor;

void main() {
    fragColor = texture(image, vUV) * (tint * vColor);
}
