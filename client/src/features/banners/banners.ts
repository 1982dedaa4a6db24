// Pure banner logic: which banner a page shows, a title's emphasised words, and the back
// office's form (checked before sending, into the API's body).
import type { Banner, BannerBody, BannerForm, BannerPlace } from './types';

/** The places a banner can stand, with how the back office names and sizes them. */
export const bannerPlaces: { value: BannerPlace; label: string; detail: string }[] = [
  { value: 'home', label: 'Home page hero', detail: 'Beside the title at the top of the home page. Desktop 3:4 (e.g. 1200 × 1600), phone 4:3.' },
  { value: 'bestseller', label: 'Best Seller listing', detail: 'Beside the Best Seller title. Portrait 4:5 (e.g. 960 × 1200); phones show the same picture.' },
];

/** The banner a page of place shows: the first that is on (the list comes in the shop's order). */
export function bannerFor(banners: readonly Banner[] | undefined, place: BannerPlace): Banner | undefined {
  return banners?.find((banner) => banner.place === place && banner.active);
}

/**
 * A title cut into plain and emphasised runs: words between *asterisks* are emphasised
 * ("Tailored formal wear, *made in Jaipur*"). An unpaired asterisk stays as it is.
 */
export function titleRuns(title: string): { text: string; emphasis: boolean }[] {
  const runs: { text: string; emphasis: boolean }[] = [];
  const pattern = /\*([^*]+)\*/g;
  let last = 0;
  for (const match of title.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: title.slice(last, match.index), emphasis: false });
    runs.push({ text: match[1] ?? '', emphasis: true });
    last = match.index + match[0].length;
  }
  if (last < title.length) runs.push({ text: title.slice(last), emphasis: false });
  return runs;
}

/** A title as plain words (for alt text and lists). */
export function plainTitle(title: string): string {
  return titleRuns(title)
    .map((run) => run.text)
    .join('');
}

/** Whether link leaves the shop (an http(s) address) rather than naming one of its pages. */
export function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

export function emptyBannerForm(place: BannerPlace = 'home'): BannerForm {
  return { place, title: '', subtitle: '', linkText: '', link: '', image: '', mobileImage: '', active: true, position: '0' };
}

export function bannerToForm(banner: Banner): BannerForm {
  return {
    place: banner.place,
    title: banner.title,
    subtitle: banner.subtitle,
    linkText: banner.linkText,
    link: banner.link,
    image: banner.image,
    mobileImage: banner.mobileImage,
    active: banner.active,
    position: String(banner.position),
  };
}

/** Field problems of form, worded as the server words them; empty when it may be sent. */
export function checkBannerForm(form: BannerForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const title = form.title.trim();
  const link = form.link.trim();
  const linkText = form.linkText.trim();
  if (!title) problems.title = 'Give the banner a title';
  else if (title.length > 120) problems.title = 'The title must be at most 120 characters';
  if (form.subtitle.trim().length > 300) problems.subtitle = 'The line below the title must be at most 300 characters';
  if (linkText.length > 40) problems.linkText = 'The button\u2019s words must be at most 40 characters';
  if (link && !linkText) problems.linkText = 'Give the button its words, e.g. Shop the collection';
  if (linkText && !link) problems.link = 'Say where the button goes, e.g. /shop';
  if (link && (link.length > 300 || /[\\<>"]/.test(link) || !(/^\/(?!\/)/.test(link) || isExternal(link)))) {
    problems.link = 'The link must be a shop path such as /shop, or an http(s) address';
  }
  const position = Number(form.position);
  if (form.position.trim() === '' || !Number.isInteger(position) || position < 0 || position > 10000) problems.position = 'position must be 0 to 10000';
  if (!form.image) problems.image = 'Upload a desktop image';
  return problems;
}

export function bannerBody(form: BannerForm): BannerBody {
  return {
    place: form.place,
    title: form.title.trim(),
    subtitle: form.subtitle.trim(),
    linkText: form.linkText.trim(),
    link: form.link.trim(),
    image: form.image,
    mobileImage: form.mobileImage,
    active: form.active,
    position: Number(form.position),
  };
}
