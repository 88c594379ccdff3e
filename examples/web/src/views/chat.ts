// The table chat: messages live via gameChat (resumed after the last seq received), a text box, the emote bar
// and a mute button per author. Texts are untrusted: they are put in the page as text nodes, never as HTML.
import type { LiveChat } from '@perudo/client';
import { client, streamFailed } from '../api';
import { h, mount, toast } from '../dom';
import type { ChatMessageFieldsFragment, Emote } from '../gql/graphql';
import { has, t } from '../i18n';
import { errorText, refusal } from '../i18n/errors';
import { MutePlayer, SendChatMessage } from '../operations';
import { session } from '../session';

const EMOTES: Emote[] = ['GOOD_GAME', 'WELL_PLAYED', 'NICE_BID', 'LIAR', 'OOPS', 'THINKING', 'LAUGH', 'WOW'];

/** An emote in the page's language; one newer than the catalogs keeps its API name. */
function emoteLabel(emote: string): string {
  const key = `emote.${emote}`;
  return has(key) ? t(key) : emote;
}

export interface ChatPanel {
  readonly el: HTMLElement;
  dispose(): void;
}

export function chatPanel(gameId: string): ChatPanel {
  const messages: ChatMessageFieldsFragment[] = [];
  const muted = new Set<string>();
  const list = h('ol', { class: 'chat-messages', 'data-testid': 'chat-messages' });
  // A log: screen readers read each new message, not the whole list again. It scrolls, so it takes the focus.
  const log = h(
    'div',
    { class: 'chat-log', role: 'log', 'aria-live': 'polite', 'aria-label': t('chat.messages'), tabindex: 0 },
    list,
  );
  const text = h('input', {
    name: 'chatText',
    maxlength: 1000,
    placeholder: t('chat.placeholder'),
    'aria-label': t('chat.label'),
    autocomplete: 'off',
    'data-testid': 'chat-text',
  });

  const row = (m: ChatMessageFieldsFragment): HTMLElement => {
    const mine = m.author.id === session.current()?.playerId;
    return h(
      'li',
      { 'data-seq': m.seq, 'data-author': m.author.id },
      h('span', { class: 'chat-author' }, m.author.name),
      ': ',
      // h() adds strings as text nodes: whatever the text holds, it is shown, never run.
      m.text !== null && m.text !== undefined
        ? h('span', { class: 'chat-text', 'data-testid': 'chat-text-shown' }, m.text)
        : h('span', { class: 'chat-emote' }, m.emote ? emoteLabel(m.emote) : ''),
      mine
        ? null
        : h(
            'button',
            {
              class: 'link chat-mute',
              title: t('chat.muteTitle', { name: m.author.name }),
              'aria-label': t('chat.muteTitle', { name: m.author.name }),
              'data-testid': 'mute',
              onclick: () => void setMuted(m.author.id, true),
            },
            t('chat.mute'),
          ),
    );
  };
  const render = (): void => {
    mount(list, messages.filter((m) => !muted.has(m.author.id)).map(row));
    log.scrollTop = log.scrollHeight;
  };

  const setMuted = async (playerId: string, value: boolean): Promise<void> => {
    try {
      const { mutePlayer } = await client.request(MutePlayer, { input: { playerId, muted: value } });
      if (mutePlayer.userErrors[0]) return toast(refusal(mutePlayer.userErrors[0]));
      if (value) muted.add(playerId);
      else muted.delete(playerId);
      render();
    } catch (error) {
      toast(errorText(error));
    }
  };

  const send = async (input: { text?: string; emote?: Emote }): Promise<boolean> => {
    try {
      const { sendChatMessage } = await client.request(SendChatMessage, {
        input: { gameId, ...input },
      });
      if (sendChatMessage.userErrors[0]) {
        toast(refusal(sendChatMessage.userErrors[0]));
        return false;
      }
      if (sendChatMessage.message) receive(sendChatMessage.message);
      return true;
    } catch (error) {
      toast(errorText(error));
      return false;
    }
  };

  /** Messages arrive from the subscription and from our own sends: each is shown once, in seq order. */
  const receive = (m: ChatMessageFieldsFragment): void => {
    if (messages.some((x) => x.seq === m.seq)) return;
    messages.push(m);
    messages.sort((a, b) => a.seq - b.seq);
    render();
  };

  const form = h(
    'form',
    {
      class: 'chat-form',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const value = text.value;
        if (value.trim() === '') return;
        void send({ text: value }).then((ok) => {
          if (ok) text.value = '';
        });
      },
    },
    text,
    h('button', { type: 'submit', 'data-testid': 'chat-send' }, t('chat.send')),
  );
  const emoteBar = h(
    'div',
    { class: 'chat-emotes', 'data-testid': 'emotes', role: 'group', 'aria-label': t('chat.emotes') },
    EMOTES.map((emote) =>
      h(
        'button',
        { type: 'button', class: 'emote', 'data-emote': emote, onclick: () => void send({ emote }) },
        emoteLabel(emote),
      ),
    ),
  );
  const el = h(
    'section',
    { class: 'card chat', 'data-testid': 'chat' },
    h('h2', {}, t('chat.title')),
    log,
    emoteBar,
    form,
  );

  // The whole chat first, then live; after a dropped connection, again from the last message received.
  let live: LiveChat | null = null;
  if (session.current()) {
    live = client.chat(gameId);
    live.on('message', receive);
    live.on('error', (error) => streamFailed(error, toast));
  }
  return {
    el,
    dispose() {
      live?.close();
      live = null;
    },
  };
}
