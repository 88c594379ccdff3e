// The GraphQL enums of the API, with their descriptions.
import { registerEnumType } from 'type-graphql';

export enum GameStatus {
  LOBBY = 'LOBBY',
  IN_PROGRESS = 'IN_PROGRESS',
  FINISHED = 'FINISHED',
  CANCELLED = 'CANCELLED',
}
registerEnumType(GameStatus, {
  name: 'GameStatus',
  description: 'Where a game is in its life.',
  valuesConfig: {
    LOBBY: { description: 'Waiting for players; the host may start it.' },
    IN_PROGRESS: { description: 'Being played.' },
    FINISHED: { description: 'Over: one player is left with dice.' },
    CANCELLED: { description: 'Everyone left the lobby before it started.' },
  },
});

export enum GameVisibility {
  PUBLIC = 'PUBLIC',
  PRIVATE = 'PRIVATE',
}
registerEnumType(GameVisibility, {
  name: 'GameVisibility',
  description: 'Who may find a game.',
  valuesConfig: {
    PUBLIC: { description: 'Listed to everyone; anyone may join its lobby.' },
    PRIVATE: {
      description: 'Listed only to its seated players, never exported; joining needs its invite code.',
    },
  },
});

export enum RulePreset {
  CLASSIC = 'CLASSIC',
  PERUDO = 'PERUDO',
  LIARS_DICE = 'LIARS_DICE',
  PUB = 'PUB',
}
registerEnumType(RulePreset, {
  name: 'RulePreset',
  description: 'A named set of rules a game starts from (overrides may change single options).',
  valuesConfig: {
    CLASSIC: { description: 'Strict raises, random first starter, palifico once per game, no exact calls.' },
    PERUDO: { description: 'The boxed Perudo rules: roll-off, palifico with veterans changing face.' },
    LIARS_DICE: { description: 'Three dice each, raises by quantity only, winner starts, jinto calls.' },
    PUB: { description: 'House rules: no palifico, calza by anyone but the next player.' },
  },
});

export enum RaiseMode {
  STRICT = 'STRICT',
  STANDARD = 'STANDARD',
  QUANTITY_ONLY = 'QUANTITY_ONLY',
}
registerEnumType(RaiseMode, {
  name: 'RaiseMode',
  description: 'How a bid on a non-ace face must raise the previous non-ace bid.',
  valuesConfig: {
    STRICT: { description: 'More of the same face, or at least as many of a higher face.' },
    STANDARD: { description: 'More of any face, or as many of a higher face.' },
    QUANTITY_ONLY: { description: 'More of any face; the face alone never raises.' },
  },
});

export enum FirstStarter {
  ROLL_OFF = 'ROLL_OFF',
  RANDOM = 'RANDOM',
  SEAT_ORDER = 'SEAT_ORDER',
}
registerEnumType(FirstStarter, {
  name: 'FirstStarter',
  description: 'Who opens the first round.',
  valuesConfig: {
    ROLL_OFF: { description: 'Everyone rolls one die in public; the highest opens, ties roll again.' },
    RANDOM: { description: 'A uniformly random seat.' },
    SEAT_ORDER: { description: 'Seat 0.' },
  },
});

export enum NextStarter {
  LOSER = 'LOSER',
  WINNER = 'WINNER',
}
registerEnumType(NextStarter, {
  name: 'NextStarter',
  description: 'Who opens the rounds after the first.',
  valuesConfig: {
    LOSER: { description: 'The player who lost a die (or the exact caller who gained one).' },
    WINNER: { description: 'The winner of the round.' },
  },
});

export enum PalificoMode {
  NONE = 'NONE',
  ONCE_PER_GAME = 'ONCE_PER_GAME',
  EVERY_TIME = 'EVERY_TIME',
}
registerEnumType(PalificoMode, {
  name: 'PalificoMode',
  description: 'When a player dropping to one die gets a palifico round.',
  valuesConfig: {
    NONE: { description: 'Never.' },
    ONCE_PER_GAME: { description: 'The first time each player drops from two dice to one.' },
    EVERY_TIME: { description: 'Every time a player drops from two dice to one.' },
  },
});

