// What the bot reads of a game and of its events: the fields it selects, and their types.

export interface SeatView {
  position: number;
  diceCount: number;
  dice: number[] | null;
  player: { id: string; name: string };
}

export interface GameView {
  id: string;
  status: 'LOBBY' | 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  version: number;
  rules: { wildAces: boolean };
  seats: SeatView[];
  turn: { position: number } | null;
  viewerSeat: { position: number } | null;
  winner: { id: string; name: string } | null;
  currentRound: {
    number: number;
    palifico: boolean;
    bids: { quantity: number; face: number; seat: { position: number } }[];
  } | null;
  legalActions: {
    canBid: boolean;
    canDudo: boolean;
    canExact: boolean;
    minBids: { face: number; minQuantity: number }[];
  } | null;
}

export interface GameEvent {
  seq: number;
  type: string;
  seat: { position: number } | null;
  bid: { quantity: number; face: number } | null;
  outcome: { kind: string; actualCount: number; loser: { position: number } | null } | null;
  round: {
    number: number;
    /** k[r] in hex once the round has ended (the dice check reads it). */
    serverKey?: string | null;
    reveal: { seat: { position: number }; dice: number[] }[] | null;
  } | null;
  game: GameView;
}

export const GAME_FIELDS = `
  id status version
  rules { wildAces }
  seats { position diceCount dice player { id name } }
  turn { position }
  viewerSeat { position }
  winner { id name }
  currentRound { number palifico bids { quantity face seat { position } } }
  legalActions { canBid canDudo canExact minBids { face minQuantity } }`;
