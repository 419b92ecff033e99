// Seed 000's harmonicColorEffect, ported to GLSL as a positional function: SwiftUI calls it with
// (.boundingRect, .float(wavesCount), .float(time), .float(amplitude), .float(mixCoeff)).
// Six waves glow over black; mixCoeff turns them from white to the palette.

float harmonicDistance(vec2 uv, float a, float offset, float f, float phi) {
    return abs((uv.y - offset) + a * cos(f * uv.x + phi));
}

vec3 harmonicPalette(int i) {
    if (i == 0) return vec3(1.0, 0.23, 0.19);
    if (i == 1) return vec3(1.0, 0.58, 0.0);
    if (i == 2) return vec3(1.0, 0.8, 0.0);
    if (i == 3) return vec3(0.2, 0.78, 0.35);
    if (i == 4) return vec3(0.0, 0.48, 1.0);
    return vec3(0.69, 0.32, 0.87);
}

vec4 harmonicColorEffect(vec2 position, vec4 color, vec4 bounds, float wavesCount, float time,
                         float amplitude, float mixCoeff) {
    vec2 uv = position / bounds.zw - 0.5;
    float a = cos(uv.x * 3.0) * amplitude * 0.2;
    float offset = sin(uv.x * 12.0 + time) * a * 0.1;
    float frequency = mix(3.0, 12.0, mixCoeff);
    float glowWidth = mix(0.6, 0.9, mixCoeff);
    float glowIntensity = mix(0.02, 0.01, mixCoeff);
    vec3 sum = vec3(0.0);
    for (int i = 0; i < 6; i++) {
        if (float(i) >= wavesCount) break;
        float phase = time + float(i) * 3.14159265 / wavesCount;
        // A floor on the distance: the seed divides by zero exactly on a wave.
        float d = max(harmonicDistance(uv, a, offset, frequency, phase), 1e-5);
        float g = glowIntensity / pow(d, glowWidth);
        sum += g * mix(vec3(1.0), harmonicPalette(i), mixCoeff);
    }
    return vec4(min(sum, vec3(1.0)), 1.0);
}
