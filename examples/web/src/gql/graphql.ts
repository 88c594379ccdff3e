/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Input of addBot. */
export type AddBotInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Refuse with STALE_VERSION unless this is the current version of the game. */
  expectedVersion?: number | null | undefined;
  /** The game. */
  gameId: string | number;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** How well the bot plays. */
  level?: BotLevel;
  /** Its display name, under registerPlayer's character rules (1 to 40 characters, nothing invisible or blank) and never one that is or looks like a person's name; by default its level and a number no other bot at the table has, e.g. "HARD bot 2". */
  name?: string | null | undefined;
};

/** How well a bot plays. */
export type BotLevel =
  /** Legal but naive moves: bids what it holds most of, believes bids too long. */
  | 'EASY'
  /** Also reads the other players' bids as evidence of their hands, and plays palifico and exact calls well. */
  | 'HARD'
  /** Plays the odds of its bids and of the standing bid, from its own dice. */
  | 'NORMAL';

/** How a round was ended. */
export type CallKind =
  /** The last bid was challenged. */
  | 'DUDO'
  /** The last bid was claimed to be exactly right. */
  | 'EXACT';

/** Input of sendChatMessage: exactly one of text and emote. */
export type ChatMessageInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** An emote instead of a text. */
  emote?: Emote | null | undefined;
  /** The game whose chat to send to. */
  gameId: string | number;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** The text: trimmed of white space, then 1 to 280 characters as people count them (grapheme clusters, none of more than 16 code points), with something visible; no control characters, bidi controls or line/paragraph separators. */
  text?: string | null | undefined;
};

/** Input of createGame; the creator takes seat 0 and is the host. */
export type CreateGameInput = {
  /** false: once started, only seated players may follow the game. */
  allowSpectators?: boolean;
  /** Whether a player who reaches timeoutsToForfeit is played by a bot rather than forfeited (default true). */
  awayAfterTimeouts?: boolean;
  /** false: no table chat (emotes only). */
  chat?: boolean;
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Your seed for the game's dice (FAIRNESS.md): 1 to 64 printable ASCII characters; omitted, the server draws one. */
  clientSeed?: string | null | undefined;
  /** Untimed games, 1 to 86400: seconds a disconnected player may keep the table waiting; omitted: never; ignored when turnSeconds is set. */
  disconnectSeconds?: number | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** Seats at the table; defaults to the rules' maximum. */
  maxPlayers?: number | null | undefined;
  /** Optional name: at most 80 characters, no control characters. */
  name?: string | null | undefined;
  /** Options that replace the preset’s. */
  overrides?: RuleOverridesInput | null | undefined;
  /** The rules to start from. */
  preset: RulePreset;
  /** false: the game changes no rating. */
  rated?: boolean;
  /** Turns in a row a player may let run out before forfeiting (1 to 100, default 3). */
  timeoutsToForfeit?: number | null | undefined;
  /** Seconds each turn may last (5 to 86400); when it runs out the server calls dudo or opens for the player. Omit for untimed turns. */
  turnSeconds?: number | null | undefined;
  /** PRIVATE: listed only to its seated players, joined with its invite code. */
  visibility?: GameVisibility;
};

/** The fixed emotes of the table chat: always allowed, also where text chat is off. */
export type Emote =
  /** Good game. */
  | 'GOOD_GAME'
  /** Laughter. */
  | 'LAUGH'
  /** Liar! */
  | 'LIAR'
  /** Nice bid. */
  | 'NICE_BID'
  /** Oops. */
  | 'OOPS'
  /** Thinking... */
  | 'THINKING'
  /** Well played. */
  | 'WELL_PLAYED'
  /** Wow. */
  | 'WOW';

