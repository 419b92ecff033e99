// A wave: the view's content sways sideways and up and down as a travelling sine, strength points at most.
// Ports seed 002's distortion-effect example (../shared/seeds/002_8dd7ab31d13cf706.txt), in uv coordinates of the bounding rect.
//
// A distortion effect: returns where in the layer (points) this position shows.
// bounds:    Shader.Argument.boundingRect, (0, 0, width, height) in points
// time:      seconds; the wave moves by one uv unit per second
// frequency: radians per uv unit
// strength:  the largest displacement, in points (the effect's maxSampleOffset)

vec2 wave(vec2 position, vec4 bounds, float time, float frequency, float strength) {
    vec2 uv = position / bounds.zw;
    return position + vec2(sin((uv.x + time) * frequency) * strength,
                           cos((uv.y + time) * frequency) * strength);
}
