/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Input of rotateAgentToken and retireAgent: one of the viewer's agents. With an idempotencyKey, a retry of rotateAgentToken within 24 hours returns the same new token and rotates once. */
export type AgentInput = {
  /** The agent (one of the viewer's). */
  agentId: string | number;
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
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

/** Input of acceptChallenge, declineChallenge and cancelChallenge. */
export type ChallengeIdInput = {
  /** The challenge. */
  challengeId: string | number;
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
};

/** Input of challengePlayers: whom to challenge and the game to play, a PRIVATE table the challenger hosts. */
export type ChallengeInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** Seconds the invitees have to answer (30 to 86400, default 600). */
  expiresInSeconds?: number | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** A message for the invitees: at most 280 characters, no control characters. */
  message?: string | null | undefined;
  /** Options that replace the preset’s. */
  overrides?: RuleOverridesInput | null | undefined;
  /** The rules' minPlayers − 1 (at least 1) to maxPlayers − 1 other people (not oneself, not bots), each once. */
  playerIds: Array<string | number>;
  /** The rules to start from. */
  preset: RulePreset;
  /** false: the game changes no rating. */
  rated?: boolean;
  /** Seconds each turn may last (5 to 86400); omit for untimed turns. */
  turnSeconds?: number | null | undefined;
};

/** Whose challenges a player takes (players they blocked never challenge them). */
export type ChallengePolicy =
  /** Anyone’s (the default). */
  | 'EVERYONE'
  /** Nobody’s. */
  | 'NOBODY'
  /** Only those of players they held a seat with in a same game that started. */
  | 'PLAYED_WITH';

/** Input of setChallengePolicy. */
export type ChallengePolicyInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** Whose challenges to take from now on. */
  policy: ChallengePolicy;
};

/** Where a challenge, or one invitee’s answer to it, stands. */
export type ChallengeStatus =
  /** An invitee: accepted and was seated. A challenge: every invitee answered, and one accepted. */
  | 'ACCEPTED'
  /** The challenger withdrew the challenge (cancelChallenge) while it was open. */
  | 'CANCELLED'
  /** An invitee: declined (their seat was freed). A challenge: every invitee declined. */
  | 'DECLINED'
  /** Not answered by expiresAt, or the game left its lobby first (started or cancelled): the held seats were freed. */
  | 'EXPIRED'
  /** Waiting for answers (an invitee: has not answered; their seat is held). */
  | 'OPEN';

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

/** Input of createAgent. With an idempotencyKey, a retry within 24 hours returns the same agent and token and creates once. */
export type CreateAgentInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** The agent's display name, under registerPlayer's rules: 1 to 40 characters after trimming, nothing invisible or blank, and unique by look among players. */
  name: string;
};

/** Input of createWebhook. */
export type CreateWebhookInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** A note for the owner (at most 200 characters). */
  description?: string | null | undefined;
  /** The events to send (at least one). */
  events: Array<WebhookEventType>;
  /** A retry with the same key returns the endpoint it created (and its secret) instead of another. */
  idempotencyKey?: string | null | undefined;
  /** Where to POST deliveries: an absolute https URL (at most 2048 characters) of a public address; no user name or password. */
  url: string;
};

/** Input of redeliverWebhook. */
export type DeliveryInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** The delivery (of one of the viewer's webhooks). */
  deliveryId: string | number;
  /** Accepted for uniformity: a retry queues the same delivery again, with the same webhook-id. */
  idempotencyKey?: string | null | undefined;
};

