-- Issue 16: a topic's or album's cover takes what every other picture field takes (imageUrl: up to 1024
-- characters); varchar(512) turned a long library URL into a database error. Widening keeps every row.
ALTER TABLE "topics" ALTER COLUMN "cover" SET DATA TYPE varchar(1024);--> statement-breakpoint
ALTER TABLE "topics" ALTER COLUMN "cover" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "albums" ALTER COLUMN "cover" SET DATA TYPE varchar(1024);--> statement-breakpoint
ALTER TABLE "albums" ALTER COLUMN "cover" SET DEFAULT '';