// Draws the app icons (and a demo partner logo) as PNGs without image tools: run once, commit the output.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x / size, y / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const GREEN = [11, 93, 59, 255];
const WHITE = [255, 255, 255, 255];
const CLEAR = [0, 0, 0, 0];
// A fuel pump: body, display window, hose. Coordinates in the unit square, scaled by `s` around the centre.
function pump(x, y, s) {
  const u = (x - 0.5) / s + 0.5;
  const v = (y - 0.5) / s + 0.5;
  const body = u > 0.3 && u < 0.6 && v > 0.25 && v < 0.78;
  const window = u > 0.35 && u < 0.55 && v > 0.31 && v < 0.45;
  const base = u > 0.25 && u < 0.65 && v > 0.74 && v < 0.8;
  const hose =
    (u > 0.63 && u < 0.68 && v > 0.35 && v < 0.65) ||
    (u > 0.6 && u < 0.68 && v > 0.33 && v < 0.38) ||
    (u > 0.63 && u < 0.72 && v > 0.62 && v < 0.66);
  return (body && !window) || base || hose;
}
const round = (x, y, r) => {
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0);
  return dx * dx + dy * dy <= r * r;
};
writeFileSync(
  'public/icons/icon-192.png',
  png(192, (x, y) => (round(x, y, 0.18) ? (pump(x, y, 1) ? WHITE : GREEN) : CLEAR)),
);
writeFileSync(
  'public/icons/icon-512.png',
  png(512, (x, y) => (round(x, y, 0.18) ? (pump(x, y, 1) ? WHITE : GREEN) : CLEAR)),
);
// The browser tab's icon (index.html): a PNG, not the SVG mark. Chrome builds an SVG favicon as a document of its own on
// the page's main thread after every start (15–40 ms on a slowed phone, issue 16); a PNG decodes off it. Drawn with
// 4 × 4 samples per pixel, as the shape is only 48 pixels wide.
const SAMPLES = 4;
const smooth = (size, pixel) => (x, y) => {
  const sum = [0, 0, 0, 0];
  for (let i = 0; i < SAMPLES; i++)
    for (let j = 0; j < SAMPLES; j++) {
      const p = pixel(x + (i + 0.5) / (SAMPLES * size), y + (j + 0.5) / (SAMPLES * size));
      for (let k = 0; k < 4; k++) sum[k] += p[k] * (k === 3 ? 1 : p[3] / 255);
    }
  const alpha = sum[3] / SAMPLES ** 2;
  return [...sum.slice(0, 3).map((c) => Math.round(alpha ? (c / SAMPLES ** 2) * (255 / alpha) : 0)), Math.round(alpha)];
};
writeFileSync(
  'public/icons/icon-48.png',
  png(
    48,
    smooth(48, (x, y) => (round(x, y, 0.18) ? (pump(x, y, 1) ? WHITE : GREEN) : CLEAR)),
  ),
);
// Maskable: full bleed, the glyph inside the 80 % safe zone.
writeFileSync(
  'public/icons/icon-maskable-512.png',
  png(512, (x, y) => (pump(x, y, 0.7) ? WHITE : GREEN)),
);
// A demo partner logo for ?partner=demo-partner (landing page).
writeFileSync(
  'public/img/partnerLogos/demo-partner.png',
  png(160, (x, y) => {
    const d = Math.hypot(x - 0.5, y - 0.5);
    if (d > 0.48) return CLEAR;
    return d > 0.4 ? [200, 60, 40, 255] : Math.abs(x - y) < 0.08 ? WHITE : [240, 170, 40, 255];
  }),
);
console.log('icons written');
