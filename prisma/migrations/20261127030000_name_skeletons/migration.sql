-- Player names unique by look: each person's name has its UTS #39 skeleton (of the case-folded name) in
-- name_skeleton, unique. Bots hold none (NULL: never unique-checked), as several tables may seat "HARD bot 1".
-- SQL cannot compute skeletons: the API fills them in for existing people when it starts, oldest first
-- (store/name-skeleton.backfill.ts). Of older look-alikes only the oldest then holds the skeleton; later ones
-- keep their names (nobody is renamed behind their back) with no skeleton, so the index never refuses the
-- backfill, and any new name like theirs is refused all the same, as it looks like the oldest's.
ALTER TABLE "players" ADD COLUMN "name_skeleton" TEXT;

CREATE UNIQUE INDEX "players_name_skeleton_key" ON "players"("name_skeleton");
