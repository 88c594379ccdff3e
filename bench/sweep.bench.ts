/**
 * Sweeps the load benchmark over the number of games (and idle subscribers) and draws how throughput,
 * latency and memory grow: writes bench/results/sweep.json, sweep-load.svg and sweep-sockets.svg.
 *
 *   npm run bench:sweep -- --games 10,100,300,1000 --idle 100,1000,10000 --seconds 15
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Row = Record<string, number>;

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

function run(args: string[]): Row {
  const out = execFileSync(process.execPath, [join(__dirname, 'load.bench.js'), ...args], {
    env: process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = out.trim().split('\n').pop()!;
  return JSON.parse(last) as Row;
}

/** A small multi-panel line chart as SVG: one panel per metric, x on a log scale. */
function chart(title: string, x: string, rows: Row[], panels: { key: string; label: string }[][]): string {
  const w = 360;
  const h = 220;
  const pad = 48;
  const colors = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd'];
  const xs = rows.map((r) => r[x]!);
  const lx = (v: number) => Math.log10(v);
  const [x0, x1] = [lx(Math.min(...xs)), lx(Math.max(...xs))];
  const parts: string[] = [];
  panels.forEach((series, p) => {
    const ox = p * (w + 20);
    const values = series.flatMap((s) => rows.map((r) => r[s.key]!)).filter((v) => Number.isFinite(v));
    const ymax = Math.max(...values) * 1.1 || 1;
    const px = (v: number) => ox + pad + ((lx(v) - x0) / (x1 - x0 || 1)) * (w - pad - 10);
    const py = (v: number) => h - pad + 20 - (v / ymax) * (h - pad - 10);
    parts.push(`<rect x="${ox}" y="0" width="${w}" height="${h + 20}" fill="white" stroke="#ccc"/>`);
    parts.push(`<line x1="${ox + pad}" y1="${py(0)}" x2="${ox + w - 10}" y2="${py(0)}" stroke="#333"/>`);
    parts.push(`<line x1="${ox + pad}" y1="${py(0)}" x2="${ox + pad}" y2="${py(ymax)}" stroke="#333"/>`);
    for (const t of [0, 0.5, 1]) {
      const v = ymax * t;
      parts.push(
        `<text x="${ox + pad - 4}" y="${py(v) + 4}" font-size="10" text-anchor="end">${Math.round(v)}</text>`,
      );
    }
    for (const v of xs) {
      parts.push(`<text x="${px(v)}" y="${py(0) + 14}" font-size="10" text-anchor="middle">${v}</text>`);
    }
    parts.push(`<text x="${ox + w / 2}" y="${h + 14}" font-size="11" text-anchor="middle">${x}</text>`);
    series.forEach((s, i) => {
      const pts = rows.filter((r) => Number.isFinite(r[s.key])).map((r) => `${px(r[x]!)},${py(r[s.key]!)}`);
      parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${colors[i]}" stroke-width="2"/>`);
      for (const pt of pts) {
        const [cx, cy] = pt.split(',');
        parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${colors[i]}"/>`);
      }
      parts.push(
        `<text x="${ox + pad + 6}" y="${14 + i * 13}" font-size="11" fill="${colors[i]}">${s.label}</text>`,
      );
    });
  });
  const width = panels.length * (w + 20);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h + 50}" font-family="sans-serif">
<text x="4" y="${h + 42}" font-size="12">${title}</text>
${parts.join('\n')}
</svg>`;
}

function main(): void {
  const seconds = option('seconds', '15');
  const games = option('games', '10,100,300,1000').split(',').map(Number);
  const idle = option('idle', '100,1000,10000').split(',').map(Number);
  const load: Row[] = [];
  for (const n of games) {
    console.error(`games ${n} ...`);
    load.push(run(['--games', String(n), '--seconds', seconds, '--players', '4', '--spectators', '1']));
  }
  const sockets: Row[] = [];
  for (const n of idle) {
    console.error(`idle sockets ${n} ...`);
    sockets.push(run(['--idle', String(n)]));
  }
  const dir = join(__dirname, '..', '..', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'sweep.json'), `${JSON.stringify({ load, sockets }, null, 2)}\n`);
  const loadSvg = chart(
    'Load sweep: 4 players + 1 spectator per game (x: concurrent games, log scale)',
    'games',
    load,
    [
      [
        { key: 'movesPerSec', label: 'accepted moves/s' },
        { key: 'pgInsertTxPerSec', label: 'raw pg INSERT tx/s' },
      ],
      [
        { key: 'moveP50Ms', label: 'move p50 ms' },
        { key: 'moveP99Ms', label: 'move p99 ms' },
        { key: 'eventP99Ms', label: 'event p99 ms' },
      ],
      [{ key: 'rssMiB', label: 'server RSS MiB' }],
    ],
  );
  const socketsSvg = chart('Idle subscribed WebSockets (x: sockets, log scale)', 'idleSockets', sockets, [
    [{ key: 'rssMiB', label: 'server RSS MiB' }],
    [{ key: 'fanOutMs', label: 'one event to all sockets, ms' }],
  ]);
  writeFileSync(join(dir, 'sweep-load.svg'), loadSvg);
  writeFileSync(join(dir, 'sweep-sockets.svg'), socketsSvg);
  const keys = [
    'games',
    'subscribers',
    'movesPerSec',
    'pgInsertTxPerSec',
    'moveP50Ms',
    'moveP99Ms',
    'eventP50Ms',
    'eventP99Ms',
    'unexpectedErrors',
    'rssMiB',
  ];
  console.log(`| ${keys.join(' | ')} |\n|${keys.map(() => '---').join('|')}|`);
  for (const r of load) console.log(`| ${keys.map((k) => r[k]).join(' | ')} |`);
  const idleKeys = ['idleSockets', 'rssBeforeMiB', 'rssMiB', 'kibPerSocket', 'fanOutDelivered', 'fanOutMs'];
  console.log(`\n| ${idleKeys.join(' | ')} |\n|${idleKeys.map(() => '---').join('|')}|`);
  for (const r of sockets) console.log(`| ${idleKeys.map((k) => r[k]).join(' | ')} |`);
}

main();
