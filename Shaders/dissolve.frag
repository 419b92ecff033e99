// Dissolve: the view burns away through a noise pattern, a glowing rim of burnColor running ahead of the hole.
// Ports seed 002 (dissolveEffect, ../shared/seeds/002_8dd7ab31d13cf706.txt), a colour effect with an image argument.
//
// Arguments, in SwiftUI's order after position and color:
// bounds:     Shader.Argument.boundingRect, (0, 0, width, height) in points
// time:       seconds
// speed:      dissolve cycles per 10 seconds (the threshold k runs 0 → 1 and starts again)
// transition: width of the burning edge in noise units (0: a hard edge)
// glow:       strength of the burn colour
// burnColor:  premultiplied, like every .color argument
// noise:      grey noise image (Assets/noise.png), its red channel used, (0, 0) at the top-left
//
// How the seed's formula is read here:
//   k     = fract(time · 0.1 · speed)                       the dissolve threshold
//   n     = noise(position / bounds.zw).r
//   fade  = smoothstep(k, k + transition, n)               0 where burnt away, 1 where untouched
//   a     = color.a · fade                                  the alpha after fading
//   out   = color · fade + burnColor · glow · fade · a · (1 − a)
// Every premultiplied channel of the input is scaled by fade (so the colour keeps its hue while it
// fades out), and the burn colour is added where the result is partly transparent: a · (1 − a) is
// zero for untouched (a = 1) and burnt (a = 0) pixels and largest on the edge, where a = ½.
// A transition of 0 would make smoothstep's edges equal, which GLSL leaves undefined, so it is a step.

vec4 dissolve(vec2 position, vec4 color, vec4 bounds, float time, float speed, float transition, float glow,
              vec4 burnColor, sampler2D noise) {
    float k = fract(time * 0.1 * speed);
    float n = texture(noise, position / bounds.zw).r;
    float fade = transition > 0.0 ? smoothstep(k, k + transition, n) : step(k, n);
    float a = color.a * fade;
    return color * fade + burnColor * (glow * fade * a * (1.0 - a));
}
