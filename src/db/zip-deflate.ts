/**
 * A zip entry for fflate's streaming Zip, deflated and checksummed by node:zlib rather than fflate's
 * JavaScript (the subclass fflate documents for a compression of one's own). Each chunk but the last
 * ends on a sync flush, so the chunks' deflate streams read as one and memory stays one chunk.
 */
import zlib from 'node:zlib';
import { ZipPassThrough } from 'fflate';

/** The deflate method's number in a zip entry's header (APPNOTE 4.4.5). */
const DEFLATED = 8;

export class ZipNativeDeflate extends ZipPassThrough {
  private checksum = 0;

  constructor(
    filename: string,
    private readonly level: number,
  ) {
    super(filename);
    this.compression = DEFLATED;
  }

  /** As fflate's push, with node:zlib's CRC-32 in place of its JavaScript one. */
  override push(chunk: Uint8Array, final = false): void {
    if (!this.ondata) throw new Error('a zip entry takes chunks only once added to its Zip');
    this.checksum = zlib.crc32(chunk, this.checksum);
    this.size += chunk.length;
    if (final) this.crc = this.checksum;
    this.process(chunk as Uint8Array<ArrayBuffer>, final);
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    const out = zlib.deflateRawSync(chunk, { level: this.level, finishFlush: final ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH });
    // A Buffer from zlib owns a plain ArrayBuffer, never a shared one.
    this.ondata(null, out as Uint8Array<ArrayBuffer>, final);
  }
}
