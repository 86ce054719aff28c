/** The passkey texts of the first screens (the login page's button), in the chunk /login loads. */
export const enPasskeysStart = {
  passkeyPrompt: {
    signIn: 'Sign in with a passkey',
    or: 'or',
    cancelled: 'The passkey prompt was cancelled or timed out. Nothing was sent; try again when ready.',
    unsupported: 'This browser cannot use passkeys.',
  },
} as const;
