// The numbers that bound how often alerts ring (issue 39 item 3), in one place so the evaluation,
// /alerts and the docs say the same.

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How far back past its level a value must go before a rule that fired can fire again: 2%. Passes
 * come every 5 minutes and a price at a level moves a few tenths of a percent between them, so a
 * value hovering at the level rings once; a real move back and forth (2% and more) rings again.
 */
export const REARM_MARGIN = 0.02;

/**
 * The least time between two firings of one rule: an hour. Even a value that swings past the
 * margin every pass tells its owner at most hourly; a crossing inside the hour is not lost, the
 * rule stays armed and fires at the first pass after it that moves the coin (a pass evaluates
 * only the coins whose figures changed) if the value is still past the level.
 */
export const RULE_COOLDOWN_MS = HOUR_MS;

/**
 * New all-time highs and 24h moves have no level to cross back over (a high only rises, a move
 * lasts all day): they ring at most once a day per rule.
 */
export const DAILY_RULE_COOLDOWN_MS = DAY_MS;

/**
 * At most 20 firings per user per rolling 24 h are sent (50 rules each could otherwise ring far
 * more on a wild day): the ones over it are kept in the history, marked "daily_cap", and sent
 * nowhere.
 */
export const DAILY_FIRING_CAP = 20;
export const DAILY_CAP_WINDOW_MS = DAY_MS;
