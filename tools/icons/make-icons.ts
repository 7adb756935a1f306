/**
 * Draws the app icons (the wordmark's rising line on teal) as PNGs with no image library:
 * `npx tsx tools/icons/make-icons.ts` writes web/public/icons/*.png. Run it again only when the icon changes.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL = [15, 118, 110];
const WHITE = [255, 255, 255];
// The line of favicon.svg, in a 32-unit box.
const LINE: [number, number][] = [
  [6, 22],
  [12, 15],
  [17, 19],
  [26, 9],
];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function distanceToSegment(px: number, py: number, [ax, ay]: [number, number], [bx, by]: [number, number]) {
  const t = Math.max(
    0,
    Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  );
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

/** `inset` shrinks the drawing toward the centre (maskable icons keep their content in the safe zone). */
function icon(size: number, inset: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const u = (((x + 0.5) / size - 0.5) / (1 - 2 * inset)) * 32 + 16;
      const v = (((y + 0.5) / size - 0.5) / (1 - 2 * inset)) * 32 + 16;
      const d = Math.min(...LINE.slice(1).map((p, i) => distanceToSegment(u, v, LINE[i]!, p)));
      const colour = d <= 1.5 ? WHITE : TEAL;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../../web/public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), icon(192, 0.08));
writeFileSync(new URL('icon-512.png', out), icon(512, 0.08));
writeFileSync(new URL('icon-maskable-512.png', out), icon(512, 0.2));
