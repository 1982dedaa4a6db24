// @vitest-environment node
// The banner logic: which banner a page shows, emphasised title words, and the form's checks.
import { describe, expect, it } from 'vitest';
import { bannerBody, bannerFor, checkBannerForm, emptyBannerForm, plainTitle, titleRuns } from './banners';
import type { Banner } from './types';

const banner = (over: Partial<Banner>): Banner => ({
  _id: 'a',
  place: 'home',
  title: 'T',
  subtitle: '',
  linkText: '',
  link: '',
  image: '/uploads/banners/a.jpg',
  mobileImage: '',
  active: true,
  position: 0,
  updatedAt: '',
  ...over,
});

describe('bannerFor', () => {
  it('takes the first banner of the place that is on', () => {
    const list = [banner({ _id: 'b', place: 'bestseller' }), banner({ _id: 'off', active: false }), banner({ _id: 'h1' }), banner({ _id: 'h2' })];
    expect(bannerFor(list, 'home')?._id).toBe('h1');
    expect(bannerFor(list, 'bestseller')?._id).toBe('b');
    expect(bannerFor([], 'home')).toBeUndefined();
    expect(bannerFor(undefined, 'home')).toBeUndefined();
  });
});

describe('titleRuns', () => {
  it('emphasises words between asterisks', () => {
    expect(titleRuns('Tailored formal wear, *made in Jaipur*')).toEqual([
      { text: 'Tailored formal wear, ', emphasis: false },
      { text: 'made in Jaipur', emphasis: true },
    ]);
    expect(titleRuns('Flat *20%* off *today*')).toHaveLength(4);
    expect(titleRuns('5 * 3 stars')).toEqual([{ text: '5 * 3 stars', emphasis: false }]);
    expect(plainTitle('Tailored, *made in Jaipur*')).toBe('Tailored, made in Jaipur');
  });
});

describe('checkBannerForm', () => {
  const good = { ...emptyBannerForm(), title: 'Linen', image: '/uploads/banners/a.jpg' };
  it('passes a complete form and trims its body', () => {
    expect(checkBannerForm(good)).toEqual({});
    expect(checkBannerForm({ ...good, linkText: 'Shop', link: '/products/Stretch Pant' })).toEqual({});
    expect(checkBannerForm({ ...good, linkText: 'Shop', link: 'https://example.in/x' })).toEqual({});
    expect(bannerBody({ ...good, title: '  Linen ', position: '3' })).toMatchObject({ title: 'Linen', position: 3, place: 'home' });
  });
  it('names every field that is wrong', () => {
    expect(Object.keys(checkBannerForm(emptyBannerForm())).sort()).toEqual(['image', 'title']);
    expect(checkBannerForm({ ...good, link: '/shop' }).linkText).toBeTruthy();
    expect(checkBannerForm({ ...good, linkText: 'Shop' }).link).toBeTruthy();
    expect(checkBannerForm({ ...good, linkText: 'Shop', link: 'javascript:alert(1)' }).link).toBeTruthy();
    expect(checkBannerForm({ ...good, linkText: 'Shop', link: '//evil.example' }).link).toBeTruthy();
    expect(checkBannerForm({ ...good, title: 'x'.repeat(121) }).title).toBeTruthy();
    expect(checkBannerForm({ ...good, position: '-1' }).position).toBeTruthy();
    expect(checkBannerForm({ ...good, position: '' }).position).toBeTruthy();
  });
});