/** Where a delivery is. */
export type DeliveryStatus =
  /** Every attempt of the retry schedule failed (redeliverWebhook sends it again). */
  | 'FAILED'
  /** Not sent yet, or to be retried at nextAttemptAt. */
  | 'PENDING'
  /** An attempt got a 2xx answer. */
  | 'SUCCEEDED';

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
  /** An agent was refused: a seat at a table with allowAgents false (joinGame, quickPlay, a challenge, a rematch, or hosting one), or createAgent (only a person owns agents). */
  | 'AGENTS_NOT_ALLOWED'
  /** createAgent: the person already holds 10 agents that are not retired. */
  | 'AGENT_LIMIT_REACHED'
  /** The player already has a seat. */
  | 'ALREADY_JOINED'
  /** The bid does not raise the previous one (also a palifico veteran bidding a lower face: they may only raise it). */
  | 'BID_NOT_HIGHER'
  /** challengePlayers: an invitee takes no challenges from you (their policy, or they blocked you); which one is not said. */
  | 'CHALLENGES_REFUSED'
  /** The challenge (or your invitation) is no longer open: answered, cancelled or expired. */
  | 'CHALLENGE_NOT_OPEN'
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
  /** arenaJoin, or joinGame at an arena table: only an agent (a program's account) plays in the arena. */
  | 'NOT_AN_AGENT'
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
  | 'TOO_MANY_GAMES'
  /** The player already has 10 webhooks. */
  | 'WEBHOOK_LIMIT_REACHED'
  /** The webhook URL is not https (unless the server allows http) or names a loopback, private, link-local, unique-local, multicast or unspecified address. */
  | 'WEBHOOK_URL_NOT_ALLOWED';

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

/** What happened that concerns the viewer. */
export type PlayerEventType =
  /** An invitee accepted the viewer's challenge and was seated. */
  | 'CHALLENGE_ACCEPTED'
  /** An invitee declined the viewer's challenge: their held seat is free. */
  | 'CHALLENGE_DECLINED'
  /** A challenge expired unanswered (or its game left the lobby first): sent to its challenger and to each invitee who had not answered. */
  | 'CHALLENGE_EXPIRED'
  /** Another player challenged the viewer (PlayerEvent.challenge). */
  | 'CHALLENGE_RECEIVED'
  /** A game the viewer is seated in finished. */
  | 'GAME_FINISHED'
  /** A game the viewer is seated in started. */
  | 'GAME_STARTED'
  /** The host freed the viewer's seat in the lobby. */
  | 'KICKED'
  /** Another player nudged the viewer, who is on turn: the turn now has a deadline. */
  | 'NUDGED'
  /** Another player asked for a rematch of a finished game of the viewer's (its `rematch`). */
  | 'REMATCH_CREATED'
  /** The server took the viewer's seat over (returnToGame takes it back). */
  | 'SEAT_AWAY'
  /** A turn of the viewer's began (the game's first, each round's, also while away). */
  | 'YOUR_TURN';

/** Input of blockPlayer and unblockPlayer. */
export type PlayerIdInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** The player to block or unblock. */
  playerId: string | number;
};

/** How a bid on a non-ace face must raise the previous non-ace bid. */
export type RaiseMode =
  /** More of any face; the face alone never raises. */
  | 'QUANTITY_ONLY'
  /** More of any face, or as many of a higher face. */
  | 'STANDARD'
  /** More of the same face, or at least as many of a higher face. */
  | 'STRICT';

/** Input of renameAgent. */
export type RenameAgentInput = {
  /** The agent (one of the viewer's). */
  agentId: string | number;
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters). */
  idempotencyKey?: string | null | undefined;
  /** The new display name, under registerPlayer's rules: 1 to 40 characters after trimming, nothing invisible or blank, and unique by look among players. */
  name: string;
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

/** Input of updateWebhook: the fields given change, the others stay. */
export type UpdateWebhookInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** A new note (at most 200 characters; "" clears it). */
  description?: string | null | undefined;
  /** false pauses deliveries; true enables it again (also after the server disabled it). */
  enabled?: boolean | null | undefined;
  /** New events (at least one). */
  events?: Array<WebhookEventType> | null | undefined;
  /** Accepted for uniformity: the change sets a state, so a retry is harmless. */
  idempotencyKey?: string | null | undefined;
  /** A new URL (the rules of createWebhook). */
  url?: string | null | undefined;
  /** The webhook (one of the viewer's). */
  webhookId: string | number;
};

