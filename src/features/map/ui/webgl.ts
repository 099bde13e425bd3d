// Whether this browser can draw the map: MapLibre needs WebGL (2, or 1). Without it the map screen opens the list.
let known: boolean | undefined;

export function hasWebGl(): boolean {
  if (known !== undefined) return known;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    known = !!gl;
    // Give the probe's context back at once: browsers allow only a few at a time.
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    known = false;
  }
  return known;
}
