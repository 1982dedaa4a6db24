// /checkout (SPEC §2): the checkout as a page, reached by its URL and by Make Payment. A guest is
// asked to sign in first (SPEC §6 'Please login first'); signing in comes back here.
import { Button } from '../../components/Button';
import { StateMessage } from '../../components/StateMessage';
import { selectToken, signInOpened } from '../../features/account/accountSlice';
import { Checkout } from '../../features/checkout';
import { loginFirstMessage } from '../../lib/toast';
import { signInToPayNotice } from '../cart';
import { useAppDispatch, useAppSelector } from '../hooks';
import styles from './CheckoutPage.module.css';

export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectToken) !== null;
  return (
    <>
      <title>Checkout — drape</title>
      {signedIn ? (
        <Checkout />
      ) : (
        <div className={styles.guest}>
          <StateMessage title={loginFirstMessage} detail={signInToPayNotice} headingLevel={1}>
            <Button onClick={() => dispatch(signInOpened({ notice: signInToPayNotice }))}>Sign in</Button>
          </StateMessage>
        </div>
      )}
    </>
  );
}
