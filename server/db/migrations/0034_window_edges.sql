CREATE TABLE "window_edge_cursors" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"done_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "advertise_start_idx" ON "advertise" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "advertise_end_idx" ON "advertise" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "focus_channel_start_idx" ON "focus_channel" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "focus_channel_end_idx" ON "focus_channel" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "focus_home_start_idx" ON "focus_home" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "focus_home_end_idx" ON "focus_home" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "focus_home_right_start_idx" ON "focus_home_right" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "focus_home_right_end_idx" ON "focus_home_right" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "focus_video_start_idx" ON "focus_video" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "focus_video_end_idx" ON "focus_video" USING btree ("end_at");