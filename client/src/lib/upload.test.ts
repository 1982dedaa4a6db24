import { describe, expect, it } from 'vitest';
import { moveItem, percentSent, uploadedUrl } from './upload';

describe('uploadedUrl', () => {
  it('reads the stored picture’s URL from the envelope', () => {
    expect(uploadedUrl(201, JSON.stringify({ code: 201, success: true, message: 'ok', data: { url: '/uploads/products/a.jpg' } }))).toBe('/uploads/products/a.jpg');
  });
  it('throws the server’s message on a refusal', () => {
    expect(() => uploadedUrl(400, JSON.stringify({ code: 400, success: false, message: 'Choose a JPEG or PNG image', data: null }))).toThrow('Choose a JPEG or PNG image');
  });
  it('throws a plain message on an answer that is no envelope', () => {
    expect(() => uploadedUrl(413, 'Request Entity Too Large')).toThrow('The picture is too big to upload');
    expect(() => uploadedUrl(502, '<html>')).toThrow('The picture could not be uploaded');
    expect(() => uploadedUrl(200, JSON.stringify({ code: 200, success: true, message: '', data: {} }))).toThrow('The picture could not be uploaded');
  });
});

describe('percentSent', () => {
  it('is a whole percent from 0 to 100', () => {
    expect(percentSent(0, 1000)).toBe(0);
    expect(percentSent(333, 1000)).toBe(33);
    expect(percentSent(1000, 1000)).toBe(100);
    expect(percentSent(5, 0)).toBe(0);
  });
});

describe('moveItem', () => {
  it('moves one item to another place, the rest keeping their order', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
  });
  it('keeps the list as it was for a place outside it', () => {
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
  });
});
