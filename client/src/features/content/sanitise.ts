import DOMPurify from 'dompurify';

/**
 * The server sanitises content HTML when it is saved; this is the second line of defence before
 * it reaches the page: no scripts, handlers, forms or frames, and links to other sites open safely.
 */
export function sanitiseHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return template.innerHTML;
}

/** True when the HTML has no visible text (e.g. "<p><br></p>"). */
export function isBlankHtml(html: string): boolean {
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').trim() === '';
}

function normalise(text: string): string {
  return text.replace(/&/g, 'and').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The HTML without a first heading that only repeats the page's title (the page shows its own). */
export function withoutRepeatedTitle(html: string, titles: (string | undefined)[]): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const first = template.content.firstElementChild;
  const wanted = titles.filter((title): title is string => Boolean(title)).map(normalise);
  if (first && /^H[1-3]$/.test(first.tagName) && wanted.includes(normalise(first.textContent ?? ''))) {
    first.remove();
    return template.innerHTML.trim();
  }
  return html;
}
