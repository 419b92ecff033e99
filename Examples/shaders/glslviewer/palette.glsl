// Heat (0…1) as colour: night blue, through violet and orange, to white.
vec3 palette(float heat) {
    vec3 night = vec3(0.02, 0.03, 0.09);
    vec3 violet = vec3(0.45, 0.12, 0.65);
    vec3 orange = vec3(1.0, 0.55, 0.15);
    vec3 color = mix(night, violet, smoothstep(0.0, 0.35, heat));
    color = mix(color, orange, smoothstep(0.3, 0.75, heat));
    return mix(color, vec3(1.0), smoothstep(0.75, 1.0, heat));
}
