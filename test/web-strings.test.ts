// The check that keeps the web client's words in its catalogs (scripts/check-web-strings.ts, run by `npm run
// lint`): a view writing its own words fails it, and so do catalogs that disagree or do not parse.
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findViewStrings } from '../scripts/check-web-strings';

const ROOT = path.resolve(__dirname, '..');

const BAD_VIEW = `import { h, mount, toast } from '../dom';
import { t } from '../i18n';
export function view(name: string, el: HTMLElement): HTMLElement {
  el.textContent = 'Loading…';
  el.setAttribute('aria-label', \`Seat of \${name}\`);
  toast(t('chat.send'), 'info');
  mount(el, ok ? t('table.bid') : 'Bid');
  return h(
    'button',
    { class: 'chip', title: 'Remove this bot', 'data-testid': 'remove' },
    '✕',
    ' · ',
    ['EASY', 'HARD'].map((level) => h('option', { value: level }, level.toLowerCase())),
    // i18n-exempt: the product's name is the same in every language
    'Perudo',
    t('table.kick'),
    name,
  );
}
`;

it('finds every string literal with letters that a view puts in the page, and nothing else', () => {
  expect(findViewStrings('bad.ts', BAD_VIEW)).toEqual([
    { file: 'bad.ts', line: 4, column: 20, text: "'Loading…'" },
    { file: 'bad.ts', line: 5, column: 33, text: '`Seat of ${name}`' },
    { file: 'bad.ts', line: 7, column: 35, text: "'Bid'" },
    { file: 'bad.ts', line: 10, column: 29, text: "'Remove this bot'" },
  ]);
});

it('finds the text of a map over labels, of a joined list, and of a property written in a template', () => {
  const source = `
    h('select', {}, LEVELS.map((l) => h('option', {}, \`\${l} bot\`)));
    h('p', {}, ['Ann', 'Bob'].join(' and '));
    node.title = \`\${bot ? 'connected' : 'away'}\`;
  `;
  expect(findViewStrings('x.ts', source).map((f) => f.text)).toEqual([
    '`${l} bot`',
    "'Ann'",
    "'Bob'",
    "' and '",
    "'connected'",
    "'away'",
  ]);
});

const run = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  promisify(execFile)(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', 'scripts/check-web-strings.ts', ...args],
    { cwd: ROOT },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

const problems = (stderr: string): string[] =>
  stderr.split('\n').filter((l) => l !== '' && !/Deprecation|trace-deprecation/.test(l));

it('fails on a bad view, a missing key, an extra key, an ICU syntax error and other arguments', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'web-strings-'));
  try {
    await mkdir(path.join(dir, 'views'));
    await mkdir(path.join(dir, 'messages'));
    await writeFile(path.join(dir, 'views', 'bad.ts'), BAD_VIEW);
    await writeFile(
      path.join(dir, 'messages', 'en.json'),
      JSON.stringify({
        'a.dice': '{count, plural, one {# die} other {# dice}}',
        'a.wins': '{name} wins!',
        'a.b': 'B',
      }),
    );
    await writeFile(
      path.join(dir, 'messages', 'es.json'),
      JSON.stringify({
        'a.dice': '{count, plural, one {# dado} other {# dados}',
        'a.wins': '¡Gana {nombre}!',
        'a.c': 'C',
      }),
    );
    const result = await run(['--views', path.join(dir, 'views'), '--catalogs', path.join(dir, 'messages')]);
    expect(result.code).toBe(1);
    const rel = path.relative(ROOT, path.join(dir, 'views', 'bad.ts'));
    expect(problems(result.stderr)).toEqual([
      `${rel}:4:20: 'Loading…' reaches the page outside the catalogs`,
      `${rel}:5:33: \`Seat of \${name}\` reaches the page outside the catalogs`,
      `${rel}:7:35: 'Bid' reaches the page outside the catalogs`,
      `${rel}:10:29: 'Remove this bot' reaches the page outside the catalogs`,
      'es: "a.dice" is not ICU MessageFormat (EXPECT_ARGUMENT_CLOSING_BRACE)',
      'es: lacks "a.b"',
      'es: has "a.c", en lacks it',
      'es: "a.wins" uses {nombre} where en uses {name}',
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('passes on the web client as it is', async () => {
  const result = await run([]);
  expect([result.code, result.stdout.trim()]).toEqual([
    0,
    'web strings: 3 catalogs agree; no view writes its own words',
  ]);
});
