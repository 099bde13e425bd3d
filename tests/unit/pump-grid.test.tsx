// The pump tiles: what a driver and a screen reader get from them (pay-flows.md §2 pump selection, §5, §9).
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '../../contract/stations';
import { PumpGrid } from '../../src/features/stations/ui/PumpGrid';
import { renderWith } from './ui/harness';

function pump(name: string, status: Product['attributes']['status'] = 'AVAILABLE'): Product {
  return {
    _id: `p-${name}`,
    name,
    facility: 'PUMP',
    type: 'GAS',
    attributes: { status, automaticFlow: true, availableItems: [] },
  };
}
const pumps = (n: number) => Array.from({ length: n }, (_, i) => pump(String(n - i)));

describe('PumpGrid', () => {
  it('names each tile "Pump N" (the big visible number is part of the name) and describes it by its status', () => {
    renderWith(
      <PumpGrid pumps={[pump('8'), pump('3', 'OUT_OF_ORDER')]} withWash={false} enabled onChoose={() => {}} />,
    );
    const eight = screen.getByRole('button', { name: 'Pump 8' });
    expect(eight.textContent).toContain('8');
    expect(eight).toHaveProperty('disabled', false);
    expect(eight.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(eight.getAttribute('aria-describedby')!)?.textContent).toBe('Available');
    const three = screen.getByRole('button', { name: 'Pump 3' });
    expect(three).toHaveProperty('disabled', true);
    expect(within(three).getByText('Out of order')).toBeTruthy();
  });

  it('sorts the pumps numerically and chooses the one pressed', () => {
    const onChoose = vi.fn();
    renderWith(<PumpGrid pumps={[pump('10'), pump('2'), pump('1')]} withWash={false} enabled onChoose={onChoose} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Pump 1',
      'Pump 2',
      'Pump 10',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Pump 10' }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ name: '10' }));
  });

  it('disables every tile while choosing is not allowed (station unconfirmed, driver not at the station)', () => {
    renderWith(<PumpGrid pumps={pumps(3)} withWash={false} enabled={false} onChoose={() => {}} />);
    for (const button of screen.getAllByRole('button')) expect(button).toHaveProperty('disabled', true);
  });

  it('shows 12 a page without a wash and 9 with one, with previous and next', () => {
    const { unmount } = renderWith(<PumpGrid pumps={pumps(14)} withWash={false} enabled onChoose={() => {}} />);
    expect(screen.getAllByRole('button', { name: /^Pump \d+$/ })).toHaveLength(12);
    unmount();
    renderWith(<PumpGrid pumps={pumps(14)} withWash enabled onChoose={() => {}} />);
    expect(screen.getAllByRole('button', { name: /^Pump \d+$/ })).toHaveLength(9);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Pump \d+$/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Pump 10',
      'Pump 11',
      'Pump 12',
      'Pump 13',
      'Pump 14',
    ]);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});