/** Stable codes of refused moves and inputs (see UserError). */
export type ErrorCode =
  /** The player already has a seat. */
  | 'ALREADY_JOINED'
  /** The bid does not raise the previous one (also a palifico veteran bidding a lower face: they may only raise it). */
  | 'BID_NOT_HIGHER'
  /** The game's chat takes no more messages: it holds 2,000, or the game finished 10 minutes ago. */
  | 'CHAT_CLOSED'
  /** The game has text chat off: only emotes may be sent. */
  | 'CHAT_DISABLED'
  /** An exact call is not allowed now or not for this player. */
  | 'EXACT_NOT_ALLOWED'
  /** In a palifico round the face may not change (where the rules allow, veterans may raise it). */
  | 'FACE_LOCKED'
  /** Every seat is taken. */
  | 'GAME_FULL'
  /** The game is not finished (rematch). */
  | 'GAME_NOT_FINISHED'
  /** The game has already started or ended. */
  | 'GAME_NOT_IN_LOBBY'
  /** The game is not being played. */
  | 'GAME_NOT_IN_PROGRESS'
  /** The idempotencyKey was already used for a different request. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** Quantity or face out of range. */
  | 'INVALID_BID'
  /** The rule options do not make a valid combination. */
  | 'INVALID_RULES'
  /** The seat may not be chosen for this: the host's own, or (transferHost) a bot's. */
  | 'INVALID_SEAT'
  /** A PRIVATE game's joinGame needs its invite code: none or a wrong one was given. */
  | 'INVITE_REQUIRED'
  /** The host kicked this player from the game: they cannot join it again. */
  | 'KICKED'
  /** returnToGame: your seat is not away (you are playing it). */
  | 'NOT_AWAY'
  /** removeBot named a seat that is not a bot (or no seat at all). */
  | 'NOT_A_BOT'
  /** Too few players to start. */
  | 'NOT_ENOUGH_PLAYERS'
  /** Only the host may do this. */
  | 'NOT_HOST'
  /** The player has no seat, or is out of the game. */
  | 'NOT_IN_GAME'
  /** Only players seated in the game may do this. */
  | 'NOT_SEATED'
  /** Another player is to act. */
  | 'NOT_YOUR_TURN'
  /** No bid has been made in this round yet. */
  | 'NO_BID_TO_CHALLENGE'
  /** nudge: the game is timed, or the seat on turn is a bot or away. */
  | 'NUDGE_NOT_ALLOWED'
  /** nudge: the turn is less than 2 minutes old. */
  | 'NUDGE_TOO_EARLY'
  /** A normal round may not be opened on aces. */
  | 'OPENING_ACES_NOT_ALLOWED'
  /** The game allows no spectators: only its seated players may do this. */
  | 'SPECTATORS_NOT_ALLOWED'
  /** expectedVersion is not the current version of the game. */
  | 'STALE_VERSION'
  /** The player already sits in as many open games as allowed. */
  | 'TOO_MANY_GAMES';

/** Who may make an exact call. */
export type ExactCaller =
  /** Anyone in the game but the bidder and the player whose turn it is, out of turn. */
  | 'ANY_EXCEPT_NEXT'
  /** Only the player whose turn it is. */
  | 'NEXT_ONLY';

/** The exact call ("the last bid is exactly right") these rules allow. */
export type ExactMode =
  /** Right: the caller gains a die from the supply. Wrong: the caller loses one. */
  | 'CALZA'
  /** Right: the caller takes a die from the bidder. Wrong: the caller loses one. */
  | 'JINTO'
  /** No exact call. */
  | 'NONE';

/** Who opens the first round. */
export type FirstStarter =
  /** A uniformly random seat. */
  | 'RANDOM'
  /** Everyone rolls one die in public; the highest opens, ties roll again. */
  | 'ROLL_OFF'
  /** Seat 0. */
  | 'SEAT_ORDER';

/** Input of callDudo and callExact. */
export type GameActionInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Refuse with STALE_VERSION unless this is the current version of the game. */
  expectedVersion?: number | null | undefined;
  /** The game. */
  gameId: string | number;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
};

/** What happened in a game event. */
export type GameEventType =
  /** A player bid. */
  | 'BID_PLACED'
  /** A player challenged the last bid. */
  | 'DUDO_CALLED'
  /** A player claimed the last bid is exactly right. */
  | 'EXACT_CALLED'
  /** The last player left the lobby. */
  | 'GAME_CANCELLED'
  /** The game was created (its host took seat 0 in the PLAYER_JOINED that follows). */
  | 'GAME_CREATED'
  /** The game is over: one player is left, the winner (or, after the 1,000th round, the player with the most dice won; or, when no person was left in play or every person in play stayed away ALL_AWAY_END_SECONDS, the bots in play took the first places). */
  | 'GAME_FINISHED'
  /** GameEvent.player's return (with their SEAT_RETURNED) ended the wait: play goes on, the turn on its clock afresh. */
  | 'GAME_RESUMED'
  /** The host started the game (with the roll-off, if the rules have one). */
  | 'GAME_STARTED'
  /** Every person still in play is away: the game waits (Game.waitingSince), no bot or timer moves, until one returns or, after ALL_AWAY_END_SECONDS, the game ends unrated. */
  | 'GAME_WAITING'
  /** GameEvent.player is the new host. */
  | 'HOST_CHANGED'
  /** A player lost their last die or left. */
  | 'PLAYER_ELIMINATED'
  /** A player took a seat. */
  | 'PLAYER_JOINED'
  /** The host freed a seat in the lobby; GameEvent.player was kicked. */
  | 'PLAYER_KICKED'
  /** A player left: in the lobby the seat is freed, in play the player forfeits. */
  | 'PLAYER_LEFT'
  /** A player nudged GameEvent.player, on turn: their seat becomes away unless they move by Game.turnDeadline. */
  | 'PLAYER_NUDGED'
  /** A player asked for a rematch: GameEvent.rematch is the new game. */
  | 'REMATCH_CREATED'
  /** The dice were revealed and the round resolved (or voided by a leave). */
  | 'ROUND_ENDED'
  /** A round started: every player rolled in secret. */
  | 'ROUND_STARTED'
  /** GameEvent.player's seat is away: a NORMAL bot plays it (after timeoutsToForfeit timeouts, a nudge that ran out, or a disconnection) until they return. */
  | 'SEAT_AWAY'
  /** GameEvent.player took their away seat back (returnToGame, or a move of their own). */
  | 'SEAT_RETURNED'
  /** A player's turn ran out: the server calls dudo or opens for them (the next events), or, after too many in a row, the player forfeits. */
  | 'TURN_TIMED_OUT';

