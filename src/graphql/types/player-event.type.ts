// GraphQL type of what concerns the viewer in any game (playerEvents).
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Game } from './game.type';

export enum PlayerEventType {
  YOUR_TURN = 'YOUR_TURN',
  GAME_STARTED = 'GAME_STARTED',
  GAME_FINISHED = 'GAME_FINISHED',
  REMATCH_CREATED = 'REMATCH_CREATED',
  SEAT_AWAY = 'SEAT_AWAY',
  KICKED = 'KICKED',
  NUDGED = 'NUDGED',
  CHALLENGE_RECEIVED = 'CHALLENGE_RECEIVED',
  CHALLENGE_ACCEPTED = 'CHALLENGE_ACCEPTED',
  CHALLENGE_DECLINED = 'CHALLENGE_DECLINED',
  CHALLENGE_EXPIRED = 'CHALLENGE_EXPIRED',
}

registerEnumType(PlayerEventType, {
  name: 'PlayerEventType',
  description: 'What happened that concerns the viewer.',
  valuesConfig: {
    YOUR_TURN: {
      description: "A turn of the viewer's began (the game's first, each round's, also while away).",
    },
    GAME_STARTED: { description: 'A game the viewer is seated in started.' },
    GAME_FINISHED: { description: 'A game the viewer is seated in finished.' },
    REMATCH_CREATED: {
      description: "Another player asked for a rematch of a finished game of the viewer's (its `rematch`).",
    },
    SEAT_AWAY: { description: "The server took the viewer's seat over (returnToGame takes it back)." },
    KICKED: { description: "The host freed the viewer's seat in the lobby." },
    NUDGED: { description: 'Another player nudged the viewer, who is on turn: the turn now has a deadline.' },
    CHALLENGE_RECEIVED: { description: 'Another player challenged the viewer (PlayerEvent.challenge).' },
    CHALLENGE_ACCEPTED: { description: "An invitee accepted the viewer's challenge and was seated." },
    CHALLENGE_DECLINED: {
      description: "An invitee declined the viewer's challenge: their held seat is free.",
    },
    CHALLENGE_EXPIRED: {
      description:
        'A challenge expired unanswered (or its game left the lobby first): sent to its challenger and to each invitee who had not answered.',
    },
  },
});

@ObjectType({ description: 'Something that concerns the viewer, in any game (playerEvents).' })
export class PlayerEvent {
  @Field(() => PlayerEventType, { description: 'What happened.' })
  type!: PlayerEventType;

  @Field(() => Game, {
    description:
      "The game it happened in, right after it (for REMATCH_CREATED the finished game: its `rematch` is the new one; for the CHALLENGE_* types the challenge's game).",
  })
  game!: Game;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;

  /** The challenge of a CHALLENGE_* event (resolved by the challenge resolver); not exposed. */
  challengeId!: string | null;
}
