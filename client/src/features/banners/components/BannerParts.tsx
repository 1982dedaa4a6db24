// The pieces a storefront page builds a stored banner from: its picture (the phone image on
// narrow screens when there is one), its title with emphasised words, and its call to action.
import { ButtonLink } from '../../../components/Button';
import buttonStyles from '../../../components/Button.module.css';
import { isExternal, titleRuns } from '../banners';
import type { Banner } from '../types';

/** The banner's picture filling its frame (decorative: the title says it); phones (≤ 639 px) get mobileImage when set. */
export function BannerPicture({ banner, className, width, height }: { banner: Banner; className?: string; width: number; height: number }) {
  return (
    <picture>
      {banner.mobileImage && <source media="(max-width: 639px)" srcSet={banner.mobileImage} />}
      <img src={banner.image} alt="" width={width} height={height} className={className} fetchPriority="high" />
    </picture>
  );
}

/** The title, words between *asterisks* set in <em>. */
export function BannerTitle({ title }: { title: string }) {
  return (
    <>
      {titleRuns(title).map((run, index) => (run.emphasis ? <em key={index}>{run.text}</em> : run.text))}
    </>
  );
}

/** The call to action as the page's primary button; nothing when the banner has none. */
export function BannerAction({ banner }: { banner: Banner }) {
  if (!banner.link || !banner.linkText) return null;
  if (isExternal(banner.link)) {
    return (
      <a href={banner.link} className={`${buttonStyles.button} ${buttonStyles.primary}`} rel="noopener">
        {banner.linkText}
      </a>
    );
  }
  return <ButtonLink to={banner.link}>{banner.linkText}</ButtonLink>;
}