/** Input of a mutation on one game. */
export type GameInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Your seed for the game's dice (FAIRNESS.md): 1 to 64 printable ASCII characters; omitted, the server draws one. joinGame only: other mutations refuse it. */
  clientSeed?: string | null | undefined;
  /** Refuse with STALE_VERSION unless this is the current version of the game. */
  expectedVersion?: number | null | undefined;
  /** The game. */
  gameId: string | number;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** A PRIVATE game's invite code (any case): joinGame of a PRIVATE game needs it; other mutations ignore it. */
  inviteCode?: string | null | undefined;
};

/** Where a game is in its life. */
export type GameStatus =
  /** Everyone left the lobby before it started. */
  | 'CANCELLED'
  /** Over: one player is left with dice. */
  | 'FINISHED'
  /** Being played. */
  | 'IN_PROGRESS'
  /** Waiting for players; the host may start it. */
  | 'LOBBY';

/** Who may find a game. */
export type GameVisibility =
  /** Listed only to its seated players, never exported; joining needs its invite code. */
  | 'PRIVATE'
  /** Listed to everyone; anyone may join its lobby. */
  | 'PUBLIC';

/** Input of mutePlayer: sets a state, so a retry is harmless (no idempotencyKey). */
export type MutePlayerInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** true: never receive this player's chat messages, earlier ones included; false: receive them again. */
  muted: boolean;
  /** The player to mute or unmute. */
  playerId: string | number;
};

/** Who opens the rounds after the first. */
export type NextStarter =
  /** The player who lost a die (or the exact caller who gained one). */
  | 'LOSER'
  /** The winner of the round. */
  | 'WINNER';

/** When a player dropping to one die gets a palifico round. */
export type PalificoMode =
  /** Every time a player drops from two dice to one. */
  | 'EVERY_TIME'
  /** Never. */
  | 'NONE'
  /** The first time each player drops from two dice to one. */
  | 'ONCE_PER_GAME';

/** Input of placeBid. */
export type PlaceBidInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Refuse with STALE_VERSION unless this is the current version of the game. */
  expectedVersion?: number | null | undefined;
  /** Which face, 1 (aces) to 6. */
  face: number;
  /** The game. */
  gameId: string | number;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** How many dice (1 to the dice in play). */
  quantity: number;
};

/** Input of quickPlay. */
export type QuickPlayInput = {
  /** Seconds after a new table's creation at which NORMAL bots fill its free seats and it starts (0 to 300; 0: at once). Only a table's creator's counts; it takes no part in matching. */
  botFillSeconds?: number;
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Your seed for the game's dice (FAIRNESS.md): 1 to 64 printable ASCII characters; omitted, the server draws one. */
  clientSeed?: string | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** Seats at the table: 2 to the preset's maxPlayers; tables are matched on preset and players. */
  players?: number;
  /** The rules of the table. */
  preset: RulePreset;
};

/** How a bid on a non-ace face must raise the previous non-ace bid. */
export type RaiseMode =
  /** More of any face; the face alone never raises. */
  | 'QUANTITY_ONLY'
  /** More of any face, or as many of a higher face. */
  | 'STANDARD'
  /** More of the same face, or at least as many of a higher face. */
  | 'STRICT';

