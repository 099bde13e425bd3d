// Hint screens that replace the page for some brands and partners (pay-flows.md §2).

import { HINT_RULES } from '../../../../contract/plain/stations';
import type { Poi } from '../../../../contract/stations';

export type HintKind = 'cannotUsePhoneOutsideCar' | 'prePayHint' | 'h2LegalHint';

export function hintFor(station: Pick<Poi, 'brand' | 'partnerDetails'>): HintKind | null {
  const brand = station.brand.toLowerCase();
  if (HINT_RULES.cannotUsePhoneOutsideCarMarkers.some((marker) => brand.includes(marker.toLowerCase()))) {
    return 'cannotUsePhoneOutsideCar';
  }
  const partner = station.partnerDetails?.partnerName;
  if (partner && (HINT_RULES.prePayHintPartners as readonly string[]).includes(partner)) return 'prePayHint';
  if (partner && (HINT_RULES.h2LegalHintPartners as readonly string[]).includes(partner)) return 'h2LegalHint';
  return null;
}
