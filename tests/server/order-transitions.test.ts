// The order transition table, exhaustively: every pair not in the table is refused; terminal states absorb.
import { describe, expect, it } from 'vitest';
import { isTerminal, ORDER_STATES, TERMINAL_STATES } from '../../contract/orders';
import { assertTransition, canTransition, ORDER_TRANSITIONS } from '../../server/services/orders';

describe('order transitions', () => {
  const pairs = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s is allowed exactly when the table lists it', (from, to) => {
    const listed = ORDER_TRANSITIONS[from].includes(to);
    expect(canTransition(from, to)).toBe(listed);
    if (listed) expect(() => assertTransition(from, to)).not.toThrow();
    else
      expect(() => assertTransition(from, to)).toThrow(expect.objectContaining({ kind: 'conflict', code: 'conflict' }));
  });

  it('terminal states absorb: no way out of COMPLETED, PROBLEM, CANCELLED, FAILED, REJECTED', () => {
    expect([...TERMINAL_STATES].sort()).toEqual(['CANCELLED', 'COMPLETED', 'FAILED', 'PROBLEM', 'REJECTED']);
    for (const s of TERMINAL_STATES) expect(ORDER_TRANSITIONS[s]).toEqual([]);
    for (const s of ORDER_STATES) if (!isTerminal(s)) expect(ORDER_TRANSITIONS[s].length).toBeGreaterThan(0);
  });

  it('the prepay fuel path and its exits are in the table', () => {
    const path = [
      'CREATED',
      'PAYMENT_AUTHORIZED',
      'PRODUCT_PENDING',
      'PRODUCT_ACQUIRED',
      'READY_FOR_INVOICE',
      'COMPLETED',
    ] as const;
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
    expect(canTransition('CREATED', 'FAILED')).toBe(true);
    expect(canTransition('PRODUCT_PENDING', 'CANCELLED')).toBe(true);
    expect(canTransition('PRODUCT_ACQUIRED', 'CANCELLED')).toBe(false);
    expect(canTransition('CREATED', 'COMPLETED')).toBe(false);
    // No non-terminal state is a dead end without PROBLEM (the watchdog's exit).
    for (const s of ORDER_STATES) if (!isTerminal(s)) expect(canTransition(s, 'PROBLEM')).toBe(true);
  });
});
