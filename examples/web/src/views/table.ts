// The table: seats, your own dice only, the round's bids, whose turn, what you may do; live via gameEvents
// (the client's LiveGame, which also sends the moves).
import { GameDocument, type BotLevel, type GameResult, type GameState, type LiveGame } from '@perudo/client';
import { client, streamFailed } from '../api';
import { h, mount, toast } from '../dom';
import type { RoundResultFragment } from '../gql/graphql';
import { formatOdds } from '../format';
import { currentLocale, formatList, t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import { session } from '../session';
import type { View } from './lobby';
import { lastEndedRound } from './last-round';
import { inviteCard } from './invite';
import { challengeAgainCard, rematchButton } from './rematch';
import { rollOffCard } from './roll-off';
import { announceRound, roundResult } from './round-result';
import { focusKey, gameAnnouncer, restoreFocus } from './table-a11y';
import { currentClientSeed } from './verification';
import { chatPanel } from './chat';
import { returnSlot, tablePresence } from './presence';
import { presetName } from './quick-play';

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
// The bot level last added, kept across renders so that adding several bots of one level is one click each.
let lastBotLevel: BotLevel = 'NORMAL';

function botLevelName(level: BotLevel | null | undefined): string {
  return level ? t(`botLevel.${level}`) : '';
}

export function tableView(gameId: string): View {
  const el = h('div', { class: 'table' });
  const announceChanges = gameAnnouncer();
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
    return t('table.secondsLeft', { seconds: left });
  };
  const updateDeadline = (): void => {
    const node = el.querySelector('[data-testid="deadline"]');
    if (node) node.textContent = deadlineText();
  };

  /** Takes the newest game we know of: events and mutation answers may arrive in either order. */
  const accept = (next: GameState | null | undefined): void => {
    if (!next || (game && next.version < game.version)) return;
    if (game && (next.seats.length !== game.seats.length || next.status !== game.status)) presence.refresh();
    announceChanges(next);
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
      if (payload.userErrors[0]) toast(refusal(payload.userErrors[0]));
      accept(payload.game);
    } catch (error) {
      toast(errorText(error));
    } finally {
      busy = false;
    }
  };

  const render = (): void => {
    if (!game) return;
    const g = game;
    const me = g.viewerSeat?.position ?? null;
    const round = g.currentRound;
    const focus = focusKey(el);
    mount(
      el,
      h(
        'header',
        // The version stays out of sight: the page needs it, a player does not.
        { class: 'card table-head', 'data-version': g.version },
        h('h1', { tabindex: -1 }, g.name ?? t('game.unnamed')),
        h('span', { class: `status ${g.status}`, 'data-testid': 'status' }, t(`status.${g.status}`)),
        h('span', { class: 'muted' }, ' ', presetName(g.rules.preset)),
        connected ? null : h('span', { class: 'offline' }, ' ', t('table.reconnecting')),
        h('a', { href: '#/', class: 'back' }, t('table.lobby')),
      ),
      g.winner
        ? h(
            'div',
            { class: 'card winner', 'data-testid': 'winner' },
            t('table.wins', { name: g.winner.name }),
            ' ',
            h('a', { href: `#/history/${g.id}` }, t('table.wholeGame')),
          )
        : null,
      rematchButton(g),
      challengeAgainCard(g),
      inviteCard(g),
      rollOffCard(g),
      h(
        'section',
        { class: 'card seats', 'data-testid': 'seats', 'aria-label': t('table.seats') },
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
                ? h(
                    'span',
                    {
                      class: 'badge bot',
                      title: t('table.botTitle', { level: botLevelName(s.player.botLevel) }),
                    },
                    t('table.bot'),
                  )
                : null,
              s.player.isBot ? ' ' : '',
              mine ? t('table.seatYou', { name: s.player.name }) : s.player.name,
              g.host.id === s.player.id
                ? [' ', h('span', { title: t('table.host'), 'aria-label': t('table.host') }, '★')]
                : '',
              s.player.isBot && g.status === 'LOBBY' && session.current()?.playerId === g.host.id
                ? h(
                    'button',
                    {
                      class: 'link',
                      title: t('table.removeBot', { name: s.player.name }),
                      'aria-label': t('table.removeBot', { name: s.player.name }),
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
                      'aria-label': t('table.kickName', { name: s.player.name }),
                      onclick: () => void act((live) => live.kick(s.position)),
                    },
                    t('table.kick'),
                  ),
                  h(
                    'button',
                    {
                      class: 'link',
                      'data-testid': 'make-host',
                      'aria-label': t('table.makeHostName', { name: s.player.name }),
                      onclick: () => void act((live) => live.transferHost(s.position)),
                    },
                    t('table.makeHost'),
                  ),
                )
              : null,
            h(
              'div',
              { class: 'seat-count' },
              s.eliminated
                ? s.left
                  ? t('table.seatLeft')
                  : t('table.seatOut')
                : g.status === 'LOBBY'
                  ? t('table.seatWaiting')
                  : t('table.dice', { count: s.diceCount }),
            ),
            // The server sends dice only for the viewer's own seat: every other seat has none to show.
            s.dice
              ? h(
                  'div',
                  {
                    class: 'dice',
                    'data-testid': 'my-dice',
                    role: 'img',
                    'aria-label': t('table.yourDice', { dice: formatList(s.dice.map(String)) }),
                  },
                  s.dice.map((d) => h('span', { class: 'die' }, FACES[d] ?? '?', h('small', {}, String(d)))),
                )
              : null,
            turn ? h('div', { class: 'turn-mark' }, t('table.toPlay')) : null,
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
              t('table.round', { number: round.number }),
              round.palifico
                ? [
                    ' · ',
                    t('table.palificoOf', {
                      name: g.seats[round.palificoSeat?.position ?? 0]?.player.name ?? '',
                    }),
                  ]
                : '',
            ),
            h('div', { class: 'deadline', 'data-testid': 'deadline' }, deadlineText()),
            round.bids.length === 0
              ? h('p', { class: 'muted' }, t('table.noBid'))
              : h(
                  'ol',
                  { class: 'bids', 'data-testid': 'bids', 'aria-label': t('table.bids') },
                  round.bids.map((b) =>
                    h(
                      'li',
                      {},
                      t('table.bidLine', {
                        name: b.seat.player.name,
                        quantity: b.quantity,
                        symbol: FACES[b.face],
                        faceName: t('face.name', { face: b.face }),
                      }),
                      b.timedOut ? [' ', t('table.timedOut')] : '',
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
    restoreFocus(el, focus);
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
              t('table.join'),
            )
          : h(
              'button',
              {
                class: 'secondary',
                onclick: () => void act((live) => live.leave()),
              },
              t('table.leave'),
            ),
        isHost && g.seats.length < g.maxPlayers
          ? h(
              'span',
              { class: 'add-bot' },
              h(
                'select',
                { 'data-testid': 'bot-level', 'aria-label': t('table.botLevel') },
                (['EASY', 'NORMAL', 'HARD'] as const).map((level) =>
                  h('option', { value: level, selected: level === lastBotLevel }, botLevelName(level)),
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
                t('table.addBot'),
              ),
            )
          : null,
        isHost
          ? h(
              'button',
              { 'data-testid': 'start', onclick: () => void act((live) => live.start()) },
              t('table.start'),
            )
          : null,
        h('span', { class: 'muted' }, ' ', isHost ? t('table.startHint') : t('table.waitHost')),
      );
    }
    const legal = g.legalActions;
    if (g.status !== 'IN_PROGRESS' || me === null || !legal) return null;
    const quantity = h('input', {
      type: 'number',
      min: 1,
      name: 'quantity',
      'data-testid': 'quantity',
      'aria-label': t('table.quantity'),
    });
    const face = h(
      'select',
      { name: 'face', 'data-testid': 'face', 'aria-label': t('table.face') },
      legal.minBids.map((b) =>
        h(
          'option',
          { value: b.face },
          t('table.faceOption', { symbol: FACES[b.face], faceName: t('face.name', { face: b.face }) }),
        ),
      ),
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
            h('div', { class: 'muted' }, t('table.minBidsHint')),
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
                  // A screen reader reads the bid in words, not the die's symbol.
                  h('span', { 'aria-hidden': 'true' }, `${b.minQuantity} × ${FACES[b.face]}`),
                  h('small', { 'aria-hidden': 'true' }, ' ', formatOdds(b.probability, currentLocale())),
                  h(
                    'span',
                    { class: 'sr-only' },
                    t('table.minBidLabel', {
                      quantity: b.minQuantity,
                      faceName: t('face.name', { face: b.face }),
                      odds: formatOdds(b.probability, currentLocale()),
                    }),
                  ),
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
              h('button', { type: 'submit', 'data-testid': 'bid' }, t('table.bid')),
            ),
          )
        : h(
            'p',
            { class: 'muted' },
            g.turn ? t('table.waitingFor', { name: g.seats[g.turn.position]?.player.name ?? '' }) : '',
          ),
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
              t('table.dudo'),
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
              t('table.calza'),
            )
          : null,
        legal.standingBidOdds
          ? h(
              'span',
              { class: 'muted' },
              ' ',
              t('table.standingOdds', { odds: formatOdds(legal.standingBidOdds.atLeast, currentLocale()) }),
            )
          : null,
      ),
      h(
        'button',
        {
          class: 'link',
          onclick: () => confirm(t('table.leaveConfirm')) && void act((live) => live.leave()),
        },
        t('table.leaveGame'),
      ),
    );
  };

  const start = async (): Promise<void> => {
    const data = await client.request(GameDocument, { id: gameId });
    if (!data.game) {
      mount(
        el,
        h(
          'div',
          { class: 'card' },
          t('table.noSuchGame'),
          ' ',
          h('a', { href: '#/' }, t('table.backToLobby')),
        ),
      );
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
      announceRound(e.round);
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
  start().catch((error: unknown) => toast(errorText(error)));
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