/** Input of registerPlayer. */
export type RegisterPlayerInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Makes a retry safe: the same key within 24 hours returns the first player and token again, and the player is created once; the same key with another name is IDEMPOTENCY_KEY_REUSED. 16 to 128 characters, no control characters. Whoever sends the key gets the token, so it must be a fresh random secret such as a UUID. */
  idempotencyKey?: string | null | undefined;
  /** Display name: 1 to 40 characters after trimming; no control, formatting or invisible characters (joiners and variation selectors only inside emoji) and not blank; unique by look: refused when another player's name is the same or looks the same (case, spacing and look-alike letters of other scripts do not count), and when it looks like a bot's default name ("HARD bot 2"). */
  name: string;
};

/** Input of removeBot. */
export type RemoveBotInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Refuse with STALE_VERSION unless this is the current version of the game. */
  expectedVersion?: number | null | undefined;
  /** The game. */
  gameId: string | number;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** The bot's seat (0-based position). */
  position: number;
};

/** Options that replace the preset's; omitted or null options keep the preset's value. A palifico or exact mode other than the preset's also brings that mode's defaults for the options that depend on it (palificoMinPlayers 3 for ONCE_PER_GAME and 2 for EVERY_TIME; no veterans rule without palifico; CALZA: ANY_EXCEPT_NEXT, 3 players, not in palifico rounds; JINTO: NEXT_ONLY, 2 players, in palifico rounds too; neither barred at maxDice), unless those are given as well. */
export type RuleOverridesInput = {
  /** The exact call allowed. */
  exact?: ExactMode | null | undefined;
  /** Who may call exact. */
  exactCaller?: ExactCaller | null | undefined;
  /** Whether exact calls are allowed in palifico rounds. */
  exactInPalifico?: boolean | null | undefined;
  /** Fewest players for an exact call (2 to 20). */
  exactMinPlayers?: number | null | undefined;
  /** Whether a player at maxDice is barred from exact calls. */
  exactRequiresBelowMax?: boolean | null | undefined;
  /** Who opens the first round. */
  firstStarter?: FirstStarter | null | undefined;
  /** Most dice a player may hold (startingDice to 20); defaults to startingDice when the preset has a cap. */
  maxDice?: number | null | undefined;
  /** Most players (minPlayers to 20). */
  maxPlayers?: number | null | undefined;
  /** Fewest players to start (2 to 20). */
  minPlayers?: number | null | undefined;
  /** Who opens later rounds. */
  nextStarter?: NextStarter | null | undefined;
  /** Whether a normal round may be opened on aces. */
  openingAces?: boolean | null | undefined;
  /** When palifico rounds happen. */
  palifico?: PalificoMode | null | undefined;
  /** Fewest players for a palifico round (2 to 20). */
  palificoMinPlayers?: number | null | undefined;
  /** Whether one-die veterans may change the face in palifico rounds. */
  palificoVeteransMayChangeFace?: boolean | null | undefined;
  /** How bids raise. */
  raise?: RaiseMode | null | undefined;
  /** Dice each player starts with (1 to 10). */
  startingDice?: number | null | undefined;
  /** Set true to remove the cap on dice. */
  unlimitedDice?: boolean | null | undefined;
  /** Whether aces are wild in normal rounds. */
  wildAces?: boolean | null | undefined;
};

/** A named set of rules a game starts from (overrides may change single options). */
export type RulePreset =
  /** Strict raises, random first starter, palifico once per game, no exact calls. */
  | 'CLASSIC'
  /** Three dice each, raises by quantity only, winner starts, jinto calls. */
  | 'LIARS_DICE'
  /** The boxed Perudo rules: roll-off, palifico with veterans changing face. */
  | 'PERUDO'
  /** House rules: no palifico, calza by anyone but the next player. */
  | 'PUB';

/** Input of kickPlayer and transferHost: a seat of a game in its lobby. */
export type SeatInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Refuse with STALE_VERSION unless this is the current version of the game. */
  expectedVersion?: number | null | undefined;
  /** The game. */
  gameId: string | number;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** The seat (0-based position). */
  position: number;
};

export type RegisterPlayerMutationVariables = Exact<{
  input: RegisterPlayerInput;
}>;


