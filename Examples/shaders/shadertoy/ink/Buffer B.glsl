#iChannel0 "Buffer A"
// A soft glow of the ink: five taps in a cross.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 px = 1.0 / iResolution.xy;
    vec2 uv = fragCoord * px;
    float r = 0.012 * iResolution.y;
    vec4 sum = texture(iChannel0, uv) * 0.4;
    sum += texture(iChannel0, uv + vec2(r, 0.0) * px) * 0.15;
    sum += texture(iChannel0, uv - vec2(r, 0.0) * px) * 0.15;
    sum += texture(iChannel0, uv + vec2(0.0, r) * px) * 0.15;
    sum += texture(iChannel0, uv - vec2(0.0, r) * px) * 0.15;
    fragColor = sum;
}
