// The signed-in player: its id, name and bearer token, kept in localStorage.
const KEY = 'perudo.session';

export interface Session {
  readonly playerId: string;
  readonly name: string;
  readonly token: string;
}

function read(): Session | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Session | null;
    return value && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

export const session = {
  current: read,
  token(): string | null {
    return read()?.token ?? null;
  },
  signIn(value: Session): void {
    localStorage.setItem(KEY, JSON.stringify(value));
    for (const l of listeners) l();
  },
  signOut(): void {
    localStorage.removeItem(KEY);
    for (const l of listeners) l();
  },
  onChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
