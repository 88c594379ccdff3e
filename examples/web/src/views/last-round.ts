// After a reload the table has no ROUND_ENDED event to show: it reads the round that ended last from the history.
import { client } from '../api';
import type { GameHistoryQuery, RoundResultFragment } from '../gql/graphql';
import { GameHistory } from '../operations';

export async function lastEndedRound(gameId: string): Promise<RoundResultFragment | null> {
  let ended: RoundResultFragment | null = null;
  let after: string | null = null;
  for (;;) {
    const data: GameHistoryQuery = await client.request(GameHistory, { id: gameId, after });
    const page = data.game?.rounds;
    if (!page) return ended;
    // The round still being played has neither an outcome nor a void.
    for (const round of page.nodes) if (round.outcome || round.voided) ended = round;
    if (!page.pageInfo.hasNextPage) return ended;
    after = page.pageInfo.endCursor ?? null;
  }
}
