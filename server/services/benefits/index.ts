// Benefits: the lottery (shell-and-account.md §3 Lottery).
export { getOptin, joinOptin, lotteryStatusAt, rewardsStatus } from './lottery';
export { monthlyLottery, seedLottery } from './seed-lottery';
