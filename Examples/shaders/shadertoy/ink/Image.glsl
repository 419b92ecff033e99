#iChannel0 "Buffer A"
#iChannel1 "Buffer B"
#iChannel2 "grain.png" mipmap repeat
// Ink on dark paper: the grain image tiled under the ink and its glow.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec3 paper = vec3(0.05, 0.05, 0.07) + 0.06 * texture(iChannel2, fragCoord / 256.0).rgb;
    vec4 ink = texture(iChannel0, uv);
    vec4 glow = texture(iChannel1, uv);
    vec3 colour = paper * (1.0 - ink.a) + ink.rgb + 0.5 * glow.rgb;  // the ink is premultiplied
    fragColor = vec4(colour, 1.0);
}
