/**
 * Upload and download of a large document through the API (issue 36, docs/performance.md), on the
 * disk store (embedded PGlite, files under DATA_DIR/files) and on the database store (PostgreSQL,
 * `stored_files` and its 1 MiB chunks, in a scratch database): BENCH_RUNS runs of each (default 5),
 * median and slowest time, and the peak growth of this process's RSS during each call over what it
 * was before (server and client run in this one process: a store that held the file whole would
 * grow by its size or more).
 *
 * A child's document is refused above 10,000,000 bytes, so the API is measured at that limit; the
 * 20 MB case of the issue is measured on the store itself (put from a temporary file, read as a
 * stream), the same code the API calls.
 *
 * Run: NODE_OPTIONS=--expose-gc npm run bench:files
 *      (PostgreSQL at BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test: a scratch
 *      database is made through it and dropped)
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { childInfos, headOffices, provinces } from '../../server/db/schema';
import { childDocumentMaxBytes } from '../../src/domain/childFiles';
import { listenAsAdmin, machineNote, openBenchApp, runBench } from './benchKit';
import { pdfOfSize } from './largePdf';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const apiBytes = childDocumentMaxBytes - 1000;
const storeBytes = 20_000_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/**
 * Runs `call`, sampling the RSS every 5 ms: its time (ms) and the RSS's peak over the start (bytes).
 * A garbage collection first when node exposes it (NODE_OPTIONS=--expose-gc), so what an earlier
 * call left does not count.
 */
const measure = async (call: () => Promise<void>) => {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    await call();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage.rss());
  return { ms, growth: peak - before };
};

type TRow = { store: string; what: string; ms: number[]; growth: number[] };
const rows: TRow[] = [];
const record = async (store: string, what: string, call: () => Promise<void>) => {
  // One untimed call first: the code paths and the connections warmed up.
  await call();
  const row: TRow = { store, what, ms: [], growth: [] };
  for (let i = 0; i < runs; i++) {
    const { ms, growth } = await measure(call);
    row.ms.push(ms);
    row.growth.push(growth);
  }
  rows.push(row);
};

/** Reads a response body as a stream, hashing it: nothing of it kept. */
const drain = async (response: Response) => {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
};

const benchStore = async (label: string, apiPdf: Buffer, storePdf: Buffer) => {
  const { app, close } = await openBenchApp();
  try {
    const [province] = await app.db.select({ id: provinces.id }).from(provinces).limit(1);
    const [office] = await app.db
      .insert(headOffices)
      .values({
        code: 'HO-BENCH',
        name: { kh: 'ការិយាល័យ', en: 'Office' },
        class: 'national',
        provinceId: province.id,
      })
      .returning({ id: headOffices.id });
    const [child] = await app.db
      .insert(childInfos)
      .values({
        code: 'CH-BENCH-FILES',
        familyNameKh: 'សុខ',
        givenNameKh: 'ចន្ទា',
        sex: 'female',
        dateOfBirth: '2020-01-01',
        headOfficeId: office.id,
      })
      .returning({ id: childInfos.id });
    const { base, accessToken } = await listenAsAdmin(app);
    const headers = { authorization: `Bearer ${accessToken}` };
    const body = new Blob([new Uint8Array(apiPdf)], { type: 'application/pdf' });
    const expected = createHash('sha256').update(apiPdf).digest('hex');
    let documentId = 0;

    await record(label, `upload ${mb(apiPdf.length)} MB (API)`, async () => {
      const form = new FormData();
      form.append('files', body, 'scan.pdf');
      const response = await fetch(`${base}/child-infos/upload-files/${child.id}`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (response.status !== 200)
        throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const answer = (await response.json()) as { data: { id: number }[] };
      documentId = answer.data[answer.data.length - 1].id;
    });
    await record(label, `download ${mb(apiPdf.length)} MB (API)`, async () => {
      const response = await fetch(`${base}/child-infos/file/${documentId}`, { headers });
      if (response.status !== 200) throw new Error(`download answered ${response.status}`);
      const { sha256 } = await drain(response);
      if (sha256 !== expected) throw new Error('the download differs from the upload');
    });

    // The store itself at 20 MB: put from a temporary file (as an upload's is), read as a stream.
    const area = 'children';
    const temporary = path.join(app.files.workDirectory(area), '.bench-20mb.tmp');
    let put = 0;
    await record(label, `store put ${mb(storePdf.length)} MB`, async () => {
      await writeFile(temporary, storePdf);
      put += 1;
      await app.files.put(area, `${String(put).padStart(32, '0')}.pdf`, temporary);
    });
    await record(label, `store read ${mb(storePdf.length)} MB`, async () => {
      const opened = await app.files.open(area, `${String(put).padStart(32, '0')}.pdf`);
      if (!opened) throw new Error('no stored file');
      let size = 0;
      for await (const chunk of opened.stream) size += (chunk as Buffer).length;
      if (size !== storePdf.length) throw new Error('short read');
    });
    return app.files.kind;
  } finally {
    await close();
  }
};

const main = async () => {
  console.log(`Files bench: ${runs} runs each; ${machineNote()}`);
  const apiPdf = await pdfOfSize(apiBytes);
  const storePdf = await pdfOfSize(storeBytes);
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  await benchStore('disk (PGlite)', apiPdf, storePdf);
  process.env.DATABASE_URL = postgresUrl;
  try {
    await benchStore('database (PostgreSQL)', apiPdf, storePdf);
  } finally {
    if (databaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = databaseUrl;
  }
  console.log('| store | what | median ms | max ms | median RSS growth MB | max RSS growth MB |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.store} | ${row.what} | ${median(row.ms).toFixed(0)} | ${Math.max(...row.ms).toFixed(0)} | ` +
        `${mb(median(row.growth))} | ${mb(Math.max(...row.growth))} |`,
    );
  }
};

runBench(main);
