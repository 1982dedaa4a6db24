import { Link } from '../../components/Link';
import { PageContainer } from '../../components/PageContainer';
import { PageIntro } from '../../components/PageIntro';
import { Prose } from '../../components/Prose';
import { brand } from '../../lib/brand';
import { paths } from '../../lib/paths';
import styles from './AboutPage.module.css';

const values = [
  { title: 'Fit first', text: 'Patterns drafted for Indian body shapes, with sizes that stay true from one order to the next.' },
  { title: 'Honest prices', text: 'Clear prices in rupees, delivery charges shown before you pay and no surprise charges at checkout.' },
  { title: 'Made in India', text: `Designed, cut and finished by ${brand.company} in ${brand.city}, ${brand.state}.` },
];

export function AboutPage() {
  return (
    <PageContainer as="article">
      <title>About us — drape</title>
      <PageIntro eyebrow="About us" title="A Jaipur tailoring house for the working day">
        {brand.name} is the formal wear label of {brand.company}: well-cut shirts and trousers for men and women,
        made in {brand.city} and delivered across India.
      </PageIntro>
      <Prose>
        <h2>Where we come from</h2>
        <p>
          Jaipur has dressed people for centuries. We grew up around its cutting tables and bought our first bolts of
          cloth in its markets. {brand.name} began with a simple idea: office clothes should fit properly, feel good
          at six in the evening and cost what they are worth.
        </p>
        <h2>What we make</h2>
        <p>
          A focused range of formal shirts, trousers and our stretch and flexi-waist pants. The stretch cloth moves
          with you; the flexi-waist gives a little when the day runs long, without losing a sharp line.
        </p>
        <h2>How we work</h2>
        <p>
          Every piece is cut and finished by our own team and checked before it is packed. Orders leave our workshop
          within one to two business days, and shipping is free anywhere in India. If something is not right, our{' '}
          <Link to={paths.contactUs}>customer care team</Link> will put it right.
        </p>
      </Prose>
      <ul className={styles.values}>
        {values.map((value) => (
          <li key={value.title} className={styles.value}>
            <h2>{value.title}</h2>
            <p>{value.text}</p>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
