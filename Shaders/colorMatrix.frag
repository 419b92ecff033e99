// SwiftUI's colour adjustments (brightness, contrast, saturation, grayscale, hueRotation, colorInvert, colorMultiply) as one affine map.
// Part of the Glint pipeline, not a seed port. The map works on straight (not premultiplied) sRGB values, as the modifiers' docs say.
//
// Channel i becomes dot(row i's xyz, rgb) + row i's w, clamped to 0…1; alpha is multiplied by `alpha`.
vec4 colorMatrix(vec2 position, vec4 color, vec4 red, vec4 green, vec4 blue, float alpha) {
    if (color.a <= 0.0) {
        return vec4(0.0);
    }
    vec3 c = color.rgb / color.a;
    vec3 mapped = vec3(dot(red.xyz, c) + red.w, dot(green.xyz, c) + green.w, dot(blue.xyz, c) + blue.w);
    float a = clamp(color.a * alpha, 0.0, 1.0);
    return vec4(clamp(mapped, 0.0, 1.0) * a, a);
}
