CREATE INDEX `audit_log_action` ON `audit_log` (`action`);--> statement-breakpoint
CREATE INDEX `audit_log_actor` ON `audit_log` (`actor_name`);--> statement-breakpoint
CREATE INDEX `payouts_status_time` ON `payouts` (`status`,`updated_at`);
