// Pages fade in when the driver moves from one to another; the first screen of a start does not. Its content is what
// the driver waits for, and a fade from transparent only delays it (and the browser's largest contentful paint with
// it: an element is not painted as content while it is transparent).
let fading = false;

/** From now on a page that mounts fades in: the app calls it on its first navigation after the start. */
export function pagesFadeIn(): void {
  fading = true;
}

/** Whether a page mounting now fades in. */
export function pageFadesIn(): boolean {
  return fading;
}
