// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// Issue 16: a page loads the shell catalog and its area's (src/i18n/catalog-area.ts); a file's strings go to the
// catalog of the areas that use it (scripts/catalog-areas.ts), the shell's when several do.
import { describe, expect, it } from 'vitest';
import { catalogFiles } from '../../scripts/catalog-areas';
import { areaOfPath } from '../../src/i18n/catalog-area';

describe('the catalog of a page', () => {
  it.each([
    ['/pay', 'pay'],
    ['/pay/prepay/summary', 'pay'],
    ['/map', 'map'],
    ['/history/abc/merge', 'history'],
    ['/profile/cars', 'account'],
    ['/settings', 'account'],
    ['/payment-method/mbway', 'account'],
    ['/payment', 'account'],
  ])('%s is the %s area', (path, area) => expect(areaOfPath(path)).toBe(area));
});

describe('the catalog of a source file', () => {
  const files = catalogFiles(process.cwd());
  const catalogOf = (file: string) => Object.entries(files).find(([, list]) => list.includes(file))?.[0];
  it.each([
    ['src/routes/pay/pump.tsx', 'pay'],
    ['src/features/stations/ui/PumpGrid.tsx', 'pay'],
    ['src/features/map/ui/MapScreen.tsx', 'map'],
    ['src/features/history/ui/CostForm.tsx', 'history'],
    ['src/routes/profile/cars/index.tsx', 'account'],
    ['src/features/vehicles/ui/VehicleForm.tsx', 'account'],
    // Used by the pay path and the account pages: the shell catalog, which both have.
    ['src/features/payment-methods/ui/TwoFactorCode.tsx', 'shell'],
    ['src/routes/(public)/landing.tsx', 'shell'],
    ['src/app/ui/TopBar.tsx', 'shell'],
  ])('%s: %s', (file, catalog) => expect(catalogOf(file)).toBe(catalog));
  it('puts every file with strings in exactly one catalog', () => {
    const all = Object.values(files).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(100);
  });
});
