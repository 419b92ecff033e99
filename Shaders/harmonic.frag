// Six glowing harmonic waves on black: a colorEffect that turns from white to its palette while held.
// Port of seed 000 (harmonicColorEffect); fixes the seed's divide by zero exactly on a wave.
//
// Called by position, as the seed's SwiftUI view calls its Metal function:
//   ShaderLibrary.harmonic(.boundingRect, .float(wavesCount), .float(time), .float(amplitude), .float(mixCoeff))
// bounds:     the view's rect in points: (x, y, width, height)
// wavesCount: how many waves
// time:       the effect's time in seconds (advances at the hold's speed)
// amplitude:  0.5 at rest, 2.0 while held
// mixCoeff:   0 = white waves, 1 = palette colours
//
// Each value of wavesCount gets a program of its own, in which it is a constant: the wave loop's bound
// is then known when the shader is compiled, which the software rasteriser draws about 20 % faster.
// glint: constant wavesCount

const float PI = 3.14159265358979;
// The seed divides by |distance|^glowWidth and so by zero exactly on a wave; a floor on the
// distance keeps the result finite (it saturates to white there either way).
const float MIN_DISTANCE = 1e-5;

// The seed's getColor(i): one colour a wave (opaque, so premultiplied as they are); waves past the
// sixth are white.
const vec3 harmonicPalette[6] = vec3[6](
    vec3(0.482, 0.831, 0.855),  // teal
    vec3(0.412, 0.412, 0.847),  // purple
    vec3(0.941, 0.314, 0.412),  // red-pink
    vec3(0.275, 0.490, 0.941),  // blue
    vec3(0.078, 0.863, 0.863),  // cyan
    vec3(0.784, 0.627, 0.549)   // brown
);

float harmonicSDF(vec2 uv, float a, float offset, float f, float phi) {
    return abs((uv.y - offset) + a * cos(f * uv.x + phi));
}

float glow(float x, float strength, float dist) {
    return dist / pow(max(x, MIN_DISTANCE), strength);
}

vec3 getColor(int i) {
    return i < 6 ? harmonicPalette[i] : vec3(1.0);
}

vec4 harmonic(vec2 position, vec4 color, vec4 bounds, float wavesCount, float time, float amplitude, float mixCoeff) {
    vec2 uv = position / bounds.zw - 0.5;
    float a = cos(uv.x * 3.0) * amplitude * 0.2;
    float offset = sin(uv.x * 12.0 + time) * a * 0.1;
    float frequency = mix(3.0, 12.0, mixCoeff);
    float glowWidth = mix(0.6, 0.9, mixCoeff);
    float glowIntensity = mix(0.02, 0.01, mixCoeff);
    vec3 finalColor = vec3(0.0);
    int count = int(wavesCount + 0.5);
    for (int i = 0; i < count; i++) {
        float phase = time + float(i) * PI / wavesCount;
        float d = harmonicSDF(uv, a, offset, frequency, phase);
        float g = glow(d, glowWidth, glowIntensity);
        vec3 waveColor = mix(vec3(1.0), getColor(i), mixCoeff);
        finalColor += waveColor * g;
    }
    return vec4(clamp(finalColor, 0.0, 1.0), 1.0);
}
