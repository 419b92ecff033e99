// A gradient that shows SwiftUI's user space: black at the top-left, red growing to the right, green downwards.
// Ports seed 002 (trivialGradient, ../shared/seeds/002_8dd7ab31d13cf706.txt), given the view's rect as a bounding rect.
//
// A colour effect. `bounds` is Shader.Argument.boundingRect: (0, 0, width, height) in points, so
// position / bounds.zw is the seed's uv, (0, 0) at the top-left and (1, 1) at the bottom-right.
// The view's own colour is ignored, as in the seed.

// glint: affine (its colour is affine in the position and the colour: a distortion over it may call it where it reads)
vec4 gradient(vec2 position, vec4 color, vec4 bounds) {
    vec2 uv = position / bounds.zw;
    return vec4(uv.x, uv.y, 0.0, 1.0);
}