export type RegisterPlayerMutation = { registerPlayer: { token: string | null, player: { id: string, name: string } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { id: string, name: string, stats: { gamesPlayed: number, gamesWon: number, gamesFinished: number, gamesInProgress: number } } | null };

export type LobbyPageQueryVariables = Exact<{ [key: string]: never; }>;


export type LobbyPageQuery = { rulePresets: Array<{ preset: RulePreset, startingDice: number, maxPlayers: number, minPlayers: number, wildAces: boolean, exact: ExactMode, palifico: PalificoMode }>, games: { nodes: Array<{ id: string, name: string | null, status: GameStatus, version: number, maxPlayers: number, createdAt: string, turnSeconds: number | null, rules: { preset: RulePreset, startingDice: number }, host: { id: string, name: string }, seats: Array<{ position: number, player: { id: string, name: string } }>, viewerSeat: { position: number } | null }> }, viewer: { games: { nodes: Array<{ id: string, name: string | null, status: GameStatus, version: number, finishedAt: string | null, seats: Array<{ position: number }>, winner: { name: string } | null }> } } | null };

export type LobbyGameFragment = { id: string, name: string | null, status: GameStatus, version: number, maxPlayers: number, createdAt: string, turnSeconds: number | null, rules: { preset: RulePreset, startingDice: number }, host: { id: string, name: string }, seats: Array<{ position: number, player: { id: string, name: string } }>, viewerSeat: { position: number } | null };

export type LobbyEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LobbyEventsSubscription = { lobbyEvents: { id: string, name: string | null, status: GameStatus, version: number, maxPlayers: number, createdAt: string, turnSeconds: number | null, rules: { preset: RulePreset, startingDice: number }, host: { id: string, name: string }, seats: Array<{ position: number, player: { id: string, name: string } }>, viewerSeat: { position: number } | null } };

export type TableFragment = { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null };

export type GameTableQueryVariables = Exact<{
  id: string | number;
}>;


export type GameTableQuery = { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null };

export type GameEventsSubscriptionVariables = Exact<{
  gameId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type GameEventsSubscription = { gameEvents: { seq: number, type: GameEventType, at: string, seat: { position: number, player: { name: string } } | null, round: { number: number, voided: boolean, palifico: boolean, starter: { position: number }, bids: Array<{ quantity: number, face: number, seat: { position: number, player: { name: string } } }>, outcome: { kind: CallKind, actualCount: number, bid: { quantity: number, face: number, seat: { player: { name: string } } }, caller: { player: { name: string } }, loser: { player: { name: string } } | null, gainer: { player: { name: string } } | null } | null, reveal: Array<{ dice: Array<number>, seat: { position: number, player: { name: string } } }> | null } | null, game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } } };

export type RoundResultFragment = { number: number, voided: boolean, palifico: boolean, starter: { position: number }, bids: Array<{ quantity: number, face: number, seat: { position: number, player: { name: string } } }>, outcome: { kind: CallKind, actualCount: number, bid: { quantity: number, face: number, seat: { player: { name: string } } }, caller: { player: { name: string } }, loser: { player: { name: string } } | null, gainer: { player: { name: string } } | null } | null, reveal: Array<{ dice: Array<number>, seat: { position: number, player: { name: string } } }> | null };

export type GameHistoryQueryVariables = Exact<{
  id: string | number;
  after?: string | null | undefined;
}>;


export type GameHistoryQuery = { game: { id: string, name: string | null, status: GameStatus, startedAt: string | null, finishedAt: string | null, winner: { name: string } | null, seats: Array<{ position: number, player: { name: string } }>, rounds: { nodes: Array<{ number: number, voided: boolean, palifico: boolean, starter: { position: number }, bids: Array<{ quantity: number, face: number, seat: { position: number, player: { name: string } } }>, outcome: { kind: CallKind, actualCount: number, bid: { quantity: number, face: number, seat: { player: { name: string } } }, caller: { player: { name: string } }, loser: { player: { name: string } } | null, gainer: { player: { name: string } } | null } | null, reveal: Array<{ dice: Array<number>, seat: { position: number, player: { name: string } } }> | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type CreateGameMutationVariables = Exact<{
  input: CreateGameInput;
}>;


export type CreateGameMutation = { createGame: { game: { id: string } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type QuickPlayMutationVariables = Exact<{
  input: QuickPlayInput;
}>;


export type QuickPlayMutation = { quickPlay: { game: { id: string } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type RematchMutationVariables = Exact<{
  input: GameInput;
}>;


export type RematchMutation = { rematch: { game: { id: string } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type KickPlayerMutationVariables = Exact<{
  input: SeatInput;
}>;


export type KickPlayerMutation = { kickPlayer: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type TransferHostMutationVariables = Exact<{
  input: SeatInput;
}>;


export type TransferHostMutation = { transferHost: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type JoinGameMutationVariables = Exact<{
  input: GameInput;
}>;


export type JoinGameMutation = { joinGame: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type StartGameMutationVariables = Exact<{
  input: GameInput;
}>;


export type StartGameMutation = { startGame: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type LeaveGameMutationVariables = Exact<{
  input: GameInput;
}>;


export type LeaveGameMutation = { leaveGame: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type PlaceBidMutationVariables = Exact<{
  input: PlaceBidInput;
}>;


export type PlaceBidMutation = { placeBid: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type CallDudoMutationVariables = Exact<{
  input: GameActionInput;
}>;


export type CallDudoMutation = { callDudo: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type CallExactMutationVariables = Exact<{
  input: GameActionInput;
}>;


export type CallExactMutation = { callExact: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type AddBotMutationVariables = Exact<{
  input: AddBotInput;
}>;


export type AddBotMutation = { addBot: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type RemoveBotMutationVariables = Exact<{
  input: RemoveBotInput;
}>;


export type RemoveBotMutation = { removeBot: { game: { id: string, name: string | null, status: GameStatus, version: number, inviteCode: string | null, lastEventSeq: number, maxPlayers: number, turnSeconds: number | null, turnDeadline: string | null, rematch: { id: string } | null, rollOff: Array<{ attempt: number, value: number, seat: { position: number, player: { name: string } } }>, rules: { preset: RulePreset, startingDice: number, wildAces: boolean, exact: ExactMode, exactCaller: ExactCaller, palifico: PalificoMode }, host: { id: string, name: string }, winner: { id: string, name: string } | null, viewerSeat: { position: number } | null, turn: { position: number } | null, seats: Array<{ position: number, diceCount: number, dice: Array<number> | null, eliminated: boolean, left: boolean, player: { id: string, name: string, isBot: boolean, botLevel: BotLevel | null } }>, currentRound: { number: number, palifico: boolean, palificoSeat: { position: number } | null, bids: Array<{ seq: number, quantity: number, face: number, timedOut: boolean, seat: { position: number, player: { name: string } } }> } | null, legalActions: { canBid: boolean, canDudo: boolean, canExact: boolean, minBids: Array<{ face: number, minQuantity: number, probability: number }>, standingBidOdds: { atLeast: number, exactly: number } | null } | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type ChatMessageFieldsFragment = { id: string, seq: number, text: string | null, emote: Emote | null, at: string, author: { id: string, name: string } };

export type GameChatSubscriptionVariables = Exact<{
  gameId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type GameChatSubscription = { gameChat: { id: string, seq: number, text: string | null, emote: Emote | null, at: string, author: { id: string, name: string } } };

export type SendChatMessageMutationVariables = Exact<{
  input: ChatMessageInput;
}>;


export type SendChatMessageMutation = { sendChatMessage: { message: { id: string, seq: number, text: string | null, emote: Emote | null, at: string, author: { id: string, name: string } } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type MutePlayerMutationVariables = Exact<{
  input: MutePlayerInput;
}>;


export type MutePlayerMutation = { mutePlayer: { muted: boolean, userErrors: Array<{ code: ErrorCode, message: string }> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const LobbyGameFragmentDoc = new TypedDocumentString(`
    fragment LobbyGame on Game {
  id
  name
  status
  version
  maxPlayers
  createdAt
  turnSeconds
  rules {
    preset
    startingDice
  }
  host {
    id
    name
  }
  seats {
    position
    player {
      id
      name
    }
  }
  viewerSeat {
    position
  }
}
    `, {"fragmentName":"LobbyGame"}) as unknown as TypedDocumentString<LobbyGameFragment, unknown>;
export const TableFragmentDoc = new TypedDocumentString(`
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}
    `, {"fragmentName":"Table"}) as unknown as TypedDocumentString<TableFragment, unknown>;
export const RoundResultFragmentDoc = new TypedDocumentString(`
    fragment RoundResult on Round {
  number
  voided
  palifico
  starter {
    position
  }
  bids {
    quantity
    face
    seat {
      position
      player {
        name
      }
    }
  }
  outcome {
    kind
    actualCount
    bid {
      quantity
      face
      seat {
        player {
          name
        }
      }
    }
    caller {
      player {
        name
      }
    }
    loser {
      player {
        name
      }
    }
    gainer {
      player {
        name
      }
    }
  }
  reveal {
    seat {
      position
      player {
        name
      }
    }
    dice
  }
}
    `, {"fragmentName":"RoundResult"}) as unknown as TypedDocumentString<RoundResultFragment, unknown>;
export const ChatMessageFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChatMessageFields on ChatMessage {
  id
  seq
  text
  emote
  at
  author {
    id
    name
  }
}
    `, {"fragmentName":"ChatMessageFields"}) as unknown as TypedDocumentString<ChatMessageFieldsFragment, unknown>;
export const RegisterPlayerDocument = new TypedDocumentString(`
    mutation RegisterPlayer($input: RegisterPlayerInput!) {
  registerPlayer(input: $input) {
    player {
      id
      name
    }
    token
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<RegisterPlayerMutation, RegisterPlayerMutationVariables>;
export const ViewerDocument = new TypedDocumentString(`
    query Viewer {
  viewer {
    id
    name
    stats {
      gamesPlayed
      gamesWon
      gamesFinished
      gamesInProgress
    }
  }
}
    `) as unknown as TypedDocumentString<ViewerQuery, ViewerQueryVariables>;
export const LobbyPageDocument = new TypedDocumentString(`
    query LobbyPage {
  rulePresets {
    preset
    startingDice
    maxPlayers
    minPlayers
    wildAces
    exact
    palifico
  }
  games(status: LOBBY, first: 50) {
    nodes {
      ...LobbyGame
    }
  }
  viewer {
    games(first: 20) {
      nodes {
        id
        name
        status
        version
        seats {
          position
        }
        winner {
          name
        }
        finishedAt
      }
    }
  }
}
    fragment LobbyGame on Game {
  id
  name
  status
  version
  maxPlayers
  createdAt
  turnSeconds
  rules {
    preset
    startingDice
  }
  host {
    id
    name
  }
  seats {
    position
    player {
      id
      name
    }
  }
  viewerSeat {
    position
  }
}`) as unknown as TypedDocumentString<LobbyPageQuery, LobbyPageQueryVariables>;
export const LobbyEventsDocument = new TypedDocumentString(`
    subscription LobbyEvents {
  lobbyEvents {
    ...LobbyGame
  }
}
    fragment LobbyGame on Game {
  id
  name
  status
  version
  maxPlayers
  createdAt
  turnSeconds
  rules {
    preset
    startingDice
  }
  host {
    id
    name
  }
  seats {
    position
    player {
      id
      name
    }
  }
  viewerSeat {
    position
  }
}`) as unknown as TypedDocumentString<LobbyEventsSubscription, LobbyEventsSubscriptionVariables>;
export const GameTableDocument = new TypedDocumentString(`
    query GameTable($id: ID!) {
  game(id: $id) {
    ...Table
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<GameTableQuery, GameTableQueryVariables>;
export const GameEventsDocument = new TypedDocumentString(`
    subscription GameEvents($gameId: ID!, $afterSeq: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
    seq
    type
    at
    seat {
      position
      player {
        name
      }
    }
    round {
      ...RoundResult
    }
    game {
      ...Table
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}
fragment RoundResult on Round {
  number
  voided
  palifico
  starter {
    position
  }
  bids {
    quantity
    face
    seat {
      position
      player {
        name
      }
    }
  }
  outcome {
    kind
    actualCount
    bid {
      quantity
      face
      seat {
        player {
          name
        }
      }
    }
    caller {
      player {
        name
      }
    }
    loser {
      player {
        name
      }
    }
    gainer {
      player {
        name
      }
    }
  }
  reveal {
    seat {
      position
      player {
        name
      }
    }
    dice
  }
}`) as unknown as TypedDocumentString<GameEventsSubscription, GameEventsSubscriptionVariables>;
export const GameHistoryDocument = new TypedDocumentString(`
    query GameHistory($id: ID!, $after: String) {
  game(id: $id) {
    id
    name
    status
    startedAt
    finishedAt
    winner {
      name
    }
    seats {
      position
      player {
        name
      }
    }
    rounds(first: 100, after: $after) {
      nodes {
        ...RoundResult
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}
    fragment RoundResult on Round {
  number
  voided
  palifico
  starter {
    position
  }
  bids {
    quantity
    face
    seat {
      position
      player {
        name
      }
    }
  }
  outcome {
    kind
    actualCount
    bid {
      quantity
      face
      seat {
        player {
          name
        }
      }
    }
    caller {
      player {
        name
      }
    }
    loser {
      player {
        name
      }
    }
    gainer {
      player {
        name
      }
    }
  }
  reveal {
    seat {
      position
      player {
        name
      }
    }
    dice
  }
}`) as unknown as TypedDocumentString<GameHistoryQuery, GameHistoryQueryVariables>;
export const CreateGameDocument = new TypedDocumentString(`
    mutation CreateGame($input: CreateGameInput!) {
  createGame(input: $input) {
    game {
      id
    }
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<CreateGameMutation, CreateGameMutationVariables>;
export const QuickPlayDocument = new TypedDocumentString(`
    mutation QuickPlay($input: QuickPlayInput!) {
  quickPlay(input: $input) {
    game {
      id
    }
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<QuickPlayMutation, QuickPlayMutationVariables>;
export const RematchDocument = new TypedDocumentString(`
    mutation Rematch($input: GameInput!) {
  rematch(input: $input) {
    game {
      id
    }
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<RematchMutation, RematchMutationVariables>;
export const KickPlayerDocument = new TypedDocumentString(`
    mutation KickPlayer($input: SeatInput!) {
  kickPlayer(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<KickPlayerMutation, KickPlayerMutationVariables>;
export const TransferHostDocument = new TypedDocumentString(`
    mutation TransferHost($input: SeatInput!) {
  transferHost(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<TransferHostMutation, TransferHostMutationVariables>;
export const JoinGameDocument = new TypedDocumentString(`
    mutation JoinGame($input: GameInput!) {
  joinGame(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<JoinGameMutation, JoinGameMutationVariables>;
export const StartGameDocument = new TypedDocumentString(`
    mutation StartGame($input: GameInput!) {
  startGame(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<StartGameMutation, StartGameMutationVariables>;
export const LeaveGameDocument = new TypedDocumentString(`
    mutation LeaveGame($input: GameInput!) {
  leaveGame(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<LeaveGameMutation, LeaveGameMutationVariables>;
export const PlaceBidDocument = new TypedDocumentString(`
    mutation PlaceBid($input: PlaceBidInput!) {
  placeBid(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<PlaceBidMutation, PlaceBidMutationVariables>;
export const CallDudoDocument = new TypedDocumentString(`
    mutation CallDudo($input: GameActionInput!) {
  callDudo(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<CallDudoMutation, CallDudoMutationVariables>;
export const CallExactDocument = new TypedDocumentString(`
    mutation CallExact($input: GameActionInput!) {
  callExact(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<CallExactMutation, CallExactMutationVariables>;
export const AddBotDocument = new TypedDocumentString(`
    mutation AddBot($input: AddBotInput!) {
  addBot(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<AddBotMutation, AddBotMutationVariables>;
export const RemoveBotDocument = new TypedDocumentString(`
    mutation RemoveBot($input: RemoveBotInput!) {
  removeBot(input: $input) {
    game {
      ...Table
    }
    userErrors {
      code
      message
    }
  }
}
    fragment Table on Game {
  id
  name
  status
  version
  rematch {
    id
  }
  inviteCode
  rollOff {
    attempt
    value
    seat {
      position
      player {
        name
      }
    }
  }
  lastEventSeq
  maxPlayers
  turnSeconds
  turnDeadline
  rules {
    preset
    startingDice
    wildAces
    exact
    exactCaller
    palifico
  }
  host {
    id
    name
  }
  winner {
    id
    name
  }
  viewerSeat {
    position
  }
  turn {
    position
  }
  seats {
    position
    diceCount
    dice
    eliminated
    left
    player {
      id
      name
      isBot
      botLevel
    }
  }
  currentRound {
    number
    palifico
    palificoSeat {
      position
    }
    bids {
      seq
      quantity
      face
      timedOut
      seat {
        position
        player {
          name
        }
      }
    }
  }
  legalActions {
    canBid
    canDudo
    canExact
    minBids {
      face
      minQuantity
      probability
    }
    standingBidOdds {
      atLeast
      exactly
    }
  }
}`) as unknown as TypedDocumentString<RemoveBotMutation, RemoveBotMutationVariables>;
export const GameChatDocument = new TypedDocumentString(`
    subscription GameChat($gameId: ID!, $afterSeq: Int) {
  gameChat(gameId: $gameId, afterSeq: $afterSeq) {
    ...ChatMessageFields
  }
}
    fragment ChatMessageFields on ChatMessage {
  id
  seq
  text
  emote
  at
  author {
    id
    name
  }
}`) as unknown as TypedDocumentString<GameChatSubscription, GameChatSubscriptionVariables>;
export const SendChatMessageDocument = new TypedDocumentString(`
    mutation SendChatMessage($input: ChatMessageInput!) {
  sendChatMessage(input: $input) {
    message {
      ...ChatMessageFields
    }
    userErrors {
      code
      message
    }
  }
}
    fragment ChatMessageFields on ChatMessage {
  id
  seq
  text
  emote
  at
  author {
    id
    name
  }
}`) as unknown as TypedDocumentString<SendChatMessageMutation, SendChatMessageMutationVariables>;
export const MutePlayerDocument = new TypedDocumentString(`
    mutation MutePlayer($input: MutePlayerInput!) {
  mutePlayer(input: $input) {
    muted
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<MutePlayerMutation, MutePlayerMutationVariables>;