/** The app's three review colours: waiting, done, refused. */
const TONES = { waiting: 'pending', done: 'approved', refused: 'rejected' } as const;

export function StatusTag({ tone, label }: { tone: keyof typeof TONES; label: string }) {
  return <span className={`status status--${TONES[tone]}`}>{label}</span>;
}
