import { Trans } from '@lingui/react/macro';
import { config } from '../../lib/config';

/** Footer links open in a new tab: terms, imprint, privacy policy, statutory info (pay-flows.md §2). */
export function Footer() {
  const base = config.legalBaseUrl;
  return (
    <footer className="footer">
      <nav aria-label="Legal">
        <ul>
          <li>
            <a href={`${base}/terms.html`} target="_blank" rel="noopener noreferrer">
              <Trans>Terms</Trans>
            </a>
          </li>
          <li>
            <a href={`${base}/imprint.html`} target="_blank" rel="noopener noreferrer">
              <Trans>Imprint</Trans>
            </a>
          </li>
          <li>
            <a href={`${base}/privacy.html`} target="_blank" rel="noopener noreferrer">
              <Trans>Privacy policy</Trans>
            </a>
          </li>
          <li>
            <a href={`${base}/statutory.html`} target="_blank" rel="noopener noreferrer">
              <Trans>Statutory info</Trans>
            </a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
