import { describe, expect, it } from 'vitest';
import { italianWait, strings } from './strings';

describe('italianWait', () => {
  it('counts seconds below a minute, singular and plural', () => {
    expect(italianWait(0)).toBe('1 secondo');
    expect(italianWait(1)).toBe('1 secondo');
    expect(italianWait(59)).toBe('59 secondi');
  });

  it('rounds up to whole minutes from 60 s on', () => {
    expect(italianWait(60)).toBe('1 minuto');
    expect(italianWait(61)).toBe('2 minuti');
    expect(italianWait(600)).toBe('10 minuti');
  });

  it('fits the rate-limit notice', () => {
    expect(strings.toasts.rateLimitedFor(590)).toBe(
      'Hai creato troppi indirizzi in poco tempo. Riprova tra 10 minuti.',
    );
  });
});
