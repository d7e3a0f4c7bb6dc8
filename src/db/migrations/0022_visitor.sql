-- The public feed of the latest payouts (GET /api/stats/recent-payouts): paid ones, newest settled first.
CREATE INDEX `payouts_paid_time` ON `payouts` (`updated_at`) WHERE status = 'paid';
