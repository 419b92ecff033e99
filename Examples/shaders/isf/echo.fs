/*{
    "DESCRIPTION": "Rings that pulse out of a point and leave echoes: a persistent, half-float buffer keeps the last frame, faded, under the new ring.",
    "CREDIT": "Glint examples",
    "ISFVSN": "2",
    "CATEGORIES": ["Generator"],
    "INPUTS": [
        {"NAME": "center", "TYPE": "point2D", "DEFAULT": [0.5, 0.5], "MIN": [0.0, 0.0], "MAX": [1.0, 1.0], "LABEL": "Centre"},
        {"NAME": "fade", "TYPE": "float", "DEFAULT": 0.94, "MIN": 0.5, "MAX": 0.99, "LABEL": "Echo fade"},
        {"NAME": "rings", "TYPE": "long", "DEFAULT": 2, "VALUES": [1, 2, 3], "LABELS": ["One", "Two", "Three"], "LABEL": "Rings"},
        {"NAME": "tint", "TYPE": "color", "DEFAULT": [0.2, 0.8, 1.0, 1.0], "LABEL": "Tint"},
        {"NAME": "square", "TYPE": "bool", "DEFAULT": false, "LABEL": "Square rings"}
    ],
    "PASSES": [
        {"TARGET": "echoes", "PERSISTENT": true, "FLOAT": true},
        {}
    ]
}*/
//   glint render --effect Examples/shaders/isf/echo.fs --time 2 -o echo.png
//   glint render --effect Examples/shaders/isf/echo.fs --time 2 --param fade=0.8 --param rings=3 -o echo3.png

// Distance from the centre, round or square, in heights of the picture.
float reach(vec2 pixel) {
    vec2 d = (pixel - center * RENDERSIZE) / RENDERSIZE.y;
    return square ? max(abs(d.x), abs(d.y)) : length(d);
}

void main() {
    if (PASSINDEX == 0) {
        // The echoes: last frame's, faded, and the rings at their radius now.
        vec4 last = IMG_THIS_PIXEL(echoes);
        float r = reach(gl_FragCoord.xy);
        float ring = 0.0;
        for (int i = 0; i < 3; i++) {
            if (i >= rings) break;
            float radius = fract(TIME * 0.35 + float(i) / float(rings)) * 0.8;
            ring = max(ring, smoothstep(0.012, 0.0, abs(r - radius)));
        }
        gl_FragColor = vec4(max(last.rgb * fade, vec3(ring)), 1.0);
    } else {
        // The picture: the echoes in the tint, white where they are brightest.
        float e = IMG_NORM_PIXEL(echoes, isf_FragNormCoord).r;
        vec3 color = mix(vec3(0.01, 0.01, 0.03), tint.rgb, e);
        gl_FragColor = vec4(mix(color, vec3(1.0), smoothstep(0.85, 1.0, e)), 1.0);
    }
}
