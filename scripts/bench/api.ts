/**
 * npm run bench:api — throughput of the request path against the database's own limit (issue 11).
 *
 * In one run, on one database: a bare Fastify route that runs the same indexed select the product's
 * get-by-id starts from (`select … from child_infos where id = $1`, through the same Drizzle client,
 * no authentication, no hooks, plain JSON.stringify), then the product's authenticated
 * `GET /child-infos/{id}`, `GET /users/info` and a 10-row child list, each under autocannon
 * (10 connections, 8 s, after 2 s of warm-up). Prints req/s, p50 and p99 latency and the ratio to
 * the bare route. PGlite first; then PostgreSQL when one answers (DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres), in a scratch database dropped afterwards.
 * `BENCH_SECONDS=n` changes the duration; `BENCH_ONLY=pglite|postgres` runs one database.
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { childInfos } from '../../server/db/schema';
import { seedDemoData } from '../../server/modules/children/demoChildren';
import { postgresAnswers } from '../postgresAnswers.mjs';
import { listenAsAdmin, machineNote, openBenchApp } from './benchKit';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 10;

type TRow = { name: string; rps: number; p50: number; p99: number; non2xx: number };

const load = async (name: string, url: string, headers: Record<string, string> = {}): Promise<TRow> => {
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
};

const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const benchDatabase = async (postgres: boolean) => {
  const previous = process.env.DATABASE_URL;
  if (postgres) process.env.DATABASE_URL = pgUrl;
  else delete process.env.DATABASE_URL;
  const bench = await openBenchApp();
  if (previous === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previous;
  const { app } = bench;
  try {
    await seedDemoData(app.db, { children: 200, now: new Date() });
    const [{ id }] = await app.db.select({ id: childInfos.id }).from(childInfos).limit(1);

    // The database's own limit, as close as Fastify gets: the same client, the same indexed select.
    const bare = Fastify({ logger: false });
    bare.get<{ Params: { id: string } }>('/bare/:id', async (request) => {
      const rows = await app.db
        .select()
        .from(childInfos)
        .where(eq(childInfos.id, Number(request.params.id)));
      return { data: rows[0] };
    });
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

    const { base, accessToken } = await listenAsAdmin(app);
    const auth = { authorization: `Bearer ${accessToken}` };
    const rows: TRow[] = [];
    const bareUrl = `${bareAddress}/bare/${id}`;
    rows.push(await load('bare route: select … where id = $1 (first)', bareUrl));
    rows.push(await load(`GET /child-infos/${id}`, `${base}/child-infos/${id}`, auth));
    rows.push(await load('GET /users/info', `${base}/users/info`, auth));
    rows.push(await load('GET /child-infos?page=1&take=10', `${base}/child-infos?page=1&take=10`, auth));
    // The bare route again, last: a machine that slowed down or sped up meanwhile shows here, and
    // the ratios are taken to the faster of the two (the stricter comparison).
    rows.push(await load('bare route: select … where id = $1 (again)', bareUrl));
    await bare.close();

    const bareRps = Math.max(rows[0].rps, rows[rows.length - 1].rps);
    console.log(
      `\n${postgres ? 'PostgreSQL' : 'PGlite'} — ${machineNote()}; ${connections} connections, ${seconds} s each\n`,
    );
    console.log('| route | req/s | p50 ms | p99 ms | of the faster bare run | non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      console.log(
        `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${((100 * row.rps) / bareRps).toFixed(0)} % | ${row.non2xx} |`,
      );
    }
  } finally {
    await bench.close();
  }
};

const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await benchDatabase(false);
if (only !== 'pglite') {
  if (await postgresAnswers(pgUrl)) await benchDatabase(true);
  else console.log(`\nNo PostgreSQL answers at ${new URL(pgUrl).host}: PGlite only.`);
}
