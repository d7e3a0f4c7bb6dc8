-- The eight posts 0020 seeds, while no admin has saved them, dated at the install (this migration's
-- time on a new database), a minute apart in their order: a new site's blog opens on today's posts.
UPDATE `posts` SET `published_at` = `d`.`at`, `created_at` = `d`.`at`, `updated_at` = `d`.`at`
FROM (
	SELECT `column1` AS `seeded`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - `column2` AS `at`
	FROM (VALUES (1730721600000, 420000), (1731067200000, 360000), (1731412800000, 300000), (1731672000000, 240000),
		(1732017600000, 180000), (1732276800000, 120000), (1732622400000, 60000), (1732968000000, 0))
) AS `d`
WHERE `posts`.`published_at` = `d`.`seeded` AND `posts`.`created_at` = `d`.`seeded` AND `posts`.`updated_at` = `d`.`seeded`;
