import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { useAuth } from './AuthProvider';
import { displayNameOf, initialsOf } from './displayName';

/** The header's menu for a signed-in user: name, e-mail and Sign out (then to /auth). */
export function UserMenu({ user }: { user: User }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const name = displayNameOf(user);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !container.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const onSignOut = async () => {
    setOpen(false);
    await signOut();
    navigate('/auth');
  };

  return (
    <div className="user-menu" ref={container}>
      <button
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
        <div role="menu" className="menu">
          <div className="menu-header">
            <p className="menu-name">{name}</p>
            <p className="menu-email">{user.email}</p>
          </div>
          <button type="button" role="menuitem" className="menu-item" onClick={() => void onSignOut()}>
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
