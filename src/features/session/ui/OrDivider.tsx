import { Trans } from '@lingui/react/macro';
import './sign-in.css';

/** "or" between two ways of signing in (the form, an identity provider). */
export function OrDivider() {
  return (
    <p className="or-divider">
      <span>
        <Trans>or</Trans>
      </span>
    </p>
  );
}
