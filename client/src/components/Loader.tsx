import styles from './Loader.module.css';

export const loadingMessage = 'Loading premium clothing';

/** The calm loading screen: the brand mark, a moving thread and 'Loading premium clothing'. */
export function Loader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div className={[styles.loader, fullScreen ? styles.fullScreen : ''].join(' ')} role="status" aria-live="polite">
      <span className={styles.mark} aria-hidden="true">
        drape
      </span>
      <span className={styles.thread} aria-hidden="true" />
      <p className={styles.message}>{loadingMessage}</p>
    </div>
  );
}
