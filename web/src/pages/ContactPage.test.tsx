import { describe, expect, it } from 'vitest';
import { CONTACT_EMAIL, mailtoFor } from './ContactPage';

describe('contact mailto', () => {
  it('prefills subject and a body with the message, name and e-mail, all encoded', () => {
    const url = mailtoFor({
      name: 'Ada & co',
      email: 'ada@example.com',
      subject: 'Hi? there',
      message: 'Line 1\nLine 2',
    });
    expect(url.startsWith(`mailto:${CONTACT_EMAIL}?`)).toBe(true);
    const params = new URLSearchParams(url.split('?')[1]);
    expect(params.get('subject')).toBe('Hi? there');
    expect(params.get('body')).toBe('Line 1\nLine 2\n\nFrom: Ada & co <ada@example.com>');
  });
});
