CREATE TABLE `advertising_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_name` text NOT NULL,
	`email` text NOT NULL,
	`budget` text NOT NULL,
	`website` text,
	`message` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`notes` text,
	`admin_name` text,
	`processed_by` integer,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`processed_at` integer,
	FOREIGN KEY (`processed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `advertising_requests_status_time` ON `advertising_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`details` text,
	`ip_address` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_time` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_target` ON `audit_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `earning_alert_signups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`phone` text,
	`alert_types` text NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`source` text,
	`notes` text,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earning_alert_signups_email` ON `earning_alert_signups` (lower("email"));--> statement-breakpoint
CREATE TABLE `faucet_daily_totals` (
	`day` text PRIMARY KEY NOT NULL,
	`amount_drops` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `faucet_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`address` text NOT NULL,
	`destination_tag` integer,
	`amount_drops` integer NOT NULL,
	`reason` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`risk_score` integer,
	`risk_reasons` text,
	`requester_ip` text,
	`ip_group` text,
	`device_id` text,
	`user_agent` text,
	`review_id` integer,
	`reject_reason` text,
	`payout_error` text,
	`processed_by` integer,
	`processed_at` integer,
	`tx_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`processed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `faucet_requests_address_time` ON `faucet_requests` (`address`,`created_at`);--> statement-breakpoint
CREATE INDEX `faucet_requests_ip_time` ON `faucet_requests` (`ip_group`,`created_at`);--> statement-breakpoint
CREATE INDEX `faucet_requests_device_time` ON `faucet_requests` (`device_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `faucet_requests_time` ON `faucet_requests` (`created_at`);--> statement-breakpoint
CREATE INDEX `faucet_requests_status_time` ON `faucet_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `faucet_requests_user_time` ON `faucet_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `faucet_requests_review` ON `faucet_requests` (`review_id`) WHERE review_id is not null;--> statement-breakpoint
CREATE TABLE `faucet_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`daily_limit_drops` integer DEFAULT 100000000 NOT NULL,
	`min_amount_drops` integer DEFAULT 5000000 NOT NULL,
	`max_amount_drops` integer DEFAULT 20000000 NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`per_ip_daily` integer DEFAULT 3 NOT NULL,
	`per_device_daily` integer DEFAULT 3 NOT NULL,
	`reviewer_bonus_drops` integer,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `newsletter_signups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`status` text DEFAULT 'SUBSCRIBED' NOT NULL,
	`source` text,
	`notes` text,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_signups_email` ON `newsletter_signups` (lower("email"));--> statement-breakpoint
CREATE TABLE `payout_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payout_id` integer NOT NULL,
	`sequence` integer NOT NULL,
	`tx_hash` text NOT NULL,
	`signed_blob` text NOT NULL,
	`fee_drops` integer NOT NULL,
	`min_ledger` integer NOT NULL,
	`last_ledger_sequence` integer NOT NULL,
	`status` text DEFAULT 'signed' NOT NULL,
	`engine_result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_attempts_hash` ON `payout_attempts` (`tx_hash`);--> statement-breakpoint
CREATE INDEX `payout_attempts_payout` ON `payout_attempts` (`payout_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`faucet_request_id` integer,
	`user_id` integer,
	`destination` text NOT NULL,
	`destination_tag` integer,
	`amount_drops` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`account` text,
	`sequence` integer,
	`tx_hash` text,
	`ledger_index` integer,
	`error` text,
	`requested_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`faucet_request_id`) REFERENCES `faucet_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_faucet_request` ON `payouts` (`faucet_request_id`) WHERE faucet_request_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_account_sequence` ON `payouts` (`account`,`sequence`) WHERE sequence is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_open_user_payment` ON `payouts` (`user_id`) WHERE kind = 'USER_PAYMENT' and status in ('queued', 'sequence_assigned', 'in_flight', 'needs_attention');--> statement-breakpoint
CREATE INDEX `payouts_status` ON `payouts` (`status`);--> statement-breakpoint
CREATE INDEX `payouts_user_time` ON `payouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rating` integer NOT NULL,
	`content` text NOT NULL,
	`name` text,
	`approved` integer DEFAULT true NOT NULL,
	`ip_address` text,
	`device_id` text,
	`user_agent` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reviews_approved_time` ON `reviews` (`approved`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_ip_time` ON `reviews` (`ip_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `rewards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`amount_drops` integer NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`platform` text,
	`address` text,
	`shared_url` text,
	`shared_content` text,
	`reason` text,
	`payout_id` integer,
	`processed_by` integer,
	`processed_at` integer,
	`tx_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`processed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `rewards_user_time` ON `rewards` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `rewards_status_time` ON `rewards` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `rewards_user_type_platform_time` ON `rewards` (`user_id`,`type`,`platform`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `signer_leases` (
	`account` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`xrp_address` text,
	`points` integer DEFAULT 0 NOT NULL,
	`total_claimed_drops` integer DEFAULT 0 NOT NULL,
	`daily_streak` integer DEFAULT 0 NOT NULL,
	`last_claim_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_xrp_address` ON `users` (`xrp_address`);