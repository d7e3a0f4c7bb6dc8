-- An ad's clicks are counted, not stored one by one: one row per slot and hour (from the ad's save
-- in the hour it was saved), and the clicks stored so far become the counts of their rows.
CREATE TABLE `ad_click_counts` (
	`slot` text NOT NULL,
	`starts_at` integer NOT NULL,
	`clicks` integer NOT NULL,
	PRIMARY KEY(`slot`, `starts_at`)
);
--> statement-breakpoint
INSERT INTO `ad_click_counts` (`slot`, `starts_at`, `clicks`)
SELECT c.`slot`,
	CASE WHEN s.`updated_at` > c.`created_at` - c.`created_at` % 3600000 AND c.`created_at` >= s.`updated_at` THEN s.`updated_at` ELSE c.`created_at` - c.`created_at` % 3600000 END,
	count(*)
FROM `ad_clicks` c LEFT JOIN `ad_slots` s ON s.`slot` = c.`slot`
GROUP BY 1, 2;
--> statement-breakpoint
DROP TABLE `ad_clicks`;
