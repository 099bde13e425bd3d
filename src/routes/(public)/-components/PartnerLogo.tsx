import { useState } from 'react';

/**
 * The partner's logo from /img/partnerLogos/{partner}.png (shell-and-account §1), or ours when there is no partner
 * or its logo does not load.
 */
export function PartnerLogo({ partner }: { partner: string | undefined }) {
  const [failed, setFailed] = useState(false);
  // Only plain names: the value comes from a link and ends up in a URL path.
  const safe = partner && /^[A-Za-z0-9_-]{1,64}$/.test(partner) ? partner : null;
  if (!safe || failed) {
    return <img className="landing-brand" src="/icons/favicon.svg" width={64} height={64} alt="Forecourt Pay" />;
  }
  return (
    <img
      className="landing-brand landing-brand--partner"
      src={`/img/partnerLogos/${safe}.png`}
      width={64}
      height={64}
      alt={safe}
      onError={() => setFailed(true)}
    />
  );
}
