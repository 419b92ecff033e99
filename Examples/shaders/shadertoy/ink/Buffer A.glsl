#iChannel0 "self"
#iChannel1 "keyboard"
// The ink: last frame's, turned about the centre and faded, with a brush painted in. The
// brush is the pointer while it is held, else a dot on a slow loop. C clears; Space toggles
// the palette's half. The brush's size is a control (C in the window, --param brushSize=0.08).
uniform float brushSize;   // glint: 0.01 0.12 0.04
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 centre = 0.5 * iResolution.xy;
    float turn = swirl / (1.0 + distance(fragCoord, centre) / (0.25 * iResolution.y));
    vec2 from = rotateAbout(fragCoord, centre, -turn);
    vec4 ink = texture(iChannel0, from / iResolution.xy) * fade;
    bool clear = texelFetch(iChannel1, ivec2(67, 1), 0).r > 0.5;   // C, pressed this frame
    if (iFrame == 0 || clear) ink = vec4(0.0);

    vec2 brush = iMouse.z > 0.0 ? iMouse.xy
        : centre + vec2(cos(iTime * 0.9), sin(iTime * 1.3)) * 0.3 * iResolution.y;
    float radius = brushSize * iResolution.y;
    float paint = smoothstep(radius, 0.0, distance(fragCoord, brush));
    float half_ = texelFetch(iChannel1, ivec2(32, 2), 0).r * 0.5;  // Space, toggled
    fragColor = mix(ink, vec4(palette(0.1 * iTime + half_), 1.0), paint);
}
