// Draws the extension icon from one description of its shapes and writes it
// twice: images/icon.svg (vector) and images/icon.png (what the manifest and
// the marketplace use; rasterised here, no browser or image library needed).
//   node scripts/make-icon.mjs           write both files
//   node scripts/make-icon.mjs --check   fail if the committed files differ

import { Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const VIEW = 128; // drawing units
const PIXELS = 256; // PNG size
const SUBSAMPLES = 4; // per axis, for anti-aliasing

// A score gauge (three quarters full) with a check mark: "scored, and passed".
const background = { color: '#1b2a41', radius: 26 };
const gauge = { cx: 64, cy: 68, r: 40, width: 12, start: 135, sweep: 270 };
const track = { ...gauge, color: '#33507a' };
const value = { ...gauge, sweep: 270 * 0.78, color: '#4ade80' };
const check = { points: [[46, 69], [59, 82], [84, 55]], width: 11, color: '#ffffff' };

const rad = (deg) => (deg * Math.PI) / 180;
const arcPoint = (a, deg) => [a.cx + a.r * Math.cos(rad(deg)), a.cy + a.r * Math.sin(rad(deg))];
const fmt = (n) => String(Math.round(n * 100) / 100);

function svg() {
  const arc = (a) => {
    const [x0, y0] = arcPoint(a, a.start);
    const [x1, y1] = arcPoint(a, a.start + a.sweep);
    const large = a.sweep > 180 ? 1 : 0;
    return `<path d="M ${fmt(x0)} ${fmt(y0)} A ${a.r} ${a.r} 0 ${large} 1 ${fmt(x1)} ${fmt(y1)}" fill="none" stroke="${a.color}" stroke-width="${a.width}" stroke-linecap="round"/>`;
  };
  const points = check.points.map(([x, y]) => `${x},${y}`).join(' ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${VIEW}" height="${VIEW}" viewBox="0 0 ${VIEW} ${VIEW}">`,
    `  <rect width="${VIEW}" height="${VIEW}" rx="${background.radius}" fill="${background.color}"/>`,
    `  ${arc(track)}`,
    `  ${arc(value)}`,
    `  <polyline points="${points}" fill="none" stroke="${check.color}" stroke-width="${check.width}" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</svg>',
    '',
  ].join('\n');
}

// ---- the same shapes as inside-tests, for the rasteriser ----

function inRoundedRect(x, y) {
  const r = background.radius;
  const qx = Math.max(r - x, 0, x - (VIEW - r));
  const qy = Math.max(r - y, 0, y - (VIEW - r));
  return x >= 0 && y >= 0 && x <= VIEW && y <= VIEW && qx * qx + qy * qy <= r * r;
}

function inArc(a, x, y) {
  const half = a.width / 2;
  const dx = x - a.cx;
  const dy = y - a.cy;
  const angle = (((Math.atan2(dy, dx) * 180) / Math.PI - a.start) % 360 + 360) % 360;
  if (Math.abs(Math.hypot(dx, dy) - a.r) <= half && angle <= a.sweep) {
    return true;
  }
  // Round caps.
  return [a.start, a.start + a.sweep].some((deg) => {
    const [px, py] = arcPoint(a, deg);
    return Math.hypot(x - px, y - py) <= half;
  });
}

function distanceToSegment(x, y, [ax, ay], [bx, by]) {
  const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / len2));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
}

function inCheck(x, y) {
  const pts = check.points;
  return pts.slice(1).some((p, i) => distanceToSegment(x, y, pts[i], p) <= check.width / 2);
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const layers = [
  [inRoundedRect, rgb(background.color)],
  [(x, y) => inArc(track, x, y), rgb(track.color)],
  [(x, y) => inArc(value, x, y), rgb(value.color)],
  [inCheck, rgb(check.color)],
];

function rasterise() {
  const rgba = Buffer.alloc(PIXELS * PIXELS * 4);
  const scale = VIEW / PIXELS;
  const n = SUBSAMPLES * SUBSAMPLES;
  for (let py = 0; py < PIXELS; py++) {
    for (let px = 0; px < PIXELS; px++) {
      // Average the colour of the subsamples; uncovered ones are transparent.
      let r = 0, g = 0, b = 0, covered = 0;
      for (let sy = 0; sy < SUBSAMPLES; sy++) {
        for (let sx = 0; sx < SUBSAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SUBSAMPLES) * scale;
          const y = (py + (sy + 0.5) / SUBSAMPLES) * scale;
          let colour;
          for (const [inside, c] of layers) {
            if (inside(x, y)) colour = c;
          }
          if (colour) {
            r += colour[0];
            g += colour[1];
            b += colour[2];
            covered++;
          }
        }
      }
      const o = (py * PIXELS + px) * 4;
      if (covered > 0) {
        rgba[o] = Math.round(r / covered);
        rgba[o + 1] = Math.round(g / covered);
        rgba[o + 2] = Math.round(b / covered);
        rgba[o + 3] = Math.round((255 * covered) / n);
      }
    }
  }
  return rgba;
}

// ---- PNG encoding (RGBA, 8 bits, no interlace) ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(PIXELS, 0);
  header.writeUInt32BE(PIXELS, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA
  const rows = Buffer.alloc(PIXELS * (PIXELS * 4 + 1));
  for (let y = 0; y < PIXELS; y++) {
    rows[y * (PIXELS * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (PIXELS * 4 + 1) + 1, y * PIXELS * 4, (y + 1) * PIXELS * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const images = join(dirname(fileURLToPath(import.meta.url)), '..', 'images');
const outputs = { 'icon.svg': Buffer.from(svg()), 'icon.png': png(rasterise()) };

if (process.argv.includes('--check')) {
  const stale = Object.entries(outputs).filter(([name, bytes]) => {
    try {
      return !readFileSync(join(images, name)).equals(bytes);
    } catch {
      return true;
    }
  });
  if (stale.length > 0) {
    console.error(`images out of date: ${stale.map(([name]) => name).join(', ')}; run npm run icon`);
    process.exit(1);
  }
  console.log('icon: images/icon.svg and images/icon.png match scripts/make-icon.mjs');
} else {
  for (const [name, bytes] of Object.entries(outputs)) {
    writeFileSync(join(images, name), bytes);
    console.log(`wrote images/${name} (${bytes.length} bytes)`);
  }
}
