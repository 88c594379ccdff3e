// Invite links of private tables, as the reference web client makes them: `<page>#/join/<gameId>/<code>`.

/** The game and code an invite link carries. */
export interface Invite {
  /** The private game's ID. */
  readonly gameId: string;
  /** Its invite code, as `joinGame` takes it. */
  readonly inviteCode: string;
}

/** The link to a private table, on the page at `pageUrl` (its query, e.g. the API address, is kept). */
export function inviteLink(pageUrl: string, gameId: string, inviteCode: string): string {
  const base = pageUrl.split('#')[0];
  return `${base}#/join/${encodeURIComponent(gameId)}/${encodeURIComponent(inviteCode)}`;
}

/** The game and code of an invite link, or null when it is not one. */
export function parseInviteLink(link: string): Invite | null {
  const match = /#\/join\/([^/]+)\/([^/?#]+)$/.exec(link.trim());
  if (!match) return null;
  try {
    return { gameId: decodeURIComponent(match[1]!), inviteCode: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
