-- A new request reads the newest requests of its wide network to raise those still waiting (a farm's
-- flood does it with every request): their status and score in the index, so the newest are read
-- without their rows.
DROP INDEX IF EXISTS `faucet_requests_wide_time`;--> statement-breakpoint
CREATE INDEX `faucet_requests_wide_time` ON `faucet_requests` (`ip_wide`,`created_at`,`ip_network`,`status`,`risk_score`);
