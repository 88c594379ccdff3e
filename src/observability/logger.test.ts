import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, LOG_FLUSH_MS } from './logger';

function lines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { msg: string }).msg);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the buffered logger', () => {
  let file: string;
  beforeEach(() => {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'perudo-log-')), 'out.log');
  });

  it('writes a quiet server’s info lines within a second, though the buffer is far from full', async () => {
    const logger = createLogger({ to: file, level: 'info' });
    await wait(50);
    logger.info('one');
    logger.info('two');
    await wait(50);
    expect(lines(file)).toEqual([]);
    await wait(LOG_FLUSH_MS + 200);
    expect(lines(file)).toEqual(['one', 'two']);
  });

  it('flushes at once on a warning or an error, with the lines before it', async () => {
    const logger = createLogger({ to: file, level: 'info' });
    await wait(50);
    logger.info('request');
    logger.warn('careful');
    await wait(50);
    expect(lines(file)).toEqual(['request', 'careful']);
    logger.error('broken');
    await wait(50);
    expect(lines(file)).toEqual(['request', 'careful', 'broken']);
  });

  it('writes a fatal line synchronously', async () => {
    const logger = createLogger({ to: file, level: 'info' });
    await wait(50);
    logger.info('before');
    logger.fatal('dying');
    expect(lines(file)).toEqual(['before', 'dying']);
  });
});
