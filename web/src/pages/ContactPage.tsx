import { useState, type FormEvent } from 'react';

export const CONTACT_EMAIL = 'support@stockseer.app';

/** SPEC 2: all four fields required; submitting opens the user's mail client with them prefilled. */
export function mailtoFor(fields: { name: string; email: string; subject: string; message: string }): string {
  const body = `${fields.message}\n\nFrom: ${fields.name} <${fields.email}>`;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(fields.subject)}&body=${encodeURIComponent(body)}`;
}

export default function ContactPage() {
  const [fields, setFields] = useState({ name: '', email: '', subject: '', message: '' });
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    window.location.href = mailtoFor(fields);
  };

  return (
    <section className="card narrow">
      <h1>Contact us</h1>
      <form className="stack" onSubmit={onSubmit}>
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" name="name" required value={fields.name} onChange={set('name')} autoComplete="name" />
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
    </section>
  );
}
