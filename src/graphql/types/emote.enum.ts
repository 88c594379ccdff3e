// GraphQL enum of the table chat's fixed emotes.
import { registerEnumType } from 'type-graphql';

export enum Emote {
  GOOD_GAME = 'GOOD_GAME',
  WELL_PLAYED = 'WELL_PLAYED',
  NICE_BID = 'NICE_BID',
  LIAR = 'LIAR',
  OOPS = 'OOPS',
  THINKING = 'THINKING',
  LAUGH = 'LAUGH',
  WOW = 'WOW',
}
registerEnumType(Emote, {
  name: 'Emote',
  description: 'The fixed emotes of the table chat: always allowed, also where text chat is off.',
  valuesConfig: {
    GOOD_GAME: { description: 'Good game.' },
    WELL_PLAYED: { description: 'Well played.' },
    NICE_BID: { description: 'Nice bid.' },
    LIAR: { description: 'Liar!' },
    OOPS: { description: 'Oops.' },
    THINKING: { description: 'Thinking...' },
    LAUGH: { description: 'Laughter.' },
    WOW: { description: 'Wow.' },
  },
});
