ALTER TABLE `users` ADD `ip_wide` text;--> statement-breakpoint
CREATE INDEX `users_ip_wide_time` ON `users` (`ip_wide`,`created_at`);