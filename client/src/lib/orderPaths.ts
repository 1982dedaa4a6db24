// Route paths of the order screens (SPEC §2). Apart from paths.ts, which is in the entry chunk,
// because only lazily loaded screens link to them (the router names them as literals).

export const orderPaths = {
  /** After an order is placed. */
  thankYou: '/thankyou',
  /** The generic thanks, which returns to / after 3 s. */
  thankYouPage: '/thankyoupage',
  track: '/track',
  trackId: '/trackid',
} as const;

/** /trackid/{orderId}: the order's timeline; guests' links add ?email=. */
export function trackOrderPath(orderId: string, email?: string): string {
  const path = `${orderPaths.trackId}/${encodeURIComponent(orderId)}`;
  return email ? `${path}?${new URLSearchParams({ email })}` : path;
}
