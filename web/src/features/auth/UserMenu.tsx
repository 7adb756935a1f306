import './auth.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { useDismiss } from '../../components/useDismiss';
import { useAuth } from './AuthProvider';
import { displayNameOf, initialsOf } from './displayName';

/**
 * The header's menu for a signed-in user: name, e-mail and Sign out (then to /auth). A WAI-ARIA menu button: opening
 * moves focus to the menu's item, Escape closes it and gives focus back to the button, Tab or a click elsewhere
 * closes it.
 */
export function UserMenu({ user }: { user: User }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  const name = displayNameOf(user);

  useEffect(() => {
    if (open) firstItem.current?.focus();
  }, [open]);
  useDismiss(open, { container, opener: button, close: useCallback(() => setOpen(false), []) });

  const onSignOut = async () => {
    setOpen(false);
    await signOut();
    navigate('/auth');
  };

  return (
    <div
      className="user-menu"
      ref={container}
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {/* The name is spoken from text, not aria-label, so it contains what is seen (WCAG 2.5.3 label in name). */}
        {user.photoURL ? (
          <img src={user.photoURL} alt="" width={32} height={32} className="avatar" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initialsOf(name)}
          </span>
        )}
        <span className="visually-hidden">Account menu for {name}</span>
      </button>
      {open && (
        // tabIndex -1: a click on the menu's text keeps focus inside, so the blur above does not close it.
        <div role="menu" className="menu popover" tabIndex={-1}>
          <div className="menu-header">
            <p className="menu-name">{name}</p>
            <p className="menu-email">{user.email}</p>
          </div>
          <button ref={firstItem} type="button" role="menuitem" className="menu-item" onClick={() => void onSignOut()}>
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
