import { describe, expect, it } from 'vitest';
import { AUDIENCES, campaignLink, CHANNELS, READY_CHANNELS, templateFor, UTM_VALUE, utmValue, VisitInput } from './marketing';

describe('campaign links', () => {
  it('write utm_source, utm_medium and utm_campaign on the site’s address', () => {
    expect(campaignLink('https://freefruit.example', { source: 'instagram', medium: 'social', campaign: 'spring-wood' })).toBe(
      'https://freefruit.example/?utm_source=instagram&utm_medium=social&utm_campaign=spring-wood',
    );
  });

  it('fold what is typed into a utm value', () => {
    expect(utmValue('  Spring Firewood 2027! ')).toBe('spring-firewood-2027');
    expect(UTM_VALUE.test(utmValue('Cottage owners'))).toBe(true);
    expect(UTM_VALUE.test(utmValue('!!!'))).toBe(false);
  });

  it('count a visit only with a source or a campaign', () => {
    expect(VisitInput.safeParse({ medium: 'social' }).success).toBe(false);
    expect(VisitInput.safeParse({ source: 'newsletter' }).success).toBe(true);
  });
});

describe('audiences and channels', () => {
  it('map each audience to the type of post that speaks to it, TikTok and YouTube coming soon', () => {
    expect(Object.fromEntries(Object.entries(AUDIENCES).map(([k, a]) => [k, a.type]))).toEqual({ cottage: 'firewood', makers: 'skids', arborists: 'fruit' });
    expect(READY_CHANNELS).toEqual(['email', 'sms', 'instagram', 'cold-call']);
    expect(CHANNELS.tiktok.soon && CHANNELS.youtube.soon).toBe(true);
  });

  it('fill the template with the real posts and the link, the subject for email only', () => {
    const posts = [{ title: 'Split maple', area: 'Bracebridge' }];
    const email = templateFor('cottage', 'email', posts, 'https://x.example/?utm_campaign=a');
    expect(email.subject).toBe('Cottage owners: Free firewood for the cottage, split and stacked by a neighbour');
    expect(email.body).toContain('• Split maple (Bracebridge)');
    expect(email.body).toContain('See them and share your own: https://x.example/?utm_campaign=a');
    const sms = templateFor('makers', 'sms', posts, 'L');
    expect(sms).toEqual({ subject: null, body: `${AUDIENCES.makers.pitch} L` });
    expect(templateFor('arborists', 'cold-call', [], 'L').body).toContain('• New posts every week');
  });
});
