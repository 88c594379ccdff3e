// Which browser origins may call the API (CORS_ORIGINS): any, or an exact list.

/**
 * The origins whose pages may call the API from a browser. Tokens travel in a header, never in cookies, so
 * by default any origin may (`*`): a page can only use a token it was given. An operator may still restrict
 * the API to its own front-ends with a list of exact origins.
 */
export class OriginPolicy {
  private constructor(private readonly allowed: ReadonlySet<string> | null) {}

  static readonly ANY = new OriginPolicy(null);

  /** `*` (or unset): any origin; else a comma-separated list of exact origins (`https://app.example.com`). */
  static fromSetting(setting: string | undefined): OriginPolicy {
    const text = (setting ?? '*').trim();
    if (text === '' || text === '*') return OriginPolicy.ANY;
    const origins = text
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o.length > 0);
    for (const origin of origins) {
      let parsed: URL;
      try {
        parsed = new URL(origin);
      } catch {
        throw new Error(`CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
      }
      if (parsed.origin !== origin) {
        throw new Error(`CORS_ORIGINS: "${origin}" is not an exact origin; did you mean "${parsed.origin}"?`);
      }
    }
    return new OriginPolicy(new Set(origins));
  }

  /** Whether any origin may call. */
  get open(): boolean {
    return this.allowed === null;
  }

  /** Whether a request with this Origin header may be served (none: not a browser's cross-origin call). */
  allows(origin: string | undefined): boolean {
    return origin === undefined || this.allowed === null || this.allowed.has(origin);
  }

  /** The Access-Control-Allow-Origin value for a request from `origin`, or null for none. */
  allowOriginHeader(origin: string | undefined): string | null {
    if (this.allowed === null) return '*';
    return origin !== undefined && this.allowed.has(origin) ? origin : null;
  }
}
