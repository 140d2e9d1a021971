CREATE INDEX "login_logs_username_trgm_idx" ON "login_logs" USING gin ("username" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "login_logs_ip_trgm_idx" ON "login_logs" USING gin ("ip" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operation_logs_username_trgm_idx" ON "operation_logs" USING gin ("username" public.gin_trgm_ops);