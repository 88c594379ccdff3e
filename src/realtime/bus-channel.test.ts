import { channel, type Codec } from './bus-channel';
import { Listeners, type Broadcast } from './change-bus';

/** A broadcast within this process: what is sent is delivered to every listener, as the buses do. */
function loopback(): Broadcast & { sent: string[] } {
  const listeners = new Listeners();
  const sent: string[] = [];
  return {
    sent,
    send: (text) => {
      sent.push(text);
      listeners.deliver(text);
    },
    onMessage: (l) => listeners.onMessage(l),
  };
}

const NUMBER: Codec<number> = {
  encode: (n) => String(n),
  decode: (t) => (/^\d+$/.test(t) ? Number(t) : null),
};
const WORD: Codec<string> = { encode: (w) => w, decode: (t) => (/^[a-z]+$/.test(t) ? t : null) };

it('delivers each channel its own values only, decoded, and drops what its codec refuses', async () => {
  const bus = loopback();
  const numbers = channel(bus, 'numbers', NUMBER);
  const words = channel(bus, 'words', WORD);
  const gotNumbers: number[] = [];
  const gotWords: string[] = [];
  const stop = numbers.onMessage((n) => gotNumbers.push(n));
  words.onMessage((w) => gotWords.push(w));
  await numbers.send(7);
  await words.send('dudo');
  bus.send('numbers:not a number');
  bus.send('unprefixed text');
  bus.send('numbers-and-more:8');
  expect(bus.sent).toEqual([
    'numbers:7',
    'words:dudo',
    'numbers:not a number',
    'unprefixed text',
    'numbers-and-more:8',
  ]);
  expect(gotNumbers).toEqual([7]);
  expect(gotWords).toEqual(['dudo']);
  stop();
  await numbers.send(9);
  expect(gotNumbers).toEqual([7]);
});

it('refuses a channel name that could be mistaken for another prefix', () => {
  expect(() => channel(loopback(), 'bad:name', NUMBER)).toThrow('bad channel name "bad:name"');
  expect(() => channel(loopback(), '', NUMBER)).toThrow('bad channel name ""');
});
