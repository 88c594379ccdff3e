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
  },
});

@ObjectType({ description: 'Something that concerns the viewer, in any game (playerEvents).' })
export class PlayerEvent {
  @Field(() => PlayerEventType, { description: 'What happened.' })
  type!: PlayerEventType;

  @Field(() => Game, {
    description:
      'The game it happened in, right after it (for REMATCH_CREATED the finished game: its `rematch` is the new one).',
  })
  game!: Game;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;
}