export enum ExactMode {
  NONE = 'NONE',
  CALZA = 'CALZA',
  JINTO = 'JINTO',
}
registerEnumType(ExactMode, {
  name: 'ExactMode',
  description: 'The exact call ("the last bid is exactly right") these rules allow.',
  valuesConfig: {
    NONE: { description: 'No exact call.' },
    CALZA: { description: 'Right: the caller gains a die from the supply. Wrong: the caller loses one.' },
    JINTO: { description: 'Right: the caller takes a die from the bidder. Wrong: the caller loses one.' },
  },
});

export enum ExactCaller {
  ANY_EXCEPT_NEXT = 'ANY_EXCEPT_NEXT',
  NEXT_ONLY = 'NEXT_ONLY',
}
registerEnumType(ExactCaller, {
  name: 'ExactCaller',
  description: 'Who may make an exact call.',
  valuesConfig: {
    ANY_EXCEPT_NEXT: {
      description: 'Anyone in the game but the bidder and the player whose turn it is, out of turn.',
    },
    NEXT_ONLY: { description: 'Only the player whose turn it is.' },
  },
});

export enum CallKind {
  DUDO = 'DUDO',
  EXACT = 'EXACT',
}
registerEnumType(CallKind, {
  name: 'CallKind',
  description: 'How a round was ended.',
  valuesConfig: {
    DUDO: { description: 'The last bid was challenged.' },
    EXACT: { description: 'The last bid was claimed to be exactly right.' },
  },
});

export enum GameEventType {
  GAME_CREATED = 'GAME_CREATED',
  PLAYER_JOINED = 'PLAYER_JOINED',
  PLAYER_LEFT = 'PLAYER_LEFT',
  GAME_CANCELLED = 'GAME_CANCELLED',
  GAME_STARTED = 'GAME_STARTED',
  ROUND_STARTED = 'ROUND_STARTED',
  BID_PLACED = 'BID_PLACED',
  DUDO_CALLED = 'DUDO_CALLED',
  EXACT_CALLED = 'EXACT_CALLED',
  TURN_TIMED_OUT = 'TURN_TIMED_OUT',
  ROUND_ENDED = 'ROUND_ENDED',
  PLAYER_ELIMINATED = 'PLAYER_ELIMINATED',
  GAME_FINISHED = 'GAME_FINISHED',
  REMATCH_CREATED = 'REMATCH_CREATED',
  PLAYER_KICKED = 'PLAYER_KICKED',
  HOST_CHANGED = 'HOST_CHANGED',
  SEAT_AWAY = 'SEAT_AWAY',
  SEAT_RETURNED = 'SEAT_RETURNED',
  PLAYER_NUDGED = 'PLAYER_NUDGED',
  GAME_WAITING = 'GAME_WAITING',
  GAME_RESUMED = 'GAME_RESUMED',
}
registerEnumType(GameEventType, {
  name: 'GameEventType',
  description: 'What happened in a game event.',
  valuesConfig: {
    GAME_CREATED: {
      description: 'The game was created (its host took seat 0 in the PLAYER_JOINED that follows).',
    },
    PLAYER_JOINED: { description: 'A player took a seat.' },
    PLAYER_LEFT: {
      description: 'A player left: in the lobby the seat is freed, in play the player forfeits.',
    },
    GAME_CANCELLED: { description: 'The last player left the lobby.' },
    GAME_STARTED: { description: 'The host started the game (with the roll-off, if the rules have one).' },
    ROUND_STARTED: { description: 'A round started: every player rolled in secret.' },
    BID_PLACED: { description: 'A player bid.' },
    DUDO_CALLED: { description: 'A player challenged the last bid.' },
    EXACT_CALLED: { description: 'A player claimed the last bid is exactly right.' },
    TURN_TIMED_OUT: {
      description:
        "A player's turn ran out: the server calls dudo or opens for them (the next events), or, after too many in a row, the player forfeits.",
    },
    ROUND_ENDED: { description: 'The dice were revealed and the round resolved (or voided by a leave).' },
    PLAYER_ELIMINATED: { description: 'A player lost their last die or left.' },
    GAME_FINISHED: {
      description:
        'The game is over: one player is left, the winner (or, after the 1,000th round, the player with the most dice won; or, when no person was left in play or every person in play stayed away ALL_AWAY_END_SECONDS, the bots in play took the first places).',
    },
    REMATCH_CREATED: { description: 'A player asked for a rematch: GameEvent.rematch is the new game.' },
    PLAYER_KICKED: { description: 'The host freed a seat in the lobby; GameEvent.player was kicked.' },
    HOST_CHANGED: { description: 'GameEvent.player is the new host.' },
    SEAT_AWAY: {
      description:
        "GameEvent.player's seat is away: a NORMAL bot plays it (after timeoutsToForfeit timeouts, a nudge that ran out, or a disconnection) until they return.",
    },
    SEAT_RETURNED: {
      description: 'GameEvent.player took their away seat back (returnToGame, or a move of their own).',
    },
    PLAYER_NUDGED: {
      description:
        'A player nudged GameEvent.player, on turn: their seat becomes away unless they move by Game.turnDeadline.',
    },
    GAME_WAITING: {
      description:
        'Every person still in play is away: the game waits (Game.waitingSince), no bot or timer moves, until one returns or, after ALL_AWAY_END_SECONDS, the game ends unrated.',
    },
    GAME_RESUMED: {
      description:
        "GameEvent.player's return (with their SEAT_RETURNED) ended the wait: play goes on, the turn on its clock afresh.",
    },
  },
});

