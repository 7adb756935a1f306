import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import ContactPage, { CONTACT_EMAIL, CONTACT_TEXT, mailtoFor } from './ContactPage';

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

describe('ContactPage', () => {
  it('after "Send message" says the message is ready in the mail app, with the address, and can go back to the form', () => {
    render(<ContactPage />);
    for (const [label, value] of [
      ['Name', 'Ada'],
      ['Email', 'ada@example.com'],
      ['Subject', 'Hello'],
      ['Message', 'Hi there'],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.submit(screen.getByRole('button', { name: 'Send message' }));

    const heading = screen.getByRole('heading', { name: CONTACT_TEXT.sentTitle });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('link', { name: CONTACT_EMAIL }).getAttribute('href')).toBe(
      mailtoFor({ name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' }),
    );
    fireEvent.click(screen.getByRole('button', { name: CONTACT_TEXT.edit }));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Hello');
  });
});
