/** Issue 14: the withdrawal cooldown of new cards and addresses, and the user's protection setting (English). */
export const enWithdrawGuard = {
  withdrawGuard: {
    coolingDown: 'Bound recently: it can receive withdrawals in {{left}}.',
    usableFrom: 'Usable from {{time}}',
    hoursLeft: '{{h}}\u00a0h {{m}}\u00a0min',
    minutesLeft: '{{m}}\u00a0min',
    title: 'Withdrawal protection',
    onHint: 'On: withdrawals go only to cards and addresses bound more than {{hours}} h ago.',
    offHint: 'Off: a newly bound card or address can receive withdrawals at once (the safe setting waits {{hours}} h).',
    lockedUntil: 'Your password or verification changed recently: this can be turned off from {{time}}.',
    turnOffTitle: 'Turn off withdrawal protection',
    turnOnTitle: 'Turn on withdrawal protection',
    turnOffNote: 'Anyone who gets into your account could then send your money to a card or address they just bound.',
    turnedOn: 'Withdrawal protection is on',
    turnedOff: 'Withdrawal protection is off',
    remove: 'Remove',
    removeLabel: 'Remove address {{address}}',
    removeTitle: 'Remove this address',
    removeNote: 'Removing is immediate. Adding it again later starts a new waiting time.',
    removed: 'Address removed',
  },
};