/** What a webhook is sent: the playerEvents types, for the endpoint's owner. A body is `{ type, timestamp, data }`; `data` holds `player`, and for a game's events `game`, `gameName` and `gameVersion` (right after the event), for a challenge's `challenge` and `game`; GAME_FINISHED's `data` is the finished game's export line. */
export type WebhookEventType =
  /** An invitee accepted the owner's challenge. */
  | 'CHALLENGE_ACCEPTED'
  /** An invitee declined the owner's challenge. */
  | 'CHALLENGE_DECLINED'
  /** A challenge the owner made or received expired unanswered. */
  | 'CHALLENGE_EXPIRED'
  /** Another player challenged the owner. */
  | 'CHALLENGE_RECEIVED'
  /** A game the owner played finished: `data` is the game's export line. */
  | 'GAME_FINISHED'
  /** A game the owner is seated in started. */
  | 'GAME_STARTED'
  /** The host freed the owner's seat in the lobby. */
  | 'KICKED'
  /** Another player nudged the owner, who is on turn. */
  | 'NUDGED'
  /** Another player asked for a rematch of a finished game of the owner's. */
  | 'REMATCH_CREATED'
  /** The server took the owner's seat over. */
  | 'SEAT_AWAY'
  /** A turn of the owner's began. */
  | 'YOUR_TURN';

/** Input naming one webhook of the viewer. */
export type WebhookInput = {
  /** Echoed back in the payload (at most 128 characters). */
  clientMutationId?: string | null | undefined;
  /** rotateWebhookSecret: a retry with the key of the last rotation returns its secret instead of another. */
  idempotencyKey?: string | null | undefined;
  /** The webhook (one of the viewer's). */
  webhookId: string | number;
};

export type LobbyPageQueryVariables = Exact<{ [key: string]: never; }>;


export type LobbyPageQuery = { rulePresets: Array<{ preset: RulePreset, startingDice: number, maxPlayers: number, minPlayers: number, wildAces: boolean, exact: ExactMode, palifico: PalificoMode }>, games: { nodes: Array<{ id: string, name: string | null, status: GameStatus, version: number, maxPlayers: number, createdAt: string, turnSeconds: number | null, rules: { preset: RulePreset, startingDice: number }, host: { id: string, name: string }, seats: Array<{ position: number, player: { id: string, name: string } }>, viewerSeat: { position: number } | null }> }, viewer: { games: { nodes: Array<{ id: string, name: string | null, status: GameStatus, version: number, finishedAt: string | null, seats: Array<{ position: number }>, winner: { name: string } | null }> } } | null };

export type LobbyGameFragment = { id: string, name: string | null, status: GameStatus, version: number, maxPlayers: number, createdAt: string, turnSeconds: number | null, rules: { preset: RulePreset, startingDice: number }, host: { id: string, name: string }, seats: Array<{ position: number, player: { id: string, name: string } }>, viewerSeat: { position: number } | null };

export type LobbyEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LobbyEventsSubscription = { lobbyEvents: { id: string, name: string | null, status: GameStatus, version: number, maxPlayers: number, createdAt: string, turnSeconds: number | null, rules: { preset: RulePreset, startingDice: number }, host: { id: string, name: string }, seats: Array<{ position: number, player: { id: string, name: string } }>, viewerSeat: { position: number } | null } };

export type RoundResultFragment = { number: number, voided: boolean, palifico: boolean, starter: { position: number }, bids: Array<{ quantity: number, face: number, seat: { position: number, player: { name: string } } }>, outcome: { kind: CallKind, actualCount: number, bid: { quantity: number, face: number, seat: { player: { name: string } } }, caller: { player: { name: string } }, loser: { player: { name: string } } | null, gainer: { player: { name: string } } | null } | null, reveal: Array<{ dice: Array<number>, seat: { position: number, player: { name: string } } }> | null };

export type GameHistoryQueryVariables = Exact<{
  id: string | number;
  after?: string | null | undefined;
}>;


