import { describe, expect, it } from 'vitest';
import { clampPan, clampZoom, maxZoom, pictureName, pinchZoom, stepPicture, swipeStep, zoomAt } from './gallery';

describe('stepPicture', () => {
  it('steps forward and back, going round at either end', () => {
    expect(stepPicture(0, 1, 3)).toBe(1);
    expect(stepPicture(2, 1, 3)).toBe(0);
    expect(stepPicture(0, -1, 3)).toBe(2);
    expect(stepPicture(1, -1, 3)).toBe(0);
  });
  it('stays at 0 with no pictures', () => {
    expect(stepPicture(0, 1, 0)).toBe(0);
  });
});

describe('swipeStep', () => {
  it('takes a leftward swipe of a fifth of the stage to the next picture, a rightward one to the previous', () => {
    expect(swipeStep(-80, 4, 400, 390)).toBe(1);
    expect(swipeStep(80, -4, 400, 390)).toBe(-1);
  });
  it('takes a short quick flick too', () => {
    expect(swipeStep(-40, 0, 60, 390)).toBe(1);
  });
  it('ignores a short slow move, a tap, and a move more down than across (the page scrolling)', () => {
    expect(swipeStep(-40, 0, 500, 390)).toBe(0);
    expect(swipeStep(-3, 2, 80, 390)).toBe(0);
    expect(swipeStep(-90, 140, 300, 390)).toBe(0);
  });
});

describe('zoom', () => {
  it('keeps a zoom between 1 and the largest', () => {
    expect(clampZoom(0.4)).toBe(1);
    expect(clampZoom(9)).toBe(maxZoom);
    expect(clampZoom(2)).toBe(2);
  });
  it('zooms with the fingers’ spread from where the pinch started', () => {
    expect(pinchZoom(1, 100, 250)).toBe(2.5);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(1.5, 0, 80)).toBe(1.5);
  });
  it('never moves a zoomed picture so far that a gap opens at an edge', () => {
    expect(clampPan({ x: 500, y: -500 }, 2, 400, 600)).toEqual({ x: 200, y: -300 });
    expect(clampPan({ x: 30, y: 20 }, 1, 400, 600)).toEqual({ x: 0, y: 0 });
  });
  it('zooms in where the click lands', () => {
    // The top left corner's quarter: the picture moves right and down.
    expect(zoomAt(100, 150, 2, 400, 600)).toEqual({ x: 100, y: 150 });
    expect(zoomAt(200, 300, 3, 400, 600)).toEqual({ x: 0, y: 0 });
    expect(zoomAt(0, 600, 2, 400, 600)).toEqual({ x: 200, y: -300 });
  });
});

describe('pictureName', () => {
  it('says which picture it is when there are several', () => {
    expect(pictureName('Ivory Oxford Shirt', 1, 3)).toBe('Ivory Oxford Shirt, picture 2 of 3');
    expect(pictureName('Ivory Oxford Shirt', 0, 1)).toBe('Ivory Oxford Shirt');
  });
});
