/**
 * Each work-queue source's first page and total timed apart (issue 37), on a database a
 * `BENCH_KEEP=1 npm run bench:reports` left: the super user and the bench's provincial user.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_DATABASE=bench_reports \
 *      node_modules/.bin/tsx scripts/bench/workQueueSources.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { TAuthUser } from '../../server/auth/service';
import { rowsOf } from '../../server/db/rowsOf';
import { serverModules } from '../../server/modules';
import { readSettings } from '../../server/settings/readSettings';
import { defaultWorkQueueExactLimit } from '../../server/workQueue/queueTotal';
import { isoDateIn } from '../../src/domain/programmeTime';
import { machineNote, openBenchApp, percentile, runBench } from './benchKit';

const runs = Number(process.env.BENCH_RUNS ?? 20);

const main = async () => {
  const { app, close } = await openBenchApp({
    databaseName: process.env.BENCH_DATABASE ?? 'bench_reports',
    reuse: true,
  });
  try {
    const [user] = await rowsOf<{ id: number; head_office_id: number }>(
      app.db,
      sql`select id, head_office_id from users where username = 'bench-provincial'`,
    );
    const permissions = (await rowsOf<{ name: string }>(app.db, sql`select name from permissions`)).map(
      (row) => row.name,
    );
    const users: [string, TAuthUser][] = [
      [
        'super user',
        {
          id: 1,
          name: 'admin',
          username: 'admin',
          roles: [],
          permissions: [],
          familyId: null,
          officeScope: null,
        } as unknown as TAuthUser,
      ],
      [
        `provincial (office ${user.head_office_id})`,
        {
          id: user.id,
          name: 'p',
          username: 'bench-provincial',
          roles: [],
          permissions,
          familyId: null,
          officeScope: user.head_office_id,
        } as unknown as TAuthUser,
      ],
    ];
    const settings = await readSettings(app.db);
    const today = isoDateIn(new Date());
    const sources = serverModules.flatMap((module) => module.workQueue ?? []);
    console.log('| user | source | part | answer | p50 ms | p95 ms |\n| --- | --- | --- | --- | --- | --- |');
    for (const [label, authUser] of users) {
      const context = {
        db: app.db,
        user: authUser,
        settings,
        today,
        locale: 'en' as const,
        exactLimit: defaultWorkQueueExactLimit,
      };
      for (const source of sources) {
        if (!source.mayRead(authUser)) continue;
        for (const part of ['items', 'count'] as const) {
          let answer = '';
          const times: number[] = [];
          for (let i = 0; i < runs + 3; i++) {
            const start = performance.now();
            const result = part === 'items' ? await source.items(context) : await source.count(context);
            if (i >= 3) times.push(performance.now() - start);
            answer = Array.isArray(result)
              ? `${result.length} items`
              : `${result.exact ? '' : 'about '}${result.total}`;
          }
          times.sort((a, b) => a - b);
          console.log(
            `| ${label} | ${source.kind} | ${part} | ${answer} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
          );
        }
      }
    }
    console.log(machineNote());
  } finally {
    await close(true);
  }
};

runBench(main);
