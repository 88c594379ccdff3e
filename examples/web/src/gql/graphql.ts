/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

/** The exact call ("the last bid is exactly right") these rules allow. */
export type ExactMode =
  /** Right: the caller gains a die from the supply. Wrong: the caller loses one. */
  | 'CALZA'
  /** Right: the caller takes a die from the bidder. Wrong: the caller loses one. */
  | 'JINTO'
  /** No exact call. */
  | 'NONE';

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

/** When a player dropping to one die gets a palifico round. */
export type PalificoMode =
  /** Every time a player drops from two dice to one. */
  | 'EVERY_TIME'
  /** Never. */
  | 'NONE'
  /** The first time each player drops from two dice to one. */
  | 'ONCE_PER_GAME';

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