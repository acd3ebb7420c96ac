/**
 * A minimal POSIX ustar writer and reader for the backup archives (`.tar.gz`, opened by any `tar`).
 * Written here rather than taken from npm: the only tar packages in node_modules arrive through other
 * packages (exceljs, lighthouse, a vite plugin), at versions they choose; a backup format must not
 * change under us when one of them updates. Regular files and nothing else: no links, no devices.
 */
import type { Readable, Writable } from 'node:stream';

const block = 512;
const encoder = new TextEncoder();

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

/** Splits a path into ustar's prefix (155 bytes) and name (100 bytes), or throws when it cannot. */
const splitName = (name: string): [prefix: string, name: string] => {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1)) {
    const prefix = name.slice(0, at);
    const rest = name.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`The path ${name} is too long for a tar archive.`);
};

export const tarHeader = (name: string, size: number, mtime: Date): Buffer => {
  const header = Buffer.alloc(block);
  const [prefix, shortName] = splitName(name);
  header.write(shortName, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
};

/**
 * Writes entries one after the other into `out` (not ended by it). A write waits only when `out`'s
 * buffer is full (its 'drain'), not for each chunk to be taken: under a busy event loop (the embedded
 * database's queries run on it) a wait per chunk made a backup take minutes (issue 36).
 */
export const createTarWriter = (out: Writable) => {
  let failure: Error | undefined;
  out.on('error', (error) => {
    failure = error;
  });
  const write = async (chunk: Uint8Array) => {
    if (failure) throw failure;
    if (out.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const drained = () => {
        out.off('error', failed);
        resolve();
      };
      const failed = (error: Error) => {
        out.off('drain', drained);
        reject(error);
      };
      out.once('drain', drained);
      out.once('error', failed);
    });
  };
  return {
    /** One file: its content from `source`, which must give exactly `size` bytes. */
    add: async (
      name: string,
      size: number,
      source: AsyncIterable<Uint8Array> | Uint8Array,
      mtime = new Date(),
    ) => {
      await write(tarHeader(name, size, mtime));
      let written = 0;
      const chunks = source instanceof Uint8Array ? [source] : source;
      for await (const chunk of chunks) {
        written += chunk.length;
        if (written > size) throw new Error(`${name} grew while it was archived.`);
        await write(chunk);
      }
      if (written !== size) throw new Error(`${name} changed size while it was archived.`);
      const padding = (block - (size % block)) % block;
      if (padding > 0) await write(Buffer.alloc(padding));
    },
    /** The two empty blocks that end an archive, once everything before is taken. */
    finish: () =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        out.write(Buffer.alloc(block * 2), (error) => (error ? reject(error) : resolve()));
      }),
  };
};

export const addText = (writer: ReturnType<typeof createTarWriter>, name: string, text: string) => {
  const bytes = encoder.encode(text);
  return writer.add(name, bytes.length, bytes);
};

export type TTarEntry = { name: string; size: number };

const readString = (buffer: Buffer, start: number, length: number) => {
  const end = buffer.indexOf(0, start);
  return buffer.toString('utf8', start, end === -1 || end > start + length ? start + length : end);
};

const readOctal = (buffer: Buffer, start: number, length: number) => {
  const text = readString(buffer, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('The archive is damaged: a tar header is not readable.');
  return text === '' ? 0 : Number.parseInt(text, 8);
};

const checksumOk = (header: Buffer) => {
  let sum = 0;
  for (let i = 0; i < block; i += 1) sum += i >= 148 && i < 156 ? 32 : header[i];
  return readOctal(header, 148, 8) === sum;
};

/**
 * Reads a tar stream entry by entry: `onEntry` receives each regular file's name, size and content
 * chunks (an async iterable it must consume or drain). Throws on a damaged header.
 */
export const readTar = async (
  input: Readable,
  onEntry: (entry: TTarEntry, content: AsyncIterable<Buffer>) => Promise<void>,
) => {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer = Buffer.alloc(0);
  let ended = false;
  /** At least `n` bytes in `pending`, or fewer at the end of the stream. */
  const fill = async (n: number) => {
    while (pending.length < n && !ended) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    }
  };
  const take = (n: number) => {
    const taken = pending.subarray(0, n);
    pending = pending.subarray(n);
    return taken;
  };
  /** Bytes of the current entry not yet read: skipped when the caller reads less. */
  let left = 0;
  async function* contentOf(): AsyncIterable<Buffer> {
    while (left > 0) {
      await fill(1);
      if (pending.length === 0) throw new Error('The archive is damaged: it ends inside a file.');
      const chunk = take(Math.min(left, pending.length));
      left -= chunk.length;
      yield chunk;
    }
  }
  for (;;) {
    await fill(block);
    if (pending.length < block) throw new Error('The archive is damaged: it ends without its end marker.');
    const header = Buffer.from(take(block));
    if (header.every((byte) => byte === 0)) return;
    if (!checksumOk(header)) throw new Error('The archive is damaged: a tar header fails its checksum.');
    const size = readOctal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = readString(header, 345, 155);
    const shortName = readString(header, 0, 100);
    const name = prefix ? `${prefix}/${shortName}` : shortName;
    left = size;
    if (type === '0') await onEntry({ name, size }, contentOf());
    for await (const _ of contentOf()) {
      // What the caller did not read (or an entry that is not a regular file).
    }
    const padding = (block - (size % block)) % block;
    await fill(padding);
    take(padding);
  }
};
