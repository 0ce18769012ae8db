import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { localSenderWarning } from './sender';

const fromOf = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).mail?.from;

describe('the start banner’s warning about the sender', () => {
  it('warns when the default sender is @localhost (APP_URL unset)', () => {
    const from = fromOf({ SMTP_URL: 'smtp://mail.example.com:587' });
    expect(from).toBe('Adstudio <no-reply@localhost>');
    const warning = localSenderWarning(from);
    expect(warning).toContain('Adstudio <no-reply@localhost>');
    expect(warning).toContain('reject mail from @localhost or file it as spam');
    expect(warning).toContain('Set MAIL_FROM');
  });

  it.each(['no-reply@localhost', 'Ops <ops@LocalHost>', '"Team, ops" <ops@mail.localhost.>'])(
    'warns for a MAIL_FROM of %s',
    (from) => {
      expect(localSenderWarning(fromOf({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: from }))).toMatch(
        /^Warning: e-mail is sent from /,
      );
    },
  );

  it('is quiet for a real domain, and when e-mail is off', () => {
    expect(
      localSenderWarning(fromOf({ SMTP_URL: 'smtp://mail.example.com', APP_URL: 'https://ads.example.com' })),
    ).toBeUndefined();
    expect(
      localSenderWarning(
        fromOf({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'ads@localhost.example.com' }),
      ),
    ).toBeUndefined();
    expect(localSenderWarning(fromOf({}))).toBeUndefined();
  });
});
