// The table: seats, your own dice only, the round's bids, whose turn, what you may do; live via gameEvents
// (the client's LiveGame, which also sends the moves).
import { GameDocument, type BotLevel, type GameResult, type GameState, type LiveGame } from '@perudo/client';
import { client, streamFailed } from '../api';
import { h, mount, toast } from '../dom';
import type { RoundResultFragment } from '../gql/graphql';
import { count, formatOdds, title } from '../format';
import { session } from '../session';
import type { View } from './lobby';
import { lastEndedRound } from './last-round';
import { inviteCard } from './invite';
import { rematchButton } from './rematch';
import { rollOffCard } from './roll-off';
import { roundResult } from './round-result';
import { currentClientSeed } from './verification';
import { chatPanel } from './chat';
import { returnSlot, tablePresence } from './presence';

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
// The bot level last added, kept across renders so that adding several bots of one level is one click each.
let lastBotLevel: BotLevel = 'NORMAL';

export function tableView(gameId: string): View {
  const el = h('div', { class: 'table' });
  const chat = chatPanel(gameId);
  let game: GameState | null = null;
  let lastRound: RoundResultFragment | null = null;
  let connected = true;
  let live: LiveGame | null = null;
  let busy = false;
  // Connected dots, away badges and "Back to the game" (gamePresence).
  const presence = tablePresence(
    gameId,
    () => el,
    () => game?.viewerSeat?.position ?? null,
  );
  const clock = setInterval(() => updateDeadline(), 1000);
  // "reconnecting…" while the socket the events come on is down.
  const offConnection = client.on('connection', (up) => {
    if (up !== connected) {
      connected = up;
      render();
    }
  });

  const deadlineText = (): string => {
    if (!game?.turnDeadline || game.status !== 'IN_PROGRESS') return '';
    const left = Math.max(0, Math.round((Date.parse(game.turnDeadline) - Date.now()) / 1000));
    return `${left} s left`;
  };
  const updateDeadline = (): void => {
    const node = el.querySelector('[data-testid="deadline"]');
    if (node) node.textContent = deadlineText();
  };

  /** Takes the newest game we know of: events and mutation answers may arrive in either order. */
  const accept = (next: GameState | null | undefined): void => {
    if (!next || (game && next.version < game.version)) return;
    if (game && (next.seats.length !== game.seats.length || next.status !== game.status)) presence.refresh();
    game = next;
    render();
  };

  // Each move sends expectedVersion (a move decided on a game that has moved since is refused, not applied
  // to the new state) and an idempotencyKey kept if the client has to send it again.
  const act = async (run: (game: LiveGame) => Promise<GameResult>): Promise<void> => {
    if (busy || !live) return;
    busy = true;
    try {
      // The live game's own first read gives the version the move expects.
      await live.ready;
      const payload = await run(live);
      if (payload.userErrors[0]) toast(payload.userErrors[0].message);
      accept(payload.game);
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error));
    } finally {
      busy = false;
    }
  };

  const render = (): void => {
    if (!game) return;
    const g = game;
    const me = g.viewerSeat?.position ?? null;
    const round = g.currentRound;
    mount(
      el,
      h(
        'header',
        // The version stays out of sight: the page needs it, a player does not.
        { class: 'card table-head', 'data-version': g.version },
        h('h2', {}, g.name ?? 'Unnamed game'),
        h('span', { class: `status ${g.status}`, 'data-testid': 'status' }, g.status.replace('_', ' ')),
        h('span', { class: 'muted' }, ` ${title(g.rules.preset)}`),
        connected ? null : h('span', { class: 'offline' }, ' reconnecting…'),
        h('a', { href: '#/', class: 'back' }, '← Lobby'),
      ),
      g.winner
        ? h(
            'div',
            { class: 'card winner', 'data-testid': 'winner' },
            `${g.winner.name} wins!`,
            ' ',
            h('a', { href: `#/history/${g.id}` }, 'See the whole game'),
          )
        : null,
      rematchButton(g),
      inviteCard(g),
      rollOffCard(g),
      h(
        'section',
        { class: 'card seats', 'data-testid': 'seats' },
        g.seats.map((s) => {
          const mine = s.position === me;
          const turn = g.turn?.position === s.position;
          return h(
            'div',
            {
              class: `seat${mine ? ' mine' : ''}${turn ? ' turn' : ''}${s.eliminated ? ' out' : ''}`,
              'data-seat': s.position,
              'data-testid': mine ? 'my-seat' : 'seat',
            },
            h(
              'div',
              { class: 'seat-name' },
              // Debian's Chromium has no emoji font: a plain badge reads everywhere.
              s.player.isBot
                ? h('span', { class: 'badge bot', title: `${s.player.botLevel} bot` }, 'BOT')
                : null,
              s.player.isBot ? ' ' : '',
              s.player.name,
              mine ? ' (you)' : '',
              g.host.id === s.player.id ? ' ★' : '',
              s.player.isBot && g.status === 'LOBBY' && session.current()?.playerId === g.host.id
                ? h(
                    'button',
                    {
                      class: 'link',
                      title: 'Remove this bot',
                      'data-testid': 'remove-bot',
                      onclick: () => void act((live) => live.removeBot(s.position)),
                    },
                    '✕',
                  )
                : null,
            ),
            // The host's controls for another person's seat in the lobby.
            !s.player.isBot && !mine && g.status === 'LOBBY' && session.current()?.playerId === g.host.id
              ? h(
                  'div',
                  { class: 'host-controls' },
                  h(
                    'button',
                    {
                      class: 'link',
                      'data-testid': 'kick',
                      onclick: () => void act((live) => live.kick(s.position)),
                    },
                    'Kick',
                  ),
                  h(
                    'button',
                    {
                      class: 'link',
                      'data-testid': 'make-host',
                      onclick: () => void act((live) => live.transferHost(s.position)),
                    },
                    'Make host',
                  ),
                )
              : null,
            h(
              'div',
              { class: 'seat-count' },
              s.eliminated
                ? s.left
                  ? 'left'
                  : 'out'
                : g.status === 'LOBBY'
                  ? 'waiting'
                  : count(s.diceCount, 'die', 'dice'),
            ),
            // The server sends dice only for the viewer's own seat: every other seat has none to show.
            s.dice
              ? h(
                  'div',
                  { class: 'dice', 'data-testid': 'my-dice' },
                  s.dice.map((d) =>
                    h('span', { class: 'die', title: String(d) }, FACES[d] ?? '?', h('small', {}, String(d))),
                  ),
                )
              : null,
            turn ? h('div', { class: 'turn-mark' }, 'to play') : null,
          );
        }),
      ),
      round
        ? h(
            'section',
            { class: 'card round' },
            h(
              'h3',
              {},
              `Round ${round.number}`,
              round.palifico
                ? ` · palifico (${g.seats[round.palificoSeat?.position ?? 0]?.player.name})`
                : '',
            ),
            h('div', { class: 'deadline', 'data-testid': 'deadline' }, deadlineText()),
            round.bids.length === 0
              ? h('p', { class: 'muted' }, 'No bid yet.')
              : h(
                  'ol',
                  { class: 'bids', 'data-testid': 'bids' },
                  round.bids.map((b) =>
                    h(
                      'li',
                      {},
                      `${b.seat.player.name}: ${b.quantity} × ${FACES[b.face]} (${b.face}s)`,
                      b.timedOut ? ' (timed out)' : '',
                    ),
                  ),
                ),
          )
        : null,
      g.status === 'IN_PROGRESS' ? returnSlot() : null,
      actions(g, me),
      lastRound
        ? h('section', { class: 'card last-round', 'data-testid': 'last-round' }, roundResult(lastRound))
        : null,
    );
    presence.decorate(el, me);
  };

  const actions = (g: GameState, me: number | null): HTMLElement | null => {
    const viewer = session.current();
    if (g.status === 'LOBBY') {
      const isHost = viewer?.playerId === g.host.id;
      return h(
        'section',
        { class: 'card actions' },
        me === null
          ? h(
              'button',
              {
                onclick: () => void act(() => client.joinGame(gameId, { clientSeed: currentClientSeed() })),
              },
              'Join',
            )
          : h(
              'button',
              {
                class: 'secondary',
                onclick: () => void act((live) => live.leave()),
              },
              'Leave',
            ),
        isHost && g.seats.length < g.maxPlayers
          ? h(
              'span',
              { class: 'add-bot' },
              h(
                'select',
                { 'data-testid': 'bot-level', 'aria-label': 'Bot level' },
                ['EASY', 'NORMAL', 'HARD'].map((level) =>
                  h('option', { value: level, selected: level === lastBotLevel }, level.toLowerCase()),
                ),
              ),
              h(
                'button',
                {
                  class: 'secondary',
                  'data-testid': 'add-bot',
                  onclick: (e: Event) => {
                    const select = (e.target as HTMLElement).parentElement!.querySelector('select')!;
                    const level = select.value as BotLevel;
                    lastBotLevel = level;
                    void act((live) => live.addBot(level));
                  },
                },
                'Add bot',
              ),
            )
          : null,
        isHost
          ? h(
              'button',
              {
                onclick: () => void act((live) => live.start()),
              },
              'Start game',
            )
          : null,
        h(
          'span',
          { class: 'muted' },
          isHost ? ' Start when everyone is seated.' : ' Waiting for the host to start.',
        ),
      );
    }
    const legal = g.legalActions;
    if (g.status !== 'IN_PROGRESS' || me === null || !legal) return null;
    const quantity = h('input', { type: 'number', min: 1, name: 'quantity', 'data-testid': 'quantity' });
    const face = h(
      'select',
      { name: 'face', 'data-testid': 'face' },
      legal.minBids.map((b) => h('option', { value: b.face }, `${FACES[b.face]} ${b.face}s`)),
    );
    const syncQuantity = (): void => {
      const min = legal.minBids.find((b) => b.face === Number(face.value));
      if (min) {
        quantity.min = String(min.minQuantity);
        if (!quantity.value || Number(quantity.value) < min.minQuantity)
          quantity.value = String(min.minQuantity);
      }
    };
    face.addEventListener('change', syncQuantity);
    syncQuantity();
    return h(
      'section',
      { class: 'card actions', 'data-testid': 'actions' },
      legal.canBid
        ? h(
            'div',
            {},
            h(
              'div',
              { class: 'muted' },
              'Smallest bid on each face (chance it holds, from what you can see):',
            ),
            h(
              'div',
              { class: 'min-bids' },
              legal.minBids.map((b) =>
                h(
                  'button',
                  {
                    class: 'chip',
                    'data-testid': `min-bid-${b.face}`,
                    onclick: () => void act((live) => live.bid(b.minQuantity, b.face)),
                  },
                  `${b.minQuantity} × ${FACES[b.face]}`,
                  h('small', {}, ` ${formatOdds(b.probability)}`),
                ),
              ),
            ),
            h(
              'form',
              {
                class: 'row',
                onsubmit: (event: Event) => {
                  event.preventDefault();
                  void act((live) => live.bid(Number(quantity.value), Number(face.value)));
                },
              },
              quantity,
              face,
              h('button', { type: 'submit', 'data-testid': 'bid' }, 'Bid'),
            ),
          )
        : h('p', { class: 'muted' }, g.turn ? `Waiting for ${g.seats[g.turn.position]?.player.name}.` : ''),
      h(
        'div',
        { class: 'row' },
        legal.canDudo
          ? h(
              'button',
              {
                class: 'danger',
                'data-testid': 'dudo',
                onclick: () => void act((live) => live.dudo()),
              },
              'Dudo!',
            )
          : null,
        legal.canExact
          ? h(
              'button',
              {
                class: 'secondary',
                'data-testid': 'exact',
                onclick: () => void act((live) => live.exact()),
              },
              'Calza (exact)',
            )
          : null,
        legal.standingBidOdds
          ? h(
              'span',
              { class: 'muted' },
              ` The bid on the table holds with ${formatOdds(legal.standingBidOdds.atLeast)}.`,
            )
          : null,
      ),
      h(
        'button',
        {
          class: 'link',
          onclick: () =>
            confirm('Leave this game? You forfeit your dice.') && void act((live) => live.leave()),
        },
        'Leave game',
      ),
    );
  };

  const start = async (): Promise<void> => {
    const data = await client.request(GameDocument, { id: gameId });
    if (!data.game) {
      mount(el, h('div', { class: 'card' }, 'No such game. ', h('a', { href: '#/' }, 'Back to the lobby')));
      return;
    }
    // Live from the last event of this read (the log is not replayed); after a dropped connection, again from
    // the last event received. The rounds' dice are checked by the result cards (verification.ts).
    live = client.game(gameId, { afterSeq: data.game.lastEventSeq, verify: false });
    live.on('change', (next) => {
      // A newer state came from the server (an event, or a read when the player's stream resumed first): the
      // socket is coming back, "reconnecting…" has done its job.
      connected = true;
      accept(next);
    });
    live.on('event', (e) => {
      if (e.type !== 'ROUND_ENDED' || !e.round) return;
      lastRound = e.round;
      render();
    });
    live.on('error', (error) => streamFailed(error, toast));
    accept(data.game);
    if (data.game.status !== 'LOBBY') {
      void lastEndedRound(gameId)
        .then((round) => {
          if (round && !lastRound) {
            lastRound = round;
            render();
          }
        })
        .catch(() => {});
    }
  };
  start().catch((error: unknown) => toast(error instanceof Error ? error.message : String(error)));
  return {
    // The chat keeps its own element, so that re-rendering the table keeps what is being typed.
    el: h('div', { class: 'table-page' }, el, chat.el),
    dispose() {
      clearInterval(clock);
      offConnection();
      live?.close();
      presence.dispose();
      chat.dispose();
    },
  };
}
