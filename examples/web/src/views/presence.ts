// Presence at the table: a connected dot and an "away, played by a bot" badge on each seat (gamePresence),
// a "Back to the game" button for a viewer who is away (returnToGame), and a "your turn" notice in the page
// title while the tab is hidden (playerEvents).
import { ReturnToGameDocument } from '@perudo/client';
import { client, streamFailed } from '../api';
import { h, toast } from '../dom';
import { TypedDocumentString } from '../gql/graphql';
import { t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';

interface SeatState {
  connected: boolean;
  away: boolean;
}

const SeatPresences = new TypedDocumentString<
  { game: { seats: { position: number; connected: boolean; away: boolean }[] } | null },
  { id: string }
>(`query SeatPresences($id: ID!) { game(id: $id) { seats { position connected away } } }`);

const PlayerEvents = new TypedDocumentString<
  { playerEvents: { type: string; game: { id: string; name: string | null } } },
  Record<string, never>
>(`subscription PlayerEvents { playerEvents { type game { id name } } }`);

export interface TablePresence {
  /**
   * Marks the table's seats (`.seat[data-seat]` under `root`) with `data-connected` and `data-away` (the dot
   * and the badge are drawn by CSS, so the seat's text stays its own) and fills the `[data-presence-return]`
   * slot with "Back to the game" when the viewer's seat (`me`) is away. Called after each render, and by
   * itself on each change, without re-rendering the table.
   */
  decorate(root: Element, me: number | null): void;
  /** Reads the seats again (after the seats changed: a join, a start). */
  refresh(): void;
  dispose(): void;
}

/** The slot the table renders for "Back to the game". */
export function returnSlot(): HTMLElement {
  return h('div', { class: 'presence-return', 'data-presence-return': '' });
}

/** Follows the seats' presence of a game, marking the seats under `root()` as changes come. */
export function tablePresence(gameId: string, root: () => Element, me: () => number | null): TablePresence {
  const seats = new Map<number, SeatState>();
  let disposed = false;
  const decorate = (el: Element, mine: number | null): void => {
    for (const node of el.querySelectorAll<HTMLElement>('.seat[data-seat]')) {
      const s = seats.get(Number(node.dataset.seat));
      if (!s) continue;
      const bot = node.querySelector('.badge.bot') !== null;
      node.dataset.connected = String(bot || s.connected);
      node.dataset.away = String(s.away);
      node.title = t('presence.seat', {
        connected: bot || s.connected ? 'yes' : 'no',
        away: s.away ? 'yes' : 'no',
      });
    }
    const slot = el.querySelector<HTMLElement>('[data-presence-return]');
    if (!slot) return;
    const away = mine !== null && seats.get(mine)?.away === true;
    const shown = slot.querySelector('[data-testid=return-to-game]') !== null;
    if (away && !shown) slot.replaceChildren(returnButton());
    if (!away && shown) slot.replaceChildren();
  };
  const changed = (): void => decorate(root(), me());
  const refresh = (): void => {
    client.request(SeatPresences, { id: gameId }).then(
      (data) => {
        if (disposed || !data.game) return;
        seats.clear();
        for (const s of data.game.seats) seats.set(s.position, { connected: s.connected, away: s.away });
        changed();
      },
      () => {},
    );
  };
  const returnButton = (): HTMLElement =>
    h(
      'button',
      {
        'data-testid': 'return-to-game',
        onclick: () => {
          client.request(ReturnToGameDocument, { input: { gameId } }).then(
            (r) => {
              if (r.returnToGame.userErrors[0]) toast(refusal(r.returnToGame.userErrors[0]));
              refresh();
            },
            (error: unknown) => toast(errorText(error)),
          );
        },
      },
      t('presence.back'),
    );
  const live = client.presence(gameId);
  live.on('change', (p) => {
    seats.set(p.seat.position, { connected: p.connected, away: p.away });
    changed();
  });
  live.on('error', (error) => streamFailed(error, toast));
  // gamePresence is not replayed: a change may have been missed while the socket was down, so every seat is
  // read again each time it is back.
  const offConnection = client.on('connection', (up) => {
    if (up) refresh();
  });
  refresh();
  return {
    decorate,
    refresh,
    dispose() {
      disposed = true;
      offConnection();
      live.close();
    },
  };
}

/**
 * While signed in: a YOUR_TURN (any game) while the tab is hidden puts a notice in the page title, until the
 * tab is shown again. Returns the stop function.
 */
export function yourTurnNotice(): () => void {
  const plain = document.title;
  const restore = (): void => {
    if (!document.hidden) document.title = plain;
  };
  document.addEventListener('visibilitychange', restore);
  const live = client.subscribe(PlayerEvents, () => ({}), {
    next: (data) => {
      if (data.playerEvents.type === 'YOUR_TURN' && document.hidden) {
        const name = data.playerEvents.game.name;
        document.title = name
          ? t('app.yourTurnIn', { game: name, title: plain })
          : t('app.yourTurn', { title: plain });
      }
    },
    failed: (error) => streamFailed(error, toast),
  });
  return () => {
    live.close();
    document.removeEventListener('visibilitychange', restore);
    document.title = plain;
  };
}
