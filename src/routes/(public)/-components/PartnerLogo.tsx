import { useState } from 'react';

/**
 * Our mark (public/icons/favicon.svg), inline: as an <img> each SVG is a document of its own for the browser to build,
 * which took 15–60 ms of main thread on a slowed phone right after the landing page's first screen (issue 16).
 */
function BrandMark() {
  return (
    <svg className="landing-brand" viewBox="0 0 64 64" width={64} height={64} role="img" aria-label="Forecourt Pay">
      <rect width="64" height="64" rx="12" fill="#0b5d3b" />
      <path fill="#fff" d="M19 16h19v34H19zM16 47h25v4H16zM40 21h5v20h6v4h-10z" />
      <rect x="23" y="20" width="11" height="8" fill="#0b5d3b" />
    </svg>
  );
}

/**
 * The partner's logo from /img/partnerLogos/{partner}.png (shell-and-account §1), or ours when there is no partner
 * or its logo does not load.
 */
export function PartnerLogo({ partner }: { partner: string | undefined }) {
  const [failed, setFailed] = useState(false);
  // Only plain names: the value comes from a link and ends up in a URL path.
  const safe = partner && /^[A-Za-z0-9_-]{1,64}$/.test(partner) ? partner : null;
  if (!safe || failed) return <BrandMark />;
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
