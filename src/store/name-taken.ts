// The refusal of a name whose skeleton another person holds (the unique indexes on players' skeletons).

/** A name refused because another person's name looks the same (equal skeletons). */
export class NameTakenError extends Error {
  readonly code = 'NAME_TAKEN';

  constructor(readonly takenName: string) {
    super(`the name "${takenName}" is taken, or looks like a name that is`);
  }
}

const INDEXES = new Set(['players_name_skeleton_key', 'players_name_skeleton_lower_key']);

/**
 * Whether an error is PostgreSQL's unique violation of the skeleton index, as `pg` reports it (code and
 * constraint) or as Prisma wraps it (P2002 with the column, or a raw query's driver error).
 */
export function isNameSkeletonConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const any = e as {
      code?: unknown;
      constraint?: unknown;
      meta?: unknown;
      cause?: unknown;
      message?: unknown;
    };
    if (any.code === '23505' && typeof any.constraint === 'string' && INDEXES.has(any.constraint))
      return true;
    const text = `${typeof any.message === 'string' ? any.message : ''} ${JSON.stringify(any.meta ?? null)}`;
    if (
      (any.code === 'P2002' || any.code === 'P2010' || any.code === '23505') &&
      /name_skeleton/.test(text)
    ) {
      return true;
    }
    e = any.cause;
  }
  return false;
}
