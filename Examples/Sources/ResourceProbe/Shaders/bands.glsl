// resource-probe's GLSL effect: horizontal bands `height` points tall, teal then white.
vec4 bands(vec2 position, vec4 color, float height) {
    return mod(position.y, height) < height * 0.5 ? vec4(0.0, 0.5, 0.5, 1.0) : vec4(1.0);
}
