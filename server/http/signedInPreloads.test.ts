import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refreshTokenCookie } from '../../src/domain/constants';
import { createSignedInPreloads } from './signedInPreloads';

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'preloads-'));
const assets = path.join(clientDir, 'assets');
mkdirSync(assets);
for (const name of ['frame-A1b2.js', 'signedInWords-C3d4.js', 'screenWords-E5f6.js', 'react-G7h8.js'])
  writeFileSync(path.join(assets, name), '');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const session = `theme=dark; ${refreshTokenCookie}=abc.def.ghi`;

describe('the signed-in preloads of index.html', () => {
  const preloads = createSignedInPreloads(clientDir);

  it("name the frame and its words, and the screens' words off the home page, for a browser with a session", () => {
    expect(preloads(session, '/kh/reports/child')).toBe(
      '</assets/frame-A1b2.js>; rel=modulepreload, </assets/signedInWords-C3d4.js>; rel=modulepreload, </assets/screenWords-E5f6.js>; rel=modulepreload',
    );
    expect(preloads(session, '/en')).toBe(
      '</assets/frame-A1b2.js>; rel=modulepreload, </assets/signedInWords-C3d4.js>; rel=modulepreload',
    );
  });

  it('ask nothing more for the sign-in page or a browser without a session', () => {
    expect(preloads(session, '/kh/login')).toBeNull();
    expect(preloads('theme=dark', '/kh/reports/child')).toBeNull();
    expect(preloads(undefined, '/kh/reports/child')).toBeNull();
  });

  it('find the new names after a rebuild replaced the chunks', () => {
    rmSync(path.join(assets, 'frame-A1b2.js'));
    writeFileSync(path.join(assets, 'frame-Z9y8.js'), '');
    expect(preloads(session, '/en')).toContain('</assets/frame-Z9y8.js>; rel=modulepreload');
  });
});
