/**
 * Compound File Binary (the container of BIFF .xls workbooks, [MS-CFB]): finds one stream by name
 * and returns its bytes, or tells what is missing from a damaged file. Read-only, version 3 and 4
 * files, regular and mini streams.
 */
const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const STREAM = 2;
const ROOT = 5;

export function isCompoundFile(data: Uint8Array): boolean {
  return data.length >= 512 && SIGNATURE.every((b, i) => data[i] === b);
}

interface DirectoryEntry {
  name: string;
  type: number;
  start: number;
  size: number;
}

/** A compound file's allocation tables and directory, each sector checked to be in the file. */
class CompoundFile {
  readonly sectorSize: number;
  readonly miniSectorSize: number;
  readonly miniCutoff: number;
  /** Whole sectors after the header. */
  readonly sectorCount: number;
  readonly fat: number[] = [];
  readonly entries: DirectoryEntry[] = [];
  private readonly view: DataView;

  constructor(private readonly data: Uint8Array) {
    if (!isCompoundFile(data)) throw new Error('not a compound file (no CFB signature)');
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    this.sectorSize = 1 << this.view.getUint16(0x1e, true);
    this.miniSectorSize = 1 << this.view.getUint16(0x20, true);
    this.miniCutoff = this.u32(0x38);
    this.sectorCount = Math.max(0, Math.floor(data.length / this.sectorSize) - 1);

    // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain.
    const fatSectors: number[] = [];
    for (let i = 0; i < 109; i++) {
      const id = this.u32(0x4c + i * 4);
      if (id !== FREE) fatSectors.push(id);
    }
    // The count is the file's word: no more DIFAT sectors are read than the file has sectors.
    for (let id = this.u32(0x44), n = Math.min(this.u32(0x48), this.sectorCount); n > 0 && id !== END_OF_CHAIN && id !== FREE; n--) {
      const at = this.sectorAt(id, 'the DIFAT');
      for (let i = 0; i < this.sectorSize / 4 - 1; i++) {
        const s = this.u32(at + i * 4);
        if (s !== FREE) fatSectors.push(s);
      }
      id = this.u32(at + this.sectorSize - 4);
    }
    for (const s of fatSectors) {
      const at = this.sectorAt(s, 'the FAT');
      for (let i = 0; i < this.sectorSize / 4; i++) this.fat.push(this.u32(at + i * 4));
    }

    // Directory entries, 128 bytes each: UTF-16 name, type, first sector, size.
    const dirStart = this.u32(0x30);
    const directory = this.readChain(dirStart, this.chain(dirStart, this.fat, 'the directory').length * this.sectorSize, 'the directory');
    const dview = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
    for (let at = 0; at + 128 <= directory.length; at += 128) {
      const nameBytes = dview.getUint16(at + 0x40, true);
      let name = '';
      for (let i = 0; i + 2 < nameBytes; i += 2) name += String.fromCharCode(dview.getUint16(at + i, true));
      this.entries.push({ name, type: directory[at + 0x42], start: dview.getUint32(at + 0x74, true), size: dview.getUint32(at + 0x78, true) });
    }
  }

  u32(at: number): number {
    return this.view.getUint32(at, true);
  }

  /** The byte offset of a sector, which must lie wholly inside the file. */
  sectorAt(id: number, what: string): number {
    if (id >= this.sectorCount) {
      throw new Error(`sector ${id} of ${what} lies past the end of the file (${this.sectorCount} sectors present; file truncated?)`);
    }
    return (id + 1) * this.sectorSize;
  }

  chain(start: number, table: number[], what: string): number[] {
    const ids: number[] = [];
    for (let id = start; id !== END_OF_CHAIN; id = table[id]) {
      if (id >= table.length || id === FREE) throw new Error(`${what}: sector chain breaks off at sector ${id}`);
      if (ids.length > table.length) throw new Error(`${what}: sector chain loops`);
      ids.push(id);
    }
    return ids;
  }

  readChain(start: number, size: number, what: string): Uint8Array {
    // A stream's size is declared: one larger than the file cannot be there, and is not allocated.
    if (size > this.data.length) throw new Error(`${what}: ${size} bytes declared, more than the file holds`);
    const out = new Uint8Array(size);
    let filled = 0;
    for (const id of this.chain(start, this.fat, what)) {
      if (filled >= size) break;
      const at = this.sectorAt(id, what);
      const part = this.data.subarray(at, at + Math.min(this.sectorSize, size - filled));
      out.set(part, filled);
      filled += part.length;
    }
    if (filled < size) throw new Error(`${what}: ${size} bytes declared, its sectors hold ${filled}`);
    return out;
  }

  /** A stream's bytes: regular sectors from the size cutoff up, else the mini stream of the root entry. */
  readStream(entry: DirectoryEntry): Uint8Array {
    const what = `stream "${entry.name}"`;
    if (entry.size >= this.miniCutoff) return this.readChain(entry.start, entry.size, what);
    const root = this.entries[0];
    const miniStream = this.readChain(root.start, root.size, 'the mini stream');
    const miniFatStart = this.u32(0x3c);
    const miniFatBytes = this.readChain(miniFatStart, this.chain(miniFatStart, this.fat, 'the mini FAT').length * this.sectorSize, 'the mini FAT');
    const mview = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.byteLength);
    const miniFat: number[] = [];
    for (let i = 0; i + 4 <= miniFatBytes.length; i += 4) miniFat.push(mview.getUint32(i, true));
    const out = new Uint8Array(entry.size);
    let filled = 0;
    for (const id of this.chain(entry.start, miniFat, what)) {
      if (filled >= entry.size) break;
      const part = miniStream.subarray(id * this.miniSectorSize, id * this.miniSectorSize + Math.min(this.miniSectorSize, entry.size - filled));
      out.set(part, filled);
      filled += part.length;
    }
    if (filled < entry.size) throw new Error(`${what}: ${entry.size} bytes declared, its sectors hold ${filled}`);
    return out;
  }
}

export function readCompoundStream(data: Uint8Array, names: readonly string[]): Uint8Array | null {
  const file = new CompoundFile(data);
  const entry = file.entries.find((e) => e.type === STREAM && names.includes(e.name));
  return entry ? file.readStream(entry) : null;
}

/** What is wrong with a compound file (a sector or stream missing), or null when every stream is whole. */
export function compoundFileProblem(data: Uint8Array): string | null {
  try {
    const file = new CompoundFile(data);
    if (file.entries[0]?.type !== ROOT) return 'the directory has no root entry';
    for (const e of file.entries) if (e.type === STREAM) file.readStream(e);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
