import zlib from "node:zlib";

/**
 * Gzip for a document made of fixed parts with per-response values between them (ADR 0005), without compressing
 * the whole document per response: remix-serve's `compression` middleware would spend ~2 ms (gzip) to ~6 ms
 * (brotli) of CPU on every 113 KB landing page, several times what a cached page costs otherwise.
 *
 * The fixed parts are deflated once, each on its own and ended with a sync flush, so each is a run of complete,
 * byte-aligned, non-final deflate blocks that refer to nothing outside itself. A response is the gzip header,
 * the deflated parts with every value in between as a stored (uncompressed) block, a final empty block, and the
 * trailer (CRC-32 and length of the uncompressed document, RFC 1952). `compression` passes an already encoded
 * response through untouched.
 */

// ID1 ID2, CM=deflate, no flags, MTIME=0, XFL=0, OS=unix (RFC 1952 §2.3).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
// BFINAL=1, BTYPE=00 (stored), LEN=0, NLEN=0xffff: the end of the deflate stream (RFC 1951 §3.2.4).
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const MAX_STORED_BLOCK = 0xffff;

/** zlib.crc32 arrived in Node 20.15; without it pages are left to the compression middleware. */
export const canGzipTemplates = typeof zlib.crc32 === "function";

export function deflatePart(part: Buffer): Buffer {
  return zlib.deflateRawSync(part, {
    level: zlib.constants.Z_BEST_COMPRESSION,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
}

/** Non-final stored blocks holding `value` (the stream is byte-aligned after a sync flush or a stored block). */
function storedBlocks(value: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < value.length; offset += MAX_STORED_BLOCK) {
    const chunk = value.subarray(offset, offset + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/**
 * The gzip of `parts[0] values[slots[0]] parts[1] …`, given each part's `deflatePart()`. Equal to gunzip-ing
 * back to exactly those bytes; only the values and the checksum are computed per response.
 */
export function gzipTemplate(
  parts: Buffer[],
  deflated: Buffer[],
  slots: number[],
  values: Buffer[],
): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  const add = (bytes: Buffer) => {
    // Skipping empty pieces is not only cheaper: Node's zlib.crc32 answers 0 for an empty buffer that has been
    // through deflateRawSync (its data pointer is null, which zlib reads as "start a new checksum").
    if (bytes.length === 0) return;
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
  };
  for (let index = 0; index < parts.length; index++) {
    chunks.push(deflated[index]);
    add(parts[index]);
    if (index < slots.length) {
      const value = values[slots[index]];
      chunks.push(...storedBlocks(value));
      add(value);
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/**
 * The quality an Accept-Encoding header gives a content coding (RFC 9110 §12.5.3): its own entry's q (1 when
 * absent; `x-gzip` counts as `gzip`), else that of `*`, else 0.
 */
export function codingQuality(header: string | null, wanted: "gzip" | "br"): number {
  if (!header) return 0;
  let wildcard = 0;
  for (const entry of header.split(",")) {
    const [name, ...params] = entry.split(";");
    const q = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    const coding = name.trim().toLowerCase();
    if (coding === wanted || (wanted === "gzip" && coding === "x-gzip")) return Number.isNaN(quality) ? 0 : quality;
    if (coding === "*") wildcard = Number.isNaN(quality) ? 0 : quality;
  }
  return wildcard;
}

/** Whether an Accept-Encoding header accepts gzip (`gzip`/`x-gzip` or `*` with q > 0). */
export function acceptsGzip(header: string | null): boolean {
  return codingQuality(header, "gzip") > 0;
}

/** Whether an Accept-Encoding header accepts Brotli and ranks it no lower than gzip (ties go to the smaller br). */
export function prefersBrotli(header: string | null): boolean {
  const brotli = codingQuality(header, "br");
  return brotli > 0 && brotli >= codingQuality(header, "gzip");
}
