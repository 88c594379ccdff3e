// What a move's commit records besides its events, read off the events and the states around them.
import { renumbersSeats, type BotLevel, type Command, type GameEvent, type GameState } from '../engine';

/** What the mover brings that no event carries. */
export interface MoverInput {
  /** The most open games the person this move seats may sit in (a create or a join); null: no cap. */
  readonly seatCap: number | null;
  /** The client seed of the person this move seats; null: the server draws it (FairnessRecords). */
  readonly clientSeed: string | null;
  /**
   * The name the host gave the bot an ADD_BOT seats as a new player (null: the table's next default).
   * Absent: the bot is a player already (a rematch carries its bots over).
   */
  readonly botName?: string | null;
}

/** A bot's player, created in the commit that seats it; a null name takes the table's next default. */
export interface NewBotPlayer {
  readonly id: string;
  readonly name: string | null;
  readonly level: BotLevel;
}

/** The side writes of a move's commit. */
export interface MoveRecord {
  /** The seats are rewritten whole: a game created, a join, a leave in the lobby. */
  readonly seating: boolean;
  /** Whether the commit needs a transaction: one statement records a move that changes no seat nor seed. */
  readonly inTransaction: boolean;
  /** The open-games cap the person seated is held to. */
  readonly seatCap: { readonly playerId: string; readonly max: number } | null;
  /** The bot a host adds, created as a player in the commit. */
  readonly newBot: NewBotPlayer | null;
  /** The bots a quick-play fill seats, created one at a time so that each default name avoids the last. */
  readonly filledBots: readonly NewBotPlayer[];
  /** A removed bot's player, deleted with its seat. */
  readonly removedBot: string | null;
  /** The client seed of each player seated, in the order they sat; null: the server draws it. */
  readonly clientSeeds: readonly { readonly playerId: string; readonly seed: string | null }[];
}

/** The part of a recorded move its side writes follow from. */
export interface MoveRecordInput {
  /** The state the move was decided on; null for a game being created. */
  readonly before: GameState | null;
  readonly events: readonly GameEvent[];
  /** The command applied (null for a create): only a fill's tells that the bots it seats are new. */
  readonly command: Command | null;
  readonly mover: MoverInput;
  /** The game seed a start fixes. */
  readonly gameSeed: string | null;
}

const NONE: readonly never[] = [];

/**
 * The side writes of a move, in one pass over its events: every player seated gets a client seed, a person
 * seated is held to the open-games cap, a bot seated by a fill or added by name is a new player, and a bot
 * leaving the lobby takes its player with it.
 */
export function moveRecord(move: MoveRecordInput): MoveRecord {
  const { before, mover } = move;
  let seating = before === null;
  let seatCap: MoveRecord['seatCap'] = null;
  let newBot: NewBotPlayer | null = null;
  let filledBots: NewBotPlayer[] | null = null;
  let removedBot: string | null = null;
  let clientSeeds: { playerId: string; seed: string | null }[] | null = null;
  // A fill naming its bots' levels seats players that exist (the arena's reference bots).
  const fill = move.command?.type === 'FILL_TABLE' && move.command.levels === undefined;
  for (const event of move.events) {
    if (!renumbersSeats(event)) continue;
    seating = true;
    if (event.type === 'PLAYER_JOINED') {
      const { playerId, bot } = event;
      (clientSeeds ??= []).push({ playerId, seed: bot ? null : mover.clientSeed });
      if (!bot) {
        if (mover.seatCap !== null) seatCap = { playerId, max: mover.seatCap };
      } else if (fill) {
        (filledBots ??= []).push({ id: playerId, name: null, level: bot });
      } else if (mover.botName !== undefined) {
        newBot = { id: playerId, name: mover.botName, level: bot };
      }
    } else if (
      event.type === 'PLAYER_LEFT' &&
      before?.seats.find((s) => s.playerId === event.playerId)?.bot
    ) {
      removedBot = event.playerId;
    }
  }
  return {
    seating,
    inTransaction: seating || move.gameSeed !== null,
    seatCap,
    newBot,
    filledBots: filledBots ?? NONE,
    removedBot,
    clientSeeds: clientSeeds ?? NONE,
  };
}
