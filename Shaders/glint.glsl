// The pipeline's prelude, placed before every effect file: the uniforms Glint feeds and the helpers effects call.
// Part of the Glint pipeline, not a seed port. Positions are in points, SwiftUI's user space: origin top-left, y down.

uniform vec2 glint_viewSize;    // the view's size in points
uniform vec2 glint_targetSize;  // the framebuffer's size in pixels (larger than the view on HiDPI)
uniform float glint_scale;      // pixels per point
uniform vec4 glint_viewPixels;  // the view's rect in this pass's target: x, y from the top-left, width, height, in pixels
uniform vec4 glint_positionMap; // gl_FragCoord.xy * .xy + .zw is the fragment's position in points (set once a pass)
// The rect, in the view's points, that holds every pixel this pass runs over (min x, min y, max x, max y): the view's
// rect grown by what a distortion may move there, or less where the renderer runs the pass over part of it.
uniform vec4 glint_passBounds;
uniform vec4 glint_layerPixels; // the view's rect in the layer texture below, the same way
uniform vec2 glint_layerSize;   // the layer texture's size in pixels (set once a pass, not asked per pixel)
uniform vec4 glint_layerMap;    // position * .xy + .zw is where a position (points) lies in that texture, as a coordinate
uniform vec4 glint_baseColor;   // the view's own fill, premultiplied: colorEffect's `color` for the first pass
uniform int glint_hasLayer;     // 1 when a layer was drawn below this pass
uniform sampler2D glint_layer;  // that layer (layerEffect, distortionEffect, and color effects after the first)
// The same layer, read transparent past its texture's edges (a program that declares this gets a ring of transparent
// pixels round its layer, and the texture clamps to it): the layer is transparent outside what a pass may sample, so
// reads through this need no check.
uniform sampler2D glint_layerBordered;

// A layer effect's second parameter, after SwiftUI's `Layer` (for effect functions with positional arguments).
// What may be sampled is the view's rect grown by the pass's maxSampleOffset; beyond it samples are transparent.
struct Layer {
    vec2 origin;  // the top-left of what may be sampled, in the view's points (negative with a maxSampleOffset)
    vec2 size;    // its size in points
};
uniform Layer glint_layerInfo;
uniform vec2 glint_passDirection;  // a separable pass (`// glint: separable`): (1, 0), then (0, 1)

out vec4 glint_fragColor;

// This fragment's position in points, in the view's own user space: origin at its top-left corner, y down.
// (gl_FragCoord.x − view.x, targetHeight − gl_FragCoord.y − view.y) in pixels, times points per pixel: one
// multiply-add, its factors worked out once a pass (glint_positionMap), not divided out at every pixel.
vec2 glint_position() {
    return gl_FragCoord.xy * glint_positionMap.xy + glint_positionMap.zw;
}

// Where `position` (points, the view's user space) lies in the layer below, as a texture coordinate: what
// layerSample reads, without its check that the position may be sampled (for effects that know it may).
// (layerPixels.x + position.x · pixels per point, layerHeight − layerPixels.y − position.y · pixels per point) over the
// layer's size: one multiply-add, its factors worked out once a pass (glint_layerMap).
vec2 glint_layerCoordinate(vec2 position) {
    return position * glint_layerMap.xy + glint_layerMap.zw;
}

// The premultiplied colour of the layer below at `position` (points, the view's user space), filtered
// linearly; transparent outside what may be sampled (glint_layerInfo). The pipeline defines GLINT_LAYER_INSIDE
// where everything drawn in the layer lies a pixel or more inside that rect (the layer is transparent elsewhere,
// and clamps to its transparent edge): the texture then reads transparent outside it, and the check is left out.
vec4 layerSample(vec2 position) {
#ifndef GLINT_LAYER_INSIDE
    if (any(lessThan(position, glint_layerInfo.origin)) || any(greaterThan(position, glint_layerInfo.origin + glint_layerInfo.size))) {
        return vec4(0.0);
    }
#endif
    return texture(glint_layer, glint_layerCoordinate(position));
}

// The layer's colour at this very pixel, unfiltered: a colour effect's `color` over a layer.
vec4 glint_layerColor() {
    vec2 pixel = vec2(gl_FragCoord.x, glint_targetSize.y - gl_FragCoord.y) - glint_viewPixels.xy + glint_layerPixels.xy;
    ivec2 size = ivec2(glint_layerSize);
    ivec2 texel = ivec2(int(floor(pixel.x)), size.y - 1 - int(floor(pixel.y)));
    if (any(lessThan(texel, ivec2(0))) || any(greaterThanEqual(texel, size))) {
        return vec4(0.0);
    }
    return texelFetch(glint_layer, texel, 0);
}

// SwiftUI's layer.sample(position).
vec4 layerSample(Layer layer, vec2 position) {
    return layerSample(position);
}
