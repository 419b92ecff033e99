// The pipeline's prelude, placed before every effect file: the uniforms Glint feeds and the helpers effects call.
// Part of the Glint pipeline, not a seed port. Positions are in points, SwiftUI's user space: origin top-left, y down.

uniform vec2 glint_viewSize;    // the view's size in points
uniform vec2 glint_targetSize;  // the framebuffer's size in pixels (larger than the view on HiDPI)
uniform float glint_scale;      // pixels per point
uniform vec4 glint_baseColor;   // the view's own fill, premultiplied: colorEffect's `color` for the first pass
uniform int glint_hasLayer;     // 1 when a layer was drawn below this pass
uniform sampler2D glint_layer;  // that layer (layerEffect, distortionEffect, and color effects after the first)

// A layer effect's second parameter, after SwiftUI's `Layer` (for effect functions with positional arguments).
struct Layer {
    vec2 origin;  // the top-left of what may be sampled, in the view's points
    vec2 size;    // its size in points
};
uniform Layer glint_layerInfo;
uniform vec2 glint_passDirection;  // a separable pass (`// glint: separable`): (1, 0), then (0, 1)

out vec4 glint_fragColor;

// This fragment's position in points, origin at the view's top-left corner, y down.
vec2 glint_position() {
    return vec2(gl_FragCoord.x, glint_targetSize.y - gl_FragCoord.y) * (glint_viewSize / glint_targetSize);
}

// The premultiplied colour of the layer below at `position` (points); transparent outside the view.
vec4 layerSample(vec2 position) {
    if (position.x < 0.0 || position.y < 0.0 || position.x > glint_viewSize.x || position.y > glint_viewSize.y) {
        return vec4(0.0);
    }
    return texture(glint_layer, vec2(position.x / glint_viewSize.x, 1.0 - position.y / glint_viewSize.y));
}

// SwiftUI's layer.sample(position).
vec4 layerSample(Layer layer, vec2 position) {
    return layerSample(position);
}
