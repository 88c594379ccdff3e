// The client verifier's cost: one round of 5 players x 5 dice verified (chain link + 5 hands), in Node and
// in Chromium, against a same-run baseline of the same checks with node:crypto's synchronous calls.
//   npm run bench:verifier [-- --rounds 500]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import ts from 'typescript';
import { FairnessVerifier, type RoundInput } from '../examples/verifier/verifier';
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
  const source = readFileSync(join(__dirname, '../examples/verifier/verifier.ts'), 'utf8');
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
        const m = (await import(url)) as typeof import('../examples/verifier/verifier');
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
