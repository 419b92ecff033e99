// Shared by every tab: the palette and the swirl.
// An example of Glint's: Buffers A and B, Common, an image channel and the keyboard.
const float swirl = 0.004;     // radians a frame at the centre
const float fade = 0.997;      // how much of the ink stays each frame

vec3 palette(float t) {
    return 0.5 + 0.5 * cos(6.2831 * (t + vec3(0.0, 0.33, 0.67)));
}

vec2 rotateAbout(vec2 p, vec2 centre, float angle) {
    vec2 d = p - centre;
    float c = cos(angle), s = sin(angle);
    return centre + vec2(c * d.x - s * d.y, s * d.x + c * d.y);
}
