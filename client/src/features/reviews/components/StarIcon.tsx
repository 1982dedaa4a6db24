// The reviews' navigation icon (the shopper's account menu and the back office): a star drawn
// like the other line icons. Kept out of components/ so only the screens that show it load it.
import { Icon, type IconProps } from '../../../components/icons';

/** A line star, for "Reviews" in navigation. */
export function StarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L12 16.85 6.75 19.6l1-5.8L3.5 9.7l5.9-.9z" />
    </Icon>
  );
}