export enum ErrorCode {
  NOT_YOUR_TURN = 'NOT_YOUR_TURN',
  BID_NOT_HIGHER = 'BID_NOT_HIGHER',
  INVALID_BID = 'INVALID_BID',
  OPENING_ACES_NOT_ALLOWED = 'OPENING_ACES_NOT_ALLOWED',
  FACE_LOCKED = 'FACE_LOCKED',
  NO_BID_TO_CHALLENGE = 'NO_BID_TO_CHALLENGE',
  EXACT_NOT_ALLOWED = 'EXACT_NOT_ALLOWED',
  GAME_NOT_IN_LOBBY = 'GAME_NOT_IN_LOBBY',
  GAME_NOT_IN_PROGRESS = 'GAME_NOT_IN_PROGRESS',
  GAME_FULL = 'GAME_FULL',
  ALREADY_JOINED = 'ALREADY_JOINED',
  NOT_IN_GAME = 'NOT_IN_GAME',
  NOT_HOST = 'NOT_HOST',
  NOT_ENOUGH_PLAYERS = 'NOT_ENOUGH_PLAYERS',
  NOT_A_BOT = 'NOT_A_BOT',
  STALE_VERSION = 'STALE_VERSION',
  INVALID_RULES = 'INVALID_RULES',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  TOO_MANY_GAMES = 'TOO_MANY_GAMES',
  INVITE_REQUIRED = 'INVITE_REQUIRED',
  KICKED = 'KICKED',
  GAME_NOT_FINISHED = 'GAME_NOT_FINISHED',
  NOT_SEATED = 'NOT_SEATED',
  INVALID_SEAT = 'INVALID_SEAT',
  CHAT_DISABLED = 'CHAT_DISABLED',
  CHAT_CLOSED = 'CHAT_CLOSED',
  SPECTATORS_NOT_ALLOWED = 'SPECTATORS_NOT_ALLOWED',
  NOT_AWAY = 'NOT_AWAY',
  NUDGE_NOT_ALLOWED = 'NUDGE_NOT_ALLOWED',
  NUDGE_TOO_EARLY = 'NUDGE_TOO_EARLY',
  WEBHOOK_URL_NOT_ALLOWED = 'WEBHOOK_URL_NOT_ALLOWED',
  WEBHOOK_LIMIT_REACHED = 'WEBHOOK_LIMIT_REACHED',
  CHALLENGES_REFUSED = 'CHALLENGES_REFUSED',
  CHALLENGE_NOT_OPEN = 'CHALLENGE_NOT_OPEN',
  AGENTS_NOT_ALLOWED = 'AGENTS_NOT_ALLOWED',
  AGENT_LIMIT_REACHED = 'AGENT_LIMIT_REACHED',
  NOT_AN_AGENT = 'NOT_AN_AGENT',
}
registerEnumType(ErrorCode, {
  name: 'ErrorCode',
  description: 'Stable codes of refused moves and inputs (see UserError).',
  valuesConfig: {
    NOT_YOUR_TURN: { description: 'Another player is to act.' },
    BID_NOT_HIGHER: {
      description:
        'The bid does not raise the previous one (also a palifico veteran bidding a lower face: they may only raise it).',
    },
    INVALID_BID: { description: 'Quantity or face out of range.' },
    OPENING_ACES_NOT_ALLOWED: { description: 'A normal round may not be opened on aces.' },
    FACE_LOCKED: {
      description:
        'In a palifico round the face may not change (where the rules allow, veterans may raise it).',
    },
    NO_BID_TO_CHALLENGE: { description: 'No bid has been made in this round yet.' },
    EXACT_NOT_ALLOWED: { description: 'An exact call is not allowed now or not for this player.' },
    GAME_NOT_IN_LOBBY: { description: 'The game has already started or ended.' },
    GAME_NOT_IN_PROGRESS: { description: 'The game is not being played.' },
    GAME_FULL: { description: 'Every seat is taken.' },
    ALREADY_JOINED: { description: 'The player already has a seat.' },
    NOT_IN_GAME: { description: 'The player has no seat, or is out of the game.' },
    NOT_HOST: { description: 'Only the host may do this.' },
    NOT_ENOUGH_PLAYERS: { description: 'Too few players to start.' },
    NOT_A_BOT: { description: 'removeBot named a seat that is not a bot (or no seat at all).' },
    STALE_VERSION: { description: 'expectedVersion is not the current version of the game.' },
    INVALID_RULES: { description: 'The rule options do not make a valid combination.' },
    IDEMPOTENCY_KEY_REUSED: { description: 'The idempotencyKey was already used for a different request.' },
    TOO_MANY_GAMES: { description: 'The player already sits in as many open games as allowed.' },
    INVITE_REQUIRED: {
      description: "A PRIVATE game's joinGame needs its invite code: none or a wrong one was given.",
    },
    KICKED: { description: 'The host kicked this player from the game: they cannot join it again.' },
    GAME_NOT_FINISHED: { description: 'The game is not finished (rematch).' },
    NOT_SEATED: { description: 'Only players seated in the game may do this.' },
    INVALID_SEAT: {
      description: "The seat may not be chosen for this: the host's own, or (transferHost) a bot's.",
    },
    CHAT_DISABLED: { description: 'The game has text chat off: only emotes may be sent.' },
    CHAT_CLOSED: {
      description:
        "The game's chat takes no more messages: it holds 2,000, or the game finished 10 minutes ago.",
    },
    SPECTATORS_NOT_ALLOWED: {
      description: 'The game allows no spectators: only its seated players may do this.',
    },
    NOT_AWAY: { description: 'returnToGame: your seat is not away (you are playing it).' },
    NUDGE_NOT_ALLOWED: {
      description: 'nudge: the game is timed, or the seat on turn is a bot or away.',
    },
    NUDGE_TOO_EARLY: { description: 'nudge: the turn is less than 2 minutes old.' },
    WEBHOOK_URL_NOT_ALLOWED: {
      description:
        'The webhook URL is not https (unless the server allows http) or names a loopback, private, link-local, unique-local, multicast or unspecified address.',
    },
    WEBHOOK_LIMIT_REACHED: { description: 'The player already has 10 webhooks.' },
    CHALLENGES_REFUSED: {
      description:
        'challengePlayers: an invitee takes no challenges from you (their policy, or they blocked you); which one is not said.',
    },
    CHALLENGE_NOT_OPEN: {
      description: 'The challenge (or your invitation) is no longer open: answered, cancelled or expired.',
    },
    AGENTS_NOT_ALLOWED: {
      description:
        'An agent was refused: a seat at a table with allowAgents false (joinGame, quickPlay, a challenge, a rematch, or hosting one), or createAgent (only a person owns agents).',
    },
    AGENT_LIMIT_REACHED: {
      description: 'createAgent: the person already holds 10 agents that are not retired.',
    },
    NOT_AN_AGENT: {
      description:
        "arenaJoin, or joinGame at an arena table: only an agent (a program's account) plays in the arena.",
    },
  },
});

export enum BotLevel {
  EASY = 'EASY',
  NORMAL = 'NORMAL',
  HARD = 'HARD',
}
registerEnumType(BotLevel, {
  name: 'BotLevel',
  description: 'How well a bot plays.',
  valuesConfig: {
    EASY: { description: 'Legal but naive moves: bids what it holds most of, believes bids too long.' },
    NORMAL: { description: 'Plays the odds of its bids and of the standing bid, from its own dice.' },
    HARD: {
      description:
        "Also reads the other players' bids as evidence of their hands, and plays palifico and exact calls well.",
    },
  },
});
