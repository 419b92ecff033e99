// Six glowing harmonic waves on black: a colorEffect that turns from white to its palette while held.
// Port of seed 000 (harmonicColorEffect); fixes the seed's divide by zero exactly on a wave.

uniform vec4 bounds;        // the view's rect in points: (x, y, width, height)
uniform float wavesCount;   // how many waves (a compile-time constant: see below)
uniform float time;         // the effect's time in seconds (advances at the hold's speed)
uniform float amplitude;    // 0.5 at rest, 2.0 while held
uniform float mixCoeff;     // 0 = white waves, 1 = palette colours
uniform vec4 palette[6];    // getColor(i), premultiplied; waves past the palette are white
uniform int palette_count;

// Each value of wavesCount gets a program of its own, in which it is a constant: the wave loop's bound
// is then known when the shader is compiled, which the software rasteriser draws 10-20 % faster.
// glint: constant wavesCount

const float PI = 3.14159265358979;
// The seed divides by |distance|^glowWidth and so by zero exactly on a wave; a floor on the
// distance keeps the result finite (it saturates to white there either way).
const float MIN_DISTANCE = 1e-5;

float harmonicSDF(vec2 uv, float a, float offset, float f, float phi) {
    return abs((uv.y - offset) + a * cos(f * uv.x + phi));
}

float glow(float x, float strength, float dist) {
    return dist / pow(max(x, MIN_DISTANCE), strength);
}

vec3 getColor(int i) {
    return i < palette_count ? palette[i].rgb : vec3(1.0);
}

vec4 colorEffect(vec2 position, vec4 color) {
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
