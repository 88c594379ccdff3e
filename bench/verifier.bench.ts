// The client verifier's cost: one round of 5 players x 5 dice verified (chain link + 5 hands), in Node and
// in Chromium, against a same-run baseline of the same checks with node:crypto's synchronous calls; and the
// bytes the dice check adds to the web client's JavaScript (its build against one with the check stubbed out).
//   npm run bench:verifier [-- --rounds 500]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import ts from 'typescript';
import { FairnessVerifier, type RoundInput } from '@perudo/client';
import { chainKeys, fairHand, gameSeedOf, sha256 } from '../src/engine/fair-dice';

const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 500;
const SEATS = 5;
const DICE = 5;

const keys = chainKeys(sha256('verifier bench'), ROUNDS);
const seeds = Array.from({ length: SEATS }, (_, i) => `seed ${i}`);
const gameSeed = gameSeedOf(seeds);
const fairness = {
  algorithm: 'hmac-sha256-chain-v1',
  commitment: sha256(keys[0]!).toString('hex'),
  gameSeed,
  rollOffKey: keys[0]!.toString('hex'),
  clientSeeds: seeds.map((seed, position) => ({ seat: { position }, seed })),
};
const rounds: RoundInput[] = Array.from({ length: ROUNDS }, (_, i) => ({
  number: i + 1,
  serverKey: keys[i + 1]!.toString('hex'),
  reveal: seeds.map((_, p) => ({
    seat: { position: p },
    dice: fairHand(keys[i + 1]!, gameSeed, i + 1, p, DICE),
  })),
}));

async function inNode(): Promise<number> {
  const v = await FairnessVerifier.create(fairness);
  const start = performance.now();
  for (const r of rounds) {
    const [result] = await v.addRound(r);
    if (result?.status !== 'VERIFIED') throw new Error(`round ${r.number}: ${JSON.stringify(result)}`);
  }
  return (performance.now() - start) / ROUNDS;
}

function baseline(): number {
  const start = performance.now();
  for (const r of rounds) {
    const key = Buffer.from(r.serverKey!, 'hex');
    if (!sha256(key).equals(Buffer.from(rounds[r.number - 2]?.serverKey ?? fairness.rollOffKey, 'hex')))
      throw new Error('chain');
    for (const h of r.reveal!)
      if (fairHand(key, gameSeed, r.number, h.seat.position, DICE).join() !== h.dice.join())
        throw new Error('hand');
  }
  return (performance.now() - start) / ROUNDS;
}

async function inChromium(): Promise<number> {
  const source = readFileSync(
    join(__dirname, '../packages/client/src/verifier/fairness-verifier.ts'),
    'utf8',
  );
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    // A secure context, so that crypto.subtle exists.
    await page.route('http://localhost/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }),
    );
    await page.goto('http://localhost/');
    return await page.evaluate(
      async ({ js, fairness, rounds }) => {
        const url = URL.createObjectURL(new Blob([js], { type: 'text/javascript' }));
        const m = (await import(url)) as typeof import('@perudo/client');
        const v = await m.FairnessVerifier.create(fairness);
        const start = performance.now();
        for (const r of rounds) {
          const [result] = await v.addRound(r);
          if (result?.status !== 'VERIFIED') throw new Error(`round ${r.number}`);
        }
        return (performance.now() - start) / rounds.length;
      },
      { js, fairness, rounds },
    );
  } finally {
    await browser.close();
  }
}

/** Bytes of a production build of the web client: with the dice check, and with it stubbed out (baseline). */
async function webBytes(): Promise<{ js: number; gzip: number; stubJs: number; stubGzip: number }> {
  const { build } = await import('vite');
  const { gzipSync } = await import('node:zlib');
  const STUB = '\0verification-stub';
  const measure = async (stub: boolean): Promise<{ js: number; gzip: number }> => {
    const out = (await build({
      configFile: join(__dirname, '../examples/web/vite.config.ts'),
      logLevel: 'silent',
      build: { write: false },
      plugins: stub
        ? [
            {
              name: 'stub-verification',
              enforce: 'pre',
              resolveId: (source: string) => (source === './verification' ? STUB : null),
              load: (id: string) =>
                id === STUB
                  ? `export const verificationMark = () => document.createElement('p');
                     export const currentClientSeed = () => undefined;
                     export const clientSeedField = () => document.createElement('span');`
                  : null,
            },
          ]
        : [],
    })) as { output: { fileName: string; type: string; code?: string }[] } | { output: never }[];
    const outputs = Array.isArray(out) ? out.flatMap((o) => o.output) : out.output;
    const js = outputs
      .filter((o) => o.type === 'chunk')
      .map((o) => o.code ?? '')
      .join('');
    return { js: Buffer.byteLength(js), gzip: gzipSync(js).length };
  };
  const withCheck = await measure(false);
  const stubbed = await measure(true);
  return { js: withCheck.js, gzip: withCheck.gzip, stubJs: stubbed.js, stubGzip: stubbed.gzip };
}

async function main(): Promise<void> {
  // A warm-up pass of each, then the measured one.
  await inNode();
  baseline();
  const node = await inNode();
  const base = baseline();
  const browser = await inChromium();
  const ms = (x: number): string => `${x.toFixed(3)} ms`;
  console.log(`one round of ${SEATS} players x ${DICE} dice, mean over ${ROUNDS} rounds:`);
  console.log(`  verifier (WebCrypto), Node ${process.version}: ${ms(node)}`);
  console.log(`  verifier (WebCrypto), Chromium:               ${ms(browser)}`);
  console.log(`  baseline (node:crypto, synchronous), Node:    ${ms(base)}`);
  const web = await webBytes();
  console.log('web client JavaScript (vite build), with the dice check and with it stubbed out:');
  console.log(`  with: ${web.js} B (${web.gzip} B gzip); without: ${web.stubJs} B (${web.stubGzip} B gzip)`);
  console.log(`  added: ${web.js - web.stubJs} B (${web.gzip - web.stubGzip} B gzip)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