export type GameHistoryQuery = { game: { id: string, name: string | null, status: GameStatus, startedAt: string | null, finishedAt: string | null, winner: { name: string } | null, seats: Array<{ position: number, player: { name: string } }>, rounds: { nodes: Array<{ number: number, voided: boolean, palifico: boolean, starter: { position: number }, bids: Array<{ quantity: number, face: number, seat: { position: number, player: { name: string } } }>, outcome: { kind: CallKind, actualCount: number, bid: { quantity: number, face: number, seat: { player: { name: string } } }, caller: { player: { name: string } }, loser: { player: { name: string } } | null, gainer: { player: { name: string } } | null } | null, reveal: Array<{ dice: Array<number>, seat: { position: number, player: { name: string } } }> | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type ChatMessageFieldsFragment = { id: string, seq: number, text: string | null, emote: Emote | null, at: string, author: { id: string, name: string } };

export type SendChatMessageMutationVariables = Exact<{
  input: ChatMessageInput;
}>;


export type SendChatMessageMutation = { sendChatMessage: { message: { id: string, seq: number, text: string | null, emote: Emote | null, at: string, author: { id: string, name: string } } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type MutePlayerMutationVariables = Exact<{
  input: MutePlayerInput;
}>;


export type MutePlayerMutation = { mutePlayer: { muted: boolean, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type WebhookFieldsFragment = { id: string, url: string, events: Array<WebhookEventType>, description: string | null, enabled: boolean, disabledReason: string | null, createdAt: string, deliveries: { nodes: Array<{ id: string, webhookMessageId: string, eventType: WebhookEventType, status: DeliveryStatus, attempts: number, responseStatus: number | null, durationMs: number | null, lastAttemptAt: string | null, nextAttemptAt: string | null }> } };

export type WebhooksPageQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhooksPageQuery = { viewer: { id: string, challengePolicy: ChallengePolicy | null, webhooks: Array<{ id: string, url: string, events: Array<WebhookEventType>, description: string | null, enabled: boolean, disabledReason: string | null, createdAt: string, deliveries: { nodes: Array<{ id: string, webhookMessageId: string, eventType: WebhookEventType, status: DeliveryStatus, attempts: number, responseStatus: number | null, durationMs: number | null, lastAttemptAt: string | null, nextAttemptAt: string | null }> } }> | null } | null };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { createWebhook: { secret: string | null, webhook: { id: string } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type UpdateWebhookMutationVariables = Exact<{
  input: UpdateWebhookInput;
}>;


export type UpdateWebhookMutation = { updateWebhook: { webhook: { id: string, enabled: boolean } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type RotateWebhookSecretMutationVariables = Exact<{
  input: WebhookInput;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { secret: string | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type DeleteWebhookMutationVariables = Exact<{
  input: WebhookInput;
}>;


export type DeleteWebhookMutation = { deleteWebhook: { userErrors: Array<{ code: ErrorCode, message: string }> } };

export type RedeliverWebhookMutationVariables = Exact<{
  input: DeliveryInput;
}>;


export type RedeliverWebhookMutation = { redeliverWebhook: { delivery: { id: string, status: DeliveryStatus } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type ChallengeFieldsFragment = { id: string, status: ChallengeStatus, message: string | null, expiresAt: string, challenger: { id: string, name: string }, game: { id: string }, invitees: Array<{ status: ChallengeStatus, player: { id: string, name: string } }> };

export type MyChallengesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyChallengesQuery = { viewer: { id: string, challenges: Array<{ id: string, status: ChallengeStatus, message: string | null, expiresAt: string, challenger: { id: string, name: string }, game: { id: string }, invitees: Array<{ status: ChallengeStatus, player: { id: string, name: string } }> }> | null } | null };

export type ChallengePlayersMutationVariables = Exact<{
  input: ChallengeInput;
}>;


export type ChallengePlayersMutation = { challengePlayers: { challenge: { id: string, status: ChallengeStatus, message: string | null, expiresAt: string, challenger: { id: string, name: string }, game: { id: string }, invitees: Array<{ status: ChallengeStatus, player: { id: string, name: string } }> } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type AcceptChallengeMutationVariables = Exact<{
  input: ChallengeIdInput;
}>;


export type AcceptChallengeMutation = { acceptChallenge: { challenge: { id: string, game: { id: string } } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type DeclineChallengeMutationVariables = Exact<{
  input: ChallengeIdInput;
}>;


export type DeclineChallengeMutation = { declineChallenge: { userErrors: Array<{ code: ErrorCode, message: string }> } };

export type CancelChallengeMutationVariables = Exact<{
  input: ChallengeIdInput;
}>;


export type CancelChallengeMutation = { cancelChallenge: { userErrors: Array<{ code: ErrorCode, message: string }> } };

export type ChallengeEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ChallengeEventsSubscription = { playerEvents: { type: PlayerEventType, challenge: { id: string, status: ChallengeStatus, message: string | null, expiresAt: string, challenger: { id: string, name: string }, game: { id: string }, invitees: Array<{ status: ChallengeStatus, player: { id: string, name: string } }> } | null } };

export type PlayerPageQueryVariables = Exact<{
  id: string | number;
}>;


export type PlayerPageQuery = { player: { id: string, name: string, botLevel: BotLevel | null } | null, viewer: { id: string, challengePolicy: ChallengePolicy | null, blockedPlayers: Array<{ id: string }> | null, challenges: Array<{ id: string, status: ChallengeStatus, message: string | null, expiresAt: string, challenger: { id: string, name: string }, game: { id: string }, invitees: Array<{ status: ChallengeStatus, player: { id: string, name: string } }> }> | null } | null, rulePresets: Array<{ preset: RulePreset }> };

export type BlockPlayerMutationVariables = Exact<{
  input: PlayerIdInput;
}>;


export type BlockPlayerMutation = { blockPlayer: { userErrors: Array<{ code: ErrorCode, message: string }> } };

export type UnblockPlayerMutationVariables = Exact<{
  input: PlayerIdInput;
}>;


export type UnblockPlayerMutation = { unblockPlayer: { userErrors: Array<{ code: ErrorCode, message: string }> } };

export type SetChallengePolicyMutationVariables = Exact<{
  input: ChallengePolicyInput;
}>;


export type SetChallengePolicyMutation = { setChallengePolicy: { player: { id: string, challengePolicy: ChallengePolicy | null } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type HeadToHeadWithViewerQueryVariables = Exact<{
  opponentId: string | number;
  preset?: RulePreset | null | undefined;
  finishedAfter?: string | null | undefined;
}>;


export type HeadToHeadWithViewerQuery = { viewer: { id: string, headToHead: { games: number, placedAbove: number, placedBelow: number, diceTaken: number, diceLost: number, recent: { nodes: Array<{ id: string, name: string | null, finishedAt: string | null, rules: { preset: RulePreset }, places: Array<{ place: number, player: { id: string, name: string } }> }> } } } | null };

export type PlayerStatsByPresetQueryVariables = Exact<{
  id: string | number;
  preset?: RulePreset | null | undefined;
}>;


export type PlayerStatsByPresetQuery = { player: { id: string, stats: { gamesPlayed: number, gamesFinished: number, gamesInProgress: number, gamesWon: number, roundsPlayed: number, roundsLost: number, bidsPlaced: number, bidsChallenged: number, bidsChallengedHeld: number, dudoCalls: number, dudoCallsWon: number, exactCalls: number, exactCallsWon: number } } | null };

export type AgentLeaderboardQueryVariables = Exact<{
  preset: RulePreset;
  after?: string | null | undefined;
  includeProvisional: boolean;
}>;


export type AgentLeaderboardQuery = { agentLeaderboard: { edges: Array<{ cursor: string, node: { rank: number, player: { id: string, name: string, isArenaReference: boolean, retired: boolean, owner: { id: string, name: string } | null }, rating: { ordinal: number, mu: number, sigma: number, games: number, provisional: boolean } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type AgentGamesQueryVariables = Exact<{
  playerId: string | number;
}>;


export type AgentGamesQuery = { games: { nodes: Array<{ id: string, name: string | null, status: GameStatus, arena: boolean, finishedAt: string | null, rules: { preset: RulePreset }, places: Array<{ place: number, player: { id: string } }>, seats: Array<{ position: number, player: { id: string, name: string } }> }> } };

export type AgentFieldsFragment = { id: string, name: string, retired: boolean };

export type MyAgentsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyAgentsQuery = { viewer: { id: string, isAgent: boolean, agents: Array<{ id: string, name: string, retired: boolean }> | null } | null };

export type CreateAgentMutationVariables = Exact<{
  input: CreateAgentInput;
}>;


export type CreateAgentMutation = { createAgent: { token: string | null, player: { id: string, name: string, retired: boolean } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type RotateAgentTokenMutationVariables = Exact<{
  input: AgentInput;
}>;


export type RotateAgentTokenMutation = { rotateAgentToken: { token: string | null, player: { id: string, name: string, retired: boolean } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type RenameAgentMutationVariables = Exact<{
  input: RenameAgentInput;
}>;


export type RenameAgentMutation = { renameAgent: { player: { id: string, name: string, retired: boolean } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

export type RetireAgentMutationVariables = Exact<{
  input: AgentInput;
}>;


export type RetireAgentMutation = { retireAgent: { player: { id: string, name: string, retired: boolean } | null, userErrors: Array<{ code: ErrorCode, message: string }> } };

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
export const WebhookFieldsFragmentDoc = new TypedDocumentString(`
    fragment WebhookFields on Webhook {
  id
  url
  events
  description
  enabled
  disabledReason
  createdAt
  deliveries(first: 10) {
    nodes {
      id
      webhookMessageId
      eventType
      status
      attempts
      responseStatus
      durationMs
      lastAttemptAt
      nextAttemptAt
    }
  }
}
    `, {"fragmentName":"WebhookFields"}) as unknown as TypedDocumentString<WebhookFieldsFragment, unknown>;
export const ChallengeFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChallengeFields on Challenge {
  id
  status
  message
  expiresAt
  challenger {
    id
    name
  }
  game {
    id
  }
  invitees {
    status
    player {
      id
      name
    }
  }
}
    `, {"fragmentName":"ChallengeFields"}) as unknown as TypedDocumentString<ChallengeFieldsFragment, unknown>;
export const AgentFieldsFragmentDoc = new TypedDocumentString(`
    fragment AgentFields on Player {
  id
  name
  retired
}
    `, {"fragmentName":"AgentFields"}) as unknown as TypedDocumentString<AgentFieldsFragment, unknown>;
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
export const WebhooksPageDocument = new TypedDocumentString(`
    query WebhooksPage {
  viewer {
    id
    challengePolicy
    webhooks {
      ...WebhookFields
    }
  }
}
    fragment WebhookFields on Webhook {
  id
  url
  events
  description
  enabled
  disabledReason
  createdAt
  deliveries(first: 10) {
    nodes {
      id
      webhookMessageId
      eventType
      status
      attempts
      responseStatus
      durationMs
      lastAttemptAt
      nextAttemptAt
    }
  }
}`) as unknown as TypedDocumentString<WebhooksPageQuery, WebhooksPageQueryVariables>;
export const CreateWebhookDocument = new TypedDocumentString(`
    mutation CreateWebhook($input: CreateWebhookInput!) {
  createWebhook(input: $input) {
    secret
    webhook {
      id
    }
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const UpdateWebhookDocument = new TypedDocumentString(`
    mutation UpdateWebhook($input: UpdateWebhookInput!) {
  updateWebhook(input: $input) {
    webhook {
      id
      enabled
    }
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($input: WebhookInput!) {
  rotateWebhookSecret(input: $input) {
    secret
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const DeleteWebhookDocument = new TypedDocumentString(`
    mutation DeleteWebhook($input: WebhookInput!) {
  deleteWebhook(input: $input) {
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const RedeliverWebhookDocument = new TypedDocumentString(`
    mutation RedeliverWebhook($input: DeliveryInput!) {
  redeliverWebhook(input: $input) {
    delivery {
      id
      status
    }
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<RedeliverWebhookMutation, RedeliverWebhookMutationVariables>;
export const MyChallengesDocument = new TypedDocumentString(`
    query MyChallenges {
  viewer {
    id
    challenges(status: OPEN) {
      ...ChallengeFields
    }
  }
}
    fragment ChallengeFields on Challenge {
  id
  status
  message
  expiresAt
  challenger {
    id
    name
  }
  game {
    id
  }
  invitees {
    status
    player {
      id
      name
    }
  }
}`) as unknown as TypedDocumentString<MyChallengesQuery, MyChallengesQueryVariables>;
export const ChallengePlayersDocument = new TypedDocumentString(`
    mutation ChallengePlayers($input: ChallengeInput!) {
  challengePlayers(input: $input) {
    challenge {
      ...ChallengeFields
    }
    userErrors {
      code
      message
    }
  }
}
    fragment ChallengeFields on Challenge {
  id
  status
  message
  expiresAt
  challenger {
    id
    name
  }
  game {
    id
  }
  invitees {
    status
    player {
      id
      name
    }
  }
}`) as unknown as TypedDocumentString<ChallengePlayersMutation, ChallengePlayersMutationVariables>;
export const AcceptChallengeDocument = new TypedDocumentString(`
    mutation AcceptChallenge($input: ChallengeIdInput!) {
  acceptChallenge(input: $input) {
    challenge {
      id
      game {
        id
      }
    }
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<AcceptChallengeMutation, AcceptChallengeMutationVariables>;
export const DeclineChallengeDocument = new TypedDocumentString(`
    mutation DeclineChallenge($input: ChallengeIdInput!) {
  declineChallenge(input: $input) {
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<DeclineChallengeMutation, DeclineChallengeMutationVariables>;
export const CancelChallengeDocument = new TypedDocumentString(`
    mutation CancelChallenge($input: ChallengeIdInput!) {
  cancelChallenge(input: $input) {
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<CancelChallengeMutation, CancelChallengeMutationVariables>;
export const ChallengeEventsDocument = new TypedDocumentString(`
    subscription ChallengeEvents {
  playerEvents {
    type
    challenge {
      ...ChallengeFields
    }
  }
}
    fragment ChallengeFields on Challenge {
  id
  status
  message
  expiresAt
  challenger {
    id
    name
  }
  game {
    id
  }
  invitees {
    status
    player {
      id
      name
    }
  }
}`) as unknown as TypedDocumentString<ChallengeEventsSubscription, ChallengeEventsSubscriptionVariables>;
export const PlayerPageDocument = new TypedDocumentString(`
    query PlayerPage($id: ID!) {
  player(id: $id) {
    id
    name
    botLevel
  }
  viewer {
    id
    challengePolicy
    blockedPlayers {
      id
    }
    challenges {
      ...ChallengeFields
    }
  }
  rulePresets {
    preset
  }
}
    fragment ChallengeFields on Challenge {
  id
  status
  message
  expiresAt
  challenger {
    id
    name
  }
  game {
    id
  }
  invitees {
    status
    player {
      id
      name
    }
  }
}`) as unknown as TypedDocumentString<PlayerPageQuery, PlayerPageQueryVariables>;
export const BlockPlayerDocument = new TypedDocumentString(`
    mutation BlockPlayer($input: PlayerIdInput!) {
  blockPlayer(input: $input) {
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<BlockPlayerMutation, BlockPlayerMutationVariables>;
export const UnblockPlayerDocument = new TypedDocumentString(`
    mutation UnblockPlayer($input: PlayerIdInput!) {
  unblockPlayer(input: $input) {
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<UnblockPlayerMutation, UnblockPlayerMutationVariables>;
export const SetChallengePolicyDocument = new TypedDocumentString(`
    mutation SetChallengePolicy($input: ChallengePolicyInput!) {
  setChallengePolicy(input: $input) {
    player {
      id
      challengePolicy
    }
    userErrors {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<SetChallengePolicyMutation, SetChallengePolicyMutationVariables>;
export const HeadToHeadWithViewerDocument = new TypedDocumentString(`
    query HeadToHeadWithViewer($opponentId: ID!, $preset: RulePreset, $finishedAfter: DateTime) {
  viewer {
    id
    headToHead(
      opponentId: $opponentId
      preset: $preset
      finishedAfter: $finishedAfter
    ) {
      games
      placedAbove
      placedBelow
      diceTaken
      diceLost
      recent(first: 10) {
        nodes {
          id
          name
          finishedAt
          rules {
            preset
          }
          places {
            place
            player {
              id
              name
            }
          }
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<HeadToHeadWithViewerQuery, HeadToHeadWithViewerQueryVariables>;
export const PlayerStatsByPresetDocument = new TypedDocumentString(`
    query PlayerStatsByPreset($id: ID!, $preset: RulePreset) {
  player(id: $id) {
    id
    stats(preset: $preset) {
      gamesPlayed
      gamesFinished
      gamesInProgress
      gamesWon
      roundsPlayed
      roundsLost
      bidsPlaced
      bidsChallenged
      bidsChallengedHeld
      dudoCalls
      dudoCallsWon
      exactCalls
      exactCallsWon
    }
  }
}
    `) as unknown as TypedDocumentString<PlayerStatsByPresetQuery, PlayerStatsByPresetQueryVariables>;
export const AgentLeaderboardDocument = new TypedDocumentString(`
    query AgentLeaderboard($preset: RulePreset!, $after: String, $includeProvisional: Boolean!) {
  agentLeaderboard(
    preset: $preset
    first: 50
    after: $after
    includeProvisional: $includeProvisional
  ) {
    edges {
      cursor
      node {
        rank
        player {
          id
          name
          isArenaReference
          retired
          owner {
            id
            name
          }
        }
        rating {
          ordinal
          mu
          sigma
          games
          provisional
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<AgentLeaderboardQuery, AgentLeaderboardQueryVariables>;
export const AgentGamesDocument = new TypedDocumentString(`
    query AgentGames($playerId: ID!) {
  games(playerId: $playerId, first: 10) {
    nodes {
      id
      name
      status
      arena
      finishedAt
      rules {
        preset
      }
      places {
        place
        player {
          id
        }
      }
      seats {
        position
        player {
          id
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AgentGamesQuery, AgentGamesQueryVariables>;
export const MyAgentsDocument = new TypedDocumentString(`
    query MyAgents {
  viewer {
    id
    isAgent
    agents {
      ...AgentFields
    }
  }
}
    fragment AgentFields on Player {
  id
  name
  retired
}`) as unknown as TypedDocumentString<MyAgentsQuery, MyAgentsQueryVariables>;
export const CreateAgentDocument = new TypedDocumentString(`
    mutation CreateAgent($input: CreateAgentInput!) {
  createAgent(input: $input) {
    player {
      ...AgentFields
    }
    token
    userErrors {
      code
      message
    }
  }
}
    fragment AgentFields on Player {
  id
  name
  retired
}`) as unknown as TypedDocumentString<CreateAgentMutation, CreateAgentMutationVariables>;
export const RotateAgentTokenDocument = new TypedDocumentString(`
    mutation RotateAgentToken($input: AgentInput!) {
  rotateAgentToken(input: $input) {
    player {
      ...AgentFields
    }
    token
    userErrors {
      code
      message
    }
  }
}
    fragment AgentFields on Player {
  id
  name
  retired
}`) as unknown as TypedDocumentString<RotateAgentTokenMutation, RotateAgentTokenMutationVariables>;
export const RenameAgentDocument = new TypedDocumentString(`
    mutation RenameAgent($input: RenameAgentInput!) {
  renameAgent(input: $input) {
    player {
      ...AgentFields
    }
    userErrors {
      code
      message
    }
  }
}
    fragment AgentFields on Player {
  id
  name
  retired
}`) as unknown as TypedDocumentString<RenameAgentMutation, RenameAgentMutationVariables>;
export const RetireAgentDocument = new TypedDocumentString(`
    mutation RetireAgent($input: AgentInput!) {
  retireAgent(input: $input) {
    player {
      ...AgentFields
    }
    userErrors {
      code
      message
    }
  }
}
    fragment AgentFields on Player {
  id
  name
  retired
}`) as unknown as TypedDocumentString<RetireAgentMutation, RetireAgentMutationVariables>;