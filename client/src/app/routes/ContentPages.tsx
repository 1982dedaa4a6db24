import { PageContainer } from '../../components/PageContainer';
import { PageIntro } from '../../components/PageIntro';
import { CmsContent } from '../../features/content/components/CmsContent';
import { PolicyTerms } from '../../features/returns/components/PolicyTerms';
import styles from './ContentPages.module.css';

export const returnPolicyMissing = 'No return policy content available.';
export const returnPolicyFailed = 'Something went wrong while fetching return policy.';
export const termsMissing = 'Our terms and conditions will be published here soon.';
export const termsFailed = 'Something went wrong while fetching the terms and conditions.';

/** /returns and /returnpolicydetails: 'Return and Exchange Policy': the policy's terms, then the privacy page's HTML. */
export function ReturnPolicyPage() {
  return (
    <PageContainer as="article" narrow>
      <title>Return and Exchange Policy — drape</title>
      <PageIntro eyebrow="Customer care" title="Return and Exchange Policy" />
      <PolicyTerms />
      <div className={styles.body}>
        <CmsContent type="privacy" pageTitle="Return and Exchange Policy" missing={returnPolicyMissing} failed={returnPolicyFailed} />
      </div>
    </PageContainer>
  );
}

export const privacyNoticeMissing = 'Our privacy notice will be published here soon.';
export const privacyNoticeFailed = 'Something went wrong while fetching the privacy notice.';

/** /privacy: the privacy notice's HTML (issue 23), written in the back office like the other pages. */
export function PrivacyNoticePage() {
  return (
    <PageContainer as="article" narrow>
      <title>Privacy notice — drape</title>
      <PageIntro eyebrow="Your data" title="Privacy notice" />
      <div className={styles.body}>
        <CmsContent type="privacy-notice" pageTitle="Privacy notice" missing={privacyNoticeMissing} failed={privacyNoticeFailed} />
      </div>
    </PageContainer>
  );
}

/** /terms-conditions: the terms page's HTML. */
export function TermsPage() {
  return (
    <PageContainer as="article" narrow>
      <title>Terms and conditions — drape</title>
      <PageIntro eyebrow="The fine print" title="Terms and conditions" />
      <div className={styles.body}>
        <CmsContent type="terms" pageTitle="Terms and conditions" missing={termsMissing} failed={termsFailed} />
      </div>
    </PageContainer>
  );
}
