// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The colour pairs that tokens.css declares as used together (its @contrast lines) meet WCAG AA.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(process.cwd(), 'src/ui/tokens.css'), 'utf8');
const root = css.slice(css.indexOf(':root {'), css.indexOf('@media'));
const declared = new Map([...root.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

function resolve(name: string, seen: string[] = []): string {
  const value = declared.get(name);
  if (value === undefined) throw new Error(`${name} is not declared in tokens.css`);
  if (seen.includes(name)) throw new Error(`cycle: ${[...seen, name].join(' -> ')}`);
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  return ref ? resolve(ref[1]!, [...seen, name]) : value;
}

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a hex colour: ${hex}`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const pairs = [...css.matchAll(/@contrast (--[\w-]+) on (--[\w-]+) ([\d.]+)/g)].map((m) => ({
  fg: m[1]!,
  bg: m[2]!,
  min: Number(m[3]),
}));

describe('tokens.css', () => {
  it('computes contrast like WCAG (black on white is 21:1, #767676 on white 4.54:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#fff')).toBeCloseTo(4.54, 2);
  });

  it('declares the pairs it promises, and every semantic colour a text or border role uses is among them', () => {
    expect(pairs.length).toBeGreaterThan(30);
    const checked = new Set(pairs.flatMap((p) => [p.fg, p.bg]));
    for (const name of declared.keys()) {
      if (/^--color-(text|on-|link|border-strong|focus)/.test(name)) expect(checked, name).toContain(name);
    }
  });

  it('forces the light theme', () => {
    expect(declared.get('color-scheme')).toBeUndefined();
    expect(root).toMatch(/color-scheme:\s*light;/);
  });

  for (const { fg, bg, min } of pairs) {
    it(`${fg} on ${bg} reaches ${min}:1`, () => {
      const ratio = contrast(resolve(fg), resolve(bg));
      expect(ratio, `${fg} ${resolve(fg)} on ${bg} ${resolve(bg)}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(min);
    });
  }
});
