// The shop's identity and contact details, shown in the header, footer and static pages.
//
// The name alone is what the first paint needs (header, sale banner): it has a module of its own,
// so these details stay out of the entry chunk (a module is bundled whole with every field).
import { brandName } from './brandName';

export const brand = {
  name: brandName,
  company: 'Jaipur Formals',
  city: 'Jaipur',
  state: 'Rajasthan',
  country: 'India',
  supportHours: 'Monday to Saturday, 10:00 to 18:00 IST',
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/drape.formals' },
    { name: 'Facebook', href: 'https://www.facebook.com/drape.formals' },
    { name: 'YouTube', href: 'https://www.youtube.com/@drape.formals' },
  ],
} as const;
