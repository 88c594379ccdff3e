-- Player names unique by look: each person's name has two keys, each unique: name_skeleton, the UTS #39
-- skeleton of the case-folded name ("Боб" and "БОБ"), and name_skeleton_lower, the skeleton lower-cased
-- (capitals of other scripts: "Вob" and "Bob"). Bots hold none (NULL: several tables may seat "HARD bot 1").
-- SQL cannot compute skeletons: the API fills them in for existing people when it starts, oldest first
-- (store/name-skeleton.backfill.ts). Of older look-alikes only the oldest then holds the keys; later ones keep
-- their names (nobody is renamed behind their back) with none, so the indexes never refuse the fill, and any
-- new name like theirs is refused all the same, as it looks like the oldest's.
ALTER TABLE "players" ADD COLUMN "name_skeleton" TEXT;
ALTER TABLE "players" ADD COLUMN "name_skeleton_lower" TEXT;

CREATE UNIQUE INDEX "players_name_skeleton_key" ON "players"("name_skeleton");
CREATE UNIQUE INDEX "players_name_skeleton_lower_key" ON "players"("name_skeleton_lower");
