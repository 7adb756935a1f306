/**
 * Compares two folders written by capture.ts pixel by pixel: per screen, how many pixels differ and the box around
 * them, plus a diff image (differing pixels red over a faded copy) in .screens/diff-BEFORE-AFTER/.
 *   npx tsx tools/screens/compare.ts before after
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';

interface Image {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row after row. */
  rgba: Buffer;
}

/** Decodes the PNGs Chromium writes: 8 bits per channel, RGB or RGBA, not interlaced. */
function readPng(file: string): Image {
  const png = readFileSync(file);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error(`${file}: unsupported PNG`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
      pixels[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: pixels };
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let i = 0; i < width * height; i++) pixels.copy(rgba, i * 4, i * 3, i * 3 + 3);
  return { width, height, rgba };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function writePng(file: string, { width, height, rgba }: Image) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const parts = [chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))];
  writeFileSync(file, Buffer.concat([signature, ...parts]));
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

const [beforeLabel, afterLabel] = process.argv.slice(2);
if (!beforeLabel || !afterLabel) throw new Error('usage: compare.ts BEFORE AFTER (folders under .screens/)');
const root = path.resolve(import.meta.dirname, '../../.screens');
const diffDir = path.join(root, `diff-${beforeLabel}-${afterLabel}`);
mkdirSync(diffDir, { recursive: true });

let changed = 0;
for (const name of readdirSync(path.join(root, beforeLabel))
  .filter((f) => f.endsWith('.png'))
  .sort()) {
  let after: Image;
  try {
    after = readPng(path.join(root, afterLabel, name));
  } catch {
    console.log(`${name}: missing after`);
    changed++;
    continue;
  }
  const before = readPng(path.join(root, beforeLabel, name));
  if (before.width !== after.width || before.height !== after.height) {
    console.log(`${name}: size ${before.width}x${before.height} -> ${after.width}x${after.height}`);
    changed++;
    continue;
  }
  const diff: Image = { ...before, rgba: Buffer.alloc(before.rgba.length) };
  let count = 0;
  /** The largest difference in any one channel: 1 or 2 is anti-aliasing at an edge, not a change of style. */
  let maxDelta = 0;
  const box = { left: Infinity, top: Infinity, right: -1, bottom: -1 };
  for (let i = 0; i < before.rgba.length; i += 4) {
    const same = before.rgba.readUInt32BE(i) === after.rgba.readUInt32BE(i);
    const faded = 255 - ((255 - before.rgba[i + 1]!) >> 2);
    diff.rgba.set(same ? [faded, faded, faded, 255] : [255, 0, 0, 255], i);
    if (same) continue;
    count++;
    for (let c = 0; c < 4; c++) maxDelta = Math.max(maxDelta, Math.abs(before.rgba[i + c]! - after.rgba[i + c]!));
    const x = (i / 4) % before.width;
    const y = Math.floor(i / 4 / before.width);
    Object.assign(box, {
      left: Math.min(box.left, x),
      top: Math.min(box.top, y),
      right: Math.max(box.right, x),
      bottom: Math.max(box.bottom, y),
    });
  }
  if (count === 0) {
    console.log(`${name}: identical`);
    continue;
  }
  changed++;
  writePng(path.join(diffDir, name), diff);
  const where = `x ${box.left}-${box.right}, y ${box.top}-${box.bottom}`;
  console.log(`${name}: ${count} pixels differ by up to ${maxDelta} levels in ${where}`);
}
console.log(changed === 0 ? 'all screens identical' : `${changed} screens differ (diff images in ${diffDir})`);
process.exitCode = changed === 0 ? 0 : 1;
