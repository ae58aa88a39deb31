import zlib from "node:zlib";

/**
 * Small valid files for upload tests, generated (no binary fixtures): a 1×1 PNG with a correct
 * CRC, a minimal JPEG header and a one-page PDF, plus the files that must be refused.
 */
/** A copy on its own ArrayBuffer (what File and Blob accept in the DOM typings). */
function own(parts: Buffer[]): Buffer<ArrayBuffer> {
  return Buffer.from(Buffer.concat(parts));
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid PNG of one colour, 1×1 unless asked otherwise. */
export function samplePng(width = 1, height = 1): Buffer<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  // Each row: filter byte 0, then RGB per pixel.
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x9f, 0x22, 0x41]))]);
  return own([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export function samplePdf(): Buffer<ArrayBuffer> {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    "latin1",
  );
}

export function sampleJpeg(): Buffer<ArrayBuffer> {
  return own([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0", "latin1"), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}

/** A text file (what a renamed .txt → .pdf really is). */
export function textFile(): Buffer<ArrayBuffer> {
  return Buffer.from("Esto no es un PDF, solo texto.\n", "utf8");
}

/** A real PDF header padded to about 2 MB: valid type, too large. */
export function twoMegabytePdf(): Buffer<ArrayBuffer> {
  return own([samplePdf(), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
}
