// The GraphQL ChatMessage of a stored chat message.
import type { ChatRecord } from '../../chat/chat.repository';
import { chatMessageGlobalId } from '../ids';
import { ChatMessage } from '../types/chat-message.type';
import { Emote } from '../types/emote.enum';

export function toChatMessage(record: ChatRecord): ChatMessage {
  return Object.assign(new ChatMessage(), {
    id: chatMessageGlobalId(record.gameId, record.seq),
    seq: record.seq,
    text: record.text,
    emote: record.emote === null ? null : Emote[record.emote as keyof typeof Emote],
    at: record.at,
    record,
  });
}
