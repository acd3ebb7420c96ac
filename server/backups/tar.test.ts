import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { addText, createTarWriter, readTar } from './tar';

const pack = async (entries: [string, Buffer][]) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = createTarWriter(out);
  for (const [name, bytes] of entries) await tar.add(name, bytes.length, bytes);
  await addText(tar, 'manifest.json', '{"ok":true}');
  await tar.finish();
  return Buffer.concat(chunks);
};

const unpack = async (archive: Buffer) => {
  const found: Record<string, string> = {};
  await readTar(Readable.from([archive]), async (entry, content) => {
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(chunk);
    found[entry.name] = Buffer.concat(chunks).toString('utf8');
  });
  return found;
};

describe('the backups’ tar', () => {
  const longName = `files/children/${'d'.repeat(90)}/${'f'.repeat(80)}.pdf`;

  it('reads back what it wrote, a path longer than 100 bytes and an empty file included', async () => {
    const archive = await pack([
      ['files/a.png', Buffer.from('x'.repeat(1000))],
      [longName, Buffer.from('long')],
      ['files/empty.pdf', Buffer.alloc(0)],
    ]);
    expect(await unpack(archive)).toEqual({
      'files/a.png': 'x'.repeat(1000),
      [longName]: 'long',
      'files/empty.pdf': '',
      'manifest.json': '{"ok":true}',
    });
  });

  it('is read by the system tar', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ab-tar-'));
    try {
      writeFileSync(path.join(dir, 'a.tar'), await pack([[longName, Buffer.from('long')]]));
      execFileSync('tar', ['-xf', 'a.tar'], { cwd: dir });
      expect(readFileSync(path.join(dir, longName), 'utf8')).toBe('long');
      expect(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).toBe('{"ok":true}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged header and an archive cut short', async () => {
    const archive = await pack([['files/a.png', Buffer.from('abc')]]);
    const damaged = Buffer.from(archive);
    damaged[10] ^= 0x01;
    await expect(unpack(damaged)).rejects.toThrow(/damaged/);
    await expect(unpack(archive.subarray(0, 600))).rejects.toThrow(/damaged/);
  });
});
