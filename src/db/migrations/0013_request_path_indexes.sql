DROP INDEX IF EXISTS `faucet_requests_ip_time`;--> statement-breakpoint
CREATE INDEX `faucet_requests_wide_approved` ON `faucet_requests` (`ip_wide`,`processed_at`) WHERE status in ('APPROVED', 'PROCESSED');
