-- The signals of a request's own network, device and address that its score last counted: a new
-- request from another network of its wide network scores the waiting ones again from them and the
-- wide network's counts, read once for all of them.
ALTER TABLE `faucet_requests` ADD `risk_signals` text;
