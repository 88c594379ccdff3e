-- Each finished game's results per ordered pair of seats, written with the move that finishes it: a pair's
-- head-to-head record is then one row a game, instead of re-deriving places and dice from events and rounds.
CREATE TABLE "game_pair_results" (
    "game_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "opponent_id" UUID NOT NULL,
    "placed_above" BOOLEAN NOT NULL,
    "dice_taken" INTEGER NOT NULL,
    "dice_lost" INTEGER NOT NULL,
    "preset" VARCHAR(20),
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "listed" BOOLEAN NOT NULL,

    CONSTRAINT "game_pair_results_pkey" PRIMARY KEY ("game_id","player_id","opponent_id")
);

CREATE INDEX "game_pair_results_player_id_opponent_id_finished_at_game_id_idx" ON "game_pair_results"("player_id", "opponent_id", "finished_at" DESC, "game_id" DESC);

ALTER TABLE "game_pair_results" ADD CONSTRAINT "game_pair_results_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: every game already FINISHED, by the derivation of src/store/pair-games.queries.ts (places:
-- engine/places.ts finishingOrder: the GAME_FINISHED standings, or its winner, first, then the other seats by
-- their last PLAYER_ELIMINATED, latest first; a seat in neither comes after them all).
INSERT INTO "game_pair_results" (game_id, player_id, opponent_id, placed_above, dice_taken, dice_lost, preset, finished_at, listed)
WITH fin AS (
  SELECT g.id, g.preset, COALESCE(g.finished_at, g.updated_at) AS finished_at,
         (g.visibility = 'PUBLIC' AND (g.allow_spectators OR g.started_at IS NULL)) AS listed
    FROM games g WHERE g.status = 'FINISHED'
), head AS (
  SELECT fin.id AS game_id, h.seat::int AS seat, h.ord::int AS ord
    FROM fin
    LEFT JOIN LATERAL (SELECT e.payload FROM game_events e
                        WHERE e.game_id = fin.id AND e.type = 'GAME_FINISHED' ORDER BY e.seq DESC LIMIT 1) f ON true
    CROSS JOIN LATERAL jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(f.payload -> 'standings') = 'array' AND jsonb_array_length(f.payload -> 'standings') > 0
           THEN f.payload -> 'standings'
           ELSE jsonb_build_array(COALESCE((f.payload ->> 'winner')::int, -1)) END) WITH ORDINALITY AS h(seat, ord)
), hd AS (
  SELECT game_id, seat, min(ord) AS ord FROM head GROUP BY game_id, seat
), hn AS (
  SELECT game_id, max(ord) AS n FROM head GROUP BY game_id
), lv AS (
  SELECT e.game_id, (e.payload ->> 'seat')::int AS seat, max(e.seq) AS seq
    FROM game_events e JOIN fin ON fin.id = e.game_id
   WHERE e.type = 'PLAYER_ELIMINATED' GROUP BY e.game_id, (e.payload ->> 'seat')::int
), lr AS (
  SELECT lv.game_id, lv.seat, row_number() OVER (PARTITION BY lv.game_id ORDER BY lv.seq DESC) AS r
    FROM lv WHERE NOT EXISTS (SELECT 1 FROM hd WHERE hd.game_id = lv.game_id AND hd.seat = lv.seat)
), lc AS (
  SELECT game_id, count(*) AS c FROM lr GROUP BY game_id
), pl AS (
  SELECT s.game_id, s.position, s.player_id,
         COALESCE(hd.ord - 1, hn.n + lr.r - 1, hn.n + COALESCE(lc.c, 0)) AS place
    FROM seats s
    JOIN hn ON hn.game_id = s.game_id
    LEFT JOIN hd ON hd.game_id = s.game_id AND hd.seat = s.position
    LEFT JOIN lr ON lr.game_id = s.game_id AND lr.seat = s.position
    LEFT JOIN lc ON lc.game_id = s.game_id
), dice AS (
  SELECT r.game_id, t.seat AS taker, r.loser_position AS victim, count(*)::int AS n
    FROM rounds r JOIN fin ON fin.id = r.game_id
   CROSS JOIN LATERAL (SELECT DISTINCT x FROM unnest(ARRAY[r.caller_position, r.bidder_position]) AS x
                        WHERE x IS NOT NULL) AS t(seat)
   WHERE r.outcome_kind IS NOT NULL AND r.loser_position IS NOT NULL
   GROUP BY r.game_id, t.seat, r.loser_position
)
SELECT pa.game_id, pa.player_id, pb.player_id, pa.place < pb.place, COALESCE(t.n, 0), COALESCE(l.n, 0),
       fin.preset, fin.finished_at, fin.listed
  FROM pl pa
  JOIN pl pb ON pb.game_id = pa.game_id AND pb.position <> pa.position
  JOIN fin ON fin.id = pa.game_id
  LEFT JOIN dice t ON t.game_id = pa.game_id AND t.taker = pa.position AND t.victim = pb.position
  LEFT JOIN dice l ON l.game_id = pa.game_id AND l.taker = pb.position AND l.victim = pa.position
ON CONFLICT DO NOTHING;
