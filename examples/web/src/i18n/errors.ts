// What a person reads when the server refuses: the code's sentence in their language. The API's English
// `message` is for developers: it is shown only for a code this page does not know yet.
import { NetworkError, RequestError } from '@perudo/client';
import { has, t } from './index';

export function refusal(error: { code: string; message: string }): string {
  const key = `error.${error.code}`;
  return has(key) ? t(key) : error.message;
}

/** A thrown error as a sentence: the request's code, the network, or (a bug) the error's own message. */
export function errorText(error: unknown): string {
  if (error instanceof RequestError) {
    const text = refusal(error);
    return error.retryAfterSeconds
      ? t('chat.retryIn', { message: text, seconds: error.retryAfterSeconds })
      : text;
  }
  if (error instanceof NetworkError) return t('error.NETWORK');
  return error instanceof Error ? error.message : String(error);
}
