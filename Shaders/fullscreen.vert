// The vertex stage of every effect pass: one triangle that covers the whole target.
// Part of the Glint pipeline, not a seed port. It needs no vertex buffer: positions come from gl_VertexID.
#version 330 core

void main() {
    // (-1,-1), (3,-1), (-1,3): a triangle whose inside holds the whole clip square.
    vec2 corner = vec2(float((gl_VertexID & 1) << 2), float((gl_VertexID & 2) << 1)) - 1.0;
    gl_Position = vec4(corner, 0.0, 1.0);
}
