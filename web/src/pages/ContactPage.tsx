import { useEffect, useRef, useState, type FormEvent } from 'react';

export const CONTACT_EMAIL = 'support@stockseer.app';

/** What the page says once "Send message" has handed the message to the mail app (issue 23); tests use the same. */
export const CONTACT_TEXT = {
  sentTitle: 'Your message is ready to send',
  sentBody:
    'Your e-mail app should have opened with your message filled in: send it from there. If nothing opened, write to',
  edit: 'Back to the form',
} as const;

/** All four fields required; submitting opens the user's mail client with them prefilled (docs/product.md#routes). */
export function mailtoFor(fields: { name: string; email: string; subject: string; message: string }): string {
  const body = `${fields.message}\n\nFrom: ${fields.name} <${fields.email}>`;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(fields.subject)}&body=${encodeURIComponent(body)}`;
}

export default function ContactPage() {
  const [fields, setFields] = useState({ name: '', email: '', subject: '', message: '' });
  const [sent, setSent] = useState(false);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    window.location.href = mailtoFor(fields);
    setSent(true);
  };

  return (
    <section className="card narrow">
      <h1>Contact us</h1>
      {sent ? (
        <div className="stack">
          <h2 ref={sentHeading} tabIndex={-1}>
            {CONTACT_TEXT.sentTitle}
          </h2>
          <p>
            {CONTACT_TEXT.sentBody} <a href={mailtoFor(fields)}>{CONTACT_EMAIL}</a>.
          </p>
          <button type="button" className="button button-outline" onClick={() => setSent(false)}>
            {CONTACT_TEXT.edit}
          </button>
        </div>
      ) : (
        <form className="stack" onSubmit={onSubmit}>
          <label htmlFor="contact-name">Name</label>
          <input
            id="contact-name"
            name="name"
            required
            value={fields.name}
            onChange={set('name')}
            autoComplete="name"
          />
          <label htmlFor="contact-email">Email</label>
          <input
            id="contact-email"
            name="email"
            type="email"
            required
            value={fields.email}
            onChange={set('email')}
            autoComplete="email"
          />
          <label htmlFor="contact-subject">Subject</label>
          <input id="contact-subject" name="subject" required value={fields.subject} onChange={set('subject')} />
          <label htmlFor="contact-message">Message</label>
          <textarea
            id="contact-message"
            name="message"
            required
            rows={5}
            value={fields.message}
            onChange={set('message')}
          />
          <button type="submit" className="button">
            Send message
          </button>
        </form>
      )}
    </section>
  );
}
