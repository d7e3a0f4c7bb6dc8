CREATE TABLE `block_list` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`note` text,
	`expires_at` integer,
	`refusals` integer DEFAULT 0 NOT NULL,
	`last_refused_at` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `block_list_kind_value` ON `block_list` (`kind`,`value`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`tx_hash` text,
	`target_type` text,
	`target_id` integer,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_time` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `password_resets_user` ON `password_resets` (`user_id`);--> statement-breakpoint
ALTER TABLE `faucet_requests` ADD `auto_approved` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `faucet_settings` ADD `auto_approve_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `faucet_settings` ADD `auto_approve_max_risk_score` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE `faucet_settings` ADD `auto_approve_hold_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `faucet_settings` ADD `auto_approve_max_per_day_drops` integer DEFAULT 50000000 NOT NULL;--> statement-breakpoint
ALTER TABLE `rewards` ADD `deny_reason` text;