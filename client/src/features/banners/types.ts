// The storefront's own banners (GET /api/banners, /api/admin/banners): the home page's hero and
// the best-seller listing's banner.

/** Where a banner stands. */
export type BannerPlace = 'home' | 'bestseller';

export interface Banner {
  _id: string;
  place: BannerPlace;
  title: string;
  subtitle: string;
  /** The call to action's words; empty with link when there is none. */
  linkText: string;
  /** A shop path (/shop) or an http(s) address. */
  link: string;
  /** Desktop image, a served path (/uploads/banners/…). */
  image: string;
  /** Phone image; empty: phones show image. */
  mobileImage: string;
  active: boolean;
  /** Lower first within its place. */
  position: number;
  updatedAt: string;
}

/** The banner editor's fields, as typed. */
export interface BannerForm {
  place: BannerPlace;
  title: string;
  subtitle: string;
  linkText: string;
  link: string;
  image: string;
  mobileImage: string;
  active: boolean;
  position: string;
}

/** What POST and PATCH /api/admin/banners take. */
export interface BannerBody {
  place: BannerPlace;
  title: string;
  subtitle: string;
  linkText: string;
  link: string;
  image: string;
  mobileImage: string;
  active: boolean;
  position: number;
}
