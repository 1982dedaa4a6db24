// The page's head as search engines and link previews read it — canonical address, description
// and Open Graph / Twitter tags — kept right as the shopper moves on in the app. The server writes
// each page's head when it is asked for it (server/seo.go); the title is React's (<title> in each
// page). Moving to another page resets the rest to the shop's own (resetPageHead, from the shell)
// and drops the structured data of the page left; pages that know more say it (usePageHead).
import { useEffect } from 'react';

/** What a page says about itself beyond its title. */
export interface PageHead {
  title: string;
  description?: string;
  /** Its canonical path (the current path when unset). */
  path?: string;
  image?: string;
}

const defaultDescription = meta('name', 'description')?.content ?? '';

function meta(attribute: 'name' | 'property', key: string): HTMLMetaElement | null {
  return document.head.querySelector(`meta[${attribute}="${key}"]`);
}

/** Sets <meta attribute=key> to value, adding the tag when missing; no value removes it. */
function setMeta(attribute: 'name' | 'property', key: string, value?: string) {
  let tag = meta(attribute, key);
  if (!value) return tag?.remove();
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = value;
}

function applyHead({ title, description = defaultDescription, path = location.pathname + location.search, image }: PageHead) {
  const url = new URL(path, location.origin).href;
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.append(canonical);
  }
  canonical.href = url;
  setMeta('name', 'description', description);
  for (const [key, value] of [
    ['title', title],
    ['description', description],
    ['image', image && new URL(image, location.origin).href],
  ]) {
    setMeta('property', `og:${key}`, value);
    setMeta('name', `twitter:${key}`, value);
  }
  setMeta('property', 'og:url', url);
}

let landed = false;

/**
 * After a move to another page (not on the page the shopper landed on, whose head the server
 * wrote): the shop's description, the new address as canonical, and no structured data or
 * product tags of the page left. Run in a layout effect, before the page's own usePageHead.
 */
export function resetPageHead() {
  if (!landed) {
    landed = true;
    return;
  }
  document.head.querySelectorAll('script[type="application/ld+json"], meta[property^="product:"]').forEach((tag) => tag.remove());
  setMeta('property', 'og:type', 'website');
  applyHead({ title: document.title });
}

/** A page's own head, applied once it is known (undefined: not yet). */
export function usePageHead(head: PageHead | undefined) {
  // The address is part of the key: a move the shell reset the head for applies it again.
  const key = head && JSON.stringify({ ...head, path: head.path ?? location.pathname + location.search });
  useEffect(() => {
    if (key) applyHead(JSON.parse(key) as PageHead);
  }, [key]);
}
