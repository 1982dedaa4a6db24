// The product pictures' gestures as plain arithmetic: which picture an arrow key or a swipe
// leads to, and how far a pinch or a click zooms and a zoomed picture may be moved.

/** The name a picture is read by: the product's, and which of its pictures it is. */
export function pictureName(productName: string, index: number, count: number): string {
  return count > 1 ? `${productName}, picture ${index + 1} of ${count}` : productName;
}

/** The largest zoom, and the zoom a click or a double tap gives. */
export const maxZoom = 4;
export const clickZoom = 2.5;

/** The picture `delta` places from `index` among `count`, going round at either end. */
export function stepPicture(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/**
 * What a finger's move across a stage `width` px wide does: 1 for the next picture (moved
 * left), -1 for the previous one, 0 for none (too short, too slow, or more up and down than
 * across, which is the page scrolling). A fifth of the width does it, or a quick flick of 30 px.
 */
export function swipeStep(dx: number, dy: number, ms: number, width: number): -1 | 0 | 1 {
  const across = Math.abs(dx);
  if (across <= Math.abs(dy) || across < 30) return 0;
  const far = across >= width / 5;
  const quick = across / Math.max(ms, 1) >= 0.4;
  if (!far && !quick) return 0;
  return dx < 0 ? 1 : -1;
}

/** A zoom kept between 1 (the picture as it fits) and maxZoom. */
export function clampZoom(scale: number): number {
  return Math.min(maxZoom, Math.max(1, scale));
}

/** The zoom two fingers give: the zoom they started at, times how much further apart they are. */
export function pinchZoom(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startScale);
  return clampZoom((startScale * distance) / startDistance);
}

/** The distance between two points. */
export function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * A zoomed picture's offset kept so that no gap opens at its edges: a picture `scale` times its
 * fitted `width` × `height`, scaled about its centre, moves at most half its extra size each way.
 */
export function clampPan(offset: { x: number; y: number }, scale: number, width: number, height: number): { x: number; y: number } {
  const limitX = ((scale - 1) * width) / 2;
  const limitY = ((scale - 1) * height) / 2;
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
  return { x: clamp(offset.x, limitX), y: clamp(offset.y, limitY) };
}

/**
 * The offset that keeps the point under a click at (`x`, `y`) inside a box `width` × `height`
 * where it is when the picture zooms to `scale` about its centre: zoom in where one clicks.
 */
export function zoomAt(x: number, y: number, scale: number, width: number, height: number): { x: number; y: number } {
  const towards = { x: (width / 2 - x) * (scale - 1), y: (height / 2 - y) * (scale - 1) };
  return clampPan(towards, scale, width, height);
}
