/**
 * Compound File Binary (the container of BIFF .xls workbooks, [MS-CFB]): finds one stream by name
 * and returns its bytes. Read-only, version 3 and 4 files, regular and mini streams.
 */
const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;

export function isCompoundFile(data: Uint8Array): boolean {
  return data.length >= 512 && SIGNATURE.every((b, i) => data[i] === b);
}

export function readCompoundStream(data: Uint8Array, names: readonly string[]): Uint8Array | null {
  if (!isCompoundFile(data)) throw new Error('not a compound file');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u32 = (at: number) => view.getUint32(at, true);
  const sectorSize = 1 << view.getUint16(0x1e, true);
  const miniSectorSize = 1 << view.getUint16(0x20, true);
  const miniCutoff = u32(0x38);
  const sectorAt = (id: number) => (id + 1) * sectorSize;

  // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const id = u32(0x4c + i * 4);
    if (id !== FREE) fatSectors.push(id);
  }
  for (let id = u32(0x44), n = u32(0x48); n > 0 && id !== END_OF_CHAIN && id !== FREE; n--) {
    const at = sectorAt(id);
    for (let i = 0; i < sectorSize / 4 - 1; i++) {
      const s = u32(at + i * 4);
      if (s !== FREE) fatSectors.push(s);
    }
    id = u32(at + sectorSize - 4);
  }
  const fat: number[] = [];
  for (const s of fatSectors) for (let i = 0; i < sectorSize / 4; i++) fat.push(u32(sectorAt(s) + i * 4));

  const chain = (start: number, table: number[]): number[] => {
    const ids: number[] = [];
    for (let id = start; id !== END_OF_CHAIN && id < table.length; id = table[id]) {
      if (ids.length > table.length) throw new Error('compound file: sector chain loops');
      ids.push(id);
    }
    return ids;
  };
  const readChain = (start: number, size: number): Uint8Array => {
    const out = new Uint8Array(size);
    let filled = 0;
    for (const id of chain(start, fat)) {
      if (filled >= size) break;
      const part = data.subarray(sectorAt(id), sectorAt(id) + Math.min(sectorSize, size - filled));
      out.set(part, filled);
      filled += part.length;
    }
    return out;
  };

  // Directory entries, 128 bytes each: UTF-16 name, type, first sector, size.
  const dirStart = u32(0x30);
  const dirIds = chain(dirStart, fat);
  const directory = readChain(dirStart, dirIds.length * sectorSize);
  const dview = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const entries = [];
  for (let at = 0; at + 128 <= directory.length; at += 128) {
    const nameBytes = dview.getUint16(at + 0x40, true);
    let name = '';
    for (let i = 0; i + 2 < nameBytes; i += 2) name += String.fromCharCode(dview.getUint16(at + i, true));
    entries.push({ name, type: directory[at + 0x42], start: dview.getUint32(at + 0x74, true), size: dview.getUint32(at + 0x78, true) });
  }
  const entry = entries.find((e) => e.type === 2 && names.includes(e.name));
  if (!entry) return null;
  if (entry.size >= miniCutoff) return readChain(entry.start, entry.size);

  // Small streams live in the mini stream (held by the root entry), addressed through the mini FAT.
  const root = entries[0];
  const miniStream = readChain(root.start, root.size);
  const miniFatStart = u32(0x3c);
  const miniFatBytes = readChain(miniFatStart, chain(miniFatStart, fat).length * sectorSize);
  const mview = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.byteLength);
  const miniFat: number[] = [];
  for (let i = 0; i + 4 <= miniFatBytes.length; i += 4) miniFat.push(mview.getUint32(i, true));
  const out = new Uint8Array(entry.size);
  let filled = 0;
  for (const id of chain(entry.start, miniFat)) {
    if (filled >= entry.size) break;
    const part = miniStream.subarray(id * miniSectorSize, id * miniSectorSize + Math.min(miniSectorSize, entry.size - filled));
    out.set(part, filled);
    filled += part.length;
  }
  return out;
}
