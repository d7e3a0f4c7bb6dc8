ALTER TABLE `faucet_requests` ADD `budget_day` text;--> statement-breakpoint
-- Every request accepted before this migration held budget on the day it was made, except the
-- rejected ones, whose amount goes back to their day's budget now.
UPDATE `faucet_requests` SET `budget_day` = strftime('%Y-%m-%d', `created_at` / 1000, 'unixepoch') WHERE `status` != 'REJECTED';
--> statement-breakpoint
UPDATE `faucet_daily_totals` SET `amount_drops` = coalesce((SELECT sum(`amount_drops`) FROM `faucet_requests` WHERE `budget_day` = `faucet_daily_totals`.`day`), 0);
