// The dashboard's app icons (docs/dashboard.md, "Install"), drawn here rather than committed as
// binaries: a square PNG of any size, the dashboard's dark ink with a ring (the "o" of ao) and a green
// dot (live). Everything that matters sits inside the middle 80%, so a launcher may mask it ("maskable").
import { crc32, deflateSync } from "node:zlib";

const INK = [0x1d, 0x23, 0x30];
const RING = [0xf6, 0xf7, 0xf9];
const LIVE = [0x2e, 0x85, 0x40];

/** The colour at (x, y) of a `size`-pixel icon, sampled at the pixel's centre. */
function colourAt(x, y, size) {
  const u = (x + 0.5) / size - 0.5;
  const v = (y + 0.5) / size - 0.5;
  const ring = Math.hypot(u + 0.04, v);
  if (ring > 0.17 && ring < 0.27) return RING;
  if (Math.hypot(u - 0.25, v + 0.17) < 0.07) return LIVE;
  return INK;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `size`×`size` RGB PNG of the icon. */
export function iconPng(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter set, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const at = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rows.set(colourAt(x, y, size), at + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
