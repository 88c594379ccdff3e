// Tests of the account-change handshake on a bus that hands every message to every listener, later.
import { AccountChanges } from './account-changes';

const ANN = '00000000-0000-4000-8000-000000000001';

/** A bus that delivers each message on a later turn of the event loop, and resyncs when told. */
function fakeBus() {
  const messages: ((text: string) => void)[] = [];
  const resyncs: (() => void)[] = [];
  const sent: string[] = [];
  return {
    sent,
    resync: () => resyncs.forEach((l) => l()),
    send(text: string) {
      sent.push(text);
      setImmediate(() => messages.forEach((l) => l(text)));
    },
    onMessage(listener: (text: string) => void) {
      messages.push(listener);
      return () => {};
    },
    onResync(listener: () => void) {
      resyncs.push(listener);
      return () => {};
    },
  };
}

it('acts here at once, then again when its own notice comes back, and resolves after that', async () => {
  const bus = fakeBus();
  const changes = new AccountChanges(bus);
  const seen: (string | null)[] = [];
  changes.onChange((id) => seen.push(`first ${id}`));
  changes.onChange((id) => seen.push(`second ${id}`));
  await changes.announce(ANN);
  expect(seen).toEqual([`first ${ANN}`, `second ${ANN}`, `first ${ANN}`, `second ${ANN}`]);
  expect(bus.sent).toHaveLength(1);
  expect(bus.sent[0]).toMatch(new RegExp(`^account:${ANN}:[A-Za-z0-9_-]+$`));
});

it('tells its listeners that any player may have changed when the bus resyncs', () => {
  const bus = fakeBus();
  const changes = new AccountChanges(bus);
  const seen: (string | null)[] = [];
  changes.onChange((id) => seen.push(id));
  bus.resync();
  expect(seen).toEqual([null]);
});
