// The map screen on a phone without WebGL: the app detects it and opens the list (issue 15).

import { chromiumWith, NO_WEBGL } from './browser';
import { expect, test } from './fixtures';
import { expectAccessible, expectHome } from './helpers';

test.use({
  ...chromiumWith(NO_WEBGL),
  geolocation: { latitude: 48.137, longitude: 11.575 },
  permissions: ['geolocation'],
});

test('without WebGL the map screen shows the stations as a list, sortable by price', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expectHome(page);
  await expect(page.getByText('This device cannot draw the map, so the stations are shown as a list.')).toBeVisible();
  // No map, so no way to switch to one.
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveCount(0);
  const rows = page.getByRole('region', { name: 'Stations as a list' }).getByRole('listitem');
  await expect(rows.first()).toContainText('München');
  await expectAccessible(page, 'the list without WebGL');

  await page.getByRole('button', { name: 'Cheapest' }).click();
  await expect(page).toHaveURL(/sort=price/);
  const prices = (await rows.allInnerTexts())
    .map((t) => /€(\d\.\d{3})/.exec(t)?.[1])
    .filter((p): p is string => p !== undefined)
    .map(Number);
  expect(prices.length).toBeGreaterThan(3);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await rows.first().getByRole('button').click();
  const card = page.getByRole('dialog');
  await expect(card.getByRole('link', { name: 'Pay here' })).toBeVisible();
  await expectAccessible(page, 'the station card from the list');
});
